#pragma once
// UnitPrice: a price per unit (GPU-hour, GPU-month, server-month, ...) kept as the price list
// writes it, to a ten-thousandth of the currency unit (an int64 count of 0.0001), where Money
// keeps whole cents. AWS lists a Capacity Block p5 GPU-hour at $4.916 (AWS Capacity Blocks pricing
// page, late 2024): 2,731.76 GPU-hours bill 2,731.76 × 4.916 = $13,429.33, where the cent-rounded
// $4.92 billed $13,440.26. An amount is quantity × price × (1 − discount), rounded to the cent
// once, half away from zero as Money rounds.
// A price with more decimals than four (a yuan price converted to dollars: ¥30,000 / 7.2 =
// $4,166.666…; a term's amount over its months) is *derived*: it prints rounded to four decimals,
// and the line it prices bills the amount the engine billed, never quantity × the rounded price.
#include <compare>
#include <cstdint>
#include <string>

#include "core/cost/money.h"

namespace clusterplan::cost {

class UnitPrice {
public:
    static constexpr int kDecimals = 4;
    static constexpr std::int64_t kTicksPerUnit = 10'000;
    // 10^14 units per unit: far above any price, and its ticks well inside int64 (9.2 × 10^18).
    static constexpr std::int64_t kMaxTicks = 1'000'000'000'000'000'000;

    constexpr UnitPrice() = default;
    // Exactly `ticks` ten-thousandths of a unit.
    static constexpr UnitPrice fromTicks(std::int64_t ticks) { return UnitPrice(ticks, false); }
    // Exactly the amount (beyond ±10^14 units, where no price is, it saturates there).
    static constexpr UnitPrice fromMoney(Money m) {
        constexpr std::int64_t kMaxCents = kMaxTicks / 100;
        const std::int64_t cents = m.cents() > kMaxCents    ? kMaxCents
                                   : m.cents() < -kMaxCents ? -kMaxCents
                                                            : m.cents();
        return UnitPrice(cents * 100, false);
    }
    // Rounded half away from zero to four decimals; derived when `units` has more (4.916 is
    // listed; 30,000 / 7.2 is derived). NaN becomes 0; magnitudes beyond Money::kMaxUnits saturate.
    static UnitPrice fromUnits(double units);
    // The same price, marked derived: the amount it goes with is billed as computed, not
    // recomputed from the four decimals.
    [[nodiscard]] constexpr UnitPrice derivedPrice() const { return UnitPrice(m_ticks, true); }

    [[nodiscard]] constexpr std::int64_t ticks() const { return m_ticks; }
    [[nodiscard]] constexpr bool derived() const { return m_derived; }
    [[nodiscard]] double units() const { return static_cast<double>(m_ticks) / kTicksPerUnit; }
    // Decimals it prints with: as many as it has, at least 2, at most 4 (4.916 → 3, 1.8 → 2).
    [[nodiscard]] int decimals() const;
    // quantity × price × (1 − discount), rounded once to the cent, half away from zero. The
    // product is formed in binary floating point; a result within a few ulps of a half cent is
    // the half cent it stands for in decimal (1 × 1.005 is 100.5 cents, rounded to 101).
    [[nodiscard]] Money amount(double quantity, double discount = 0) const;

    // "-1234.916", "4166.6667", "1.80": its decimals, no grouping, '.' (C locale).
    [[nodiscard]] std::string toString() const;
    friend constexpr bool operator==(UnitPrice, UnitPrice) = default;

private:
    constexpr UnitPrice(std::int64_t ticks, bool derived) : m_ticks(ticks), m_derived(derived) {}
    std::int64_t m_ticks = 0;
    bool m_derived = false;
};

// "-1234567.891" → "-1,234,567.891": a plain decimal's whole part grouped by thousands.
[[nodiscard]] std::string groupThousands(std::string plain);
// "1,234.916", "-4,166.6667": thousands grouped, its decimals, no currency.
[[nodiscard]] std::string formatGroupedPrice(UnitPrice price);
// "$4.916", "¥30,000.00": with the currency's symbol.
[[nodiscard]] std::string formatUnitPrice(UnitPrice price, Currency currency);

}  // namespace clusterplan::cost
