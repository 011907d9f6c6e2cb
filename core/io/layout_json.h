#pragma once
// The scenario's `layout` object, read and written strictly (scenario_json.cpp); shared with the
// layouts of measured runs (measured_runs_json.h), which use the same keys.
#include "core/scenario/scenario.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"

namespace clusterplan {

// Keys left out are marked open in `l.open` (searched, or for a measured run the stack's default).
void readLayout(json::ObjectReader& r, LayoutSpec& l);
// Writes a "layout" object with the keys the user fixed.
void writeLayout(json::Writer& w, const LayoutSpec& l);

}  // namespace clusterplan
