#pragma once
// How tensor parallelism splits grouped-query attention's KV heads (query groups).
//
// Megatron-Core splits the KV heads over the TP ranks when their number divides by TP. Since
// commit f7dfb9979519b5397d98512aef223bae214e40df (2025-12-06, "Support TP greater than
// num_kv_heads by supporting QKV activation sub-sharding") it also accepts a TP that is a multiple
// of the KV heads (megatron/core/transformer/transformer_config.py lines 1461-1468 at
// d98e8a64ddf34856e74b24714e3bedb2f5a39553); before it the rule was num_query_groups % tp == 0
// (transformer_config.py lines 782-786 at 8a5f379eb1f49c391cb9fd27e8eb533afe275dab); the first
// release holding the change is core_v0.16.0 (the earliest tag containing that commit). With
// TP > KV heads the KV heads are "sub-sharded" (megatron/core/transformer/attention.py at
// d98e8a64):
// - linear_qkv stays a column-parallel linear of width (heads + 2·kv_heads)·head_dim split evenly
//   over TP (lines 1689-1705): the weights are not replicated, each rank still holds 1/TP of them;
// - each rank all-gathers the whole fused QKV activation over TP in the forward, keeps the slice of
//   its query group (lines 1851-1871) and of it heads/TP query heads (lines 1920-1930); the
//   autograd function's backward is a reduce-scatter of the gradient (tensor_parallel/mappings.py
//   _AllGatherFromTensorParallelRegion, lines 384-402);
// - so each rank computes attention with one whole K and V head and heads/TP query heads (lines
//   353-358; core attention built as if there were TP query groups, lines 374-380).
// MLA has no shared KV heads (its K and V are per query head), so it is never sub-sharded.
#include <cstdint>

#include "core/scenario/model_spec.h"

namespace clusterplan {

// True when TP exceeds the KV heads, so each TP rank works with one whole K and V head.
[[nodiscard]] inline bool kvHeadsSubSharded(const ModelSpec& m, std::int64_t tp) {
    return !m.mla && m.kvHeads > 0 && m.kvHeads < tp;
}

// KV heads one TP rank's attention holds: kv_heads / TP, or one whole head when sub-sharded.
[[nodiscard]] inline double kvHeadsPerTpRank(const ModelSpec& m, std::int64_t tp) {
    return kvHeadsSubSharded(m, tp) ? 1.0 : static_cast<double>(m.kvHeads) / static_cast<double>(tp);
}

}  // namespace clusterplan
