#pragma once
// The one way the window writes a number: a value that is not finite — NaN or an
// infinity from a degenerate input — shows as "–" (an en dash), never as "nan" or "inf". Views,
// table models, tooltips and the verdict call these instead of QLocale::toString / QString::number
// / QString::arg(double).
#include <QString>

namespace clusterplan::ui {

// Shown for a number that has no finite value.
inline const QString kNoNumber = QStringLiteral("\u2013");

// `value` with `decimals` decimals in the window's locale ("1,234.5"; the default QLocale follows
// the chosen language).
[[nodiscard]] QString formatNumber(double value, int decimals);
// The same without group separators ("1234.5"): table cells and tooltips that read as plain
// figures.
[[nodiscard]] QString formatPlainNumber(double value, int decimals);

}  // namespace clusterplan::ui
