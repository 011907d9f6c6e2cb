#pragma once
// The band around a predicted step time: the profile's cross-validated residual band, replaced
// by the wider transfer band when the prediction leaves what the profile was fitted on (another
// stack or GPU, an MoE model where none was fitted), and widened further beyond the largest
// calibrated GPU count and the longest calibrated sequence.
// Each case that applies is named, so the plan can say why its band is wide.
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

// `explain`: write the reasons (false: the numbers only, for the search's thousands of layouts).
PredictionBand predictionBand(const PerfProfile& profile, const ModelSpec& model,
                              const TrainingSpec& training, std::int64_t gpus, bool explain = true);

}  // namespace clusterplan
