#include "core/memory/activation_model.h"

#include <algorithm>
#include <stdexcept>

#include "core/parallel/query_groups.h"
#include "core/util/as_double.h"

namespace clusterplan {

void StoredTensors::add(const StoredTensor& tensor) {
    if (m_count == kCapacity)
        throw std::logic_error("StoredTensors: more than kCapacity tensors in one layer");
    m_items[m_count++] = tensor;
}

namespace {

void add(StoredTensors& list, std::string_view name, double bytes, bool tpSharded, bool quadratic = false,
         std::string_view block = {}) {
    if (bytes > 0)
        list.add({block, name, bytes, tpSharded, quadratic});
}

// Attention block. Korthikanti et al. 2022 §4.1: QKV input 2sbh, Q and K 4sbh, V 2sbh, scores
// 2as²b, softmax dropout mask as²b, dropout output 2as²b, output-projection input 2sbh, residual
// dropout mask sbh. FlashAttention (Dao et al. 2022) stores only fp32 row statistics (4·a per
// token) instead of the s² terms.
// DeepSeek-V3's memory measures (arXiv:2412.19437 §3.3.x, MoeOptions): with the norms and MLA's
// up-projections recomputed, a norm's output and the per-head Q, K, V are rebuilt in the backward
// from the norm input and the latents; with FP8 activation storage the output projection's input
// is cached in E5M6 (12 bits) and the SwiGLU's input in FP8, its output recomputed.
// With TP above the KV heads (query_groups.h) each rank keeps one whole K and V head: counted as
// a TP-sharded tensor, that is TP heads' worth before the division by TP.
void attentionTensors(const ModelSpec& m, const TrainingSpec& t, const MoeOptions& o, double e,
                      std::int64_t tp, StoredTensors& out) {
    const double h = asDouble(m.hidden), a = asDouble(m.heads);
    const bool keepNorm = !o.recomputeNormUpProj;
    constexpr double kE5m6Bytes = 1.5;
    const double projectionInput = o.fp8Activations ? std::min(e, kE5m6Bytes) : e;
    add(out, "norm-1 input (residual stream)", e * h, false);
    if (m.mla) {
        // MLA (DeepSeek-V2 §2.1): latent projections are not split by TP; per-head tensors are.
        const auto& x = *m.mla;
        const double dQk = asDouble(x.qkNopeHeadDim + x.qkRopeHeadDim);
        if (keepNorm)
            add(out, "attention input (norm-1 output)", e * h, false);
        add(out, "q latent", e * asDouble(x.qLoraRank), false);
        add(out, "kv latent + rope key", e * asDouble(x.kvLoraRank + x.qkRopeHeadDim), false);
        if (keepNorm)
            add(out, "Q, K, V per head", e * a * (2 * dQk + asDouble(x.vHeadDim)), true);
        add(out, "attention output (output-projection input)", projectionInput * a * asDouble(x.vHeadDim),
            true);
    } else {
        const double q = a * asDouble(m.headDim);
        const double kv = asDouble(kvHeadsSubSharded(m, tp) ? tp : m.kvHeads) * asDouble(m.headDim);
        if (keepNorm)
            add(out, "QKV GEMM input (norm-1 output)", e * h, false);
        add(out, "Q, K, V", e * (q + 2 * kv), true);
        add(out, "attention output (output-projection input)", projectionInput * q, true);
    }
    if (t.flashAttention) {
        add(out, "FlashAttention softmax statistics (fp32)", 4 * a, true);
    } else {
        // Per token and per key position: softmax output, and with dropout its mask and output.
        add(out, "attention softmax output", e * a, true, true);
        if (m.dropout) {
            add(out, "attention-probability dropout mask", 1 * a, true, true);
            add(out, "attention-probability dropout output", e * a, true, true);
        }
    }
    if (m.dropout)
        add(out, "attention residual dropout mask", 1 * h, false);
}

// One (gated or plain) MLP of width `ffn`, applied `copies` times per token (top-k experts);
// `fp8`: the SwiGLU input cached in FP8 and its output recomputed (DeepSeek-V3's routed experts).
void mlpTensors(const ModelSpec& m, double ffn, double copies, std::string_view block, double e,
                StoredTensors& out, bool fp8 = false) {
    if (ffn <= 0 || copies <= 0)
        return;
    if (m.mlp == MlpKind::SwiGlu) {
        add(out, "gate and up outputs", copies * 2 * (fp8 ? std::min(e, 1.0) : e) * ffn, true, false, block);
        if (!fp8)
            add(out, "SiLU(gate)·up (down-projection input)", copies * e * ffn, true, false, block);
    } else {
        add(out, "GeLU input", copies * e * ffn, true, false, block);
        add(out, "second GEMM input", copies * e * ffn, true, false, block);
    }
}

}  // namespace

StoredTensors storedTensors(const ModelSpec& m, bool moeLayer, const TrainingSpec& t, const MoeOptions& o,
                            std::int64_t tp) {
    const double e = activationBytes(t.precision);
    const double h = asDouble(m.hidden);
    StoredTensors out;
    attentionTensors(m, t, o, e, tp, out);
    add(out, "norm-2 input", e * h, false);
    if (!o.recomputeNormUpProj)
        add(out, "MLP input (norm-2 output)", e * h, false);
    if (moeLayer && m.moe) {
        const auto& x = *m.moe;
        add(out, "router probabilities (fp32)", 4 * asDouble(x.experts), false);
        // Each token is dispatched to k experts: k permuted copies of the hidden state (in FP8
        // where the dispatch itself is FP8, DeepSeek-V3 §3.3.x).
        add(out, "expert inputs (k dispatched copies)",
            asDouble(x.topK) * (o.fp8Activations ? std::min(e, 1.0) : e) * h, false);
        mlpTensors(m, asDouble(x.expertFfnHidden), asDouble(x.topK), "routed-expert", e, out,
                   o.fp8Activations);
        mlpTensors(m, asDouble(x.sharedExpertFfnHidden), asDouble(x.sharedExperts), "shared-expert", e, out);
    } else {
        mlpTensors(m, asDouble(m.ffnHidden), 1, "MLP", e, out);
    }
    if (m.dropout)
        add(out, "MLP residual dropout mask", 1 * h, false);
    return out;
}

namespace {

// Bytes of the full stored list for one micro-batch on one GPU.
double workingSet(const StoredTensors& tensors, const TrainingSpec& t, const Layout& l, bool dropQuadratic) {
    const double tokens = asDouble(t.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    const double tp = asDouble(l.tp);
    double bytes = 0;
    for (const auto& x : tensors) {
        if (x.quadratic && dropQuadratic)
            continue;
        double b = x.bytesPerToken * tokens * (x.quadratic ? asDouble(t.seqLen) : 1.0);
        if (x.tpSharded || l.sequenceParallel)
            b /= tp;
        bytes += b;
    }
    return bytes;
}

}  // namespace

double layerActivationBytes(const ModelSpec& m, bool moeLayer, const TrainingSpec& t, const Layout& l) {
    switch (l.recompute) {
    case Recompute::Full: {
        // Only the layer input is kept (Korthikanti Table 2: 2sbh, /t with SP).
        const double tokens = asDouble(t.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
        const double input = activationBytes(t.precision) * asDouble(m.hidden) * tokens;
        return l.sequenceParallel ? input / asDouble(l.tp) : input;
    }
    case Recompute::Selective:
        return workingSet(storedTensors(m, moeLayer, t, l.moe, l.tp), t, l, true);
    case Recompute::None:
        break;
    }
    return workingSet(storedTensors(m, moeLayer, t, l.moe, l.tp), t, l, false);
}

double recomputeWorkingSetBytes(const ModelSpec& m, bool moeLayer, const TrainingSpec& t, const Layout& l) {
    if (l.recompute != Recompute::Full)
        return 0;
    return workingSet(storedTensors(m, moeLayer, t, l.moe, l.tp), t, l, false);
}

}  // namespace clusterplan
