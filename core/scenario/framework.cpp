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

std::optional<Framework> parseFramework(std::string_view s) {
    for (auto f : kAllFrameworks)
        if (toString(f) == s)
            return f;
    return std::nullopt;
}

}  // namespace clusterplan
