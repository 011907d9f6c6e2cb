#pragma once
// LoRA adapters (Hu et al. 2021, arXiv:2106.09685 §4.1): a frozen matrix W (d_in × d_out) gets
// W + (α/r)·A·B with A (d_in × r) and B (r × d_out) trainable, so r·(d_in + d_out) parameters per
// adapted matrix. This file lists the linear layers of one transformer block that an adapter can
// attach to (PEFT target_modules) with their shapes, and counts adapter parameters and the
// low-rank activations they add.
#include <vector>

#include "core/scenario/fine_tuning_spec.h"
#include "core/scenario/model_spec.h"

namespace clusterplan {

struct LinearMatrix {
    LoraTarget target;
    double in = 0;        // d_in
    double out = 0;       // d_out
    double copies = 1;    // identical matrices in the layer (routed or shared experts)
    bool routed = false;  // a routed expert: divided over EP; used by top_k of the tokens
    // Megatron TP splits the output of column-parallel layers (q k v gate up) and the input of
    // row-parallel ones (o down); adapters follow their base matrix (NeMo ParallelLinearAdapter).
    [[nodiscard]] bool columnParallel() const { return target != kLoraO && target != kLoraDown; }
};

// Linear layers of one block. Standard / GQA attention: q (h → a·d_h), k and v (h → g·d_h), o.
// MLA (DeepSeek-V2 §2.1) maps q → q_a_proj + q_b_proj (or q_proj), k → kv_a_proj_with_mqa,
// v → kv_b_proj, o → o_proj. MLP: gate, up (h → f) and down (f → h); a GeLU MLP has no gate. MoE
// layers list shared experts and routed experts (each a gated MLP); the router is never adapted.
std::vector<LinearMatrix> layerLinears(const ModelSpec& model, bool moeLayer);

// Adapter parameters of one layer, all copies counted (the formula r·(d_in + d_out) per matrix).
double loraLayerParams(const ModelSpec& model, bool moeLayer, const LoraSpec& lora);
// The routed-expert part of loraLayerParams (divided over EP like the experts).
double loraRoutedExpertParams(const ModelSpec& model, bool moeLayer, const LoraSpec& lora);
// Adapter parameters of the whole model.
double loraModelParams(const ModelSpec& model, const LoraSpec& lora);
// Adapter parameters a token uses (routed experts: top_k of them), for FLOPs per token.
double loraActiveParams(const ModelSpec& model, const LoraSpec& lora);

// Bytes per token one layer keeps for the adapters' backward: the r-wide output of x·A for every
// adapted matrix (B's weight gradient needs it). The input x is the base layer's input, already
// stored; PEFT's default lora_dropout = 0 adds no dropped copy of x (PEFT LoraConfig docs; a
// dropout above 0 does: loraDropoutBytesPerToken).
double loraActivationBytesPerToken(const ModelSpec& model, bool moeLayer, const LoraSpec& lora,
                                   double bytesPerElement);

// Bytes per token one layer keeps on one GPU for the adapters' input dropout (lora.dropout > 0;
// zero at 0). PEFT's lora.Linear.forward computes lora_B(lora_A(dropout(x))) with dropout =
// nn.Dropout(p) for p > 0 and nn.Identity for p = 0. Autograd then saves, per adapted matrix, the
// dropout mask (PyTorch's native_dropout saves a bool mask, 1 byte per element) and dropout(x)
// (lora_A's weight gradient needs its input, `bytesPerElement` per element): d_in × (bytes + 1)
// per token and copy. The tensor is x, split like the base layer's stored input (activation_model
// .cpp): TP splits the input of row-parallel matrices (o, down) always and the replicated input of
// column-parallel ones (q k v gate up) only with sequence parallelism. CP is in the token count.
double loraDropoutBytesPerToken(const ModelSpec& model, bool moeLayer, const LoraSpec& lora,
                                double bytesPerElement, std::int64_t tp, bool sequenceParallel);

}  // namespace clusterplan
