#include "core/scenario/fine_tuning_spec.h"

namespace clusterplan {

std::string_view toString(TrainingMethod m) {
    switch (m) {
    case TrainingMethod::Full:
        return "full";
    case TrainingMethod::Lora:
        return "lora";
    case TrainingMethod::Qlora:
        return "qlora";
    }
    return "?";
}

std::string_view toString(Offload o) {
    switch (o) {
    case Offload::None:
        return "none";
    case Offload::Optimizer:
        return "optimizer";
    case Offload::OptimizerAndParams:
        return "optimizer_and_params";
    }
    return "?";
}

std::optional<TrainingMethod> parseTrainingMethod(std::string_view s) {
    for (auto m : {TrainingMethod::Full, TrainingMethod::Lora, TrainingMethod::Qlora})
        if (toString(m) == s)
            return m;
    return std::nullopt;
}

std::optional<Offload> parseOffload(std::string_view s) {
    for (auto o : {Offload::None, Offload::Optimizer, Offload::OptimizerAndParams})
        if (toString(o) == s)
            return o;
    return std::nullopt;
}

std::optional<LoraTarget> parseLoraTarget(std::string_view s) {
    unsigned bit = 1;
    for (const std::string_view name : kLoraTargetNames) {
        if (name == s)
            return static_cast<LoraTarget>(bit);
        bit <<= 1;
    }
    return std::nullopt;
}

std::string loraTargetList(unsigned targets) {
    std::string out;
    unsigned bit = 1;
    for (const std::string_view name : kLoraTargetNames) {
        if (targets & bit)
            out += (out.empty() ? "" : ",") + std::string(name);
        bit <<= 1;
    }
    return out;
}

}  // namespace clusterplan
