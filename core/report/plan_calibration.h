#pragma once
// What a plan calibrated to the user's measured runs reports about the fit: the prior and fitted
// profiles, each fitted parameter and each run's error before and after. Value types only; the fit
// that fills them is calibration/profile_fit.h, a client of the plan.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/perf/perf_profile.h"

namespace clusterplan {

struct FittedParameter {
    std::string key;  // profile JSON key: "gemm_efficiency", "tp_overlap", "dp_overlap"
    double before = 0, after = 0;
    double low = 0, high = 0;  // bounds of the fit
};

// A layout key a measured run left out, resolved by the search under the built-in profile and
// frozen for the fit: the user sees it marked as assumed and can write the run's own value.
struct AssumedKey {
    std::string key;    // the scenario file's layout key: "micro_batch", "zero_stage", "recompute", ...
    std::string value;  // as the scenario file writes it: "2", "1", "selective", "true"
    bool operator==(const AssumedKey&) const = default;
};

struct MeasuredRunFit {
    std::int64_t gpus = 0;
    std::string layout;               // the layout the run was predicted with
    std::vector<AssumedKey> assumed;  // the keys of that layout the run left out (empty: none)
    double measuredStepSeconds = 0;
    double measuredTokensPerSecond = 0;
    double stepBefore = 0, stepAfter = 0;    // predicted with the prior and the fitted profile
    double errorBefore = 0, errorAfter = 0;  // tokens/s, (predicted - measured) / measured
    std::optional<double> measuredPeakGib;
    double predictedPeakGib = 0;  // most loaded GPU, fitted plan (the profile does not change it)
    std::string source;           // the run's `source`: the log and lines it was read from ("" typed)
};

struct ProfileFit {
    PerfProfile before;  // the built-in profile for the scenario's stack and GPU (the prior)
    PerfProfile after;   // fitted; its band is the rule below
    std::vector<FittedParameter> parameters;
    std::vector<MeasuredRunFit> runs;
    double meanAbsErrorBefore = 0, meanAbsErrorAfter = 0;
    std::string bandRule;  // how after's band was set, in words
};

}  // namespace clusterplan
