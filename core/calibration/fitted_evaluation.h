#pragma once
// evaluate() of a scenario with measured runs, when the fit to those runs is already known. The fit
// (profile_fit.h) evaluates every run at every step of its search, about 0.15 s of CPU on the
// README's GPT-175B example against ~0.01 s for the plan itself; an edit that cannot change the fit
// (the layout searched, the cost, the quote) need not redo it. The window keeps the last fit while
// fitInputs() of the scenario compares equal. Value types in, value types out.
#include "core/calibration/profile_fit.h"
#include "core/report/plan.h"

namespace clusterplan {

// The parts of the scenario fitProfile() reads: model, training, cluster, overheads and the measured
// runs. Layout, cost, quote and phases are cleared: each run has its own layout (keys it leaves out
// are resolved by the layout search with the default SearchOptions, never the plan's, under the
// built-in profile and the GPUs' memory, which read model, training and cluster only), and a step
// time reads no price. A fit of a scenario holds for every scenario with equal fitInputs().
Scenario fitInputs(const Scenario& scenario);

// The same plan as evaluate(scenario, catalog, options), with `fit` = fitProfile() of a scenario
// whose fitInputs() equal this one's.
Result<Plan> evaluateWithFit(const Scenario& scenario, const Catalog& catalog, const ProfileFit& fit,
                             const SearchOptions& options = {});

}  // namespace clusterplan
