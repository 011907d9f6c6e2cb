#include "core/model/trainable_params.h"

#include <algorithm>

#include "core/model/lora.h"
#include "core/util/as_double.h"

namespace clusterplan {

namespace {

ParamGroup baseGroup(const LayerParams& p) {
    return {p.attention + p.attentionBias + p.mlp + p.mlpBias, p.router + p.norms, p.routedExperts};
}

}  // namespace

LayerStorage layerStorage(const ModelSpec& m, const ParamCounts& c, const TrainingSpec& t, bool moeLayer,
                          bool noGrad) {
    const LayerParams& p = moeLayer ? c.moeLayer : c.denseLayer;
    LayerStorage out;
    switch (t.method) {
    case TrainingMethod::Full:
        (noGrad ? out.frozen : out.trainable) = baseGroup(p);
        return out;
    case TrainingMethod::Lora:
        out.frozen = baseGroup(p);
        break;
    case TrainingMethod::Qlora:
        out.quantized = {p.attention + p.mlp, p.router, p.routedExperts};
        out.frozen = {p.attentionBias + p.mlpBias, p.norms, 0};
        break;
    }
    const double routed = loraRoutedExpertParams(m, moeLayer, t.lora);
    out.trainable = {loraLayerParams(m, moeLayer, t.lora) - routed, 0, routed};
    return out;
}

bool embeddingTrains(const TrainingSpec& t) {
    if (t.method == TrainingMethod::Full)
        return t.frozenLayers == 0;
    return t.lora.trainableEmbeddings;
}

bool headTrains(const ModelSpec& m, const TrainingSpec& t) {
    // A tied head is the embedding matrix itself: it trains when the embedding does.
    if (m.tiedEmbeddings)
        return embeddingTrains(t);
    return t.method == TrainingMethod::Full || t.lora.trainableEmbeddings;
}

bool baseWeightsTrain(const TrainingSpec& t) {
    return t.method == TrainingMethod::Full;
}

StageLayers noGradLayersOnStage(const ModelSpec& m, const StageLayers& s, const TrainingSpec& t) {
    StageLayers out;
    out.first = s.first;
    if (t.method != TrainingMethod::Full || t.frozenLayers <= s.first)
        return out;
    const std::int64_t end = std::min(s.first + s.count, t.frozenLayers);
    out.count = end - s.first;
    if (m.moe)
        out.moe = std::max<std::int64_t>(0, end - std::max(s.first, m.moe->denseLayers));
    return out;
}

TrainableCounts countTrainable(const ModelSpec& m, const ParamCounts& c, const TrainingSpec& t) {
    TrainableCounts out;
    const auto add = [&](const LayerStorage& s, double n) {
        out.trainable += n * s.trainable.total();
        out.frozen += n * s.frozen.total();
        out.quantized += n * s.quantized.total();
    };
    const StageLayers all{0, m.layers, m.moeLayers()};
    const StageLayers noGrad = noGradLayersOnStage(m, all, t);
    add(layerStorage(m, c, t, false, false), asDouble(m.denseLayers() - (noGrad.count - noGrad.moe)));
    add(layerStorage(m, c, t, false, true), asDouble(noGrad.count - noGrad.moe));
    if (m.moe) {
        add(layerStorage(m, c, t, true, false), asDouble(m.moeLayers() - noGrad.moe));
        add(layerStorage(m, c, t, true, true), asDouble(noGrad.moe));
    }
    const auto put = [&](double params, bool trains) { (trains ? out.trainable : out.frozen) += params; };
    put(c.embedding + c.positions, embeddingTrains(t));
    put(c.outputHead, headTrains(m, t));
    put(c.finalNorm, t.method == TrainingMethod::Full);
    return out;
}

}  // namespace clusterplan
