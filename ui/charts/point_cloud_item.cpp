#include "ui/charts/point_cloud_item.h"

#include <QChart>
#include <QPainter>
#include <QPen>
#include <QValueAxis>

#include <cmath>

namespace clusterplan::ui {

PointCloudItem::PointCloudItem(QChart* chart, QValueAxis* xAxis, QValueAxis* yAxis)
    : QGraphicsObject(chart), m_chart(chart), m_x(xAxis), m_y(yAxis) {
    setZValue(4);  // above the grid, below the native series (z 5 and more in Qt Charts)
    setAcceptedMouseButtons(Qt::NoButton);
    connect(chart, &QChart::plotAreaChanged, this, &PointCloudItem::geometryChanged);
    connect(xAxis, &QValueAxis::rangeChanged, this, &PointCloudItem::geometryChanged);
    connect(yAxis, &QValueAxis::rangeChanged, this, &PointCloudItem::geometryChanged);
}

void PointCloudItem::setPoints(std::vector<Point> points) {
    m_points = std::move(points);
    geometryChanged();
}

void PointCloudItem::setClassColors(std::vector<QColor> colors, qreal size) {
    m_colors = std::move(colors);
    m_size = size;
    update();
}

void PointCloudItem::geometryChanged() {
    prepareGeometryChange();
    m_area = m_chart->plotArea();
    update();
}

QPointF PointCloudItem::toScene(const QPointF& v) const {
    const double xSpan = m_x->max() - m_x->min();
    const double ySpan = m_y->max() - m_y->min();
    const QRectF a = m_chart->plotArea();
    const double fx = xSpan > 0 ? (v.x() - m_x->min()) / xSpan : 0.5;
    const double fy = ySpan > 0 ? (v.y() - m_y->min()) / ySpan : 0.5;
    return mapToScene(QPointF(a.left() + fx * a.width(), a.bottom() - fy * a.height()));
}

std::optional<PointCloudItem::Point> PointCloudItem::pointNear(const QPointF& scenePos, qreal radius) const {
    // A linear scan: 18 000 points (the largest search in bench_search) take well under a
    // millisecond, less than building a grid index on every redraw.
    // Only the points drawn: after a zoom the others lie outside the plot, under the axes.
    const QRectF drawn = mapRectToScene(m_chart->plotArea());
    std::optional<Point> best;
    qreal bestDistance = radius * radius;
    for (const Point& p : m_points) {
        const QPointF at = toScene(p.value);
        if (!drawn.contains(at))
            continue;
        const QPointF d = at - scenePos;
        const qreal distance = d.x() * d.x() + d.y() * d.y();
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = p;
        }
    }
    return best;
}

QRectF PointCloudItem::boundingRect() const {
    return m_area.adjusted(-m_size, -m_size, m_size, m_size);
}

void PointCloudItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const double xSpan = m_x->max() - m_x->min();
    const double ySpan = m_y->max() - m_y->min();
    if (m_points.empty() || !(xSpan > 0) || !(ySpan > 0))
        return;
    painter->save();
    painter->setClipRect(m_area);
    // Later classes drawn last (on top): the caller orders them from least to most important.
    for (std::size_t cls = 0; cls < m_colors.size(); ++cls) {
        QPolygonF polygon;
        polygon.reserve(static_cast<qsizetype>(m_points.size()));
        for (const Point& p : m_points)
            if (p.pointClass == static_cast<int>(cls))
                polygon << QPointF(m_area.left() + (p.value.x() - m_x->min()) / xSpan * m_area.width(),
                                   m_area.bottom() - (p.value.y() - m_y->min()) / ySpan * m_area.height());
        QPen pen(m_colors[cls], m_size);
        pen.setCapStyle(Qt::RoundCap);
        painter->setPen(pen);
        painter->drawPoints(polygon);
    }
    painter->restore();
}

}  // namespace clusterplan::ui
