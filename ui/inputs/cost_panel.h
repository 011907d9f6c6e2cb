#pragma once
// Cost inputs: price book, rent offer, report currency and exchange rate, horizon, utilisation and
// discount rate (Scenario::cost). The offer list follows the chosen book and the cluster's GPU;
// the engine resolves "book default" entries and prices everything.
#include <QGroupBox>

#include <functional>

#include "core/cost/cost_inputs.h"
#include "core/report/plan.h"
#include "core/scenario/scenario.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace clusterplan::cost {
struct PriceBook;
}

namespace clusterplan::ui {

class FieldRegistry;
class PlanController;

class CostPanel : public QGroupBox {
    Q_OBJECT

public:
    CostPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent = nullptr);

    // Shows `scenario` without emitting edits; rebuilds the offer list when book or GPU changed.
    void load(const Scenario& scenario);
    // Shows the discount rate the plan used when the scenario leaves it to the book.
    void showPlan(const Plan& plan);

private:
    void addRentRows(QFormLayout* form, FieldRegistry& fields);
    void addMoneyRows(QFormLayout* form, FieldRegistry& fields);
    void connectEdits();
    void editCost(const std::function<void(cost::CostInputs&)>& edit);
    void choosePriceBook();
    void chooseRentOffer();
    void chooseDiscountRate();

    void loadPriceBooks(const Scenario& scenario);
    void loadRentOffers(const Scenario& scenario);
    void loadCurrency(const Scenario& scenario);
    void loadPriceAge(const cost::PriceBook* book);
    void loadDiscountRate(const Scenario& scenario);

    PlanController& m_controller;
    QComboBox* m_priceBook = nullptr;
    QComboBox* m_rentOffer = nullptr;
    QLabel* m_priceAge = nullptr;
    QComboBox* m_currency = nullptr;
    QDoubleSpinBox* m_cnyPerUsd = nullptr;
    QSpinBox* m_horizon = nullptr;
    QDoubleSpinBox* m_utilization = nullptr;
    QCheckBox* m_discountDefault = nullptr;
    QDoubleSpinBox* m_discountRate = nullptr;
};

}  // namespace clusterplan::ui
