#pragma once
// Ticks that fit the axis they are drawn on. Qt Charts 6.4 gives each label of a horizontal axis
// the space between two ticks and cuts a wider one to "..." ("¥…", "−…" on the Cost tab's
// sensitivity axis, the step time's seconds, in a 1024-pixel window). These choose a
// round step (1, 2, 2.5 or 5 × 10^k) with no more ticks than the axis's length has room for.
#include <QObject>
#include <QSize>
#include <QString>

#include <functional>

class QChart;
class QFont;
class QRectF;
class QValueAxis;
class QWidget;

namespace clusterplan::ui {

// Smallest round step (1, 2, 2.5 or 5 × 10^k) that covers `span` in at most `ticks` intervals.
[[nodiscard]] double roundTickStep(double span, int ticks);

// How many labels `widest` pixels wide fit side by side on `length` pixels (at least 2).
[[nodiscard]] int labelsThatFit(double length, double widest);

// The widest of `labels` in `font`, in pixels.
[[nodiscard]] double widestLabel(const QStringList& labels, const QFont& font);

// A horizontal value axis with round ticks, as many as `length` pixels hold without cutting a
// label: dynamic ticks anchored at zero, the axis's range unchanged.
void fitValueAxisTicks(QValueAxis* axis, double length, int mostTicks = 8);

// Runs a chart's fit to its plot's width (ticks, decades) on the chart's plotAreaChanged, so that
// the chart's layout settles. New ticks change their labels' width, which moves the plot's edge,
// which changes the ticks again: the step-time and data-feed axes of a 1024-pixel window flipped
// between two choices on every layout pass and the window hung. So, while the view keeps its
// size and the chart its content, the fit reads the narrowest plot width seen so far, a width the
// labels can only narrow: the ticks only become fewer, and after kMostFits fits at one size it
// stops (the chart keeps the ticks it has, which are readable, rather than looping).
class PlotWidthFit : public QObject {
    Q_OBJECT

public:
    static constexpr int kMostFits = 6;

    // Owned by `chart`; `view` is the widget that shows it (its size is the layout's outer bound).
    PlotWidthFit(QChart* chart, const QWidget* view, std::function<void(double width)> fit);

    // New content (series, ranges, labels): forgets the widths seen and fits the current plot.
    void restart();

    // How many times it fitted since the view took its size or the content changed, for tests.
    [[nodiscard]] int fits() const { return m_fits; }

private:
    void plotAreaChanged(const QRectF& plot);

    QChart* m_chart;
    const QWidget* m_view;
    std::function<void(double)> m_fit;
    QSize m_viewSize;
    double m_narrowest = -1;  // none seen yet
    int m_fits = 0;
};

// `chart`'s PlotWidthFit, or null.
[[nodiscard]] PlotWidthFit* plotWidthFit(const QChart* chart);

}  // namespace clusterplan::ui
