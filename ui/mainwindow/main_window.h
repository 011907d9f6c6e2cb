#pragma once
// MainWindow: wires the input panels (left), the summary and the chart tabs (right: Memory, Time,
// Cost) to a PlanController, and the File menu to its open/save. No logic of its own beyond that.
#include <QMainWindow>

class QLabel;

namespace clusterplan::ui {

class CostChartView;
class InputsPanel;
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
};

}  // namespace clusterplan::ui
