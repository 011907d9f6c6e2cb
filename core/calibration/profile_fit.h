#pragma once
// Calibrating the performance profile to the user's own runs. The scenario's
// `measured` runs are predicted with the profile the engine would use for its stack and GPU
// (the prior); a few physical parameters are then fitted, within physical bounds, by minimising
//   sum over runs (ln(predicted / measured step) / kMeasurementNoise)^2
//   + sum over parameters ((parameter - prior) / prior spread)^2,
// so a single run moves the profile no further than it must, and a parameter the runs cannot
// tell apart from another stays at its prior. Value types in, value types out.
//
// Which parameters: a throughput only constrains the step time. GEMM efficiency scales the compute
// that dominates every step, so any one run fixes it. The TP and DP overlaps scale the two
// communication terms that differ most between layouts and node counts (exposed TP all-reduces and
// the exposed DP gradient reduction), so runs at different TP or DP sizes tell them apart. The
// other parameters (attention and memory-bound efficiency, kernel overhead, the small-GEMM knee)
// also scale compute: from step times alone they trade against GEMM efficiency, so fitting them
// too would only add freedom; they keep the built-in values (fit_profiles.py held the knee and
// overhead fixed for the same reason).
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/resolved_inputs.h"
#include "core/perf/perf_profile.h"
#include "core/report/plan_calibration.h"
#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

// Measurement noise of one logged throughput, as a share: a planning allowance (step times of one
// job vary by a few percent between logging intervals), not a fit. Also the band's narrowest half
// width once the band comes from the user's runs.
inline constexpr double kMeasurementNoise = 0.05;

// Fits the profile to scenario.measured (at least one run). The scenario has passed checkScenario()
// and `prior` are its resolved inputs with the built-in profile: every run is planned on them with
// a trial profile in place of the prior's (a run's node count, batch and layout change nothing the
// resolution reads). Errors name the measured run's key ("measured[1].layout.tp") when its layout
// cannot run the model on its nodes. EngineSession keeps the last fit (engine_session.h).
Result<ProfileFit> fitProfile(const Scenario& scenario, const ResolvedInputs& prior);
// How the fitted profile's band was set, as a sentence the window translates (ProfileFit::bandRule
// is its English text): from the residuals of two or more runs, or the built-in band kept for one.
[[nodiscard]] Message bandRuleMessage(const ProfileFit& fit);

}  // namespace clusterplan
