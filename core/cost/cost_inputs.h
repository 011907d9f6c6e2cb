#pragma once
// CostInputs: what a scenario's `cost` object says (value type, no behaviour): which price book
// and rent offer, the horizon, utilisation, discount rate, report currency and exchange rate, and
// per-key overrides of the model's parameters. ClusterFacts: what the cost engine needs to know
// about the cluster from the rest of the plan.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "core/cost/money.h"
#include "core/cost/rent_offer.h"
#include "core/util/result.h"

namespace clusterplan::cost {

struct ClusterFacts {
    std::string gpuId;       // catalog id, e.g. "a100-sxm-80gb"
    std::int64_t gpus = 8;   // N_g
    std::int64_t nodes = 1;  // N_n
    std::int64_t gpusPerNode = 8;
    double gpuTdpW = 400;  // used only to estimate node power when no price book gives it
    bool operator==(const ClusterFacts&) const = default;
};

struct CostInputs {
    // Price book id (resources/pricebooks or a user file). The seed article's China book is the
    // default, as the issue asks.
    std::string priceBook = "cn-seed-2026";
    std::string rentOffer;                     // offer id in the book; empty: the book's default for the GPU
    std::string rentTerm;                      // term id in the offer; empty: the term a job bills
    std::optional<double> rentPrice;           // replaces the offer's list price (its unit, book currency)
    std::optional<bool> rentReleasedWhenIdle;  // on-demand: is capacity released when idle?
    std::optional<RentOffer> customRent;       // a quote not in the book; used instead of rentOffer
    std::optional<Currency> currency;          // report currency; empty: the book's
    double cnyPerUsd = 7.2;                    // USD/CNY ≈ 7.1-7.3 through 2025-26 (Asm)
    std::int64_t horizonMonths = 36;           // T, the months compared
    std::int64_t breakevenSearchMonths = 120;  // N in "never within N months" (at least T)
    double utilization = 0.75;                 // u, share of wall-clock hours doing useful work (Asm)
    std::optional<double> discountRate;        // annual i; empty: the book's (US 10 %, China 5 %)
    double sensitivityRange = 0.20;            // ± share each input moves in the tornado
    // Parameter key (see parameterSpecs()) → value; amounts are in the price book's currency.
    std::map<std::string, double, std::less<>> overrides;
    bool operator==(const CostInputs&) const = default;
};

// Range limits shared by the JSON reader and validateCostInputs().
inline constexpr std::int64_t kMaxMonths = 600;
inline constexpr double kMaxGpuHourPrice = 1e4;  // per GPU-hour
inline constexpr double kMaxMonthlyPrice = 1e8;  // per unit-month
inline constexpr std::int64_t kMaxGpus = 1'000'000;

// Checks every range (key paths "cost.utilization", "cost.overrides.pue", ...). The JSON reader
// applies the same checks while reading; the UI calls this after edits.
std::optional<Error> validateCostInputs(const CostInputs& inputs);
// Checks one rent offer's fields (prices, discounts, terms); `where` is its key path.
std::optional<Error> validateRentOffer(const RentOffer& offer, const std::string& where);

}  // namespace clusterplan::cost
