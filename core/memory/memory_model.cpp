#include "core/memory/memory_model.h"

#include <algorithm>

#include "core/memory/activation_model.h"
#include "core/memory/offload.h"
#include "core/memory/quantized_weights.h"
#include "core/model/lora.h"
#include "core/model/param_count.h"
#include "core/model/trainable_params.h"
#include "core/parallel/pipeline_layout_string.h"
#include "core/util/as_double.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

using units::kGiB;
using units::kMiB;

// Parameters one GPU of `stage` holds, split by how they are stored (model/trainable_params.h) and
// by how ZeRO shards them: dense ones over the data-parallel group (dp·cp, Megatron's distributed
// optimizer), routed experts over the expert-data-parallel group. Matmul weights are divided by
// TP; norms and the router are replicated (Shoeybi et al. 2019, Megatron-LM, arXiv:1909.08053 §3).
struct Split {
    double dense = 0;
    double experts = 0;
    [[nodiscard]] double total() const { return dense + experts; }
    void add(const Split& o, double n) { dense += n * o.dense, experts += n * o.experts; }
};

struct StageParams {
    Split trainable;               // weights that train
    Split frozen;                  // frozen, training precision
    Split quantized;               // frozen, NF4 (QLoRA)
    double largestLayerBytes = 0;  // unsharded bytes of the largest layer on this GPU (ZeRO-3 gather)
    std::int64_t layers = 0;
    std::int64_t moeLayers = 0;
    StageLayers noGrad;  // layers run without gradients (frozen_layers): no stored activations
    [[nodiscard]] double total() const { return trainable.total() + frozen.total() + quantized.total(); }
};

