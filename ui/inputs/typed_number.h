#pragma once
// The number a user typed into a spin box, read from its text as the box shows it: prefix, suffix
// and the locale's group separators aside ("1,000,000 tokens" → 1000000). Empty when the text is
// not a number or is the box's special value ("default (8)"). Shared by LimitedSpinBox and
// LimitedDoubleSpinBox, which accept any typed number and refuse one out of range when the edit
// ends, instead of clamping it or dropping digits.
#include <QAbstractSpinBox>
#include <QString>

#include <optional>

namespace clusterplan::ui {

std::optional<double> typedNumber(const QAbstractSpinBox& box, const QString& text, const QString& prefix,
                                  const QString& suffix);

}  // namespace clusterplan::ui
