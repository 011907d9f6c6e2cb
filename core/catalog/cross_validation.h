#pragma once
// Cross-validation folds: for each calibration source, and for each group of runs of one stack on
// one GPU generation, the performance profiles fitted without those runs
// (resources/perf-profiles-cv.json, written by tests/calibration/fit_profiles.py). A profile whose stack had
// no runs left in a fold is absent from it, so that run is predicted the way a user's unseen stack would be:
// by the fallback profile PerfProfiles::find() picks.
#include <map>
#include <string>
#include <string_view>

#include "core/perf/perf_profile.h"
#include "core/util/result.h"

namespace clusterplan {

class Catalog;

// Two kinds of fold. Leave one source out: another paper of the same stack and GPU generation may
// stay in the fit (Narayanan 2021 and Korthikanti 2022 are one group's Megatron-LM on A100), so it
// measures interpolation within a stack. Leave one group out: every run of a stack family on a GPU
// generation is left out together, so the fold predicts that group as a customer's unseen stack
// would be predicted; its bands are built from the other groups' residuals only (nested).
struct CrossValidationFolds {
    std::map<std::string, PerfProfiles> bySource;  // held-out source -> profiles
    std::map<std::string, PerfProfiles> byGroup;   // held-out stack group -> profiles
};

// A run's group: its stack family on its GPU generation, the profile id without the precision
// ("megatron-ampere-fp16" -> "megatron-ampere"; FP16/BF16/FP8 runs of one stack are one group).
[[nodiscard]] std::string stackGroupOf(const std::string& profileId);

// Every fold starts from the default profile of `catalog`'s profiles (the folds are catalog data,
// like resources/perf-profiles.json, and are read beside it).
Result<CrossValidationFolds> parseCrossValidationFolds(std::string_view json, const std::string& fileLabel,
                                                       const Catalog& catalog);
// The embedded resources/perf-profiles-cv.json.
std::string_view builtinCrossValidationJson();

}  // namespace clusterplan
