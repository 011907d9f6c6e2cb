#pragma once
// The band around a predicted step time: the profile's cross-validated residual band, widened by
// what the fit has not seen — a stack family with no calibrated profile at all (the widest band),
// a stack fitted on other GPU generations only, a profile standing in for another stack (the
// transfer band), an MoE model where none was fitted — and further beyond the largest calibrated
// GPU count, the longest calibrated sequence and the largest calibrated model. Each case that
// applies is named, so the plan can say why its band is wide.
#include <cstdint>
#include <string>
#include <vector>

#include "core/perf/perf_profile.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"
#include "core/util/message.h"

namespace clusterplan {

struct PredictionBand {
    double low = 1;   // true step / predicted step, lower end
    double high = 1;  // upper end
    std::vector<Message> reasons;
};

// `stack`: the defaults of the scenario's own stack (training.framework), which say where it is
// calibrated. `explain`: write the reasons (false: the numbers only, for the search's thousands of
// layouts).
PredictionBand predictionBand(const PerfProfile& profile, const StackDefaults& stack, const ModelSpec& model,
                              const TrainingSpec& training, std::int64_t gpus, bool explain = true);

// "Ampere", "Hopper/Blackwell": GPU architectures as a reader names them, in any language.
std::string architectureList(const std::vector<std::string>& architectures);

}  // namespace clusterplan
