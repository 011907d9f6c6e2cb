#pragma once
// Ticks that fit the axis they are drawn on. Qt Charts 6.4 gives each label of a horizontal axis
// the space between two ticks and cuts a wider one to "..." ("¥…", "−…" on the Cost tab's
// sensitivity axis, the step time's seconds, in a 1024-pixel window). These choose a
// round step (1, 2, 2.5 or 5 × 10^k) with no more ticks than the axis's length has room for.
#include <QString>

class QFont;
class QValueAxis;

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

}  // namespace clusterplan::ui
