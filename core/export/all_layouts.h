#pragma once
// A plan keeps the top of the layout ranking (evaluate.cpp, kSearchKept); a report lists every
// evaluated layout with the reason it does not fit (issue 8 §4). This runs the same search again
// (same options as evaluate()) and puts the whole ranking into the plan's search result.
#include "hardware/catalog.h"
#include "report/plan.h"

namespace clusterplan {

// No-op for a plan whose layout was fully fixed (nothing was searched).
void keepAllLayouts(Plan& plan, const Catalog& catalog);

}  // namespace clusterplan
