#pragma once
// The scenario keys of a fine-tune (issue 13), read and written next to the others:
// training.method, training.lora {rank alpha targets trainable_embeddings dropout},
// training.frozen_layers,
// training.dataset {samples mean_tokens_per_sample epochs}. Strict like every scenario key.
#include "scenario/scenario.h"
#include "util/json_read.h"
#include "util/json_write.h"

namespace clusterplan {

// Reads the fine-tuning keys of the `training` object (the caller finishes the reader).
void readFineTuning(json::ObjectReader& training, TrainingSpec& t);
// Writes them; full training without a data set writes only "method": "full".
void writeFineTuning(json::Writer& w, const TrainingSpec& t);

// Range limits shared by the reader and checkFineTuning().
inline constexpr std::int64_t kMaxLoraRank = 65536;
inline constexpr double kMaxDatasetSamples = 1e12;
inline constexpr double kMaxTokensPerSample = 1e7;
inline constexpr double kMinEpochs = 0.01;
inline constexpr double kMaxEpochs = 1000;
inline constexpr double kMaxCpuMemoryGib = 1e6;
// training.lora.dropout is a probability that must leave something: 0 <= p < 1.
inline constexpr char kLoraDropoutRange[] = "allowed range 0 <= p < 1 (0 to below 1)";

}  // namespace clusterplan
