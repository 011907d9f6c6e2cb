#pragma once
// 4-bit NormalFloat storage of frozen weights with double quantisation (QLoRA, Dettmers et al.
// 2023, arXiv:2305.14314 §3): 4 bits per weight, one absmax constant per block of 64 weights,
// the constants themselves quantised to 8 bits with one fp32 constant per block of 256 of them.
// The paper: "reduces the memory footprint [of the constants] from 32/64 = 0.5 bits, to
// 8/64 + 32/(64·256) = 0.127 bits, a reduction of 0.373 bits per parameter".
#include <cstdint>

#include "core/model/param_count.h"
#include "core/parallel/layout.h"
#include "core/scenario/model_spec.h"

namespace clusterplan {

inline constexpr double kNf4Bits = 4;
inline constexpr double kNf4Block = 64;         // weights per first-level constant
inline constexpr double kNf4SecondBlock = 256;  // constants per second-level fp32 constant

// 0.127 bits per parameter with double quantisation, 0.5 without.
double nf4ConstantBitsPerParam(bool doubleQuantization = true);
// Storage bytes per weight: (4 + 0.127) / 8.
double nf4BytesPerParam();

// Weights bitsandbytes stores in NF4: every linear layer of a block (attention projections, MLP,
// experts, router). Norms, biases, embeddings and the output head stay in 16 bits (PEFT
// prepare_model_for_kbit_training; bitsandbytes skips lm_head).
double quantizedLayerParams(const LayerParams& layer);

// Bytes moved to dequantise one weight for a GEMM: read its NF4 storage, write a 16-bit copy
// (bitsandbytes dequantize_4bit, then a BF16 matmul).
double dequantBytesPerParam();

// GPU workspace for the dequantised copy: the largest linear matrix one GPU holds, in 16 bits
// (one matrix is dequantised at a time and freed after its GEMM).
double dequantWorkspaceBytes(const ModelSpec& model, const Layout& layout);

}  // namespace clusterplan
