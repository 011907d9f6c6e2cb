#pragma once
// PointCloudItem: thousands of scatter points drawn by ONE graphics item in a QChart, in one
// drawPoints() pass per colour class. Measured on Qt Charts 6.4.2 (docs/development.md, "Benchmark
// figures"): a QScatterSeries takes 0.6–0.9 s to fill 10 000 points, one item like this redraws them in
// ~33 ms. Points are in the chart's axis coordinates (linear axes); the item maps them itself from
// the axes' ranges and the plot area, and finds the point nearest to a scene position for hover
// and click. Interactive native series (front, selection) are drawn on top by the owner.
#include <QColor>
#include <QGraphicsObject>
#include <QPointF>

#include <optional>
#include <vector>

class QChart;
class QValueAxis;

namespace clusterplan::ui {

class PointCloudItem : public QGraphicsObject {
    Q_OBJECT

public:
    struct Point {
        QPointF value;       // axis coordinates
        int pointClass = 0;  // index into the colours
        std::size_t id = 0;  // caller's index (row of the ranking)
    };

    PointCloudItem(QChart* chart, QValueAxis* xAxis, QValueAxis* yAxis);

    void setPoints(std::vector<Point> points);
    void setClassColors(std::vector<QColor> colors, qreal size);
    [[nodiscard]] const std::vector<Point>& points() const { return m_points; }

    // Scene position of a value (for tests and overlays).
    [[nodiscard]] QPointF toScene(const QPointF& value) const;
    // The point nearest to `scenePos` within `radius` scene pixels, of those inside the plot area.
    [[nodiscard]] std::optional<Point> pointNear(const QPointF& scenePos, qreal radius) const;

    [[nodiscard]] QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void geometryChanged();

    QChart* m_chart;
    QValueAxis* m_x;
    QValueAxis* m_y;
    QRectF m_area;
    std::vector<Point> m_points;
    std::vector<QColor> m_colors;
    qreal m_size = 5;
};

}  // namespace clusterplan::ui
