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
    if (l.vpp > 1 && m.layers % (l.pp * l.vpp) != 0)
        return Error{"layout.vpp", "is " + s(l.vpp) + ": interleaving needs layers (" + s(m.layers) +
                                       ") divisible by pp·vpp (" + s(l.pp * l.vpp) + ")"};
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

StageLayers stageLayers(const ModelSpec& m, std::int64_t pp, std::int64_t stage) {
    StageLayers out;
    out.first = stage * (m.layers / pp) + std::min(stage, m.layers % pp);
    out.count = layersOnStage(m.layers, pp, stage);
    if (m.moe) {
        const std::int64_t start = std::max(out.first, m.moe->denseLayers);
        out.moe = std::max<std::int64_t>(0, out.first + out.count - start);
    }
    return out;
}

std::int64_t layersOnStage(std::int64_t layers, std::int64_t pp, std::int64_t stage) {
    return layers / pp + (stage < layers % pp ? 1 : 0);
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
    if (training.globalBatch % perStep != 0)
        return Error{"training.global_batch", "is " + s(training.globalBatch) +
                                                  ", must be a multiple of dp·micro_batch (" + s(l.dp) + "·" +
                                                  s(l.microBatch) + " = " + s(perStep) + ")"};
    l.microBatches = training.globalBatch / perStep;
    if (auto e = checkModelSplit(l, model, training))
        return *e;
    return l;
}

}  // namespace clusterplan
