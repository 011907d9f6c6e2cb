#pragma once
// Context parallelism's ring attention (Liu et al. 2023, arXiv:2310.01889; Transformer Engine's
// AttnFuncWithCP, the p2p ring Megatron-Core runs): each rank holds 1/cp of the sequence, and in
// each of cp − 1 steps passes on the K and V blocks its attention kernel has just read, while the
// kernel works on the blocks that arrived.
#include "core/parallel/layout.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

// Bytes of K and V one rank passes in one ring step, for one layer and one micro-batch: the
// tensors the attention kernel reads, for this rank's tokens (seq_len / cp · micro_batch) and its
// heads (1 / tp of them, or one whole K and V head when TP exceeds the KV heads:
// parallel/query_groups.h). Grouped-query attention's are its KV heads; MLA's are per-head K and V,
// up-projected from the latent before the kernel runs: Megatron-Core's MultiLatentAttention passes
// core_attention (Transformer Engine's DotProductAttention, which runs the ring) key
// [s, b, heads, qk_head_dim + qk_pos_emb_head_dim] and value [s, b, heads, v_head_dim]
// (megatron/core/transformer/multi_latent_attention.py at core_v0.13.0, forward and
// get_query_key_value_tensors), not the kv_lora_rank + rope latent (576 wide for DeepSeek-V3
// against 128 · (192 + 128) = 40,960 per-head values).
double cpRingBlockBytes(const ModelSpec& model, const TrainingSpec& training, const Layout& layout);

}  // namespace clusterplan
