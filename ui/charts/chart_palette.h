#pragma once
// Light or dark chart theme from the widget palette. Qt 6.4 has no colour-scheme hint, so dark
// mode is read from the window colour's lightness (QStyleHints::colorScheme() came in Qt 6.5).
// QChart::setTheme() resets every series colour: call applyChartTheme() first, then set the
// series colours (the views rebuild their series after it).
#include <QColor>

class QChart;
class QPalette;

namespace clusterplan::ui {

[[nodiscard]] bool isDarkPalette(const QPalette& palette);
// Sets the chart's light or dark theme; returns true for dark. Keeps animations off.
bool applyChartTheme(QChart* chart, const QPalette& palette);
// Grey for points that do not fit: visible on either background.
[[nodiscard]] QColor mutedColor(bool dark);
// Text that needs attention (an expired quote, prices of an old price book): red readable on
// either background, never the only mark (the text says it too).
[[nodiscard]] QColor attentionColor(bool dark);

}  // namespace clusterplan::ui
