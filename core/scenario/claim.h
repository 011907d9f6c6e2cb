#pragma once
// A scenario's `claim`: a number a published text states about the scenario (the article's
// examples, resources/scenarios/article/), as the quantity the engine can compute, the text's
// value or range, and the unit it was written in. The engine's own value always comes from the
// plan of the scenario (studies/article_claims.h); the claim never carries it.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
    ComputeTime,          // forward + backward (+ recompute) of one step on the slowest GPU
    CommShare,            // exposed communication ÷ step time
};

// What a quantity measures; a claim's unit must measure the same.
enum class ClaimDimension { YesNo, Count, Bytes, Seconds, Ratio, Percent, FlopRate, Tokens, Steps, Money };

struct ClaimUnit {
    std::string_view id;  // as written in the file: "GB", "ms", "x", "%"
    ClaimDimension dimension;
    double factor;  // value in the dimension's base unit (bytes, seconds, FLOP/s, CNY, ...)
};

// A condition the text states for its number ("if a step computes for only 100 ms"): the example
// must produce it, or the claim gets no verdict.
struct ClaimPremise {
    ClaimQuantity quantity = ClaimQuantity::ComputeTime;
    std::optional<double> low, high;
    std::string unit;
    bool operator==(const ClaimPremise&) const = default;
};

// What the claim is tested on when the text's own set-up cannot run (a speed or time is never
// judged on a set-up that does not fit): applied to the scenario and to the one it is compared
// with. Each change keeps the claim's subject (data parallelism stays data parallelism).
struct ClaimVariant {
    std::string modelPreset;                // empty: the scenario's model
    std::optional<std::int64_t> zeroStage;  // empty: the scenario's
    std::string offload;                    // "", "optimizer", "optimizer_and_params"
    bool operator==(const ClaimVariant&) const = default;
};

struct Claim {
    ClaimQuantity quantity = ClaimQuantity::Fits;
    // The text's value (low == high) or range; an open end ("more than 1 TB") is empty.
    std::optional<double> low, high;
    std::string unit;
    // Speedup and Slowdown: the scenario file this one is compared with, in the same folder.
    std::string compareWith;
    // Braced: positional Claim{...} initialisers may leave the rest out.
    std::vector<ClaimPremise> premises{};
    std::optional<ClaimVariant> variant{};
    // "can be kept under X": the smallest number of micro-batches per pipeline for which it holds.
    bool searchMicroBatches = false;
    // The text gives no global batch; the example's is an assumption, said with the answer.
    bool batchAssumed = false;
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
