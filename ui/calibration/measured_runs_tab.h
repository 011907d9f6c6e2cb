#pragma once
// MeasuredRunsTab: the runs the user measured on their own cluster, editable, and
// what the engine fitted to them: each parameter before -> after with its bounds, each run's
// predicted step before and after beside the measured one, the errors, and the band. The fit is
// the plan's (evaluate() fits a scenario with measured runs, as `clusterplan-cli calibrate` does);
// the tab computes nothing.
#include <QWidget>

class QLabel;
class QTableView;
class QTableWidget;

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class MeasuredRunsModel;
class PlanController;

class MeasuredRunsTab : public QWidget {
    Q_OBJECT

public:
    explicit MeasuredRunsTab(PlanController& controller, QWidget* parent = nullptr);

    void showPlan(const Plan& plan);
    [[nodiscard]] MeasuredRunsModel* runsModel() const { return m_model; }
    [[nodiscard]] QTableView* runsTable() const { return m_table; }
    [[nodiscard]] QTableWidget* parametersTable() const { return m_parameters; }
    [[nodiscard]] QTableWidget* errorsTable() const { return m_errors; }

private:
    void showError(const QString& where, const QString& message);
    void clearError();
    void removeSelectedRun();
    void fillParameters(const Plan& plan);
    void fillErrors(const Plan& plan);

    PlanController& m_controller;
    MeasuredRunsModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_parameters = nullptr;
    QTableWidget* m_errors = nullptr;
};

}  // namespace clusterplan::ui
