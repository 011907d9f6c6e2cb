#pragma once
// The scenario keys of a fine-tune, read and written next to the others:
// training.method, training.lora {rank alpha targets trainable_embeddings dropout},
// training.frozen_layers,
// training.dataset {samples mean_tokens_per_sample epochs}. Strict like every scenario key.
#include "core/scenario/limits.h"
#include "core/scenario/scenario.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"

namespace clusterplan {

// Reads the fine-tuning keys of the `training` object (the caller finishes the reader).
void readFineTuning(json::ObjectReader& training, TrainingSpec& t);
// Writes them; full training without a data set writes only "method": "full".
void writeFineTuning(json::Writer& w, const TrainingSpec& t);

}  // namespace clusterplan
