#include "memory/memory_model.h"

#include <algorithm>

#include "memory/activation_model.h"
#include "model/param_count.h"
#include "util/units.h"

namespace clusterplan {

namespace {

double d(std::int64_t v) {
    return static_cast<double>(v);
}
using units::kGiB;
using units::kMiB;

// Parameters one GPU of `stage` holds, split by how ZeRO shards them: dense ones over the data-
// parallel group (dp·cp, Megatron's distributed optimizer), routed experts over the expert-data-
// parallel group. Matmul weights are divided by TP; norms and the router are replicated (domain.md §3).
struct StageParams {
    double dense = 0;
    double experts = 0;
    double largestLayer = 0;  // unsharded parameters of the largest layer on this GPU (ZeRO-3 gather)
    std::int64_t layers = 0;
    std::int64_t moeLayers = 0;
};

StageParams stageParams(const ModelSpec& m, const ParamCounts& c, const Layout& l, std::int64_t stage) {
    const double tp = d(l.tp);
    const auto shardedByTp = [&](const LayerParams& p) {
        return (p.attention + p.attentionBias + p.mlp + p.mlpBias) / tp + p.router + p.norms;
    };
    StageParams s;
    const StageLayers layers = stageLayers(m, l, stage);
    s.layers = layers.count;
    s.moeLayers = layers.moe;
    const double dense = d(layers.count - layers.moe);
    const double moe = d(layers.moe);
    const double experts = c.moeLayer.routedExperts / (d(l.ep) * tp);
    s.dense = dense * shardedByTp(c.denseLayer) + moe * shardedByTp(c.moeLayer);
    s.experts = moe * experts;
    if (dense > 0)
        s.largestLayer = shardedByTp(c.denseLayer);
    if (moe > 0)
        s.largestLayer = std::max(s.largestLayer, shardedByTp(c.moeLayer) + experts);
    if (stage == 0)
        s.dense += c.embedding / tp + c.positions;
    if (stage == l.pp - 1) {
        s.dense += c.finalNorm;
        // Untied: the output head. Tied with PP > 1: the last stage keeps its own copy of the
        // embedding matrix for the head (Megatron-LM; domain.md §1).
        if (!m.tiedEmbeddings || l.pp > 1)
            s.dense += c.embedding / tp;
    }
    return s;
}

struct BytesPerParam {
    double weights, gradients, optimizer;
};

// Mixed precision keeps an fp32 master copy in the optimizer (ZeRO §3: K = 12 for Adam);
// fp32 training updates the weights in place, so only the moments remain.
BytesPerParam bytesPerParam(const TrainingSpec& t) {
    const bool fp32 = t.precision == Precision::Fp32;
    const double w = weightBytes(t.precision);
    const double g = (t.gradDtype == GradDtype::Fp32 || fp32) ? 4.0 : w;
    const double master = fp32 ? 0.0 : 4.0;
    double moments = 0;
    switch (t.optimizer) {
    case Optimizer::AdamW:
        moments = 8;
        break;  // fp32 m and v
    case Optimizer::Adam8bit:
        moments = 2;
        break;  // 8-bit m and v (Dettmers et al. 2021, arXiv:2110.02861)
    case Optimizer::Sgd:
        moments = 4;
        break;  // fp32 momentum
    }
    return {w, g, master + moments};
}

// Micro-batches whose activations stage `stage` holds at its peak, in units of "all this stage's
// layers for one micro-batch". 1F1B: min(p − i, m) (Narayanan et al. 2021 §2.2). Interleaved
// with v chunks: Megatron's warm-up of (p − i − 1)·2 + (v − 1)·p chunks plus one, each L/(p·v)
// layers; for i = 0 that is L·(1 + (p − 1)/(p·v)) (Korthikanti et al. 2022 §4.2.3).
double inFlight(const Layout& l, std::int64_t stage) {
    if (l.pp == 1)
        return 1;
    if (l.gpipe)
        return d(l.microBatches);
    if (l.vpp == 1)
        return d(std::min(l.pp - stage, l.microBatches));
    const std::int64_t chunks =
        std::min((l.pp - stage - 1) * 2 + (l.vpp - 1) * l.pp + 1, l.microBatches * l.vpp);
    return d(chunks) / d(l.vpp);
}

double commGroups(const Layout& l) {
    double groups = 0;
    for (const std::int64_t degree : {l.tp, l.pp, l.dp, l.cp, l.ep})
        groups += degree > 1 ? 1 : 0;
    return groups;
}

}  // namespace

MemoryBreakdown stageMemory(const MemoryInputs& in, std::int64_t stage) {
    return stageMemory(in, countParams(in.model), stage);
}

MemoryBreakdown stageMemory(const MemoryInputs& in, const ParamCounts& counts, std::int64_t stage) {
    const ModelSpec& m = in.model;
    const Layout& l = in.layout;
    const StageParams p = stageParams(m, counts, l, stage);
    const BytesPerParam b = bytesPerParam(in.training);
    const double shard = d(l.dp * l.cp);
    const double expertShard = d(l.expertDp());

    MemoryBreakdown out;
    out.stage = stage;
    out.params = p.dense + p.experts;
    out.capacity = in.capacityBytes;
    // ZeRO stages (Rajbhandari et al. 2020 §5.1): 1 shards optimizer states, 2 also gradients,
    // 3 also parameters, each over the data-parallel group.
    const auto sharded = [&](double perParam, int fromStage) {
        const bool on = l.zeroStage >= fromStage;
        return perParam * (p.dense / (on ? shard : 1.0) + p.experts / (on ? expertShard : 1.0));
    };
    out.weights = sharded(b.weights, 3);
    out.gradients = sharded(b.gradients, 2);
    out.optimizer = sharded(b.optimizer, 1);

    // Activations: in-flight micro-batches × this stage's layers, plus stage-specific tensors.
    const TrainingSpec& t = in.training;
    const double denseLayerBytes = layerActivationBytes(m, false, t, l);
    const double moeLayerBytes = m.moe ? layerActivationBytes(m, true, t, l) : 0;
    const double perMicroBatch = d(p.layers - p.moeLayers) * denseLayerBytes + d(p.moeLayers) * moeLayerBytes;
    out.inFlightMicroBatches = inFlight(l, stage);
    out.activations = out.inFlightMicroBatches * perMicroBatch;
    if (l.recompute == Recompute::Full)
        out.activations += std::max(recomputeWorkingSetBytes(m, false, t, l),
                                    m.moe ? recomputeWorkingSetBytes(m, true, t, l) : 0.0);
    const double tokens = d(t.seqLen) / d(l.cp) * d(l.microBatch);
    if (stage == 0 && m.dropout)  // embedding dropout mask, 1 byte (Korthikanti §4.3)
        out.activations +=
            out.inFlightMicroBatches * tokens * d(m.hidden) / (l.sequenceParallel ? d(l.tp) : 1.0);
    if (stage == l.pp - 1) {
        out.logits = in.overheads.logitsBytes * tokens * d(m.vocab) / d(l.tp);
        out.activations += out.logits;
    }

    const MemoryOverheads& o = in.overheads;
    out.other.cudaContext = o.cudaContextGib * kGiB;
    out.other.commBuffers = commGroups(l) * o.commBufferMibPerGroup * kMiB;
    out.other.workspace = o.workspaceMib * kMiB;
    // ZeRO-3 / FSDP gathers a layer's full parameters before use and prefetches the next one
    // (nothing to gather when the data-parallel group is a single GPU).
    out.other.paramGather = l.zeroStage == 3 && shard > 1 ? 2 * p.largestLayer * b.weights : 0;
    out.other.fragmentation = o.fragmentationPct / 100.0 * (out.activations + out.other.paramGather);
    return out;
}

MemoryBreakdown peakMemory(const MemoryInputs& in) {
    // In a dense model every stage i > 0 holds no more layers and no more in-flight micro-batches
    // than stage 0 (both fall with i), so only the first and the last stage (LM head, logits) can
    // be the peak. Leading dense layers of an MoE model break that: check every stage.
    const ParamCounts counts = countParams(in.model);
    MemoryBreakdown best = stageMemory(in, counts, 0);
    const std::int64_t pp = in.layout.pp;
    for (std::int64_t stage = in.model.moe ? 1 : pp - 1; stage < pp; ++stage) {
        if (stage == 0)
            continue;
        MemoryBreakdown candidate = stageMemory(in, counts, stage);
        if (candidate.total() > best.total())
            best = candidate;
    }
    return best;
}

std::int64_t largestFittingMicroBatch(const MemoryInputs& in, std::int64_t limit) {
    // Peak memory grows with the micro-batch b: activations scale with b·min(p, m) = min(p·b, B/dp).
    const auto fitsWith = [&](std::int64_t b) {
        Layout l = in.layout;
        l.microBatch = b;
        l.microBatches = std::max<std::int64_t>(1, in.training.globalBatch / (l.dp * b));
        return peakMemory(MemoryInputs{in.model, in.training, l, in.overheads, in.capacityBytes}).fits();
    };
    if (!fitsWith(1))
        return 0;
    std::int64_t lo = 1, hi = limit;
    while (lo < hi) {
        const std::int64_t mid = lo + (hi - lo + 1) / 2;
        if (fitsWith(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

}  // namespace clusterplan
