#pragma once
// Training FLOPs per token. Model FLOPs follow the PaLM convention (Chowdhery et al. 2022,
// arXiv:2204.02311 App. B): 6·P_mm + 12·L·a·d_h·s per token, non-causal attention, recompute not
// counted; that is what MFU divides. Hardware FLOPs add the work that recomputation repeats.
#include "core/scenario/model_spec.h"
#include "core/scenario/precision.h"

namespace clusterplan {

struct FlopsPerToken {
    double model = 0;      // PaLM model FLOPs per token (forward + backward)
    double attention = 0;  // the attention-score part of `model` (12·L·a·d_qk·s style)
    double hardware = 0;   // model + forward work repeated by recomputation
};

FlopsPerToken flopsPerToken(const ModelSpec& spec, std::int64_t seqLen, Recompute recompute);

}  // namespace clusterplan
