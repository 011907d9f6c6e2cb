#pragma once
// A scenario's `claim`: a number a published text states about the scenario (the article's
// examples, resources/scenarios/article/), as the quantity the engine can compute, the text's
// value or range, and the unit it was written in. The engine's own value always comes from the
// plan of the scenario (studies/article_claims.h); the claim never carries it.
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace clusterplan {

// What a claim is about. Each is read from the plan evaluate() returns (studies/claim_value.h).
enum class ClaimQuantity {
    Fits,                 // the layout (or the best searched one) fits GPU memory: 1 yes, 0 no
    ModelParallelDegree,  // TP × PP of the recommended layout (1: pure data parallelism)
    Gpus,                 // GPUs the layout occupies: TP × PP × CP × DP
    WeightsMemory,        // weights per GPU of the most loaded rank
    GradientMemory,       // gradients per GPU
    ModelStatesMemory,    // weights + gradients + optimizer states per GPU
    MemoryPerGpu,         // everything per GPU, activations and overheads included
    MemorySaving,         // per-GPU memory without ZeRO ÷ with ZeRO-3 (FSDP full shard)
    ClusterPeak,          // dense peak of the training precision × GPUs
    Mfu,                  // model FLOPs utilisation
    TokensPerDay,         // tokens/s × 86 400
    StepsPerDay,          // 86 400 ÷ step time
    DpAllReduceTime,      // the data-parallel gradient reduction of one step, hidden or not
    BubbleShare,          // pipeline bubble ÷ step time
    LargestMicroBatch,    // largest micro-batch per GPU that fits (0: none)
    Speedup,              // tokens/s ÷ the compared scenario's tokens/s
    Slowdown,             // 1 − tokens/s ÷ the compared scenario's tokens/s
    PurchaseCost,         // buying the cluster's servers, from the price book
};

// What a quantity measures; a claim's unit must measure the same.
enum class ClaimDimension { YesNo, Count, Bytes, Seconds, Ratio, Percent, FlopRate, Tokens, Steps, Money };

struct ClaimUnit {
    std::string_view id;  // as written in the file: "GB", "ms", "x", "%"
    ClaimDimension dimension;
    double factor;  // value in the dimension's base unit (bytes, seconds, FLOP/s, CNY, ...)
};

struct Claim {
    ClaimQuantity quantity = ClaimQuantity::Fits;
    // The text's value (low == high) or range; an open end ("more than 1 TB") is empty.
    std::optional<double> low, high;
    std::string unit;
    // Speedup and Slowdown: the scenario file this one is compared with, in the same folder.
    std::string compareWith;
    bool operator==(const Claim&) const = default;
};

[[nodiscard]] std::string_view toString(ClaimQuantity q);
[[nodiscard]] std::optional<ClaimQuantity> parseClaimQuantity(std::string_view s);
[[nodiscard]] std::span<const std::string_view> claimQuantityNames();
[[nodiscard]] ClaimDimension dimensionOf(ClaimQuantity q);
// Speedup and Slowdown compare two scenarios.
[[nodiscard]] bool isComparison(ClaimQuantity q);
[[nodiscard]] std::span<const ClaimUnit> claimUnits();
[[nodiscard]] const ClaimUnit* findClaimUnit(std::string_view id);

}  // namespace clusterplan
