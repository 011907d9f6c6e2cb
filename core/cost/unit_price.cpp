// Unit prices to four decimals (see unit_price.h).
#include "core/cost/unit_price.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace clusterplan::cost {

namespace {

// Rounds half away from zero, counting a value within a few ulps of a half as that half: binary
// products of decimal operands land just below or above it (1.005 × 100 = 100.49999999999999).
double roundHalfAway(double x) {
    const double floor = std::floor(x);
    const double tolerance = std::max(1e-9, std::abs(x) * 16 * 2.220446049250313e-16);
    if (std::abs(x - floor - 0.5) <= tolerance)
        return x < 0 ? floor : floor + 1;
    return std::round(x);
}

}  // namespace

UnitPrice UnitPrice::fromUnits(double units) {
    if (std::isnan(units))
        return UnitPrice();
    const double scaled = units * static_cast<double>(kTicksPerUnit);
    if (scaled >= static_cast<double>(kMaxTicks))
        return UnitPrice(kMaxTicks, true);
    if (scaled <= -static_cast<double>(kMaxTicks))
        return UnitPrice(-kMaxTicks, true);
    const double ticks = roundHalfAway(scaled);
    // 4.916 × 10^4 = 49,160.000000000007: listed. 30,000 / 7.2 × 10^4 = 41,666,666.67: derived.
    const bool derived = std::abs(scaled - ticks) > std::max(1e-6, std::abs(scaled) * 1e-12);
    return UnitPrice(static_cast<std::int64_t>(ticks), derived);
}

int UnitPrice::decimals() const {
    const std::int64_t fraction = std::abs(m_ticks) % kTicksPerUnit;
    return fraction % 100 == 0 ? 2 : fraction % 10 == 0 ? 3 : 4;
}

Money UnitPrice::amount(double quantity, double discount) const {
    // In cents: ticks are hundredths of a cent.
    const double cents = quantity * static_cast<double>(m_ticks) * (1.0 - discount) / 100.0;
    if (std::isnan(cents) || !(std::abs(cents) < 1e17))
        return Money::fromUnits(cents / 100.0);  // NaN → 0, beyond the range saturates
    return Money::fromCents(static_cast<std::int64_t>(roundHalfAway(cents)));
}

std::string UnitPrice::toString() const {
    const std::int64_t magnitude = std::abs(m_ticks);
    std::string fraction = std::to_string(magnitude % kTicksPerUnit);
    fraction.insert(0, kDecimals - fraction.size(), '0');
    fraction.resize(static_cast<std::size_t>(decimals()));
    return (m_ticks < 0 ? "-" : "") + std::to_string(magnitude / kTicksPerUnit) + "." + fraction;
}

std::string groupThousands(std::string plain) {
    const bool negative = !plain.empty() && plain[0] == '-';
    if (negative)
        plain.erase(0, 1);
    const std::size_t dot = std::min(plain.find('.'), plain.size());
    std::string grouped;
    for (std::size_t i = 0; i < dot; ++i) {
        if (i > 0 && (dot - i) % 3 == 0)
            grouped += ',';
        grouped += plain[i];
    }
    return (negative ? "-" : "") + grouped + plain.substr(dot);
}

std::string formatGroupedPrice(UnitPrice price) {
    return groupThousands(price.toString());
}

std::string formatUnitPrice(UnitPrice price, Currency currency) {
    const std::string grouped = formatGroupedPrice(price);
    const bool negative = grouped[0] == '-';
    return (negative ? "-" : "") + std::string(currencySymbol(currency)) + grouped.substr(negative ? 1 : 0);
}

}  // namespace clusterplan::cost
