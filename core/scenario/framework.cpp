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
