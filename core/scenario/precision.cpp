#include "core/scenario/precision.h"

#include "core/scenario/scenario_enum_names.h"
#include "core/util/enum_names.h"

namespace clusterplan {

namespace {

// The scenario file's training.precision, training.optimizer, training.grad_dtype and
// layout.recompute values.
constexpr std::string_view precisionName(Precision p) {
    switch (p) {
    case Precision::Fp32:
        return "fp32";
    case Precision::Bf16:
        return "bf16";
    case Precision::Fp16:
        return "fp16";
    case Precision::Fp8:
        return "fp8";
    }
    return {};
}
constexpr auto kPrecisions = enumNames<Precision, precisionName>();

constexpr std::string_view optimizerName(Optimizer o) {
    switch (o) {
    case Optimizer::AdamW:
        return "adamw";
    case Optimizer::Adam8bit:
        return "adam8bit";
    case Optimizer::Sgd:
        return "sgd";
    }
    return {};
}
constexpr auto kOptimizers = enumNames<Optimizer, optimizerName>();

constexpr std::string_view gradDtypeName(GradDtype g) {
    switch (g) {
    case GradDtype::Param:
        return "param";
    case GradDtype::Fp32:
        return "fp32";
    }
    return {};
}
constexpr auto kGradDtypes = enumNames<GradDtype, gradDtypeName>();

constexpr std::string_view recomputeName(Recompute r) {
    switch (r) {
    case Recompute::None:
        return "none";
    case Recompute::Selective:
        return "selective";
    case Recompute::Full:
        return "full";
    }
    return {};
}
constexpr auto kRecomputes = enumNames<Recompute, recomputeName>();

}  // namespace

std::string_view toString(Precision p) {
    return enumName(kPrecisions, p, "?");
}
std::string_view toString(Optimizer o) {
    return enumName(kOptimizers, o, "?");
}
std::string_view toString(GradDtype g) {
    return enumName(kGradDtypes, g, "?");
}
std::string_view toString(Recompute r) {
    return enumName(kRecomputes, r, "?");
}
std::optional<Precision> parsePrecision(std::string_view s) {
    return enumFromName(kPrecisions, s);
}
std::optional<Optimizer> parseOptimizer(std::string_view s) {
    return enumFromName(kOptimizers, s);
}
std::optional<GradDtype> parseGradDtype(std::string_view s) {
    return enumFromName(kGradDtypes, s);
}
std::optional<Recompute> parseRecompute(std::string_view s) {
    return enumFromName(kRecomputes, s);
}

std::span<const EnumName<Precision>> enumNameTable(std::type_identity<Precision>) {
    return kPrecisions;
}
std::span<const EnumName<Optimizer>> enumNameTable(std::type_identity<Optimizer>) {
    return kOptimizers;
}
std::span<const EnumName<GradDtype>> enumNameTable(std::type_identity<GradDtype>) {
    return kGradDtypes;
}
std::span<const EnumName<Recompute>> enumNameTable(std::type_identity<Recompute>) {
    return kRecomputes;
}

double weightBytes(Precision p) {
    return p == Precision::Fp32 ? 4.0 : 2.0;
}

double activationBytes(Precision p) {
    return p == Precision::Fp32 ? 4.0 : 2.0;
}

}  // namespace clusterplan
