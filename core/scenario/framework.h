#pragma once
// Framework: the software stack a scenario trains with (Megatron-LM, NVIDIA NeMo, PyTorch FSDP,
// DeepSpeed, Shanghai AI Lab's InternEvo, AllenAI's OLMo-core, PyTorch's torchtitan, JAX/XLA as
// Google's MaxText runs it, HPC-AI Tech's Colossal-AI, Huawei's MindSpeed, or "another stack" when
// the user's is none of these). An input value like the precision: perf/ selects its efficiency
// profile and stack defaults by it, the scenario file names it ("framework": "megatron"). A stack
// without calibrated runs is timed with the nearest stack's profile (PerfProfiles::find) and gets
// the widest band (prediction_band.h).
#include <array>
#include <optional>
#include <string_view>

namespace clusterplan {

enum class Framework {
    Megatron,
    Nemo,
    Fsdp,
    DeepSpeed,
    InternEvo,
    OlmoCore,
    Torchtitan,
    MaxText,
    ColossalAi,
    MindSpeed,
    Other
};
// Every stack, in the order menus and fallbacks list them ("another stack" last).
inline constexpr std::array kAllFrameworks{Framework::Megatron,   Framework::Nemo,      Framework::Fsdp,
                                           Framework::DeepSpeed,  Framework::InternEvo, Framework::OlmoCore,
                                           Framework::Torchtitan, Framework::MaxText,   Framework::ColossalAi,
                                           Framework::MindSpeed,  Framework::Other};
std::string_view toString(Framework f);  // the id scenario files write: "megatron"
// The product name a reader knows, the same in every language: "Megatron-LM", "PyTorch FSDP". The
// projects' own spellings: NVIDIA/Megatron-LM, NVIDIA/NeMo, PyTorch's FullyShardedDataParallel,
// microsoft/DeepSpeed, InternLM/InternEvo, allenai/OLMo-core, pytorch/torchtitan, AI-Hypercomputer/
// maxtext ("JAX/XLA (MaxText)"), hpcaitech/ColossalAI, Ascend/MindSpeed (their repositories).
// Framework::Other has no product name: its English text is "another stack", which a translated
// sentence must not embed (the engine's sentences name it by their own id instead).
std::string_view displayName(Framework f);
std::optional<Framework> parseFramework(std::string_view s);

}  // namespace clusterplan
