#pragma once
// Framework: the software stack a scenario trains with (Megatron-LM, NVIDIA NeMo, PyTorch FSDP,
// DeepSpeed, Shanghai AI Lab's InternEvo, AllenAI's OLMo-core). An input value like the precision:
// perf/ selects its efficiency profile and stack defaults by it, the scenario file names it
// ("framework": "megatron").
#include <array>
#include <optional>
#include <string_view>

namespace clusterplan {

enum class Framework { Megatron, Nemo, Fsdp, DeepSpeed, InternEvo, OlmoCore };
// Every stack, in the order menus and fallbacks list them.
inline constexpr std::array kAllFrameworks{Framework::Megatron,  Framework::Nemo,      Framework::Fsdp,
                                           Framework::DeepSpeed, Framework::InternEvo, Framework::OlmoCore};
std::string_view toString(Framework f);  // the id scenario files write: "megatron"
// The product name a reader knows, the same in every language: "Megatron-LM", "PyTorch FSDP". The
// projects' own spellings: NVIDIA/Megatron-LM, NVIDIA/NeMo, PyTorch's FullyShardedDataParallel,
// microsoft/DeepSpeed, InternLM/InternEvo, allenai/OLMo-core (their GitHub repositories).
std::string_view displayName(Framework f);
std::optional<Framework> parseFramework(std::string_view s);

}  // namespace clusterplan
