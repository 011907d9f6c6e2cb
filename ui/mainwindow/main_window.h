#pragma once
// MainWindow: wires the verdict card (top), the input panels (left), the summary and the tabs
// (right: Memory, Time, Explorer, Scaling, Cost) to a PlanController and its PlanComparison
// (selected layout, baseline), and the File menu to its open/save. No logic of its own beyond that.
#include <QMainWindow>

class QLabel;

namespace clusterplan::ui {

class CostChartView;
class CostDetailsView;
class InputsPanel;
class LayoutExplorerTab;
class PlanComparison;
class ScalingTab;
class VerdictCard;
class LayoutScatterView;
class MemoryChartView;
class PlanController;
class StepTimeChartView;
class ZeroComparisonChartView;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(PlanController& controller, QWidget* parent = nullptr);

    [[nodiscard]] MemoryChartView* memoryChart() const { return m_memoryChart; }
    [[nodiscard]] ZeroComparisonChartView* zeroChart() const { return m_zeroChart; }
    [[nodiscard]] StepTimeChartView* stepTimeChart() const { return m_stepTimeChart; }
    [[nodiscard]] LayoutScatterView* layoutScatter() const { return m_layoutScatter; }
    [[nodiscard]] CostChartView* costChart() const { return m_costChart; }
    [[nodiscard]] CostDetailsView* costDetails() const { return m_costDetails; }
    [[nodiscard]] LayoutExplorerTab* explorer() const { return m_explorer; }
    [[nodiscard]] ScalingTab* scaling() const { return m_scaling; }
    [[nodiscard]] VerdictCard* verdict() const { return m_verdict; }
    [[nodiscard]] PlanComparison& comparison() const { return *m_comparison; }

    // Opens `path` (from the command line or a dialog); a bad file leaves the scenario as it was
    // and says why in a message box.
    void openScenarioFile(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QWidget* createResultsPane();
    QWidget* createChartTabs();
    void createMenus();
    void showPlan();
    // Memory and Time: the current plan with the selected layout and the baseline beside it.
    void showComparedPlans();
    void updateTitle();

    void openScenario();
    bool saveScenario();
    bool saveScenarioAs();
    // Asks whether to save unsaved edits; false if the user cancels.
    bool maybeSave();
    void showAbout();

    PlanController& m_controller;
    InputsPanel* m_inputs = nullptr;
    QLabel* m_summary = nullptr;
    MemoryChartView* m_memoryChart = nullptr;
    ZeroComparisonChartView* m_zeroChart = nullptr;
    StepTimeChartView* m_stepTimeChart = nullptr;
    LayoutScatterView* m_layoutScatter = nullptr;
    CostChartView* m_costChart = nullptr;
    PlanComparison* m_comparison = nullptr;
    VerdictCard* m_verdict = nullptr;
    LayoutExplorerTab* m_explorer = nullptr;
    ScalingTab* m_scaling = nullptr;
    CostDetailsView* m_costDetails = nullptr;
};

}  // namespace clusterplan::ui
