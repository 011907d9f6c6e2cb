#pragma once
// MemoryBarsView: stacked bars of per-GPU memory by category (weights, gradients, optimizer
// states, activations, other) in GiB, one bar per column, with a dashed HBM capacity line.
// Base of MemoryChartView and ZeroComparisonChartView, so both use the same colours.
// The QChart and its axes live as long as the view; each show() replaces the series.
#include <QChartView>
#include <QColor>
#include <QList>
#include <QStringList>

#include <vector>

#include "core/memory/memory_model.h"

class QBarCategoryAxis;
class QBarSet;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QValueAxis;

namespace clusterplan::ui {

class MemoryBarsView : public QChartView {
    Q_OBJECT

public:
    explicit MemoryBarsView(QWidget* parent = nullptr);

    // Category names and their fixed colours (Okabe–Ito palette, colour-blind safe), in stack order.
    static QStringList categoryNames();
    static QList<QColor> categoryColors();

    // What is shown, for tests and exports.
    [[nodiscard]] QList<QBarSet*> barSets() const;
    [[nodiscard]] QStringList columnLabels() const;
    // Where the capacity line's label is drawn, in the chart's coordinates.
    [[nodiscard]] QRectF capacityLabelRect() const;

protected:
    // One bar per breakdown, labelled by `labels` (rich text, "<br>" breaks a line) under the
    // axis title `columnsTitle` (none when empty); `capacityBytes` draws the capacity line.
    void showColumns(const QStringList& labels, const std::vector<MemoryBreakdown>& columns,
                     double capacityBytes, const QString& title, const QString& columnsTitle = {});

private:
    void placeCapacityLabel();

    QBarCategoryAxis* m_categoryAxis = nullptr;
    QValueAxis* m_valueAxis = nullptr;
    QLineSeries* m_capacityLine = nullptr;
    double m_tallestGib = 0;  // the tallest bar: the capacity label goes above it
    QGraphicsRectItem* m_capacityLabelBox = nullptr;
    QGraphicsSimpleTextItem* m_capacityLabel = nullptr;
    QStringList m_shown;  // what the chart draws now, as showColumns's arguments in words and numbers
};

}  // namespace clusterplan::ui
