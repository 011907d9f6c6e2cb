#pragma once
// The scenario's `measured` key: the user's own runs on this cluster, a list of
// {"layout": {...}, "nodes": N, "tokens_per_s": X} (or "step_s" instead of "tokens_per_s"),
// optionally "global_batch" and "peak_memory_gib". Strict like every scenario key.
#include <vector>

#include <boost/json.hpp>

#include "core/scenario/limits.h"
#include "core/scenario/scenario.h"
#include "core/util/json_write.h"

namespace clusterplan {

// Throws json::InputError naming the key path ("measured[2].tokens_per_s") and the allowed range.
void readMeasuredRuns(const boost::json::array& list, std::vector<MeasuredRun>& runs);
// Writes the "measured" array; nothing when there are no runs.
void writeMeasuredRuns(json::Writer& w, const std::vector<MeasuredRun>& runs);

}  // namespace clusterplan
