#include "core/scenario/precision.h"

#include <array>
#include <utility>

namespace clusterplan {

namespace {

template <typename E, std::size_t N>
std::optional<E> lookup(const std::array<std::pair<std::string_view, E>, N>& table, std::string_view s) {
    for (const auto& [name, value] : table)
        if (name == s)
            return value;
    return std::nullopt;
}

template <typename E, std::size_t N>
std::string_view nameOf(const std::array<std::pair<std::string_view, E>, N>& table, E e) {
    for (const auto& [name, value] : table)
        if (value == e)
            return name;
    return "?";
}

constexpr std::array kPrecisions{std::pair{std::string_view("fp32"), Precision::Fp32},
                                 std::pair{std::string_view("bf16"), Precision::Bf16},
                                 std::pair{std::string_view("fp16"), Precision::Fp16},
                                 std::pair{std::string_view("fp8"), Precision::Fp8}};
constexpr std::array kOptimizers{std::pair{std::string_view("adamw"), Optimizer::AdamW},
                                 std::pair{std::string_view("adam8bit"), Optimizer::Adam8bit},
                                 std::pair{std::string_view("sgd"), Optimizer::Sgd}};
constexpr std::array kGradDtypes{std::pair{std::string_view("param"), GradDtype::Param},
                                 std::pair{std::string_view("fp32"), GradDtype::Fp32}};
constexpr std::array kRecomputes{std::pair{std::string_view("none"), Recompute::None},
                                 std::pair{std::string_view("selective"), Recompute::Selective},
                                 std::pair{std::string_view("full"), Recompute::Full}};

}  // namespace

std::string_view toString(Precision p) {
    return nameOf(kPrecisions, p);
}
std::string_view toString(Optimizer o) {
    return nameOf(kOptimizers, o);
}
std::string_view toString(GradDtype g) {
    return nameOf(kGradDtypes, g);
}
std::string_view toString(Recompute r) {
    return nameOf(kRecomputes, r);
}
std::optional<Precision> parsePrecision(std::string_view s) {
    return lookup(kPrecisions, s);
}
std::optional<Optimizer> parseOptimizer(std::string_view s) {
    return lookup(kOptimizers, s);
}
std::optional<GradDtype> parseGradDtype(std::string_view s) {
    return lookup(kGradDtypes, s);
}
std::optional<Recompute> parseRecompute(std::string_view s) {
    return lookup(kRecomputes, s);
}

double weightBytes(Precision p) {
    return p == Precision::Fp32 ? 4.0 : 2.0;
}

double activationBytes(Precision p) {
    return p == Precision::Fp32 ? 4.0 : 2.0;
}

}  // namespace clusterplan
