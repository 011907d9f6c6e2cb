#pragma once
// The memory-bound passes of a Mixture-of-Experts layer around its experts, per micro-batch on one
// GPU: the router's element-wise kernels over the token × expert scores, and the copies that put
// each routed token in its expert's order and back (permute, unpermute). Their bytes go at the
// profile's HBM bandwidth and each kernel pays the profile's launch-and-tail overhead
// (perf/compute_model.h, KernelTimer::memory). The router's GEMM is timed with the layer's GEMMs.
#include <cstdint>

#include "core/perf/compute_model.h"
#include "core/scenario/moe_options.h"

namespace clusterplan {

struct MoeTokenPasses {
    double tokens = 0;  // tokens this GPU routes per micro-batch (its sequence shard under SP)
    std::int64_t hidden = 0;
    std::int64_t experts = 1;  // routed experts of the layer
    std::int64_t topK = 1;
    std::int64_t ep = 1;
    MoeDispatcher dispatcher = MoeDispatcher::AllToAll;
    double activationBytes = 2;  // bytes per element of the hidden states
};

// Router kernels per MoE layer and pass in Megatron-Core (Megatron-LM
// docs/discussions/deepseek-v3-gb200-optimization/deepseek-v3-gb200-optimization.md at 1d9edcf8,
// §2.1.4 and §2.2.1, DeepSeek-V3 on GB200): 72 element-wise kernels for the routing map and the
// auxiliary loss, 31 with --moe-router-fusion (Transformer Engine PR 1883), 17 with the flex
// dispatcher, whose DeepEP / HybridEP preprocess is one fused kernel. The fused count is the
// stack's: Megatron-Core's MoE recipes set --moe-router-fusion.
inline constexpr double kRouterKernelsFused = 31;
inline constexpr double kRouterKernelsFlex = 17;
// Bytes per fp32 token × expert score the router's kernels move: the score function reads and
// writes them (8), top-k reads them (4), the probabilities and the routing map are scattered back
// to token × expert (4 + 1), the load-balancing loss reads the scores again (4).
inline constexpr double kRouterBytesPerScore = 21;

struct MoeRoutingTime {
    double router = 0;       // seconds per micro-batch, forward (the backward runs as many)
    double permutation = 0;  // permute and unpermute, forward (their gradients move the same bytes)
};

// Rows a GPU's experts receive per micro-batch from the whole EP group, balanced: tokens · top-k.
// With the flex dispatcher a token arrives once per GPU holding one of its experts:
// tokens · ep · P(a GPU holds at least one of its k experts).
double dispatchedRows(const MoeTokenPasses& x);

// One MoE layer's router and permutation passes for one micro-batch on one GPU.
// - All-to-all (Megatron-Core MoEAlltoAllTokenDispatcher, megatron/core/transformer/moe/
//   token_dispatcher.py at d98e8a64): permute every routed copy into EP-rank order before the
//   all-to-all (read and write k·T rows), sort the received chunks by local expert after it
//   (sort_chunks_by_idxs, where a GPU holds more than one expert), the reverse sort before the
//   combine and the unpermute that sums each token's k copies (read k·T rows, write T).
// - Flex (DeepEP, HybridEP: _DeepepManager, same file): the global permute is fused into the
//   dispatch kernel; one local permute from the received rows to the experts' rows and its
//   unpermute remain (the GB200 guide, §2.1.1).
MoeRoutingTime moeRoutingSeconds(const MoeTokenPasses& x, const KernelTimer& timer);

}  // namespace clusterplan
