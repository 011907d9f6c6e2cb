#include "core/scenario/framework.h"

#include "core/util/enum_names.h"

namespace clusterplan {

namespace {

// The ids scenario files write ("framework": "megatron").
constexpr auto kFrameworkIds = std::to_array<EnumName<Framework>>({
    {Framework::Megatron, "megatron"},
    {Framework::Nemo, "nemo"},
    {Framework::Fsdp, "fsdp"},
    {Framework::DeepSpeed, "deepspeed"},
    {Framework::InternEvo, "internevo"},
    {Framework::OlmoCore, "olmo-core"},
    {Framework::Torchtitan, "torchtitan"},
    {Framework::MaxText, "maxtext"},
    {Framework::ColossalAi, "colossalai"},
    {Framework::MindSpeed, "mindspeed"},
    {Framework::Other, "other"},
});
static_assert(listsEveryValueInOrder(kFrameworkIds) && kFrameworkIds.size() == kAllFrameworks.size());

// The projects' own spellings (see displayName in the header).
constexpr auto kFrameworkProducts = std::to_array<EnumName<Framework>>({
    {Framework::Megatron, "Megatron-LM"},
    {Framework::Nemo, "NeMo"},
    {Framework::Fsdp, "PyTorch FSDP"},
    {Framework::DeepSpeed, "DeepSpeed"},
    {Framework::InternEvo, "InternEvo"},
    {Framework::OlmoCore, "OLMo-core"},
    {Framework::Torchtitan, "torchtitan"},
    {Framework::MaxText, "JAX/XLA (MaxText)"},
    {Framework::ColossalAi, "Colossal-AI"},
    {Framework::MindSpeed, "MindSpeed"},
    {Framework::Other, "another stack"},
});
static_assert(listsEveryValueInOrder(kFrameworkProducts) &&
              kFrameworkProducts.size() == kAllFrameworks.size());

}  // namespace

std::string_view toString(Framework f) {
    return enumName(kFrameworkIds, f, "?");
}

std::string_view displayName(Framework f) {
    return enumName(kFrameworkProducts, f, "?");
}

std::optional<Framework> parseFramework(std::string_view s) {
    return enumFromName(kFrameworkIds, s);
}

}  // namespace clusterplan
