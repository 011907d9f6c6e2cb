#pragma once
// The extra TP traffic of attention when TP exceeds the KV heads (parallel/query_groups.h):
// Megatron-Core's SelfAttention all-gathers the whole fused QKV activation over the TP group in
// every layer's forward, so that each rank can slice out its query group, and its autograd
// function reduce-scatters the gradient in the backward (megatron/core/transformer/attention.py
// lines 1851-1871 and tensor_parallel/mappings.py _AllGatherFromTensorParallelRegion, lines
// 384-402, at d98e8a64ddf34856e74b24714e3bedb2f5a39553). This is a plain NCCL call outside the
// linear layers, so Transformer Engine's userbuffers overlap does not hide it.
#include "core/parallel/layout.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

// Bytes of the gathered QKV activation (the all-gather's output on each rank, and the
// reduce-scatter's input in the backward) for one layer and one micro-batch: this rank's tokens
// (seq_len / cp · micro_batch; the linear's sequence-parallel gather has already run) times
// (heads + 2 · kv_heads) · head_dim values. 0 when the KV heads divide by TP (no such gather).
double qkvGatherBytes(const ModelSpec& model, const TrainingSpec& training, const Layout& layout);

}  // namespace clusterplan
