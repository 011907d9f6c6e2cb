#pragma once
// MainWindow: wires the input panels (left), the summary and the two memory charts (right) to a
// PlanController, and the File menu to its open/save. No logic of its own beyond that.
#include <QMainWindow>

class QLabel;

namespace clusterplan::ui {

class InputsPanel;
class MemoryChartView;
class PlanController;
class ZeroComparisonChartView;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(PlanController& controller, QWidget* parent = nullptr);

    [[nodiscard]] MemoryChartView* memoryChart() const { return m_memoryChart; }
    [[nodiscard]] ZeroComparisonChartView* zeroChart() const { return m_zeroChart; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QWidget* createResultsPane();
    void createMenus();
    void showPlan();
    void updateTitle();

    void openScenario();
    bool saveScenario();
    bool saveScenarioAs();
    // Asks whether to save unsaved edits; false if the user cancels.
    bool maybeSave();

    PlanController& m_controller;
    InputsPanel* m_inputs = nullptr;
    QLabel* m_summary = nullptr;
    MemoryChartView* m_memoryChart = nullptr;
    ZeroComparisonChartView* m_zeroChart = nullptr;
};

}  // namespace clusterplan::ui
