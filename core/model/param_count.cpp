#include "core/model/param_count.h"

#include "core/util/as_double.h"

namespace clusterplan {

namespace {

// Attention projections. Standard/GQA: W_q h·a·d_h, W_k and W_v h·g·d_h, W_o a·d_h·h.
// MLA (DeepSeek-V2 arXiv:2405.04434 §2.1): low-rank q and kv paths with their norms.
void countAttention(const ModelSpec& m, LayerParams& p) {
    const double h = asDouble(m.hidden), a = asDouble(m.heads);
    if (m.mla) {
        const auto& x = *m.mla;
        const double dQk = asDouble(x.qkNopeHeadDim + x.qkRopeHeadDim);
        const double q =
            x.qLoraRank > 0 ? h * asDouble(x.qLoraRank) + asDouble(x.qLoraRank) * a * dQk : h * a * dQk;
        p.attention = q + h * asDouble(x.kvLoraRank + x.qkRopeHeadDim) +
                      asDouble(x.kvLoraRank) * a * asDouble(x.qkNopeHeadDim + x.vHeadDim) +
                      a * asDouble(x.vHeadDim) * h;
        p.norms += asDouble(x.qLoraRank) + asDouble(x.kvLoraRank);  // q_a_layernorm, kv_a_layernorm (RMSNorm)
        return;
    }
    const double qDim = a * asDouble(m.headDim);
    const double kvDim = asDouble(m.kvHeads) * asDouble(m.headDim);
    p.attention = h * qDim + 2 * h * kvDim + qDim * h;
    if (m.bias != BiasKind::None)
        p.attentionBias = qDim + 2 * kvDim + (m.bias == BiasKind::All ? h : 0);
    if (m.qkNorm)
        p.norms += 2 * asDouble(m.headDim);  // Qwen3 q_norm and k_norm over head_dim
}

// Dense MLP: GeLU 2·h·f (+ f + h biases), gated SwiGLU 3·h·f (+ 2f + h biases).
void countMlp(const ModelSpec& m, double ffn, LayerParams& p) {
    const double h = asDouble(m.hidden);
    const bool gated = m.mlp == MlpKind::SwiGlu;
    p.mlp += (gated ? 3 : 2) * h * ffn;
    if (m.bias == BiasKind::All)
        p.mlpBias += (gated ? 2 * ffn : ffn) + h;
}

double normParams(const ModelSpec& m) {
    return m.norm == NormKind::LayerNorm ? 2 * asDouble(m.hidden) : asDouble(m.hidden);
}

LayerParams layer(const ModelSpec& m, bool moe) {
    LayerParams p;
    countAttention(m, p);
    p.norms += 2 * normParams(m);
    if (!moe) {
        countMlp(m, asDouble(m.ffnHidden), p);
        return p;
    }
    const auto& e = *m.moe;
    countMlp(m, asDouble(e.sharedExperts * e.sharedExpertFfnHidden), p);  // shared experts act as one MLP
    p.routedExperts = asDouble(e.experts) * expertParams(m);
    p.router = asDouble(m.hidden) * asDouble(e.experts) + (e.routerBias ? asDouble(e.experts) : 0);
    return p;
}

}  // namespace

double expertParams(const ModelSpec& m) {
    if (!m.moe)
        return 0;
    const double gated = m.mlp == MlpKind::SwiGlu ? 3 : 2;
    return gated * asDouble(m.hidden) * asDouble(m.moe->expertFfnHidden);
}

ParamCounts countParams(const ModelSpec& m) {
    ParamCounts c;
    c.denseLayer = layer(m, false);
    if (m.moe)
        c.moeLayer = layer(m, true);
    const double h = asDouble(m.hidden);
    c.embedding = asDouble(m.vocab) * h;
    c.outputHead = m.tiedEmbeddings ? 0 : asDouble(m.vocab) * h;
    c.positions = asDouble(m.learnedPositions) * h;
    c.finalNorm = normParams(m);

    const double dense = asDouble(m.denseLayers());
    const double moe = asDouble(m.moeLayers());
    const double outside = c.embedding + c.outputHead + c.positions + c.finalNorm;
    c.total = dense * c.denseLayer.total() + moe * c.moeLayer.total() + outside;

    // Active per token: top-k routed experts instead of all of them, as Mixtral (arXiv:2401.04088)
    // and DeepSeek-V3 (arXiv:2412.19437) count their active parameters.
    const double activeExperts = m.moe ? asDouble(m.moe->topK) * expertParams(m) : 0;
    const double moeActive = c.moeLayer.total() - c.moeLayer.routedExperts + activeExperts;
    c.active = dense * c.denseLayer.total() + moe * moeActive + outside;

    // P_mm (the PaLM convention, arXiv:2204.02311 App. B; model/flops.h): matmul weights of the
    // layers plus the output head (tied or not); the embedding lookup, norms, biases and positions
    // are not matmuls. The router is a matmul.
    const auto matmul = [](const LayerParams& p) { return p.attention + p.mlp + p.router; };
    const double routerBias = m.moe && m.moe->routerBias ? asDouble(m.moe->experts) : 0;
    c.matmulActive = dense * matmul(c.denseLayer) + moe * (matmul(c.moeLayer) - routerBias + activeExperts) +
                     asDouble(m.vocab) * h;
    return c;
}

}  // namespace clusterplan
