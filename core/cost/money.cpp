// Money arithmetic and formatting (see money.h). Rounding rule: half away from zero, to the cent.
#include "core/cost/money.h"

#include "core/cost/unit_price.h"

#include <cmath>
#include <limits>

namespace clusterplan::cost {

namespace {

constexpr std::int64_t kMaxCents = 100'000'000'000'000'000;  // kMaxUnits × 100

std::int64_t saturate(std::int64_t cents) {
    if (cents > kMaxCents)
        return kMaxCents;
    if (cents < -kMaxCents)
        return -kMaxCents;
    return cents;
}

}  // namespace

Money Money::fromUnits(double units) {
    if (std::isnan(units))
        return Money();
    const double cents = std::round(units * 100.0);  // std::round: half away from zero
    if (cents >= static_cast<double>(kMaxCents))
        return Money(kMaxCents);
    if (cents <= -static_cast<double>(kMaxCents))
        return Money(-kMaxCents);
    return Money(static_cast<std::int64_t>(cents));
}

bool Money::saturated() const {
    return m_cents >= kMaxCents || m_cents <= -kMaxCents;
}

Money& Money::operator+=(Money other) {
    // Both operands are within ±10^17, so the sum cannot overflow int64 (±9.2 × 10^18).
    m_cents = saturate(m_cents + other.m_cents);
    return *this;
}

Money& Money::operator-=(Money other) {
    m_cents = saturate(m_cents - other.m_cents);
    return *this;
}

std::string Money::toString() const {
    const bool negative = m_cents < 0;
    // Magnitudes are at most 10^17, so negation cannot overflow.
    const std::int64_t magnitude = negative ? -m_cents : m_cents;
    std::string text = std::to_string(magnitude / 100);
    const std::int64_t fraction = magnitude % 100;
    text += fraction < 10 ? ".0" : ".";
    text += std::to_string(fraction);
    return negative ? "-" + text : text;
}

std::string_view currencyCode(Currency c) {
    return c == Currency::Cny ? "CNY" : "USD";
}

std::string_view currencySymbol(Currency c) {
    return c == Currency::Cny ? "¥" : "$";
}

bool parseCurrency(std::string_view code, Currency& out) {
    if (code == "CNY") {
        out = Currency::Cny;
        return true;
    }
    if (code == "USD") {
        out = Currency::Usd;
        return true;
    }
    return false;
}

double conversionFactor(Currency from, Currency to, double cnyPerUsd) {
    if (from == to)
        return 1.0;
    return from == Currency::Usd ? cnyPerUsd : 1.0 / cnyPerUsd;
}

std::string formatMoney(Money amount, Currency currency) {
    const std::string grouped = groupThousands(amount.toString());
    const bool negative = grouped[0] == '-';
    return (negative ? "-" : "") + std::string(currencySymbol(currency)) + grouped.substr(negative ? 1 : 0);
}

}  // namespace clusterplan::cost
