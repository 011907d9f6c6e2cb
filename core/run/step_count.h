#pragma once
// How many optimizer steps a run makes: the run's tokens over one global batch's (global batch ×
// sequence length). A run of a part of one step, or of a few steps, does not train as planned:
// its days count steps the learning-rate schedule has no room for. The plan's notes, the CLI and
// the window's verdict warn with the same figures.
#include <optional>

#include "core/scenario/scenario.h"
#include "core/util/message.h"

namespace clusterplan {

// Below this many optimizer steps a run warns. GPT-3 warmed its learning rate up linearly over its
// first 375 million tokens at a batch of 3.2 million tokens (Brown et al. 2020, "Language Models
// are Few-Shot Learners", arXiv:2005.14165, Appendix B and Table 2.1): 117 steps. A run of fewer
// than 100 steps ends before such a warm-up would have reached its full learning rate.
inline constexpr double kFewOptimizerSteps = 100;

struct StepCount {
    double tokensPerStep = 0;  // global batch × sequence length
    double steps = 0;          // the run's tokens / tokensPerStep (0 when either is not positive)
};

[[nodiscard]] StepCount stepCount(const TrainingSpec& training);

// The note of a run with fewer than kFewOptimizerSteps steps: a global batch larger than the run
// (a part of one step) or a few steps. None otherwise.
[[nodiscard]] std::optional<Message> stepCountNote(const TrainingSpec& training);
// The same, short, for the verdict card: "only 24 optimizer steps", "0.244 of one optimizer step".
[[nodiscard]] std::optional<Message> stepCountWarning(const TrainingSpec& training);

}  // namespace clusterplan
