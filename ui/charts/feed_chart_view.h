#pragma once
// FeedChartView: can the servers feed the GPUs? Per server, the samples per second
// the GPUs need beside what the CPU's loader workers prepare and what storage reads, on a
// logarithmic axis (the rates differ by orders of magnitude). The title says whether the feed
// binds, with the GPU utilisation that results, or the margin.
#include <QChartView>

namespace clusterplan {
struct Plan;
}

class QHorizontalBarSeries;
class QLogValueAxis;

namespace clusterplan::ui {

class FeedChartView : public QChartView {
    Q_OBJECT

public:
    explicit FeedChartView(QWidget* parent = nullptr);

    void setPlan(const Plan& plan);

    // The series shown: two bar sets (needed, available) over the categories CPU and storage.
    [[nodiscard]] QHorizontalBarSeries* series() const { return m_series; }

private:
    void fitDecades(double plotWidth);

    QHorizontalBarSeries* m_series = nullptr;
    QLogValueAxis* m_values = nullptr;  // recreated with the chart's axes on every plan
    double m_low = 1;                   // the rates' span, samples/s per server
    double m_high = 10;
};

}  // namespace clusterplan::ui
