#include "ui/charts/money_axis.h"

#include "ui/models/number_text.h"
#include <QLocale>
#include <algorithm>

#include <array>
#include <cmath>

namespace clusterplan::ui {

namespace {

// Smallest round step (1, 2, 2.5 or 5 × 10^k) that covers `span` in at most `ticks` intervals.
double roundStep(double span, int ticks) {
    const double raw = span / std::max(ticks, 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (factor * magnitude >= raw * (1 - 1e-9))
            return factor * magnitude;
    }
    return 10 * magnitude;
}

// Decimals needed so that multiples of `step` print distinctly once divided by `scale`.
int decimalsFor(double step, double scale) {
    const double scaled = step / scale;
    for (int decimals = 0; decimals < 3; ++decimals) {
        const double shifted = scaled * std::pow(10.0, decimals);
        if (std::abs(shifted - std::round(shifted)) < 1e-6)
            return decimals;
    }
    return 3;
}

struct Scale {
    double factor;
    const char* suffix;
};

// Western thousands (k, M, B), or the Chinese myriads a Chinese reader counts money in:
// 万 = 10^4, 亿 = 10^8 ("¥350万", "¥1.2亿"), chosen by the window's locale.
Scale scaleFor(double magnitude) {
    static constexpr std::array<Scale, 4> kWestern{{{1e9, "B"}, {1e6, "M"}, {1e3, "k"}, {1, ""}}};
    static constexpr std::array<Scale, 3> kChinese{{{1e8, "亿"}, {1e4, "万"}, {1, ""}}};
    const auto pick = [magnitude](const auto& scales) {
        for (const Scale& scale : scales) {
            if (magnitude >= scale.factor)
                return scale;
        }
        return scales.back();
    };
    return QLocale().language() == QLocale::Chinese ? pick(kChinese) : pick(kWestern);
}

QString formatScaled(double units, const QString& symbol, Scale scale, int decimals) {
    if (!std::isfinite(units))
        return kNoNumber;
    QString number = QString::number(std::abs(units) / scale.factor, 'f', decimals);
    if (number.contains(QLatin1Char('.'))) {
        while (number.endsWith(QLatin1Char('0')))
            number.chop(1);
        if (number.endsWith(QLatin1Char('.')))
            number.chop(1);
    }
    if (number == QLatin1String("0"))
        return symbol + number;
    // The minus sign U+2212 like every amount the window writes (ui/models/money_text.h), not a hyphen.
    const QString sign = units < 0 ? QString(QChar(0x2212)) : QString();
    return sign + symbol + number + QString::fromUtf8(scale.suffix);
}

}  // namespace

QString formatCompactMoney(double units, const QString& symbol, int decimals) {
    return formatScaled(units, symbol, scaleFor(std::abs(units)), decimals);
}

QString formatShortMoney(double units, const QString& symbol) {
    constexpr int kSignificant = 4;
    const Scale scale = scaleFor(std::abs(units));
    const double scaled = std::abs(units) / scale.factor;
    const int integerDigits = scaled >= 1 ? static_cast<int>(std::floor(std::log10(scaled))) + 1 : 1;
    return formatScaled(units, symbol, scale, std::clamp(kSignificant - integerDigits, 0, 2));
}

MoneyAxis::MoneyAxis(QObject* parent) : QCategoryAxis(parent) {
    setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
}

void MoneyAxis::setMoneyRange(double low, double high, const QString& symbol, int ticks) {
    for (const QString& label : categoriesLabels())
        remove(label);
    low = std::min(low, 0.0);
    if (!(high > low))
        high = low + 1;
    const double step = roundStep(high - low, ticks);
    const double first = std::floor(low / step) * step;
    const double last = std::ceil(high / step) * step;
    setStartValue(first);
    const auto count = static_cast<int>(std::lround((last - first) / step));
    for (int i = 0; i <= count; ++i) {
        const double value = first + i * step;
        // Each label in its own scale ("¥500k", "¥1M", "¥1.5M"), precise enough to tell ticks apart.
        const Scale scale = scaleFor(std::abs(value));
        const double shown = std::abs(value) < step * 1e-9 ? 0.0 : value;
        append(formatScaled(shown, symbol, scale, decimalsFor(step, scale.factor)), value);
    }
    setRange(first, last);
}

}  // namespace clusterplan::ui
