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

namespace clusterplan::ui {

class FeedChartView : public QChartView {
    Q_OBJECT

public:
    explicit FeedChartView(QWidget* parent = nullptr);

    void setPlan(const Plan& plan);

    // The series shown: two bar sets (needed, available) over the categories CPU and storage.
    [[nodiscard]] QHorizontalBarSeries* series() const { return m_series; }

private:
    QHorizontalBarSeries* m_series = nullptr;
};

}  // namespace clusterplan::ui
