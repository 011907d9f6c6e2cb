#include "core/scenario/claim.h"
#include "core/util/units.h"

#include <array>

namespace clusterplan {

namespace {

struct QuantityInfo {
    ClaimQuantity quantity;
    std::string_view name;
    ClaimDimension dimension;
};

constexpr std::array kQuantities{
    QuantityInfo{ClaimQuantity::Fits, "fits", ClaimDimension::YesNo},
    QuantityInfo{ClaimQuantity::ModelParallelDegree, "model_parallel_degree", ClaimDimension::Count},
    QuantityInfo{ClaimQuantity::Gpus, "gpus", ClaimDimension::Count},
    QuantityInfo{ClaimQuantity::WeightsMemory, "weights_memory", ClaimDimension::Bytes},
    QuantityInfo{ClaimQuantity::GradientMemory, "gradient_memory", ClaimDimension::Bytes},
    QuantityInfo{ClaimQuantity::ModelStatesMemory, "model_states_memory", ClaimDimension::Bytes},
    QuantityInfo{ClaimQuantity::MemoryPerGpu, "memory_per_gpu", ClaimDimension::Bytes},
    QuantityInfo{ClaimQuantity::MemorySaving, "memory_saving", ClaimDimension::Ratio},
    QuantityInfo{ClaimQuantity::ClusterPeak, "cluster_peak", ClaimDimension::FlopRate},
    QuantityInfo{ClaimQuantity::Mfu, "mfu", ClaimDimension::Percent},
    QuantityInfo{ClaimQuantity::TokensPerDay, "tokens_per_day", ClaimDimension::Tokens},
    QuantityInfo{ClaimQuantity::StepsPerDay, "steps_per_day", ClaimDimension::Steps},
    QuantityInfo{ClaimQuantity::DpAllReduceTime, "dp_allreduce_time", ClaimDimension::Seconds},
    QuantityInfo{ClaimQuantity::BubbleShare, "bubble_share", ClaimDimension::Percent},
    QuantityInfo{ClaimQuantity::LargestMicroBatch, "largest_micro_batch", ClaimDimension::Count},
    QuantityInfo{ClaimQuantity::Speedup, "speedup", ClaimDimension::Ratio},
    QuantityInfo{ClaimQuantity::Slowdown, "slowdown", ClaimDimension::Percent},
    QuantityInfo{ClaimQuantity::PurchaseCost, "purchase_cost", ClaimDimension::Money},
    QuantityInfo{ClaimQuantity::ComputeTime, "compute_time", ClaimDimension::Seconds},
    QuantityInfo{ClaimQuantity::CommShare, "comm_share", ClaimDimension::Percent},
};

constexpr auto kNames = [] {
    std::array<std::string_view, kQuantities.size()> names{};
    for (std::size_t i = 0; i < kQuantities.size(); ++i)
        names[i] = kQuantities[i].name;
    return names;
}();

// Decimal prefixes, as the article writes them ("140MB", "350GB", "1TB", "2.5 PFLOPS").
constexpr std::array kUnits{
    ClaimUnit{"yes/no", ClaimDimension::YesNo, 1},
    ClaimUnit{"count", ClaimDimension::Count, 1},
    ClaimUnit{"MB", ClaimDimension::Bytes, 1e6},
    ClaimUnit{"GB", ClaimDimension::Bytes, units::kGB},
    ClaimUnit{"TB", ClaimDimension::Bytes, 1e12},
    ClaimUnit{"ms", ClaimDimension::Seconds, 1e-3},
    ClaimUnit{"s", ClaimDimension::Seconds, 1},
    ClaimUnit{"x", ClaimDimension::Ratio, 1},
    ClaimUnit{"%", ClaimDimension::Percent, 1},
    ClaimUnit{"TFLOPS", ClaimDimension::FlopRate, 1e12},
    ClaimUnit{"PFLOPS", ClaimDimension::FlopRate, 1e15},
    ClaimUnit{"T tokens/day", ClaimDimension::Tokens, 1e12},
    ClaimUnit{"B tokens/day", ClaimDimension::Tokens, units::kBillion},
    ClaimUnit{"steps/day", ClaimDimension::Steps, 1},
    ClaimUnit{"CNY", ClaimDimension::Money, 1},
};

constexpr bool inEnumOrder() {
    for (std::size_t i = 0; i < kQuantities.size(); ++i)
        if (static_cast<std::size_t>(kQuantities[i].quantity) != i)
            return false;
    return true;
}
static_assert(inEnumOrder(), "kQuantities is indexed by ClaimQuantity");

const QuantityInfo& info(ClaimQuantity q) {
    return kQuantities[static_cast<std::size_t>(q)];
}

}  // namespace

std::string_view toString(ClaimQuantity q) {
    return info(q).name;
}

std::optional<ClaimQuantity> parseClaimQuantity(std::string_view s) {
    for (const auto& q : kQuantities)
        if (q.name == s)
            return q.quantity;
    return std::nullopt;
}

std::span<const std::string_view> claimQuantityNames() {
    return kNames;
}

ClaimDimension dimensionOf(ClaimQuantity q) {
    return info(q).dimension;
}

bool isComparison(ClaimQuantity q) {
    return q == ClaimQuantity::Speedup || q == ClaimQuantity::Slowdown;
}

std::span<const ClaimUnit> claimUnits() {
    return kUnits;
}

const ClaimUnit* findClaimUnit(std::string_view id) {
    for (const auto& u : kUnits)
        if (u.id == id)
            return &u;
    return nullptr;
}

}  // namespace clusterplan
