#pragma once
// The work a fine-tune adds to one transformer layer, for one micro-batch on one GPU:
// the LoRA adapters' GEMMs (x·A, then ·B, forward; input and weight gradients of both backward)
// and their scaled add, and for QLoRA the dequantisation of every NF4 matrix before each of its
// GEMMs (forward, and again for the input gradient), a memory-bound kernel. Dropping the frozen
// base matrices' weight-gradient GEMMs is done where they are timed (compute_model.cpp).
#include "core/parallel/layout.h"
#include "core/perf/compute_model.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

void addFineTuningWork(const ModelSpec& model, bool moeLayer, const TrainingSpec& training,
                       const Layout& layout, const KernelTimer& timer, PassTime& forward, PassTime& backward);

}  // namespace clusterplan
