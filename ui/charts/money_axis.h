#pragma once
// MoneyAxis: a value axis for amounts of money whose labels read like a person writes them,
// "¥0", "¥250k", "¥1.5M", "$2B", at round steps (1, 2, 2.5, 5 × 10^k). QValueAxis only takes a
// printf format, which cannot abbreviate, so this is a QCategoryAxis with a label on each tick.
#include <QCategoryAxis>
#include <QString>

namespace clusterplan::ui {

// "¥1.2M", "$350k", "−¥40k" (minus sign U+2212): symbol, at most `decimals` decimals (trailing zeros
// dropped), and the suffix k (10^3), M (10^6) or B (10^9).
[[nodiscard]] QString formatCompactMoney(double units, const QString& symbol, int decimals = 2);

// "¥609.6k", "¥60.96万", "$1.25M": four significant figures in the window's unit (k/M/B, or 万/亿 in
// Chinese), for a figure that must stay short (the verdict card's tiles); show the exact amount
// beside it (a tooltip).
[[nodiscard]] QString formatShortMoney(double units, const QString& symbol);

class MoneyAxis : public QCategoryAxis {
    Q_OBJECT

public:
    explicit MoneyAxis(QObject* parent = nullptr);

    // Covers [min(0, low), high] with about `ticks` round steps and labels them with `symbol`.
    void setMoneyRange(double low, double high, const QString& symbol, int ticks = 6);
    // A logarithmic money axis, for amounts that span more than a decade or so: its values are the
    // amounts' log10 (the caller plots log10 of each amount), its ticks the round amounts 1, 2 and
    // 5 × 10^k from the last at or below `low` (> 0) to the first at or above `high`, labelled as
    // amounts ("¥1M", "¥2M", "¥5M", "¥10M"; "¥100万", "¥1亿" in Chinese); over more than four decades
    // only the powers of ten.
    void setLogMoneyRange(double low, double high, const QString& symbol);
    [[nodiscard]] bool isLogarithmic() const { return m_log; }
    // The same for plain quantities (tokens/s, days): no symbol, "0", "250k", "1.5M", "2.5".
    void setNumberRange(double low, double high, int ticks = 6) {
        setMoneyRange(low, high, QString(), ticks);
    }
    // The axis's length in pixels, for a horizontal axis: fewer ticks while their labels would not
    // fit side by side (call on the chart's plotAreaChanged).
    void setAvailableLength(double pixels);

private:
    void rebuild();
    void rebuildLog();
    void setTicks(const QStringList& labels, const QList<double>& values, double min, double max);

    double m_low = 0;
    double m_high = 1;
    QString m_symbol;
    int m_ticks = 6;
    double m_length = 0;  // unknown: the ticks asked for
    bool m_log = false;
};

}  // namespace clusterplan::ui
