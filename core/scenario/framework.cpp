#include "core/scenario/framework.h"

namespace clusterplan {

std::string_view toString(Framework f) {
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
    return "?";
}

std::string_view displayName(Framework f) {
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
    return "?";
}

std::optional<Framework> parseFramework(std::string_view s) {
    for (auto f : kAllFrameworks)
        if (toString(f) == s)
            return f;
    return std::nullopt;
}

}  // namespace clusterplan
