#pragma once
// WrappedLegend: a chart's legend as text that wraps onto as many lines as the chart's width needs,
// drawn inside the chart (so that exports through the chart's scene keep it). Qt Charts 6.4 lays
// its legend out in one row (or one column) and cuts every entry that does not fit to "..."
// ("Gradie…", "Optimi…", "comput…" in a 1024-pixel window). This replaces it: it hides
// the chart's own legend and writes its visible markers (label and colour) in its place, under the
// plot, reserving the room it takes in the chart's bottom margin.
//
// The chart's markers stay the source: a view changes series and names as before, leaves an entry
// out with leaveOut(marker), and calls refresh() afterwards.
#include <QObject>
#include <QString>

class QChart;
class QGraphicsTextItem;
class QLegendMarker;

namespace clusterplan::ui {

class WrappedLegend;

// `chart`'s one WrappedLegend, made (and the chart's own legend hidden) on the first call.
WrappedLegend& wrappedLegend(QChart* chart);

class WrappedLegend : public QObject {
    Q_OBJECT

public:
    // Owned by `chart` (a QObject child), and hides the chart's own legend.
    explicit WrappedLegend(QChart* chart);

    // No entry for `marker` (the markers die with their series, and with them this mark).
    static void leaveOut(QLegendMarker* marker);

    // Beside the plot, on its right, one entry a line (a chart whose entries are many and short,
    // in a chart that is wider than tall), instead of under it.
    void setBesidePlot(bool beside);

    // Reads the chart's legend markers again and lays the legend out.
    void refresh();

    // What it shows, one entry per visible marker, for tests.
    [[nodiscard]] QString plainText() const;
    // Where the legend is drawn, in the chart's coordinates (empty when hidden).
    [[nodiscard]] QRectF drawnRect() const;
    // Its drawn text item, for tests that check it lies inside the chart.
    [[nodiscard]] const QGraphicsTextItem* item() const { return m_item; }

private:
    void place();

    QChart* m_chart;
    QGraphicsTextItem* m_item;
    int m_bottomMargin;  // the chart's bottom and right margins without the legend
    int m_sideMargin;
    bool m_side = false;
};

}  // namespace clusterplan::ui
