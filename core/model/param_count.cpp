#include "model/param_count.h"

#include "util/as_double.h"

namespace clusterplan {

namespace {

// Attention projections. Standard/GQA: W_q h·a·d_h, W_k and W_v h·g·d_h, W_o a·d_h·h.
// MLA (DeepSeek-V2 arXiv:2405.04434 §2.1; domain.md §1): low-rank q and kv paths with their norms.
void countAttention(const ModelSpec& m, LayerParams& p) {
    const double h = d(m.hidden), a = d(m.heads);
    if (m.mla) {
        const auto& x = *m.mla;
        const double dQk = d(x.qkNopeHeadDim + x.qkRopeHeadDim);
        const double q = x.qLoraRank > 0 ? h * d(x.qLoraRank) + d(x.qLoraRank) * a * dQk : h * a * dQk;
        p.attention = q + h * d(x.kvLoraRank + x.qkRopeHeadDim) +
                      d(x.kvLoraRank) * a * d(x.qkNopeHeadDim + x.vHeadDim) + a * d(x.vHeadDim) * h;
        p.norms += d(x.qLoraRank) + d(x.kvLoraRank);  // q_a_layernorm, kv_a_layernorm (RMSNorm)
        return;
    }
    const double qDim = a * d(m.headDim);
    const double kvDim = d(m.kvHeads) * d(m.headDim);
    p.attention = h * qDim + 2 * h * kvDim + qDim * h;
    if (m.bias != BiasKind::None)
        p.attentionBias = qDim + 2 * kvDim + (m.bias == BiasKind::All ? h : 0);
    if (m.qkNorm)
        p.norms += 2 * d(m.headDim);  // Qwen3 q_norm and k_norm over head_dim
}

// Dense MLP: GeLU 2·h·f (+ f + h biases), gated SwiGLU 3·h·f (+ 2f + h biases).
void countMlp(const ModelSpec& m, double ffn, LayerParams& p) {
    const double h = d(m.hidden);
    const bool gated = m.mlp == MlpKind::SwiGlu;
    p.mlp += (gated ? 3 : 2) * h * ffn;
    if (m.bias == BiasKind::All)
        p.mlpBias += (gated ? 2 * ffn : ffn) + h;
}

double normParams(const ModelSpec& m) {
    return m.norm == NormKind::LayerNorm ? 2 * d(m.hidden) : d(m.hidden);
}

LayerParams layer(const ModelSpec& m, bool moe) {
    LayerParams p;
    countAttention(m, p);
    p.norms += 2 * normParams(m);
    if (!moe) {
        countMlp(m, d(m.ffnHidden), p);
        return p;
    }
    const auto& e = *m.moe;
    countMlp(m, d(e.sharedExperts * e.sharedExpertFfnHidden), p);  // shared experts act as one MLP
    p.routedExperts = d(e.experts) * expertParams(m);
    p.router = d(m.hidden) * d(e.experts) + (e.routerBias ? d(e.experts) : 0);
    return p;
}

}  // namespace

double expertParams(const ModelSpec& m) {
    if (!m.moe)
        return 0;
    const double gated = m.mlp == MlpKind::SwiGlu ? 3 : 2;
    return gated * d(m.hidden) * d(m.moe->expertFfnHidden);
}

ParamCounts countParams(const ModelSpec& m) {
    ParamCounts c;
    c.denseLayer = layer(m, false);
    if (m.moe)
        c.moeLayer = layer(m, true);
    const double h = d(m.hidden);
    c.embedding = d(m.vocab) * h;
    c.outputHead = m.tiedEmbeddings ? 0 : d(m.vocab) * h;
    c.positions = d(m.learnedPositions) * h;
    c.finalNorm = normParams(m);

    const double dense = d(m.denseLayers());
    const double moe = d(m.moeLayers());
    const double outside = c.embedding + c.outputHead + c.positions + c.finalNorm;
    c.total = dense * c.denseLayer.total() + moe * c.moeLayer.total() + outside;

    // Active per token: top-k routed experts instead of all of them (domain.md §1, MoE).
    const double activeExperts = m.moe ? d(m.moe->topK) * expertParams(m) : 0;
    const double moeActive = c.moeLayer.total() - c.moeLayer.routedExperts + activeExperts;
    c.active = dense * c.denseLayer.total() + moe * moeActive + outside;

    // P_mm (domain.md §2): matmul weights of the layers plus the output head (tied or not); the
    // embedding lookup, norms, biases and positions are not matmuls. The router is a matmul.
    const auto matmul = [](const LayerParams& p) { return p.attention + p.mlp + p.router; };
    const double routerBias = m.moe && m.moe->routerBias ? d(m.moe->experts) : 0;
    c.matmulActive = dense * matmul(c.denseLayer) + moe * (matmul(c.moeLayer) - routerBias + activeExperts) +
                     d(m.vocab) * h;
    return c;
}

}  // namespace clusterplan
