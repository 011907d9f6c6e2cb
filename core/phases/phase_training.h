#pragma once
// What one phase trains, from the same engine as a plain plan: evaluate() (memory, layout,
// performance) on the scenario with the phase's cluster and model. A phase on the scenario's own
// cluster and model keeps the scenario's layout; any other phase searches every layout key.
//
// A slice is the phase's share of one card, as GPU slices are sold: NVIDIA's vGPU "C-series"
// profiles split an A100 80GB's framebuffer evenly (A100D-4C: 4 GB, up to 20 per card: the
// seed's 1/20) and time-slice its compute among them (NVIDIA Virtual GPU Software User Guide,
// "Virtual GPU Types for Supported GPUs"; best-effort scheduler). So the slice's plan is the
// one-GPU plan on a card with fraction × its memory (the layout search looks for what fits
// there), and it trains at fraction × that card's tokens/s.
//
// Tokens trained: tokens/s × utilisation (cost.utilization, the share of wall-clock hours doing
// useful work, as the cost model's "per utilised GPU-hour") × the phase's hours, up to the
// phase's token goal; a plan that does not fit trains nothing.
#include <optional>
#include <string>
#include <vector>

#include "core/calibration/engine_session.h"
#include "core/catalog/phase_check.h"
#include "core/phases/phase_setup.h"
#include "core/util/result.h"

namespace clusterplan {

struct PhaseTraining {
    std::string model;  // name
    double params = 0;
    bool fits = false;
    double tokensPerSecond = 0;         // steady state; a slice: its share
    double memoryGib = 0;               // most loaded GPU
    double capacityGib = 0;             // a slice: its share
    std::vector<double> tokensByMonth;  // trained in each month of the phase
    double tokens = 0;
    double trainingDays = 0;  // wall-clock days at the utilisation
    bool reachedGoal = false;
};

// Planned through `session` (a GPU slice on a session of its own, over the sliced card), with the
// parts a phase reads: layout, memory and step time, no cost model (costPhases() prices phases).
// `resolved` holds the card a slice is cut from (resolvePhaseInputs()).
Result<PhaseTraining> trainPhase(const Scenario& s, const PhaseSetup& phase, EngineSession& session,
                                 const PhaseInputs& resolved);

}  // namespace clusterplan
