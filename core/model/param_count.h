#pragma once
// Exact parameter counts of a ModelSpec, per block: per-matrix sums for GQA / SwiGLU / MoE / MLA
// (MLA: DeepSeek-V2, arXiv:2405.04434 §2.1); for GPT they equal the closed form of Narayanan et al.
// 2021 (arXiv:2104.04473), which reproduces every model size of their Table 1.
#include "core/scenario/model_spec.h"

namespace clusterplan {

// Parameters of one transformer layer, split the way parallelism divides them.
struct LayerParams {
    double attention = 0;  // Q, K, V, O projections (+ MLA down/up projections and norms)
    double attentionBias = 0;
    double mlp = 0;  // dense MLP, or shared experts in an MoE layer
    double mlpBias = 0;
    double routedExperts = 0;  // all routed experts of an MoE layer (divided by EP)
    double router = 0;
    double norms = 0;  // replicated on every TP rank
    [[nodiscard]] double total() const {
        return attention + attentionBias + mlp + mlpBias + routedExperts + router + norms;
    }
};

struct ParamCounts {
    double total = 0;       // every stored parameter (tied embeddings once)
    double active = 0;      // used per token (top-k experts only)
    double embedding = 0;   // V·h input embedding
    double outputHead = 0;  // V·h output projection if untied, else 0
    double positions = 0;   // learned position embeddings
    double finalNorm = 0;
    double matmulActive = 0;  // P_mm: active weights taking part in matmuls (layers + head)
    LayerParams denseLayer;   // one layer with a dense MLP
    LayerParams moeLayer;     // one MoE layer (zero if the model has none)
};

ParamCounts countParams(const ModelSpec& spec);

// Parameters of one expert's gated MLP (3·h·f_e).
double expertParams(const ModelSpec& spec);

}  // namespace clusterplan
