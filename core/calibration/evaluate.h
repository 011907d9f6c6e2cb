#pragma once
// The engine's entry points for a caller that holds a Catalog and makes one plan or one search
// (the CLI's commands, tests, fuzzers): each opens an EngineSession (engine_session.h) on the
// catalog for the call. A caller that evaluates again and again (the window, a study) keeps one
// session instead, and with it the fit to measured runs. A scenario that lists measured runs is
// planned with the performance profile fitted to them (profile_fit.h); any other with the
// catalog's profiles (report/plan_scenario.h).
#include "core/calibration/engine_session.h"
#include "core/calibration/measured_runs.h"
#include "core/catalog/catalog.h"
#include "core/report/plan.h"
#include "core/search/layout_search.h"
#include "core/util/result.h"

namespace clusterplan {

// EngineSession(catalog).evaluate(scenario, options): pure and deterministic. Errors name the
// scenario key that makes the plan impossible to compute (unknown GPU, TP not dividing heads, a
// measured run's layout, ...). A plan that does not fit memory is not an error. `options` steer
// the search of open layout keys (clusterplan-cli search's flags).
Result<Plan> evaluate(const Scenario& scenario, const Catalog& catalog, const SearchOptions& options = {});

// The plan on the catalog's built-in profiles, whatever runs the scenario lists (the options study
// probes a GPU type it has no measured runs for): checked, resolved, planned.
Result<Plan> planScenario(const Scenario& scenario, const Catalog& catalog, const SearchOptions& options = {},
                          const PlanParts& parts = {});

// The search and the stack's default layout on the scenario's hardware, resolved from the catalog.
// The scenario must have passed checkScenario() (its ids exist).
SearchResult searchLayouts(const Scenario& scenario, const Catalog& catalog,
                           const SearchOptions& options = {});
LayoutSpec frameworkDefaultLayout(const Scenario& scenario, const Catalog& catalog, Message& description);

// The fit to the scenario's measured runs on the catalog's built-in profile, and a run's scenario
// (measured_runs.h), for a scenario that passed checkScenario().
Result<ProfileFit> fitProfile(const Scenario& scenario, const Catalog& catalog);
Scenario measuredRunScenario(const Scenario& scenario, const MeasuredRun& run, const Catalog& catalog);

// A copy of the catalog whose every profile lookup answers `fitted`: the profile fitted to one
// scenario's runs applied to other scenarios (the calibration's cross-checks).
Catalog withFittedProfile(const Catalog& catalog, const PerfProfile& fitted);

}  // namespace clusterplan
