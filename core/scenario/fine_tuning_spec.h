#pragma once
// What a fine-tune changes in a scenario: the training method (full, LoRA, QLoRA),
// the LoRA adapters, frozen layers, CPU offload and a dataset given as samples × epochs. Value
// types only; the engine reads them in core/model/trainable_params.h, core/memory and core/perf.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clusterplan {

// full: every weight trains. lora: the base model is frozen in the training precision and
// low-rank adapters train (Hu et al. 2021, arXiv:2106.09685). qlora: the frozen base is stored in
// 4-bit NF4 with double quantisation, compute in BF16 (Dettmers et al. 2023, arXiv:2305.14314).
enum class TrainingMethod { Full, Lora, Qlora };

// The linear layers of a transformer block a LoRA adapter can attach to (Hugging Face PEFT
// `target_modules` names q_proj k_proj v_proj o_proj gate_proj up_proj down_proj).
enum LoraTarget : unsigned {
    kLoraQ = 1u << 0,
    kLoraK = 1u << 1,
    kLoraV = 1u << 2,
    kLoraO = 1u << 3,
    kLoraGate = 1u << 4,
    kLoraUp = 1u << 5,
    kLoraDown = 1u << 6,
};
inline constexpr unsigned kAllLoraTargets = (1u << 7) - 1;  // PEFT "all-linear" (QLoRA §4 default)

struct LoraSpec {
    // QLoRA's recipe: r = 64, α = 16 on all linear layers (arXiv:2305.14314 §4, App. B.2).
    std::int64_t rank = 64;
    double alpha = 16;
    unsigned targets = kAllLoraTargets;  // LoraTarget bits
    bool trainableEmbeddings = false;    // also train the input embedding and the output head
    // Dropout on the adapters' input, 0 <= p < 1. Hugging Face PEFT's LoraConfig default is
    // lora_dropout = 0.0; the QLoRA paper used 0.1 for 7B-13B and 0.05 for 33B-65B models
    // (Dettmers et al. 2023, App. B.2 hyperparameter table). With p > 0 each adapter keeps a mask and a
    // dropped copy of its input for backward (loraDropoutBytesPerToken in model/lora.h).
    double dropout = 0.0;
    bool operator==(const LoraSpec&) const = default;
};

// A fine-tuning data set: tokens = samples × mean tokens per sample × epochs.
struct DatasetSpec {
    double samples = 10'000;
    double meanTokensPerSample = 512;
    double epochs = 3;
    [[nodiscard]] double tokens() const { return samples * meanTokensPerSample * epochs; }
    bool operator==(const DatasetSpec&) const = default;
};

// Where model states live (DeepSpeed ZeRO-Offload, Ren et al. 2021, arXiv:2101.06840; ZeRO-
// Infinity CPU offload of parameters, Rajbhandari et al. 2021, arXiv:2104.07857).
enum class Offload { None, Optimizer, OptimizerAndParams };

std::string_view toString(TrainingMethod m);
std::string_view toString(Offload o);
std::optional<TrainingMethod> parseTrainingMethod(std::string_view s);
std::optional<Offload> parseOffload(std::string_view s);

// LoRA target names in PEFT order ("q", "k", ...), and their bits.
inline constexpr std::string_view kLoraTargetNames[] = {"q", "k", "v", "o", "gate", "up", "down"};
std::optional<LoraTarget> parseLoraTarget(std::string_view s);
// "q,k,v,o,gate,up,down" (all) or the chosen subset in that order.
std::string loraTargetList(unsigned targets);

}  // namespace clusterplan
