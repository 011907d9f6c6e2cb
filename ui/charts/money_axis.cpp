#include "ui/charts/money_axis.h"

#include "ui/charts/axis_fit.h"

#include "ui/models/number_text.h"
#include <QLocale>
#include <QStringList>
#include <algorithm>

#include <array>
#include <cmath>

namespace clusterplan::ui {

namespace {

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

// Western thousands (k, M, B, T), or the Chinese myriads a Chinese reader counts money (and
// tokens) in: 万 = 10^4, 亿 = 10^8, 万亿 = 10^12 ("¥350万", "¥1.2亿", "15.6万亿 token" for Llama 3.1's
// data set, not "156000亿"), chosen by the window's locale.
Scale scaleFor(double magnitude) {
    static constexpr std::array<Scale, 5> kWestern{
        {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}, {1, ""}}};
    static constexpr std::array<Scale, 4> kChinese{{{1e12, "万亿"}, {1e8, "亿"}, {1e4, "万"}, {1, ""}}};
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
    // Qt cuts a category label to the room it guesses ("−¥500…", "125…" at 1024 × 700);
    // the charts leave margin for their end labels instead.
    setTruncateLabels(false);
}

void MoneyAxis::setMoneyRange(double low, double high, const QString& symbol, int ticks) {
    m_log = false;
    m_low = low;
    m_high = high;
    m_symbol = symbol;
    m_ticks = ticks;
    rebuild();
}

void MoneyAxis::setLogMoneyRange(double low, double high, const QString& symbol) {
    m_log = true;
    m_low = low;
    m_high = high;
    m_symbol = symbol;
    rebuild();
}

void MoneyAxis::setAvailableLength(double pixels) {
    if (std::abs(pixels - m_length) < 1)
        return;
    m_length = pixels;
    rebuild();
}

void MoneyAxis::setTicks(const QStringList& labels, const QList<double>& values, double min, double max) {
    for (const QString& label : categoriesLabels())
        remove(label);
    setStartValue(min);
    for (qsizetype i = 0; i < labels.size(); ++i)
        append(labels[i], values[i]);
    setRange(min, max);
}

void MoneyAxis::rebuildLog() {
    const double low = m_low > 0 && std::isfinite(m_low) ? m_low : 1.0;
    const double high = std::isfinite(m_high) ? std::max(m_high, low * 10) : low * 10;
    const bool decadesOnly = std::log10(high / low) > 4;
    const std::array<double, 3> mantissas{1, 2, 5};
    // The round amounts of one decade, in order.
    const auto decade = [&](int exponent) {
        QList<double> amounts;
        for (const double m : mantissas)
            if (!decadesOnly || m == 1)
                amounts << m * std::pow(10.0, exponent);
        return amounts;
    };
    QStringList labels;
    QList<double> values;
    for (int exponent = static_cast<int>(std::floor(std::log10(low)));; ++exponent) {
        for (const double amount : decade(exponent)) {
            // Begin at the last round amount at or below `low` (the first of this loop's decade).
            if (amount <= low * (1 + 1e-9)) {
                labels.clear();
                values.clear();
            }
            labels << formatCompactMoney(amount, m_symbol);
            values << std::log10(amount);
            if (amount >= high * (1 - 1e-9)) {
                setTicks(labels, values, values.first(), values.last());
                return;
            }
        }
    }
}

void MoneyAxis::rebuild() {
    if (m_log) {
        rebuildLog();
        return;
    }
    double low = std::min(m_low, 0.0);
    double high = m_high;
    if (!(high > low))
        high = low + 1;
    // Fewer ticks while their labels are wider than the axis has room for (a horizontal axis
    // whose length is known); Qt would cut them to "¥…".
    for (int ticks = std::max(m_ticks, 1);; --ticks) {
        const double step = roundTickStep(high - low, ticks);
        const double first = std::floor(low / step) * step;
        const double last = std::ceil(high / step) * step;
        const auto count = static_cast<int>(std::lround((last - first) / step));
        QStringList labels;
        QList<double> values;
        for (int i = 0; i <= count; ++i) {
            const double value = first + i * step;
            // Each label in its own scale ("¥500k", "¥1M", "¥1.5M"), precise enough to tell ticks apart.
            const Scale scale = scaleFor(std::abs(value));
            const double shown = std::abs(value) < step * 1e-9 ? 0.0 : value;
            labels << formatScaled(shown, m_symbol, scale, decimalsFor(step, scale.factor));
            values << value;
        }
        if (ticks > 2 && m_length > 0 &&
            count + 1 > labelsThatFit(m_length, widestLabel(labels, labelsFont())))
            continue;
        setTicks(labels, values, first, last);
        return;
    }
}

}  // namespace clusterplan::ui
