#pragma once
// The publications behind the calibration set (resources/calibration/calibration-runs.json, embedded
// at build time): each distinct `source` field with how many runs it contributes, for the About
// dialog's list of data sources.
#include <string>
#include <vector>

#include "core/util/result.h"

namespace clusterplan {

struct CalibrationSource {
    std::string source;  // the runs' `source` text, e.g. "Narayanan et al. ... Table 1 (...)"
    int runs = 0;
};

// Distinct sources in file order. An Error only if the embedded file is malformed (tests ensure
// it is not).
Result<std::vector<CalibrationSource>> calibrationSources();
// Same for the given calibration-runs.json text (`label` names it in errors).
Result<std::vector<CalibrationSource>> calibrationSources(std::string_view runsJson,
                                                          const std::string& label);

}  // namespace clusterplan
