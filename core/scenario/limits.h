#pragma once
// The allowed ranges of scenario inputs, shared by the file reader (io/), the checks and the
// window, so that a value is accepted or refused the same way wherever it is typed. The ranges are
// generous bounds that keep the arithmetic finite, not physics: a LoRA rank of 65 536 is the widest
// hidden size of any preset, 10⁷ tokens per sample the longest context any catalog model reads.
#include <cstddef>
#include <cstdint>

namespace clusterplan {

// Fine-tuning (training.lora, training.dataset) and the host.
inline constexpr std::int64_t kMaxLoraRank = 65536;
inline constexpr double kMaxDatasetSamples = 1e12;
inline constexpr double kMaxTokensPerSample = 1e7;
inline constexpr double kMinEpochs = 0.01;
inline constexpr double kMaxEpochs = 1000;
inline constexpr double kMaxCpuMemoryGib = 1e6;
// training.lora.dropout is a probability that must leave something: 0 <= p < 1.
inline constexpr char kLoraDropoutRange[] = "allowed range 0 <= p < 1 (0 to below 1)";

// Measured runs (the scenario's `measured` list).
inline constexpr std::size_t kMaxMeasuredRuns = 100;  // each one is timed at every fit step
inline constexpr double kMaxMeasuredTokensPerSecond = 1e12;
inline constexpr double kMaxMeasuredStepSeconds = 1e6;
inline constexpr double kMaxMeasuredPeakMemoryGib = 1e4;

}  // namespace clusterplan
