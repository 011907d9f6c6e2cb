#pragma once
// A measured run (scenario.h, MeasuredRun) as the engine predicts it: the scenario's model and
// training on the run's node count with the run's own layout. Every key the run leaves out is
// resolved by the layout search under the built-in (uncalibrated) profile and the GPUs' memory, as
// the plan of the same scenario resolves it, then frozen, so the fit never times a layout the plan
// would not use; only when no layout fits is the stack's default layout
// (search/framework_defaults.cpp) taken. Value types in, value types out.
#include <string>
#include <string_view>
#include <vector>

#include "core/parallel/layout.h"
#include "core/perf/cluster_hardware.h"
#include "core/report/plan_calibration.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

// The scenario of measured run `run`: `measured` cleared, nodes and global batch the run's, and a
// fully fixed layout (nothing searched). The scenario must have passed checkScenario(); `prior` is
// its hardware with the built-in profile (a run changes the node count, the batch and the layout,
// none of which the hardware reads).
Scenario measuredRunScenario(const Scenario& scenario, const MeasuredRun& run, const ClusterHardware& prior);
// The keys `run` left out that were resolved (the data-parallel size, which the others fix, is not
// counted), each with its resolved value as a scenario file writes it, in the file's key order;
// empty when the run gave every key.
std::vector<AssumedKey> assumedKeys(const MeasuredRun& run, const LayoutSpec& resolved);
// The assumed keys as an English reader names them: "micro-batch 2, ZeRO-1, recompute selective".
std::string assumedKeysText(const std::vector<AssumedKey>& keys);
// The run's step time: step_s as given, or tokens per step over the measured tokens/s.
double measuredStepSeconds(const Scenario& runScenario, const MeasuredRun& run);
// "TP 8, PP 2, DP 4, micro-batch 1" for reports.
std::string describeLayout(const Layout& layout);

}  // namespace clusterplan
