#pragma once
// ScalingTab: what `clusterplan-cli scale` prints, as charts and tables — tokens/s
// and scaling efficiency against the GPU count (log2 axis, with the ideal linear line), days to
// train against the GPU count with the deadline, the minimum GPU count, the GPU count for the
// deadline, the curve's best layouts, and the 1x8 vs 2x4, NVLink vs PCIe and fabric comparisons.
// Each point is a full layout search, so the study runs off the UI thread (QtConcurrent) on a
// copy of the scenario; a generation counter drops results of inputs that changed meanwhile. It
// runs only while the tab is visible (or when asked), not on every keystroke elsewhere.
#include <QFutureWatcher>
#include <QWidget>

#include <cstdint>

#include "core/studies/scaling_study.h"

class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QSpinBox;
class QTableWidget;

namespace clusterplan::ui {

class PlanController;
class ScalingDaysChartView;
class ScalingThroughputChartView;

class ScalingTab : public QWidget {
    Q_OBJECT

public:
    explicit ScalingTab(PlanController& controller, QWidget* parent = nullptr);
    ~ScalingTab() override;

    // Starts a study for the current inputs now (tests, bench); results arrive as studyShown().
    void refresh();
    [[nodiscard]] const ScalingReport& report() const { return m_report; }
    // A study for the current inputs is running or due (tests wait for it to be shown).
    [[nodiscard]] bool isComputing() const { return m_watcher.isRunning() || m_pending || m_dirty; }
    [[nodiscard]] QLineSeries* throughputSeries() const;
    [[nodiscard]] QLineSeries* daysSeries() const;
    [[nodiscard]] QTableWidget* comparisonTable() const { return m_comparisons; }
    [[nodiscard]] QString summary() const;

signals:
    void studyShown();

protected:
    void showEvent(QShowEvent* event) override;

private:
    ScalingThroughputChartView* createThroughputChart();
    ScalingDaysChartView* createDaysChart();
    void inputsChanged();
    void studyFinished();
    void showReport();
    void fillTables();
    void showPointToolTip(const QPointF& point, bool days);

    PlanController& m_controller;
    QSpinBox* m_maxGpus = nullptr;
    QDoubleSpinBox* m_deadline = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_summary = nullptr;
    ScalingThroughputChartView* m_throughputView = nullptr;  // the charts: charts/scaling_chart_views.h
    ScalingDaysChartView* m_daysView = nullptr;
    QTableWidget* m_curve = nullptr;
    QTableWidget* m_comparisons = nullptr;
    QFutureWatcher<ScalingReport> m_watcher;
    std::uint64_t m_generation = 0;         // of the latest request
    std::uint64_t m_runningGeneration = 0;  // of the study in flight
    bool m_dirty = true;
    bool m_pending = false;  // a request arrived while a study was running
    ScalingReport m_report;
};

}  // namespace clusterplan::ui
