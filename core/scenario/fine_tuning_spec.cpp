#include "core/scenario/fine_tuning_spec.h"

#include "core/util/enum_names.h"

namespace clusterplan {

namespace {

// The scenario file's fine_tuning.method and fine_tuning.offload values.
constexpr auto kMethodNames = std::to_array<EnumName<TrainingMethod>>({
    {TrainingMethod::Full, "full"},
    {TrainingMethod::Lora, "lora"},
    {TrainingMethod::Qlora, "qlora"},
});
static_assert(listsEveryValueInOrder(kMethodNames));

constexpr auto kOffloadNames = std::to_array<EnumName<Offload>>({
    {Offload::None, "none"},
    {Offload::Optimizer, "optimizer"},
    {Offload::OptimizerAndParams, "optimizer_and_params"},
});
static_assert(listsEveryValueInOrder(kOffloadNames));

}  // namespace

std::string_view toString(TrainingMethod m) {
    return enumName(kMethodNames, m, "?");
}

std::string_view toString(Offload o) {
    return enumName(kOffloadNames, o, "?");
}

std::optional<TrainingMethod> parseTrainingMethod(std::string_view s) {
    return enumFromName(kMethodNames, s);
}

std::optional<Offload> parseOffload(std::string_view s) {
    return enumFromName(kOffloadNames, s);
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
