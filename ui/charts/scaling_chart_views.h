#pragma once
// The Scaling tab's two charts, as views of a ScalingReport so the tab and the quote's scaling
// section draw them with the same code:
// - ScalingThroughputChartView: tokens/s and scaling efficiency against the GPU count (log2 axis),
//   with the ideal linear line through the smallest fitting count;
// - ScalingDaysChartView: days to train against the GPU count, with the deadline as a line.
// Counts on which nothing fits are left out of the lines but still widen the GPU axis. The QChart,
// its axes and series live as long as the view; setReport() replaces the points.
// Tick labels read as a person writes them: GPU counts with thousands separators
// ("16,384"), tokens/s and days at round steps with k/M ("250k", "1.5M"), efficiency in per cent.
#include <QChartView>

#include "core/studies/scaling_study.h"

class QCategoryAxis;
class QLineSeries;
class QLogValueAxis;

namespace clusterplan::ui {

class MoneyAxis;

class ScalingThroughputChartView : public QChartView {
    Q_OBJECT

public:
    explicit ScalingThroughputChartView(QWidget* parent = nullptr);
    void setReport(const ScalingReport& report);
    [[nodiscard]] QLineSeries* throughputSeries() const { return m_throughput; }
    [[nodiscard]] QLineSeries* idealSeries() const { return m_ideal; }
    [[nodiscard]] QLineSeries* efficiencySeries() const { return m_efficiency; }

private:
    QLogValueAxis* m_gpuAxis = nullptr;
    MoneyAxis* m_tpsAxis = nullptr;
    QCategoryAxis* m_effAxis = nullptr;
    QLineSeries* m_throughput = nullptr;
    QLineSeries* m_ideal = nullptr;
    QLineSeries* m_efficiency = nullptr;
};

class ScalingDaysChartView : public QChartView {
    Q_OBJECT

public:
    explicit ScalingDaysChartView(QWidget* parent = nullptr);
    // `deadlineDays` 0: no deadline line.
    void setReport(const ScalingReport& report, double deadlineDays);
    [[nodiscard]] QLineSeries* daysSeries() const { return m_days; }

private:
    QLogValueAxis* m_gpuAxis = nullptr;
    MoneyAxis* m_daysAxis = nullptr;
    QLineSeries* m_days = nullptr;
    QLineSeries* m_deadline = nullptr;
};

}  // namespace clusterplan::ui
