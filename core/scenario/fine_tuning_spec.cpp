#include "core/scenario/fine_tuning_spec.h"

#include <bit>
#include <iterator>

#include "core/scenario/scenario_enum_names.h"
#include "core/util/enum_names.h"

namespace clusterplan {

namespace {

// The scenario file's fine_tuning.method and fine_tuning.offload values.
constexpr std::string_view methodName(TrainingMethod t) {
    switch (t) {
    case TrainingMethod::Full:
        return "full";
    case TrainingMethod::Lora:
        return "lora";
    case TrainingMethod::Qlora:
        return "qlora";
    }
    return {};
}
constexpr auto kMethodNames = enumNames<TrainingMethod, methodName>();

constexpr std::string_view offloadName(Offload o) {
    switch (o) {
    case Offload::None:
        return "none";
    case Offload::Optimizer:
        return "optimizer";
    case Offload::OptimizerAndParams:
        return "optimizer_and_params";
    }
    return {};
}
constexpr auto kOffloadNames = enumNames<Offload, offloadName>();

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

// One name per target bit: a target added to kAllLoraTargets without a name here would be neither
// written nor read.
static_assert(std::size(kLoraTargetNames) == std::bit_width(kAllLoraTargets));

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

std::span<const EnumName<TrainingMethod>> enumNameTable(std::type_identity<TrainingMethod>) {
    return kMethodNames;
}
std::span<const EnumName<Offload>> enumNameTable(std::type_identity<Offload>) {
    return kOffloadNames;
}

}  // namespace clusterplan
