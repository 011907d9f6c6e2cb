#pragma once
// The plan of a scenario on its resolved inputs (catalog/resolved_inputs.h): the profile they hold
// is the built-in one or the one fitted to measured runs. The scenario's measured runs are not
// looked at here: calibration/engine_session.h fits the profile to them and plans with the fitted
// one, so this layer never calls the fit that calls it.
#include "core/catalog/resolved_inputs.h"
#include "core/perf/cluster_hardware.h"
#include "core/report/plan.h"
#include "core/search/layout_search.h"
#include "core/util/result.h"

namespace clusterplan {

// The parts of a plan a caller needs besides layout, memory and time. A plan without a part leaves
// its fields empty (cost, costError, zeroStages, gpipeMemory, gpipeStepSeconds).
struct PlanParts {
    // Rent vs buy of the cluster: most of a plain plan's time (the cost model prices every month of
    // its horizon), and nothing a step time reads.
    bool cost = true;
    // The ZeRO stages side by side and, with a pipeline, GPipe beside the chosen schedule.
    bool comparisons = true;

    // Only what the step time of the plan's layout needs (the calibration fit).
    static PlanParts stepTimeOnly() { return {false, false}; }
};

// The step time of `layout` on resolved hardware (catalog/resolved_inputs.h), the data feed
// included: the plan's perf.stepSeconds for that layout, computed without the rest of the plan. The
// calibration fit compares it with each measured step at every trial of its search.
double fedStepSeconds(const Scenario& scenario, const ClusterHardware& hardware, const Layout& layout,
                      const RunRealities& realities);

// Pure and deterministic. The scenario has passed checkScenario() and `inputs` are its own
// (EngineSession does both once per evaluation). Errors name the scenario key that makes the plan
// impossible to compute (TP not dividing heads, ...). A plan that does not fit memory is not an
// error. `options` steer the search of open layout keys (clusterplan-cli search's flags).
Result<Plan> planScenario(const Scenario& scenario, const ResolvedInputs& inputs,
                          const SearchOptions& options = {}, const PlanParts& parts = {});

}  // namespace clusterplan
