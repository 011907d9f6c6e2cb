#pragma once
// Megatron-Core's pipeline layout string (--pipeline-model-parallel-layout), read as its parser
// reads it: megatron/core/transformer/pipeline_parallel_layer_layout.py, parse_str_to_list
// (NVIDIA/Megatron-LM, commit 00caa53af30912914981c86f39db123961678bbd). The MoE recipes place
// their layers with it, e.g. DeepSeek-V3 on PP 8 × VPP 4: "Et|(tt|)*30mL".
//
//   E  embedding          t  transformer (decoder) layer       |  ends a virtual stage
//   L  loss (LM head)     m  multi-token-prediction (MTP) layer  ,  ignored (readability)
//   (…)*N  repeats a group (no nesting)                       x*N  repeats one character
//
// Stages are virtual stages in the string's order: stage k runs on pipeline rank k mod pp as its
// chunk k / pp, so the string has pp × vpp stages (Megatron-Core takes vpp = stages / pp).
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/util/result.h"

namespace clusterplan {

// One virtual pipeline stage: what the string places on it.
struct LayoutStage {
    std::int64_t layers = 0;  // t
    std::int64_t mtp = 0;     // m
    std::int64_t embeddings = 0;
    std::int64_t losses = 0;
    bool operator==(const LayoutStage&) const = default;
};

// The string's stages. Errors name `layout.pipeline_layout` and, for the grammar, the 1-based
// character and what was expected there. Checked as well: the rules of Megatron-Core's
// validate_layer_layout that need neither the model nor the degrees (the embedding written once and
// first, the loss once and last, no transformer layer after an MTP layer).
Result<std::vector<LayoutStage>> parsePipelineLayout(std::string_view text);

// Transformer layers placed by the stages (t in all).
std::int64_t layoutLayers(const std::vector<LayoutStage>& stages);
// MTP layers placed by the stages (m in all).
std::int64_t layoutMtpLayers(const std::vector<LayoutStage>& stages);
// MTP layers on each of `pp` pipeline ranks: virtual stage k runs on rank k mod pp (Megatron-Core
// PipelineParallelLayerLayout, layout[vpp_rank * pp + pp_rank]); all 0 for an empty or malformed
// string.
std::vector<std::int64_t> mtpLayersByRank(std::string_view layout, std::int64_t pp);

}  // namespace clusterplan
