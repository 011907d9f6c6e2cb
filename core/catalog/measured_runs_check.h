#pragma once
// The scenario's measured runs checked in memory, with the ranges and messages the file reader
// (measured_runs_json.h) gives: a run edited in the window is refused exactly like one read from a
// file, with its key path ("measured[1].tokens_per_s") and the allowed range.
#include <optional>
#include <vector>

#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

std::optional<Error> checkMeasuredRuns(const std::vector<MeasuredRun>& runs);

}  // namespace clusterplan
