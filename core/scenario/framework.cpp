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
    }
    return "?";
}

std::optional<Framework> parseFramework(std::string_view s) {
    for (auto f : {Framework::Megatron, Framework::Nemo, Framework::Fsdp, Framework::DeepSpeed})
        if (toString(f) == s)
            return f;
    return std::nullopt;
}

}  // namespace clusterplan
