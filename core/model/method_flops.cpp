#include "core/model/method_flops.h"

#include "core/model/lora.h"
#include "core/model/param_count.h"
#include "core/model/trainable_params.h"
#include "core/util/as_double.h"

namespace clusterplan {

namespace {

// Matmul weights one token uses in a layer (P_mm per layer: top_k routed experts).
double layerMatmul(const ModelSpec& m, const LayerParams& p, bool moe) {
    const double experts = moe && m.moe ? asDouble(m.moe->topK) * expertParams(m) : 0;
    return p.attention + p.mlp + p.router + experts;
}

}  // namespace

FlopsPerToken trainingFlopsPerToken(const ModelSpec& m, const TrainingSpec& t, Recompute recompute) {
    const FlopsPerToken base = flopsPerToken(m, t.seqLen, recompute);
    if (t.method == TrainingMethod::Full && t.frozenLayers == 0)
        return base;
    const ParamCounts p = countParams(m);
    const double recomputeExtra = base.hardware - base.model;
    const double attentionPerLayer = base.attention / 3 / asDouble(m.layers);
    const double head = asDouble(m.vocab) * asDouble(m.hidden);
    FlopsPerToken f;
    if (t.method == TrainingMethod::Full) {
        // The first N layers run forward only: no input or weight gradients, no attention backward,
        // nothing to recompute.
        const StageLayers noGrad = noGradLayersOnStage(m, StageLayers{0, m.layers, m.moeLayers()}, t);
        const double frozenMatmul =
            asDouble(noGrad.count - noGrad.moe) * layerMatmul(m, p.denseLayer, false) +
            asDouble(noGrad.moe) * layerMatmul(m, p.moeLayer, true);
        const double frozen = asDouble(noGrad.count);
        f.model = base.model - 4 * frozenMatmul - 2 * attentionPerLayer * frozen;
        f.attention = base.attention - 2 * attentionPerLayer * frozen;
        f.hardware = f.model + recomputeExtra * (asDouble(m.layers) - frozen) / asDouble(m.layers);
        return f;
    }
    // LoRA / QLoRA: no weight gradients of the base matrices (the head's only if it trains).
    const double adapters = loraActiveParams(m, t.lora);
    f.attention = base.attention;
    f.model = base.model - 2 * p.matmulActive + (headTrains(m, t) ? 2 * head : 0) + 6 * adapters;
    f.hardware = f.model + recomputeExtra + (recompute == Recompute::Full ? 2 * adapters : 0);
    return f;
}

}  // namespace clusterplan
