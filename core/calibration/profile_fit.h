#pragma once
// Calibrating the performance profile to the user's own runs (issue 9 §4). The scenario's
// `measured` runs are predicted with the profile the engine would use for its stack and GPU
// (the prior); a few physical parameters are then fitted, within physical bounds, by minimising
//   sum over runs (ln(predicted / measured step) / kMeasurementNoise)^2
//   + sum over parameters ((parameter - prior) / prior spread)^2,
// so a single run moves the profile no further than it must, and a parameter the runs cannot
// tell apart from another stays at its prior. Value types in, value types out.
//
// Which parameters: a throughput only constrains the step time. GEMM efficiency scales the compute
// that dominates every step, so any one run fixes it. The TP and DP overlaps scale the two
// communication terms that differ most between layouts and node counts (exposed TP all-reduces and
// the exposed DP gradient reduction), so runs at different TP or DP sizes tell them apart. The
// other parameters (attention and memory-bound efficiency, kernel overhead, the small-GEMM knee)
// also scale compute: from step times alone they trade against GEMM efficiency, so fitting them
// too would only add freedom; they keep the built-in values (fit_profiles.py held the knee and
// overhead fixed for the same reason).
#include <optional>
#include <string>
#include <vector>

#include "hardware/catalog.h"
#include "perf/perf_profile.h"
#include "scenario/scenario.h"
#include "util/result.h"

namespace clusterplan {

struct FittedParameter {
    std::string key;  // profile JSON key: "gemm_efficiency", "tp_overlap", "dp_overlap"
    double before = 0, after = 0;
    double low = 0, high = 0;  // bounds of the fit
};

struct MeasuredRunFit {
    std::int64_t gpus = 0;
    std::string layout;  // the layout the run was predicted with
    double measuredStepSeconds = 0;
    double measuredTokensPerSecond = 0;
    double stepBefore = 0, stepAfter = 0;    // predicted with the prior and the fitted profile
    double errorBefore = 0, errorAfter = 0;  // tokens/s, (predicted - measured) / measured
    std::optional<double> measuredPeakGib;
    double predictedPeakGib = 0;  // most loaded GPU, fitted plan (the profile does not change it)
};

struct ProfileFit {
    PerfProfile before;  // the built-in profile for the scenario's stack and GPU (the prior)
    PerfProfile after;   // fitted; its band is the rule below
    std::vector<FittedParameter> parameters;
    std::vector<MeasuredRunFit> runs;
    double meanAbsErrorBefore = 0, meanAbsErrorAfter = 0;
    std::string bandRule;  // how after's band was set, in words
};

// Measurement noise of one logged throughput, as a share: a planning allowance (step times of one
// job vary by a few percent between logging intervals), not a fit. Also the band's narrowest half
// width once the band comes from the user's runs.
inline constexpr double kMeasurementNoise = 0.05;

// Fits the profile to scenario.measured (at least one run). Errors name the measured run's key
// ("measured[1].layout.tp") when its layout cannot run the model on its nodes.
Result<ProfileFit> fitProfile(const Scenario& scenario, const Catalog& catalog);
// The catalog a scenario calibrated to measured runs is evaluated with: every profile lookup
// answers `fitted`.
Catalog withFittedProfile(const Catalog& catalog, const PerfProfile& fitted);

}  // namespace clusterplan
