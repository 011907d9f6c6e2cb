#pragma once
// Money: an exact decimal amount in whole cents (int64). Every amount the cost report prints is a
// Money, and every total is an integer sum of Money values, so printed totals equal the sum of the
// printed lines to the cent (no binary-float drift in printed totals).
// Rates and formulas are evaluated in double; each monthly flow is rounded to the cent once, half
// away from zero, when it becomes a Money. Arithmetic saturates at ±kMaxUnits instead of
// overflowing; computeCost() reports a saturated amount as an error.
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace clusterplan::cost {

class Money {
public:
    // Largest magnitude in currency units (10^15, i.e. 10^17 cents: well inside int64, and every
    // cent below 2^53 / 100 ≈ 9 × 10^13 units is also exact as a double for JSON output).
    static constexpr double kMaxUnits = 1e15;

    constexpr Money() = default;
    static constexpr Money fromCents(std::int64_t cents) { return Money(cents); }
    // Rounds half away from zero to the cent; NaN becomes 0 and magnitudes beyond kMaxUnits
    // saturate (callers validate inputs first, so neither happens for accepted input).
    static Money fromUnits(double units);

    [[nodiscard]] constexpr std::int64_t cents() const { return m_cents; }
    [[nodiscard]] double units() const { return static_cast<double>(m_cents) / 100.0; }
    [[nodiscard]] bool saturated() const;

    Money& operator+=(Money other);
    Money& operator-=(Money other);
    friend Money operator+(Money a, Money b) { return a += b; }
    friend Money operator-(Money a, Money b) { return a -= b; }
    friend Money operator-(Money a) { return Money() - a; }
    // Scales by a factor and rounds to the cent.
    [[nodiscard]] Money times(double factor) const { return fromUnits(units() * factor); }
    friend constexpr auto operator<=>(Money, Money) = default;

    // "-1234567.89": always two decimals, no grouping, '.' as separator (C locale).
    [[nodiscard]] std::string toString() const;

private:
    explicit constexpr Money(std::int64_t cents) : m_cents(cents) {}
    std::int64_t m_cents = 0;
};

// Currencies the cost engine knows. Prices in a price book are in its currency; the report
// converts them with the editable USD/CNY rate (default 7.2, an assumption).
enum class Currency { Cny, Usd };

[[nodiscard]] std::string_view currencyCode(Currency c);    // "CNY", "USD"
[[nodiscard]] std::string_view currencySymbol(Currency c);  // "¥", "$"
[[nodiscard]] bool parseCurrency(std::string_view code, Currency& out);
// Factor that turns an amount in `from` into `to`, given CNY per USD.
[[nodiscard]] double conversionFactor(Currency from, Currency to, double cnyPerUsd);

// "¥1,224,000.00" / "-$12.50": symbol, thousands grouping, two decimals.
[[nodiscard]] std::string formatMoney(Money amount, Currency currency);

}  // namespace clusterplan::cost
