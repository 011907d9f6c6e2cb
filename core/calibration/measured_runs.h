#pragma once
// A measured run (scenario.h, MeasuredRun) as the engine predicts it: the scenario's model and
// training on the run's node count with the run's own layout, every key the run leaves out taken
// from the stack's default layout (search/framework_defaults.cpp) - what the run would have used
// had nobody set it. Value types in, value types out.
#include <string>

#include "core/catalog/catalog.h"
#include "core/parallel/layout.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

// The scenario of measured run `run`: `measured` cleared, nodes and global batch the run's, and a
// fully fixed layout (nothing searched). The scenario must have passed checkScenario().
Scenario measuredRunScenario(const Scenario& scenario, const MeasuredRun& run, const Catalog& catalog);
// The run's step time: step_s as given, or tokens per step over the measured tokens/s.
double measuredStepSeconds(const Scenario& runScenario, const MeasuredRun& run);
// "TP 8, PP 2, DP 4, micro-batch 1" for reports.
std::string describeLayout(const Layout& layout);

}  // namespace clusterplan
