#pragma once
// ExplorerChartView: every layout the search evaluated (plan.search->ranked, thousands), tokens/s
// against a chosen metric — peak memory per GPU, cost per million tokens (rented) or days to
// train — in three classes: the Pareto front of the axes shown (among the layouts shown that fit:
// least memory, cost or days for their tokens/s), the other layouts that fit, and those that do not
// fit (grey). The tab's filter decides which layouts are shown (setShownRows), as in its table. The cloud is
// one PointCloudItem; only the front, the recommended layout, the selected one and the baseline's are native
// series. Hovering a point shows its numbers with units (and why it does not fit); clicking one emits
// layoutClicked(row of the ranking). No animations, no OpenGL (see PointCloudItem).
#include <QChartView>

#include <optional>
#include <vector>

class QLabel;
class QRubberBand;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace clusterplan {
struct Plan;
struct Candidate;
}  // namespace clusterplan

namespace clusterplan::ui {

class PointCloudItem;

class ExplorerChartView : public QChartView {
    Q_OBJECT

public:
    enum class Metric { Memory, CostPerMillionTokens, Days };

    explicit ExplorerChartView(QWidget* parent = nullptr);

    // `baseline` is drawn as a marker when it has a layout in the same units. Fits the axes to
    // the plan's layouts, those of `shown` (setShownRows) when it is not empty.
    void setPlan(const Plan& plan, std::optional<std::size_t> selected, const Plan* baseline,
                 std::vector<bool> shown = {});
    // Moves the selected and baseline markers only: the cloud, the axes and the user's zoom stay
    // (the y axis jumped on every selection, and the user lost the point).
    void setMarks(std::optional<std::size_t> selected, const Plan* baseline);
    void setMetric(Metric metric);
    // Fits only: the layouts that do not fit leave the cloud, and the axes zoom to those that do
    // (the table's "fits only" filters both).
    void setFitsOnly(bool fitsOnly);
    [[nodiscard]] bool fitsOnly() const { return m_fitsOnly; }
    // The rows of the ranking the tab's text filter keeps (every row when empty): the cloud, its
    // front, the axes and the counts in the title follow the table.
    void setShownRows(std::vector<bool> shown);
    // Back to the axes fitted to the points shown, after a drag zoomed in or a right-click out.
    void resetZoom();
    [[nodiscard]] bool zoomed() const;
    // The zoomed ranges (x: left–right, y: top–bottom), none when the axes are fitted; zoomTo()
    // puts them back (a language switch rebuilds the tab). A zoomed axis ticks at round steps
    // (1, 2 or 5 × 10^k) from the range, chosen once per zoom, never from the plot's width.
    [[nodiscard]] std::optional<QRectF> zoomRanges() const;
    void zoomTo(const QRectF& ranges);
    [[nodiscard]] QValueAxis* xAxis() const { return m_xAxis; }
    [[nodiscard]] QValueAxis* yAxis() const { return m_yAxis; }
    // The legend, for the tab to place under the chart: a label that wraps its entries onto a
    // second line where Qt Charts' one-row legend cut them ("Pare…", "rec…", "帕累托…"). It lists
    // every marker, shown or not, so that selecting a layout does not resize the chart.
    [[nodiscard]] QLabel* legendLabel() const { return m_legend; }

    // For tests and the bench: the cloud, and where the layout of a ranking row is drawn.
    [[nodiscard]] const PointCloudItem* cloud() const { return m_cloud; }
    [[nodiscard]] std::optional<QPoint> viewPosition(std::size_t row) const;
    [[nodiscard]] QScatterSeries* selectedSeries() const { return m_selected; }
    [[nodiscard]] QLineSeries* frontSeries() const { return m_front; }
    // The text shown when the pointer rests on the point of ranking row `row`.
    [[nodiscard]] QString tooltip(std::size_t row) const;

signals:
    void layoutClicked(std::size_t row);
    // The axes left the fitted ranges (a drag or a right-click) or came back to them.
    void zoomChanged(bool zoomed);

protected:
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void setBaselinePoint(const Plan* baseline);
    void drawMarks();
    void applyColors();
    [[nodiscard]] std::optional<double> metricValue(const Candidate& c) const;
    void fitAxes();
    // The title: how many layouts are shown, how to zoom, and how many lie right of the x axis.
    void updateTitle();
    void axisRangeChanged();
    // Round ticks for the zoomed ranges (TicksDynamic); the fitted axes go back to fixed ticks.
    void roundZoomedTicks();
    // Memory metric: where the x axis ends by default, so that the layouts that fit (and the HBM
    // limit) fill the plot rather than its left 5 % when a few non-fitting layouts need 1–2 TiB;
    // empty when every point is in view anyway. The axis ends at the round tick after it; the layouts
    // right of the axis's end are off the right edge (the title counts them; right-click zooms out).
    [[nodiscard]] std::optional<double> memoryAxisEnd() const;
    [[nodiscard]] std::size_t pointsBeyond(double x) const;

    const Plan* m_plan = nullptr;  // the controller's current plan, valid until the next setPlan
    std::optional<std::size_t> m_selectedRow;
    std::optional<QPointF> m_baselinePoint;
    Metric m_metric = Metric::Memory;
    bool m_fitsOnly = false;
    std::vector<bool> m_shownRows;  // empty: every row
    bool m_fitting = false;         // fitAxes() is setting the ranges: not a zoom
    bool m_zoomed = false;
    QRectF m_fitted;  // the ranges fitAxes() chose (x: left–right, y: top–bottom)
    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
    PointCloudItem* m_cloud = nullptr;
    QScatterSeries* m_fitsLegend = nullptr;  // empty: legend entries for the cloud's classes
    QScatterSeries* m_noFitLegend = nullptr;
    QLineSeries* m_front = nullptr;
    QScatterSeries* m_recommended = nullptr;
    QScatterSeries* m_selected = nullptr;
    QScatterSeries* m_baseline = nullptr;
    [[nodiscard]] QRectF plotAreaInView() const;

    QPointF m_pressPos;
    bool m_dragging = false;  // a left press inside the plot, until its release
    QRubberBand* m_band = nullptr;
    QLabel* m_legend = nullptr;  // laid out (and owned) by the tab
};

}  // namespace clusterplan::ui
