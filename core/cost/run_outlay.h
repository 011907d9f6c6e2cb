#pragma once
// What owning costs for one training run, on two bases the quote prints side by side:
// CostReport::runCostBuy is the run's share of owning over the horizon (its GPU-hours at the owned
// cost per utilised GPU-hour: the cluster goes on working for other jobs), and the cash outlay
// here is owning bought for this run alone: the purchase and the running costs of the months it
// runs, less the resale value after them (the cost chart's "own, net" line at that month).
#include <optional>

#include "core/cost/money.h"
#include "core/cost/rent_vs_buy.h"

namespace clusterplan::cost {

struct RunOutlay {
    int months = 0;  // whole months the run spans (its wall time, at least one)
    Money cash;      // capex + opex of those months − resale value after them, excl. VAT
};

// nullopt without a billed run, or when the run spans the whole horizon (the share is then the whole).
[[nodiscard]] std::optional<RunOutlay> ownCashOutlayForRun(const CostReport& report);

}  // namespace clusterplan::cost
