#include "core/model/lora.h"

#include "core/util/as_double.h"

namespace clusterplan {

namespace {

void addAttention(const ModelSpec& m, std::vector<LinearMatrix>& out) {
    const double h = asDouble(m.hidden), a = asDouble(m.heads);
    if (m.mla) {
        const auto& x = *m.mla;
        const double dQk = asDouble(x.qkNopeHeadDim + x.qkRopeHeadDim);
        if (x.qLoraRank > 0) {
            out.push_back({kLoraQ, h, asDouble(x.qLoraRank)});
            out.push_back({kLoraQ, asDouble(x.qLoraRank), a * dQk});
        } else {
            out.push_back({kLoraQ, h, a * dQk});
        }
        out.push_back({kLoraK, h, asDouble(x.kvLoraRank + x.qkRopeHeadDim)});
        out.push_back({kLoraV, asDouble(x.kvLoraRank), a * asDouble(x.qkNopeHeadDim + x.vHeadDim)});
        out.push_back({kLoraO, a * asDouble(x.vHeadDim), h});
        return;
    }
    const double qDim = a * asDouble(m.headDim), kvDim = asDouble(m.kvHeads) * asDouble(m.headDim);
    out.push_back({kLoraQ, h, qDim});
    out.push_back({kLoraK, h, kvDim});
    out.push_back({kLoraV, h, kvDim});
    out.push_back({kLoraO, qDim, h});
}

void addMlp(const ModelSpec& m, double ffn, double copies, bool routed, std::vector<LinearMatrix>& out) {
    if (ffn <= 0 || copies <= 0)
        return;
    const double h = asDouble(m.hidden);
    if (m.mlp == MlpKind::SwiGlu)
        out.push_back({kLoraGate, h, ffn, copies, routed});
    out.push_back({kLoraUp, h, ffn, copies, routed});
    out.push_back({kLoraDown, ffn, h, copies, routed});
}

double adapterParams(const LinearMatrix& x, double rank) {
    return rank * (x.in + x.out) * x.copies;
}

}  // namespace

std::vector<LinearMatrix> layerLinears(const ModelSpec& m, bool moeLayer) {
    std::vector<LinearMatrix> out;
    addAttention(m, out);
    if (moeLayer && m.moe) {
        const auto& e = *m.moe;
        addMlp(m, asDouble(e.sharedExpertFfnHidden), asDouble(e.sharedExperts), false, out);
        addMlp(m, asDouble(e.expertFfnHidden), asDouble(e.experts), true, out);
    } else {
        addMlp(m, asDouble(m.ffnHidden), 1, false, out);
    }
    return out;
}

double loraLayerParams(const ModelSpec& m, bool moeLayer, const LoraSpec& lora) {
    double sum = 0;
    for (const LinearMatrix& x : layerLinears(m, moeLayer))
        if (lora.targets & x.target)
            sum += adapterParams(x, asDouble(lora.rank));
    return sum;
}

double loraRoutedExpertParams(const ModelSpec& m, bool moeLayer, const LoraSpec& lora) {
    double sum = 0;
    for (const LinearMatrix& x : layerLinears(m, moeLayer))
        if ((lora.targets & x.target) && x.routed)
            sum += adapterParams(x, asDouble(lora.rank));
    return sum;
}

double loraModelParams(const ModelSpec& m, const LoraSpec& lora) {
    return asDouble(m.denseLayers()) * loraLayerParams(m, false, lora) +
           asDouble(m.moeLayers()) * loraLayerParams(m, true, lora);
}

double loraActiveParams(const ModelSpec& m, const LoraSpec& lora) {
    if (!m.moe)
        return loraModelParams(m, lora);
    const double routed = loraRoutedExpertParams(m, true, lora);
    const double activeShare = asDouble(m.moe->topK) / asDouble(m.moe->experts);
    return asDouble(m.denseLayers()) * loraLayerParams(m, false, lora) +
           asDouble(m.moeLayers()) * (loraLayerParams(m, true, lora) - routed + routed * activeShare);
}

double loraActivationBytesPerToken(const ModelSpec& m, bool moeLayer, const LoraSpec& lora,
                                   double bytesPerElement) {
    double sum = 0;
    for (const LinearMatrix& x : layerLinears(m, moeLayer)) {
        if (!(lora.targets & x.target))
            continue;
        // A routed expert sees top_k of the tokens in total over its E copies.
        const double rowsPerToken = x.routed && m.moe ? asDouble(m.moe->topK) : x.copies;
        sum += asDouble(lora.rank) * bytesPerElement * rowsPerToken;
    }
    return sum;
}

double loraDropoutBytesPerToken(const ModelSpec& m, bool moeLayer, const LoraSpec& lora,
                                double bytesPerElement, std::int64_t tp, bool sequenceParallel) {
    if (lora.dropout <= 0)
        return 0;                     // nn.Identity: lora_A's input is the base layer's input, already saved
    constexpr double kMaskBytes = 1;  // torch.bool
    double sum = 0;
    for (const LinearMatrix& x : layerLinears(m, moeLayer)) {
        if (!(lora.targets & x.target))
            continue;
        const double rowsPerToken = x.routed && m.moe ? asDouble(m.moe->topK) : x.copies;
        const double split = !x.columnParallel() || sequenceParallel ? asDouble(tp) : 1.0;
        sum += x.in * (bytesPerElement + kMaskBytes) * rowsPerToken / split;
    }
    return sum;
}

}  // namespace clusterplan
