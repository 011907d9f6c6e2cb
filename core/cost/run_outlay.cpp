#include "core/cost/run_outlay.h"

#include <algorithm>
#include <cmath>

#include "core/cost/ownership.h"

namespace clusterplan::cost {

std::optional<RunOutlay> ownCashOutlayForRun(const CostReport& r) {
    if (!r.jobRental || !r.runCostBuy)
        return std::nullopt;
    const int months =
        std::max(1, static_cast<int>(std::ceil(r.jobRental->wallHours / kHoursPerMonth - 1e-9)));
    if (months >= r.horizonMonths || static_cast<std::size_t>(months) >= r.monthly.size())
        return std::nullopt;
    return RunOutlay{months, r.monthly[static_cast<std::size_t>(months)].buyNet};
}

}  // namespace clusterplan::cost
