#pragma once
// The engine's entry point: a scenario and the catalog in, the plan out. A scenario that lists
// measured runs of the user's own cluster is planned with the performance profile fitted to them
// (profile_fit.h); any other with the catalog's profiles (report/plan_scenario.h).
#include "core/catalog/catalog.h"
#include "core/report/plan.h"
#include "core/search/layout_search.h"
#include "core/util/result.h"

namespace clusterplan {

// Pure and deterministic. Errors name the scenario key that makes the plan impossible to compute
// (unknown GPU, TP not dividing heads, a measured run's layout, ...). A plan that does not fit
// memory is not an error. `options` steer the search of open layout keys (clusterplan-cli search's
// flags).
Result<Plan> evaluate(const Scenario& scenario, const Catalog& catalog, const SearchOptions& options = {});

}  // namespace clusterplan
