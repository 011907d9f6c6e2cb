#include "ui/charts/chart_marker.h"
#include "ui/models/palette.h"

#include <QAbstractSeries>
#include <QBrush>
#include <QChart>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace clusterplan::ui {

ChartMarker::ChartMarker(QChart* chart, const QColor& color)
    : m_chart(chart)
    , m_line(new QGraphicsLineItem(chart))
    , m_box(new QGraphicsRectItem(chart))
    , m_text(new QGraphicsSimpleTextItem(m_box)) {
    QPen pen(color, 1.5, Qt::DashLine);
    m_line->setPen(pen);
    m_line->setZValue(9);
    m_box->setBrush(palette::labelBackdrop(220));
    m_box->setPen(Qt::NoPen);
    m_box->setZValue(10);
    m_text->setBrush(color);
    hide();
}

void ChartMarker::show(double x, const QString& label) {
    m_x = x;
    m_text->setText(label);
    m_visible = true;
}

void ChartMarker::hide() {
    m_visible = false;
    m_line->setVisible(false);
    m_box->setVisible(false);
}

QString ChartMarker::label() const {
    return m_visible ? m_text->text() : QString();
}

void ChartMarker::place(QAbstractSeries* series) {
    const QRectF area = m_chart->plotArea();
    if (!m_visible || !series || area.isEmpty()) {
        m_line->setVisible(false);
        m_box->setVisible(false);
        return;
    }
    // Only the x coordinate matters: the line spans the plot area from top to bottom.
    const double x = m_chart->mapToPosition(QPointF(m_x, 0), series).x();
    m_line->setLine(x, area.top(), x, area.bottom());
    const QRectF text = m_text->boundingRect();
    m_box->setRect(text.adjusted(-3, -1, 3, 1));
    // Right of the line; left of it when the label would leave the plot area.
    const double left = x + text.width() + 8 <= area.right() ? x + 5 : x - text.width() - 5;
    m_box->setPos(left, area.top() + 4);
    m_line->setVisible(true);
    m_box->setVisible(true);
}

}  // namespace clusterplan::ui
