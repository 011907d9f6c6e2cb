#include "parallel/layout.h"

#include <algorithm>
#include <string>

namespace clusterplan {

namespace {

std::string s(std::int64_t v) {
    return std::to_string(v);
}

std::optional<Error> checkRange(const char* key, std::int64_t v, std::int64_t min, std::int64_t max) {
    if (v < min || v > max)
        return Error{std::string("layout.") + key,
                     "is " + s(v) + ", allowed range " + s(min) + " to " + s(max)};
    return std::nullopt;
}

// Uneven stages (Megatron-Core TransformerConfig checks): the fixed first/last stages leave the
// middle stages at least one layer each and an even share; with interleaving every stage's layer
// slots (embedding and loss included when counted as layers) split into vpp equal chunks.
std::optional<Error> checkPipelineSplit(const Layout& l, const ModelSpec& m) {
    const PipelineSplit& sp = l.split;
    const bool uneven = sp.firstStageLayers > 0 || sp.lastStageLayers > 0;
    if (uneven && l.pp < 2)
        return Error{"layout.first_stage_layers", "needs pp > 1 (pipeline stages to split)"};
    const std::int64_t fixed = sp.firstStageLayers + sp.lastStageLayers;
    const std::int64_t middle = l.pp - (sp.firstStageLayers > 0 ? 1 : 0) - (sp.lastStageLayers > 0 ? 1 : 0);
    if (uneven &&
        (fixed > m.layers || (middle == 0 && fixed != m.layers) || (middle > 0 && m.layers - fixed < middle)))
        return Error{"layout.first_stage_layers",
                     "first (" + s(sp.firstStageLayers) + ") and last (" + s(sp.lastStageLayers) +
                         ") stage layers leave " + s(m.layers - fixed) + " of " + s(m.layers) +
                         " layers for " + s(middle) +
                         " middle stages (need at least one each, and all layers placed)"};
    for (std::int64_t stage = 0; stage < l.pp && l.pp > 1; ++stage) {
        if (layersOnStage(m.layers, l.pp, stage, sp) < 1)
            return Error{"layout.pp", "is " + s(l.pp) + ": stage " + s(stage) +
                                          " would hold no transformer layer (allowed: pp up to the layers)"};
        if (l.vpp == 1)
            continue;
        const std::int64_t slots = layersOnStage(m.layers, l.pp, stage, sp) +
                                   (stage == 0 && sp.embeddingAsLayer ? 1 : 0) +
                                   (stage == l.pp - 1 && sp.lossAsLayer ? 1 : 0);
        if (slots % l.vpp != 0 || slots / l.vpp < 1)
            return Error{
                "layout.vpp",
                "is " + s(l.vpp) +
                    ": interleaving needs every stage's layers in vpp equal chunks, but stage " + s(stage) +
                    " holds " + s(slots) +
                    " (embedding and loss included when counted as layers); set first_stage_layers / "
                    "last_stage_layers or embedding_as_layer / loss_as_layer so that each stage's count "
                    "divides by vpp"};
    }
    return std::nullopt;
}

// Divisibility rules of Megatron-LM (arguments.py / parallel_state.py) and DeepSpeed.
std::optional<Error> checkModelSplit(const Layout& l, const ModelSpec& m, const TrainingSpec& t) {
    if (m.heads % l.tp != 0)
        return Error{"layout.tp", "is " + s(l.tp) + ", must divide the attention heads (" + s(m.heads) + ")"};
    if (!m.mla && m.kvHeads % l.tp != 0 && l.tp % m.kvHeads != 0)
        return Error{"layout.tp", "is " + s(l.tp) + ", must divide the KV heads (" + s(m.kvHeads) +
                                      ") or be a multiple of them (KV heads replicated)"};
    if (l.pp > m.layers)
        return Error{"layout.pp",
                     "is " + s(l.pp) + ", allowed range 1 to " + s(m.layers) + " (one layer per stage)"};
    if (auto e = checkPipelineSplit(l, m))
        return e;
    if (l.vpp > 1 && l.pp == 1)
        return Error{"layout.vpp", "is " + s(l.vpp) + ": interleaving needs pp > 1"};
    if (l.vpp > 1 && l.microBatches % l.pp != 0)
        return Error{"layout.vpp", "interleaved 1F1B needs the micro-batch count (" + s(l.microBatches) +
                                       ") to be a multiple of pp (" + s(l.pp) + "), as Megatron-LM requires"};
    if (t.seqLen % l.cp != 0)
        return Error{"layout.cp",
                     "is " + s(l.cp) + ", must divide the sequence length (" + s(t.seqLen) + ")"};
    if (l.ep > 1 && !m.moe)
        return Error{"layout.ep", "is " + s(l.ep) + ", but the model has no experts (allowed: 1)"};
    if (m.moe && m.moe->experts % l.ep != 0)
        return Error{"layout.ep", "is " + s(l.ep) + ", must divide the experts (" + s(m.moe->experts) + ")"};
    if ((l.dp * l.cp) % l.ep != 0)
        return Error{"layout.ep", "is " + s(l.ep) + ", must divide dp·cp (" + s(l.dp * l.cp) +
                                      "): experts are spread over data-parallel ranks"};
    return std::nullopt;
}

}  // namespace

StageLayers stageLayers(const ModelSpec& m, const Layout& l, std::int64_t stage) {
    std::int64_t first = 0;
    for (std::int64_t s = 0; s < stage; ++s)
        first += layersOnStage(m.layers, l.pp, s, l.split);
    return stageLayersAt(m, l, stage, first);
}

StageLayers stageLayersAt(const ModelSpec& m, const Layout& l, std::int64_t stage, std::int64_t first) {
    StageLayers out;
    out.first = first;
    out.count = layersOnStage(m.layers, l.pp, stage, l.split);
    if (m.moe) {
        const std::int64_t start = std::max(out.first, m.moe->denseLayers);
        out.moe = std::max<std::int64_t>(0, out.first + out.count - start);
    }
    return out;
}

std::int64_t layersOnStage(std::int64_t layers, std::int64_t pp, std::int64_t stage,
                           const PipelineSplit& split) {
    if (pp == 1)
        return layers;
    const bool first = stage == 0, last = stage == pp - 1;
    if (first && split.firstStageLayers > 0)
        return split.firstStageLayers;
    if (last && split.lastStageLayers > 0)
        return split.lastStageLayers;
    // The remaining layer slots, embedding and loss counted as one layer each when asked, spread
    // evenly over the stages not fixed by first/last (Megatron-Core get_num_layers_to_build).
    const std::int64_t fixedFirst = split.firstStageLayers > 0 ? 1 : 0;
    const std::int64_t fixedLast = split.lastStageLayers > 0 ? 1 : 0;
    const std::int64_t slots = layers - split.firstStageLayers - split.lastStageLayers +
                               (split.embeddingAsLayer && !fixedFirst ? 1 : 0) +
                               (split.lossAsLayer && !fixedLast ? 1 : 0);
    const std::int64_t stages = pp - fixedFirst - fixedLast;
    const std::int64_t index = stage - fixedFirst;
    const std::int64_t share = slots / stages + (index < slots % stages ? 1 : 0);
    return share - (first && split.embeddingAsLayer ? 1 : 0) - (last && split.lossAsLayer ? 1 : 0);
}

Result<Layout> resolveLayout(const LayoutSpec& spec, const ModelSpec& model, const TrainingSpec& training,
                             std::int64_t gpus) {
    constexpr std::int64_t kMaxDegree = 1'000'000;
    for (const auto& e : {checkRange("tp", spec.tp, 1, kMaxDegree), checkRange("pp", spec.pp, 1, kMaxDegree),
                          checkRange("dp", spec.dp, 0, kMaxDegree), checkRange("cp", spec.cp, 1, kMaxDegree),
                          checkRange("ep", spec.ep, 1, kMaxDegree), checkRange("vpp", spec.vpp, 1, 1024),
                          checkRange("micro_batch", spec.microBatch, 1, kMaxDegree),
                          checkRange("zero_stage", spec.zeroStage, 0, 3)})
        if (e)
            return *e;

    Layout l;
    l.tp = spec.tp;
    l.pp = spec.pp;
    l.cp = spec.cp;
    l.ep = spec.ep;
    l.vpp = spec.vpp;
    l.microBatch = spec.microBatch;
    l.zeroStage = spec.zeroStage;
    l.recompute = spec.recompute;
    l.sequenceParallel = spec.sequenceParallel && spec.tp > 1;
    l.split = spec.split;
    l.offload = spec.offload.value_or(Offload::None);
    // DeepSpeed config docs ("ZeRO optimizations"): offload_optimizer is valid for ZeRO stages
    // 1-3, offload_param only with stage 3.
    if (l.offload == Offload::Optimizer && l.zeroStage < 1)
        return Error{"layout.offload", "'optimizer' needs zero_stage 1, 2 or 3 (DeepSpeed ZeRO-Offload)"};
    if (l.offload == Offload::OptimizerAndParams && l.zeroStage < 3)
        return Error{"layout.offload", "'optimizer_and_params' needs zero_stage 3 (DeepSpeed ZeRO-Infinity)"};

    const std::int64_t modelParallel = l.tp * l.pp * l.cp;
    if (spec.dp == 0) {
        if (gpus % modelParallel != 0)
            return Error{"layout.tp", "tp·pp·cp = " + s(modelParallel) + " does not divide the " + s(gpus) +
                                          " GPUs of the cluster"};
        l.dp = gpus / modelParallel;
    } else {
        l.dp = spec.dp;
        if (l.dp * modelParallel != gpus)
            return Error{"layout.dp", "tp·pp·dp·cp = " + s(l.dp * modelParallel) + " but the cluster has " +
                                          s(gpus) + " GPUs (set dp to 0 for 'the rest')"};
    }
    const std::int64_t perStep = l.dp * l.microBatch;
    if (training.globalBatch % perStep != 0) {
        // The nearest batches that work with this layout: the multiples either side.
        const std::int64_t below = training.globalBatch / perStep * perStep;
        return Error{"training.global_batch",
                     "is " + s(training.globalBatch) + ", must be a multiple of dp·micro_batch (" + s(l.dp) +
                         "·" + s(l.microBatch) + " = " + s(perStep) + "); nearest that work: " +
                         (below > 0 ? s(below) + " or " : std::string()) + s(below + perStep)};
    }
    l.microBatches = training.globalBatch / perStep;
    if (auto e = checkModelSplit(l, model, training))
        return *e;
    return l;
}

}  // namespace clusterplan
