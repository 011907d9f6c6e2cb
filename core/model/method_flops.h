#pragma once
// FLOPs per token for a training method. Full training keeps the PaLM convention of
// model/flops.h: 6·P_mm + attention, every weight gets a weight gradient. A fine-tune counts the
// work its method needs, which is what its MFU divides:
//   - forward of every matmul (2·P_mm) and attention;
//   - input gradients (2·P_mm) and attention backward through every layer that gradients reach
//     (all of them with LoRA / QLoRA; not the first frozen_layers of a full fine-tune);
//   - weight gradients (2·P) of trainable weights only — none of the frozen base matrices;
//   - LoRA adapters: 6 FLOPs per adapter parameter a token uses (2 forward, 4 backward).
// QLoRA's dequantisation is memory traffic, not FLOPs; it is timed in perf, not counted here.
#include "core/model/flops.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

FlopsPerToken trainingFlopsPerToken(const ModelSpec& model, const TrainingSpec& training,
                                    Recompute recompute);

}  // namespace clusterplan
