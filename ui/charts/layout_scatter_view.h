#pragma once
// LayoutScatterView: the top 20 layouts a search ranked (plan.search), peak memory per GPU (GiB) against
// throughput (tokens/s): those that fit, those that do not, the memory/throughput Pareto front as
// a line, and the chosen layout highlighted; a dashed line marks the HBM capacity. Without a
// search it says how to get one. The QChart and its axes live as long as the view.
#include <QChartView>
#include <QPointF>
#include <QString>

#include <memory>
#include <vector>

#include "ui/charts/chart_marker.h"

class QGraphicsTextItem;
class QScatterSeries;
class QValueAxis;
class QXYSeries;

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class LayoutScatterView : public QChartView {
    Q_OBJECT

public:
    explicit LayoutScatterView(QWidget* parent = nullptr);

    void setPlan(const Plan& plan);

    // Series names, for tests: "fits", "does not fit", "Pareto front", "chosen".
    [[nodiscard]] QAbstractSeries* seriesNamed(const QString& prefix) const;
    // The text shown instead of points when there is no search; empty while points are shown.
    [[nodiscard]] QString message() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void showNoSearch();
    void addXySeries(QXYSeries* series);
    // Memory from 0 past the capacity and the largest layout; throughput zoomed to the points.
    void fitAxes(double capacityGib);
    void placeOverlays();
    void showPointToolTip(const QPointF& point);

    QValueAxis* m_memoryAxis = nullptr;
    QValueAxis* m_throughputAxis = nullptr;
    std::unique_ptr<ChartMarker> m_capacity;
    QGraphicsTextItem* m_message = nullptr;  // centred in the empty chart when there is no search
    struct Tip {
        QPointF point;
        QString text;
    };
    std::vector<Tip> m_tips;  // one per plotted layout
};

}  // namespace clusterplan::ui
