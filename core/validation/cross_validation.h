#pragma once
// Leave-one-source-out folds: for each calibration source, the performance profiles fitted
// without that source's runs (resources/perf-profiles-cv.json, written by
// tests/calibration/fit_profiles.py). A profile whose stack had no runs left in a fold is absent
// from it, so that run is predicted the way a user's unseen stack would be: by the fallback
// profile PerfProfiles::find() picks.
#include <map>
#include <string>
#include <string_view>

#include "core/perf/perf_profile.h"
#include "core/util/result.h"

namespace clusterplan {

using CrossValidationFolds = std::map<std::string, PerfProfiles>;  // held-out source -> profiles

// `base` supplies the default profile every fold starts from.
Result<CrossValidationFolds> parseCrossValidationFolds(std::string_view json, const std::string& fileLabel,
                                                       const PerfProfiles& base);
// The embedded resources/perf-profiles-cv.json.
std::string_view builtinCrossValidationJson();

}  // namespace clusterplan
