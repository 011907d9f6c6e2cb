#pragma once
// ChartMarker: a dashed vertical line across a chart's plot area at one x value, with a short
// label on a translucent box at its top, drawn as graphics items over the chart (so it is not a
// series: it has no legend entry and does not change the axes). Call place() after the axes or
// the plot area change.
#include <QColor>
#include <QString>

class QAbstractSeries;
class QChart;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace clusterplan::ui {

class ChartMarker {
public:
    // The items become children of `chart`, which deletes them.
    ChartMarker(QChart* chart, const QColor& color);

    // Shows the marker at `x` (in `series`' axis coordinates) with `label`.
    void show(double x, const QString& label);
    void hide();
    [[nodiscard]] bool isVisible() const { return m_visible; }
    [[nodiscard]] QString label() const;
    [[nodiscard]] double x() const { return m_x; }

    // Re-positions the items for the chart's current plot area; `series` gives the axes.
    void place(QAbstractSeries* series);

private:
    QChart* m_chart;
    QGraphicsLineItem* m_line;
    QGraphicsRectItem* m_box;
    QGraphicsSimpleTextItem* m_text;
    double m_x = 0;
    bool m_visible = false;
};

}  // namespace clusterplan::ui
