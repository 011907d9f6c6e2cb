#pragma once
// The engine's value of a claim's quantity, read from the plan of the claim's scenario (and, for a
// comparison, from the plan of the scenario it is compared with), with the sentence that says how
// the engine arrives at it.
#include <optional>
#include <string>

#include "core/report/plan.h"
#include "core/scenario/claim.h"
#include "core/util/message.h"

namespace clusterplan {

struct ClaimValue {
    std::optional<double> value;  // base unit of the quantity's dimension; empty: no basis
    Message mechanism;
};

// A number as the claims are printed: `decimals` fixed (default: three significant figures), thousands
// grouped, trailing zeros dropped ("140", "1.25", "28,000", "0.05").
std::string claimNumber(double value, int decimals = -1);

// `compared`: the compared scenario's plan, required by Speedup and Slowdown (else ignored).
ClaimValue claimValue(ClaimQuantity quantity, const Plan& plan, const Plan* compared);

}  // namespace clusterplan
