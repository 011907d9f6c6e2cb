#pragma once
// Which parameters train under the training method and how the others are stored:
// full training trains every weight; frozen_layers freezes the first N layers and the input
// embedding of a full fine-tune (they run forward without gradients); LoRA freezes the whole base
// model in the training precision and trains adapters (model/lora.h); QLoRA stores the frozen
// linear weights in NF4 (memory/quantized_weights.h). Norms and biases train only in full.
#include "core/model/param_count.h"
#include "core/parallel/layout.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

// Parameters of one layer, split the way parallelism divides them (as in the memory model):
// tpSharded ÷ TP, replicated on every TP rank, experts ÷ (EP·TP).
struct ParamGroup {
    double tpSharded = 0;
    double replicated = 0;
    double experts = 0;
    [[nodiscard]] double total() const { return tpSharded + replicated + experts; }
};

struct LayerStorage {
    ParamGroup trainable;  // weights that train: they have gradients and optimizer states
    ParamGroup frozen;     // frozen, stored in the training precision
    ParamGroup quantized;  // frozen, stored in NF4 (QLoRA)
};

// Storage of one dense or MoE layer; `noGrad`: one of the first frozen_layers of a full fine-tune.
LayerStorage layerStorage(const ModelSpec& model, const ParamCounts& counts, const TrainingSpec& training,
                          bool moeLayer, bool noGrad);

// The input embedding (and learned positions) and the output head (or its tied copy).
bool embeddingTrains(const TrainingSpec& training);
bool headTrains(const ModelSpec& model, const TrainingSpec& training);
// Do the base model's matmul weights get weight gradients (full training, outside frozen layers)?
bool baseWeightsTrain(const TrainingSpec& training);

// The layers of a stage that run without gradients (the first frozen_layers): no backward, no
// stored activations. `first`/`count`/`moe` as in StageLayers.
StageLayers noGradLayersOnStage(const ModelSpec& model, const StageLayers& stage,
                                const TrainingSpec& training);

struct TrainableCounts {
    double trainable = 0;  // model.trainable_params
    double frozen = 0;     // frozen, training precision
    double quantized = 0;  // frozen, NF4
};
TrainableCounts countTrainable(const ModelSpec& model, const ParamCounts& counts,
                               const TrainingSpec& training);

}  // namespace clusterplan
