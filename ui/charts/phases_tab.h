#pragma once
// PhasesTab: what `clusterplan-cli phases` prints for the scenario's "phases" — a
// timeline of the phases (months, hardware, rent or buy, model, tokens, cost), the cumulative
// cost and cumulative tokens of the phased plan beside the two plain plans (rent the final
// cluster from month 0, buy it at month 0), and the cost per million tokens of each. refresh()
// recomputes the phased plan from the controller's scenario (the engine's planPhases(); the
// widgets only show its numbers); the window calls it when a new plan comes while the tab is
// shown, or when the tab is shown after one (TabRenderer).
#include <QWidget>

#include <optional>

#include "core/phases/phased_plan.h"

class QChartView;
class QLabel;
class QLineSeries;
class QTableWidget;
class QValueAxis;

namespace clusterplan::ui {

class MoneyAxis;
class PlanController;

class PhasesTab : public QWidget {
    Q_OBJECT

public:
    explicit PhasesTab(PlanController& controller, QWidget* parent = nullptr);

    // Recomputes from the controller's scenario now.
    void refresh();
    [[nodiscard]] const std::optional<PhasedPlan>& phasedPlan() const { return m_plan; }
    [[nodiscard]] QTableWidget* timeline() const { return m_timeline; }
    [[nodiscard]] QTableWidget* plainPlans() const { return m_plans; }
    [[nodiscard]] QLineSeries* phasedCostSeries() const { return m_cost[0]; }
    [[nodiscard]] QLineSeries* phasedTokensSeries() const { return m_tokens[0]; }
    // "Buy the final cluster at month 0": cumulative cost by month.
    [[nodiscard]] QLineSeries* buyCostSeries() const { return m_cost[2]; }
    [[nodiscard]] MoneyAxis* tokenAxis() const { return m_tokenAxis; }

private:
    QChartView* createChart(const QString& title, QLineSeries* (&series)[3], QValueAxis* months);
    void showPlan();
    void fillTimeline();
    [[nodiscard]] QString rentedText(const PhaseCost& cost) const;
    [[nodiscard]] QString hardwareText(const PhaseSetup& setup) const;
    void fillPlainPlans();
    void fillCharts();
    void showNothing(const QString& message);
    void showResults(bool shown);

    PlanController& m_controller;
    QLabel* m_status = nullptr;
    QTableWidget* m_timeline = nullptr;
    QTableWidget* m_plans = nullptr;
    QLineSeries* m_cost[3] = {};
    QLineSeries* m_tokens[3] = {};
    QValueAxis* m_costMonths = nullptr;
    QValueAxis* m_tokenMonths = nullptr;
    MoneyAxis* m_moneyAxis = nullptr;
    MoneyAxis* m_tokenAxis = nullptr;
    QChartView* m_costView = nullptr;
    QChartView* m_tokenView = nullptr;
    std::optional<PhasedPlan> m_plan;
};

}  // namespace clusterplan::ui
