#include "core/model/flops.h"

#include "core/model/param_count.h"

namespace clusterplan {

FlopsPerToken flopsPerToken(const ModelSpec& m, std::int64_t seqLen, Recompute recompute) {
    const ParamCounts p = countParams(m);
    // Attention scores per layer and token, forward: 2·s·a·d_qk for QKᵀ and 2·s·a·d_v for A·V
    // (non-causal, PaLM App. B); training triples it. MLA uses d_qk = d_nope + d_rope.
    const double a = static_cast<double>(m.heads);
    const double dQk = m.mla ? static_cast<double>(m.mla->qkNopeHeadDim + m.mla->qkRopeHeadDim)
                             : static_cast<double>(m.headDim);
    const double dV = m.mla ? static_cast<double>(m.mla->vHeadDim) : static_cast<double>(m.headDim);
    const double s = static_cast<double>(seqLen);
    const double L = static_cast<double>(m.layers);
    const double attentionForward = 2 * s * a * (dQk + dV) * L;

    FlopsPerToken f;
    f.attention = 3 * attentionForward;
    f.model = 6 * p.matmulActive + f.attention;

    // Recomputation repeats forward work (Korthikanti et al. 2022 §5): full recompute re-runs the
    // layers' forward (not the LM head); selective re-runs the attention core only.
    const double headMatmul = static_cast<double>(m.vocab) * static_cast<double>(m.hidden);
    switch (recompute) {
    case Recompute::None:
        f.hardware = f.model;
        break;
    case Recompute::Selective:
        f.hardware = f.model + attentionForward;
        break;
    case Recompute::Full:
        f.hardware = f.model + 2 * (p.matmulActive - headMatmul) + attentionForward;
        break;
    }
    return f;
}

}  // namespace clusterplan