StageParams stageParams(const ModelSpec& m, const ParamCounts& c, const TrainingSpec& t, const Layout& l,
                        std::int64_t stage, double weightBytes) {
    const double tp = asDouble(l.tp);
    const auto perGpu = [&](const ParamGroup& g) {
        // Routed experts split over EP, each expert's matrices over the expert TP ranks.
        return Split{g.tpSharded / tp + g.replicated, g.experts / asDouble(l.ep * l.etp())};
    };
    StageParams s;
    const StageLayers layers = stageLayers(m, l, stage);
    s.layers = layers.count;
    s.moeLayers = layers.moe;
    s.noGrad = noGradLayersOnStage(m, layers, t);
    const auto addLayers = [&](bool moe, bool noGrad, std::int64_t n) {
        if (n <= 0)
            return;
        const LayerStorage st = layerStorage(m, c, t, moe, noGrad);
        const Split trainable = perGpu(st.trainable), frozen = perGpu(st.frozen),
                    quantized = perGpu(st.quantized);
        s.trainable.add(trainable, asDouble(n));
        s.frozen.add(frozen, asDouble(n));
        s.quantized.add(quantized, asDouble(n));
        s.largestLayerBytes =
            std::max(s.largestLayerBytes, (trainable.total() + frozen.total()) * weightBytes +
                                              quantized.total() * nf4BytesPerParam());
    };
    const std::int64_t noGradDense = s.noGrad.count - s.noGrad.moe;
    addLayers(false, false, layers.count - layers.moe - noGradDense);
    addLayers(false, true, noGradDense);
    addLayers(true, false, layers.moe - s.noGrad.moe);
    addLayers(true, true, s.noGrad.moe);
    const auto put = [&](double params, bool trains) { (trains ? s.trainable : s.frozen).dense += params; };
    // MTP modules the layout string places on this rank (DeepSeek-V3 report, arXiv:2412.19437 §2.2):
    // one Transformer block each (an MoE layer where the model has MoE layers), its two RMSNorms and
    // the 2h-to-h projection; embedding and output head are the model's own (shared). Their layers
    // keep activations like the others (s.layers, s.moeLayers).
    // Without a layout string no rank holds MTP layers: no per-rank list (an allocation for each stage
    // of each of a search's ~10^4 layouts).
    if (const std::int64_t mtp = l.split.layout.empty()
                                     ? 0
                                     : mtpLayersByRank(l.split.layout, l.pp)[static_cast<std::size_t>(stage)];
        mtp > 0) {
        addLayers(m.moe.has_value(), false, mtp);
        put(asDouble(mtp) * (2 * asDouble(m.hidden) * asDouble(m.hidden) / tp + 2 * asDouble(m.hidden)),
            t.method == TrainingMethod::Full);
        s.layers += mtp;
        s.moeLayers += m.moe ? mtp : 0;
    }
    if (stage == 0)
        put(c.embedding / tp + c.positions, embeddingTrains(t));
    if (stage == l.pp - 1) {
        put(c.finalNorm, t.method == TrainingMethod::Full);
        // Untied: the output head. Tied with PP > 1: the last stage keeps its own copy of the
        // embedding matrix for the head (Megatron-LM, which keeps it in sync with the first stage's).
        if (!m.tiedEmbeddings || l.pp > 1)
            put(c.embedding / tp, headTrains(m, t));
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
// DualPipe (DeepSeek-V3 report, arXiv:2412.19437 §3.2.1, Table 2) holds PP + 1 micro-batches on
// every rank: each rank is a stage of both pipeline directions.
double inFlight(const Layout& l, std::int64_t stage) {
    if (l.pp == 1)
        return 1;
    if (l.gpipe)
        return asDouble(l.microBatches);
    if (l.moe.epOverlap == EpOverlap::DualPipe)
        return asDouble(std::min(l.pp + 1, l.microBatches));
    if (l.vpp == 1)
        return asDouble(std::min(l.pp - stage, l.microBatches));
    const std::int64_t chunks =
        std::min((l.pp - stage - 1) * 2 + (l.vpp - 1) * l.pp + 1, l.microBatches * l.vpp);
    return asDouble(chunks) / asDouble(l.vpp);
}

double commGroups(const Layout& l) {
    double groups = 0;
    for (const std::int64_t degree : {l.tp, l.pp, l.dp, l.cp, l.ep})
        groups += degree > 1 ? 1 : 0;
    return groups;
}

// Activations one GPU of the stage holds: in-flight micro-batches × the stage's layers that keep
// activations (not the no-gradient ones), with the LoRA adapters' low-rank outputs, plus
// stage-specific tensors.
void addActivations(const MemoryInputs& in, const StageParams& p, std::int64_t stage, MemoryBreakdown& out) {
    const ModelSpec& m = in.model;
    const Layout& l = in.layout;
    const TrainingSpec& t = in.training;
    const double tokens = asDouble(t.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    // Full recomputation rebuilds the adapters' outputs and their dropout with the rest of the
    // layer (only the layer input is kept).
    const bool adapters = t.method != TrainingMethod::Full && l.recompute != Recompute::Full;
    const auto layerBytes = [&](bool moe) {
        const double lora =
            adapters ? tokens * (loraActivationBytesPerToken(m, moe, t.lora, 2) +
                                 loraDropoutBytesPerToken(m, moe, t.lora, activationBytes(t.precision), l.tp,
                                                          l.sequenceParallel))
                     : 0;
        return layerActivationBytes(m, moe, t, l) + lora;
    };
    const double denseLayerBytes = layerBytes(false);
    const double moeLayerBytes = m.moe ? layerBytes(true) : 0;
    const double denseLayers = asDouble(p.layers - p.moeLayers - (p.noGrad.count - p.noGrad.moe));
    const double moeLayers = asDouble(p.moeLayers - p.noGrad.moe);
    const double perMicroBatch = denseLayers * denseLayerBytes + moeLayers * moeLayerBytes;
    out.inFlightMicroBatches = inFlight(l, stage);
    out.activations = out.inFlightMicroBatches * perMicroBatch;
    if (l.recompute == Recompute::Full)
        out.activations += std::max(recomputeWorkingSetBytes(m, false, t, l),
                                    m.moe ? recomputeWorkingSetBytes(m, true, t, l) : 0.0);
    if (stage == 0 && m.dropout && p.noGrad.count == 0)  // embedding dropout mask, 1 byte (Korthikanti §4.3)
        out.activations += out.inFlightMicroBatches * tokens * asDouble(m.hidden) /
                           (l.sequenceParallel ? asDouble(l.tp) : 1.0);
    if (stage == l.pp - 1) {
        out.logits = in.overheads.logitsBytes * tokens * asDouble(m.vocab) / asDouble(l.tp);
        out.activations += out.logits;
    }
}

}  // namespace

MemoryBreakdown stageMemory(const MemoryInputs& in, std::int64_t stage) {
    return stageMemory(in, countParams(in.model), stage);
}

MemoryBreakdown stageMemory(const MemoryInputs& in, const ParamCounts& counts, std::int64_t stage) {
    const ModelSpec& m = in.model;
    const Layout& l = in.layout;
    const BytesPerParam b = bytesPerParam(in.training);
    const StageParams p = stageParams(m, counts, in.training, l, stage, b.weights);
    const double shard = asDouble(l.dp * l.cp);
    const double expertShard = asDouble(l.expertDp());

    MemoryBreakdown out;
    out.stage = stage;
    out.params = p.total();
    out.trainableParams = p.trainable.total();
    out.storedWeightBytes =
        (p.trainable.total() + p.frozen.total()) * b.weights + p.quantized.total() * nf4BytesPerParam();
    out.capacity = in.capacityBytes;
    // ZeRO stages (Rajbhandari et al. 2020 §5.1): 1 shards optimizer states, 2 also gradients,
    // 3 also parameters, each over the data-parallel group. Frozen weights have no gradients or
    // optimizer states; ZeRO-3 shards them with the rest (DeepSpeed and FSDP shard every parameter).
    const auto sharded = [&](const Split& params, double perParam, int fromStage) {
        const bool on = l.zeroStage >= fromStage;
        return perParam * (params.dense / (on ? shard : 1.0) + params.experts / (on ? expertShard : 1.0));
    };
    // DualPipe keeps two copies of the parameters, one per pipeline direction (§3.2.1, Table 2:
    // "Parameter 2×"), and of their gradients; the optimizer states stay one copy.
    const double copies = l.moe.epOverlap == EpOverlap::DualPipe && l.pp > 1 ? 2.0 : 1.0;
    out.weights = copies * (sharded(p.trainable, b.weights, 3) + sharded(p.frozen, b.weights, 3) +
                            sharded(p.quantized, nf4BytesPerParam(), 3));
    out.gradients = copies * sharded(p.trainable, b.gradients, 2);
    out.optimizer = sharded(p.trainable, b.optimizer, 1);
    addActivations(in, p, stage, out);

    const MemoryOverheads& o = in.overheads;
    out.other.cudaContext = o.cudaContextGib * kGiB;
    out.other.commBuffers = commGroups(l) * o.commBufferMibPerGroup * kMiB;
    out.other.workspace = o.workspaceMib * kMiB;
    // ZeRO-3 / FSDP gathers a layer's full parameters before use and prefetches the next one
    // (nothing to gather when the data-parallel group is a single GPU).
    out.other.paramGather = l.zeroStage == 3 && shard > 1 ? 2 * p.largestLayerBytes : 0;
    if (in.training.method == TrainingMethod::Qlora)
        out.other.dequantWorkspace = dequantWorkspaceBytes(m, l);
    out.other.fragmentation = o.fragmentationPct / 100.0 * (out.activations + out.other.paramGather);
    applyOffload(l.offload, sharded(p.trainable, 1.0, 1), b.gradients, out);
    out.host.capacity = in.hostCapacityBytes;
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
        return peakMemory(MemoryInputs{in.model, in.training, l, in.overheads, in.capacityBytes,
                                       in.hostCapacityBytes})
            .fits();
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
