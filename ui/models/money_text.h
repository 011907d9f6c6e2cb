#pragma once
// The one way the window writes an amount of money ("¥9677" beside "¥14,319.49" and
// "-¥460,692.00" with a hyphen must not happen). The engine formats (cost::formatMoney: symbol,
// grouping, cents); the window only chooses how much of it to show and writes a real minus sign
// (U+2212), where reports, CSV and golden files keep the engine's hyphen. Short amounts
// ("¥3.84M", "¥384万") are formatShortMoney (ui/charts/money_axis.h), with the exact one as tooltip.
#include <QString>

#include <cmath>

#include "core/cost/money.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

// Amounts at least this large are shown to the whole unit in prose and tables: cents of ¥10 000
// and more say nothing a planner acts on, and they made the verdict's captions wrap.
inline constexpr double kWholeUnitsFrom = 10'000;

// `text` with a leading hyphen written as the minus sign U+2212.
inline QString withMinusSign(QString text) {
    if (text.startsWith(QLatin1Char('-')))
        text.replace(0, 1, QChar(0x2212));
    return text;
}

// The exact amount, cents included ("¥609,624.06"): tooltips, and the one figure a quote prices.
inline QString moneyText(const cost::Money& amount, cost::Currency currency) {
    return withMinusSign(toQString(cost::formatMoney(amount, currency)));
}

// To the whole unit ("¥1,540,692"): totals and table cells (the exact amount is the tooltip).
inline QString wholeMoneyText(const cost::Money& amount, cost::Currency currency) {
    QString text = moneyText(cost::Money::fromUnits(std::round(amount.units())), currency);
    if (text.endsWith(QLatin1String(".00")))
        text.chop(3);
    return text;
}

// In a sentence: cents below kWholeUnitsFrom ("¥9,677.49"), none from there on ("¥5,462,560").
inline QString proseMoneyText(const cost::Money& amount, cost::Currency currency) {
    return std::abs(amount.units()) < kWholeUnitsFrom ? moneyText(amount, currency)
                                                      : wholeMoneyText(amount, currency);
}

}  // namespace clusterplan::ui
