#pragma once
// Framework: the software stack a scenario trains with (Megatron-LM, NVIDIA NeMo, PyTorch FSDP,
// DeepSpeed). An input value like the precision: perf/ selects its efficiency profile and stack
// defaults by it, the scenario file names it ("framework": "megatron").
#include <optional>
#include <string_view>

namespace clusterplan {

enum class Framework { Megatron, Nemo, Fsdp, DeepSpeed };
std::string_view toString(Framework f);
std::optional<Framework> parseFramework(std::string_view s);

}  // namespace clusterplan
