#include "core/scenario/framework.h"

#include "core/scenario/scenario_enum_names.h"
#include "core/util/enum_names.h"

namespace clusterplan {

namespace {

// The ids scenario files write ("framework": "megatron").
constexpr std::string_view frameworkId(Framework f) {
    switch (f) {
    case Framework::Megatron:
        return "megatron";
    case Framework::Nemo:
        return "nemo";
    case Framework::Fsdp:
        return "fsdp";
    case Framework::DeepSpeed:
        return "deepspeed";
    case Framework::InternEvo:
        return "internevo";
    case Framework::OlmoCore:
        return "olmo-core";
    case Framework::Torchtitan:
        return "torchtitan";
    case Framework::MaxText:
        return "maxtext";
    case Framework::ColossalAi:
        return "colossalai";
    case Framework::MindSpeed:
        return "mindspeed";
    case Framework::Other:
        return "other";
    }
    return {};
}
constexpr auto kFrameworkIds = enumNames<Framework, frameworkId>();
static_assert(kFrameworkIds.size() == kAllFrameworks.size());

// The projects' own spellings (see displayName in the header).
constexpr std::string_view frameworkProduct(Framework f) {
    switch (f) {
    case Framework::Megatron:
        return "Megatron-LM";
    case Framework::Nemo:
        return "NeMo";
    case Framework::Fsdp:
        return "PyTorch FSDP";
    case Framework::DeepSpeed:
        return "DeepSpeed";
    case Framework::InternEvo:
        return "InternEvo";
    case Framework::OlmoCore:
        return "OLMo-core";
    case Framework::Torchtitan:
        return "torchtitan";
    case Framework::MaxText:
        return "JAX/XLA (MaxText)";
    case Framework::ColossalAi:
        return "Colossal-AI";
    case Framework::MindSpeed:
        return "MindSpeed";
    case Framework::Other:
        return "another stack";
    }
    return {};
}
constexpr auto kFrameworkProducts = enumNames<Framework, frameworkProduct>();
static_assert(kFrameworkProducts.size() == kAllFrameworks.size());

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

std::span<const EnumName<Framework>> enumNameTable(std::type_identity<Framework>) {
    return kFrameworkIds;
}

}  // namespace clusterplan
