#include "core/perf/step_time.h"

#include <algorithm>
#include <cmath>

#include "core/memory/memory_model.h"
#include "core/model/flops.h"
#include "core/model/method_flops.h"
#include "core/model/trainable_params.h"
#include "core/parallel/pipeline_layout_string.h"
#include "core/parallel/query_groups.h"
#include "core/perf/collective_cost.h"
#include "core/perf/compute_model.h"
#include "core/perf/context_parallel.h"
#include "core/perf/expert_load_imbalance.h"
#include "core/perf/grouped_gemm_efficiency.h"
#include "core/perf/host_launch.h"
#include "core/perf/messages_perf.h"
#include "core/perf/moe_dispatch.h"
#include "core/perf/moe_host_sync.h"
#include "core/perf/moe_router_permutation.h"
#include "core/perf/offload_time.h"
#include "core/perf/prediction_band.h"
#include "core/perf/query_group_gather.h"
#include "core/perf/synchronisation.h"
#include "core/perf/zero_gather_schedule.h"
#include "core/scenario/framework.h"
#include "core/util/as_double.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

// The stack feature as the scenario sets it, else the stack's default.
bool stackOverlapGradReduce(const PerfInputs& in) {
    return in.layout.zeroStage == 3 ? in.stack.overlapGradReduceZero3 : in.stack.overlapGradReduce;
}
bool overlapGradReduce(const PerfInputs& in) {
    return in.training.overlapGradReduce.value_or(stackOverlapGradReduce(in));
}
bool tpCommOverlapWanted(const PerfInputs& in) {
    return in.training.tpCommOverlap.value_or(in.stack.tpCommOverlap);
}
// Megatron-Core and NeMo refuse TP communication overlap without sequence parallelism (the
// chunks are the sequence shards) and it has nothing to do with TP 1.
bool tpCommOverlapRuns(const PerfInputs& in) {
    return tpCommOverlapWanted(in) && in.layout.tp > 1 && in.layout.sequenceParallel;
}

// Communication each micro-batch pays on one stage, exposed on the critical path.
struct MicroBatchComm {
    double tp = 0, cp = 0, ep = 0, pp = 0;
    double tpHidden = 0;     // TP communication hidden behind the GEMMs (it still slows them)
    double tpQkvGather = 0;  // of tp: the QKV gather and scatter of TP above the KV heads
    EpHidden epHidden;       // EP traffic hidden by 1F1B A2A overlap or DualPipe (moe_dispatch.h)
};

// TP communication overlap as Transformer Engine's userbuffers run it (Megatron-Core
// --tp-comm-overlap; NeMo's performance recipes, e.g. userbuffers_*_h100_h12288_tp4_*): each
// sequence-parallel all-gather and reduce-scatter is split into tp chunks exchanged in a ring
// while the adjacent GEMM (QKV, projection, FC1, FC2; their dgrad and wgrad backward) computes on
// the chunk that has arrived. All but one chunk can hide, and no more than the GEMMs' own time.
// `share`: the profile's tp_overlap, the part of that bound a stack reaches (1 = all of it).
double tpCommHidden(double total, double gemmSeconds, std::int64_t tp, double share) {
    const double chunks = asDouble(tp);
    const double hideable = total * (chunks - 1) / chunks;
    return share * std::min(hideable, gemmSeconds * (chunks - 1) / chunks);
}

MicroBatchComm microBatchComm(const PerfInputs& in, const NetworkTiers& net, std::int64_t layers,
                              std::int64_t moeLayers, double attentionForward, double gemmSeconds) {
    const auto& m = in.model;
    const auto& l = in.layout;
    const double tokens = asDouble(in.training.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    // Bytes per activation element on the wire: the memory model's figure for this precision.
    const double actBytes = activationBytes(in.training.precision);
    const double hiddenBytes = tokens * asDouble(m.hidden) * actBytes;
    MicroBatchComm c;
    // TP (Megatron, Shoeybi et al. 2019): 2 all-reduces forward + 2 backward per layer, each of
    // T·h elements; with SP the same volume as all-gather + reduce-scatter; full recompute repeats
    // the forward pair.
    const double perLayer = l.recompute == Recompute::Full ? 6 : 4;
    // With SP each all-reduce is a reduce-scatter and an all-gather: the same bytes, two calls.
    const double tpOnce = l.sequenceParallel
                              ? collectiveSeconds(Collective::ReduceScatter, hiddenBytes, l.tp, 1, net) +
                                    collectiveSeconds(Collective::AllGather, hiddenBytes, l.tp, 1, net)
                              : collectiveSeconds(Collective::AllReduce, hiddenBytes, l.tp, 1, net);
    const double tpTotal = perLayer * asDouble(layers) * tpOnce;
    if (tpCommOverlapRuns(in))
        c.tpHidden = tpCommHidden(tpTotal, gemmSeconds, l.tp, in.profile.tpOverlap);
    c.tp = tpTotal - c.tpHidden;
    // TP above the KV heads: one all-gather of the fused QKV activation forward (again under full
    // recompute) and one reduce-scatter of its gradient backward per layer, outside the linear
    // layers, so the userbuffers overlap does not hide them (perf/query_group_gather.h).
    if (const double qkv = qkvGatherBytes(m, in.training, l); qkv > 0) {
        const double gathers = l.recompute == Recompute::Full ? 2 : 1;
        c.tpQkvGather =
            asDouble(layers) * (gathers * collectiveSeconds(Collective::AllGather, qkv, l.tp, 1, net) +
                                collectiveSeconds(Collective::ReduceScatter, qkv, l.tp, 1, net));
        c.tp += c.tpQkvGather;
    }
    // CP ring attention: c − 1 K/V block exchanges forward, twice that backward, overlapped with
    // the blockwise attention kernels (Liu et al. 2023, arXiv:2310.01889; perf/context_parallel.h).
    if (l.cp > 1) {
        const double block = cpRingBlockBytes(m, in.training, l);
        const double ring = asDouble(l.cp - 1) * p2pSeconds(block, l.tp, net) * asDouble(layers);
        c.cp = std::max(0.0, 3 * ring - 3 * attentionForward);
    }
    // EP: dispatch + combine all-to-all forward and backward per MoE layer (GShard, Lepikhin et al.
    // 2020, arXiv:2006.16668). Under sequence parallelism each TP rank holds 1/tp of the tokens and
    // dispatches only those among the EP ranks; the expert's TP ranks then all-gather what they
    // received and reduce-scatter it on the way back (Megatron-Core MoEAlltoAllTokenDispatcher,
    // megatron/core/transformer/moe/token_dispatcher.py): the all-to-all moves 1/tp of the routed
    // tokens, the gather runs inside the expert TP group (etp ranks, so etp/tp of the routed tokens
    // after it). The EP group is placed by the expert grid's rank order tp-ep-dp-pp
    // (parallel_state.py, expert_decoder_rank_generator): ep ranks, etp apart. With expert TP 1 the
    // EP group takes consecutive GPUs, so TP 8 × EP 32 stays inside one 64-GPU NVL72 domain. The
    // dispatcher decides what crosses the network (moe_dispatch.h).
    if (l.ep > 1 && m.moe) {
        const bool sharded = l.sequenceParallel && l.tp > 1;
        const double tokenBytes = tokens * asDouble(m.hidden) * actBytes / (sharded ? asDouble(l.tp) : 1.0);
        const EpExchange x{tokenBytes, m.moe->topK,         m.moe->experts,        l.ep,
                           l.etp(),    m.moe->routerGroups, m.moe->routerGroupTopK};
        c.ep = asDouble(moeLayers) * epLayerSeconds(l.moe.dispatcher, x, sharded, net);
    }
    // PP: one activation send forward and one gradient send backward per stage boundary, v times
    // with interleaving; scattered over TP ranks (Narayanan et al. 2021 §4.1).
    if (l.pp > 1) {
        const double bytes = hiddenBytes / asDouble(l.tp);
        c.pp = 2 * asDouble(l.vpp) * p2pSeconds(bytes, l.tp * l.cp * l.dp, net);
    }
    return c;
}

// Copies a fully sharded stack makes of its gathered weights and of its gradients every
// micro-batch (StackDefaults::ShardedBuffers): memory-bound kernels on the compute stream, one per
// layer and pass, beside the collectives themselves.
// - Per-parameter sharding, PyTorch FSDP2 (torch/distributed/_composable/fsdp/_fsdp_collectives.py):
//   foreach_all_gather_copy_out splits the all-gather output into each parameter's tensor
//   (torch.split_with_sizes_copy) on the current stream, after the forward gather and again after
//   the backward one: a read and a write of the stage's weights each time; and
//   foreach_reduce_scatter_copy_in concatenates the gradients into the reduce-scatter input in the
//   reduce dtype (torch.cat(..., out=reduce_scatter_input)) while the compute stream waits for it
//   (current_stream.wait_event(copy_in_event)) before it frees them.
// - Flat parameters, PyTorch FSDP1 (torch/distributed/fsdp/_flat_param.py, FlatParamHandle): the
//   layers compute with views of the gathered flat parameter, so the backward of those views
//   concatenates their gradients into the flat gradient: a read and a write of every gradient.
//   Under torch.autocast over fp32 parameters (TrainingSpec::autocast: Composer's amp_bf16 with FSDP
//   mixed_precision DEFAULT of 2023, MixedPrecision(param_dtype=None, reduce_dtype=bf16)) every
//   weight is fp32 and each use casts it to bf16 (read 4 B, write 2 B; again in the recomputed
//   forward); the backward of that cast returns the weight gradient as fp32 (read 2, write 4), the
//   flat gradient is fp32 (read 4, write 4), and the post-backward hook casts it to the bf16 reduce
//   dtype (torch/distributed/fsdp/_runtime_utils.py, _post_backward_hook:
//   flat_param.grad.to(handle._reduce_dtype): read 4, write 2): 26 B per parameter per
//   micro-batch, 32 B with full recompute, where bf16 parameters cost 4 B. (The hook's pre-divide
//   of the unsharded gradient, _div_if_needed(unsharded_grad, _gradient_predivide_factor), another
//   read and write in the reduce dtype, is not counted in either case.)
// For OLMo-core's 13 B on 8 H100 (4 k tokens per micro-batch, fp32 reduce) the FSDP2 copies are
// about 14 bytes per parameter per micro-batch, some 80 ms against ~0.5-0.7 s of compute.
double shardedCopySeconds(const PerfInputs& in, const KernelTimer& timer, std::int64_t layers,
                          double trainableParams, double weightBytes) {
    const auto& l = in.layout;
    if (l.zeroStage != 3 || l.dp * l.cp <= 1 || layers <= 0)
        return 0;
    const auto& t = in.training;
    const double computeGrad = t.precision == Precision::Fp32 ? 4 : 2;
    const double reduceGrad = (t.gradDtype == GradDtype::Fp32 || t.precision == Precision::Fp32) ? 4 : 2;
    const double n = asDouble(layers);
    switch (in.stack.shardedBuffers) {
    case StackDefaults::ShardedBuffers::None:
        return 0;
    case StackDefaults::ShardedBuffers::FlatParameter: {
        if (!t.autocast || t.precision == Precision::Fp32)
            return n * timer.memory(2 * computeGrad * trainableParams / n);
        constexpr double kCast = 4 + 2;          // fp32 weight to bf16, bf16 gradient to fp32, fp32 to bf16
        constexpr double kFlatGradient = 4 + 4;  // the fp32 views' gradients into the flat gradient
        const double weightCasts = in.layout.recompute == Recompute::Full ? 2 : 1;
        const double bytes = weightCasts * kCast + kCast + kFlatGradient + kCast;
        return n * timer.memory(bytes * trainableParams / n);
    }
    case StackDefaults::ShardedBuffers::PerParameter:
        return n * (2 * timer.memory(2 * weightBytes / n) +
                    timer.memory((computeGrad + reduceGrad) * trainableParams / n));
    }
    return 0;
}

// DeepSeek-V3's recomputed norms and MLA up-projections (MoeOptions::recomputeNormUpProj, report
// arXiv:2412.19437 §3.3.x): in the backward each layer runs its two RMSNorms again (a read and a
// write of the hidden state each) and, with MLA, the q and kv up-projection GEMMs from the
// latents it kept.
double measuresRecomputeSeconds(const PerfInputs& in, const KernelTimer& timer, std::int64_t layers) {
    const auto& m = in.model;
    const auto& l = in.layout;
    if (!l.moe.recomputeNormUpProj || layers <= 0)
        return 0;
    const double tokens = asDouble(in.training.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    const double hiddenBytes = tokens * asDouble(m.hidden) * activationBytes(in.training.precision) /
                               (l.sequenceParallel ? asDouble(l.tp) : 1.0);
    double perLayer = 2 * timer.memory(2 * hiddenBytes);
    if (m.mla) {
        const auto& a = *m.mla;
        const double heads = asDouble(m.heads);
        const double up = asDouble(a.qLoraRank) * heads * asDouble(a.qkNopeHeadDim + a.qkRopeHeadDim) +
                          asDouble(a.kvLoraRank) * heads * asDouble(a.qkNopeHeadDim + a.vHeadDim);
        perLayer += timer.gemm(2 * tokens * up / asDouble(l.tp));
    }
    return asDouble(layers) * perLayer;
}

// One multi-token-prediction module (DeepSeek-V3 report, arXiv:2412.19437 §2.2): the shared
// embedding, a projection of [h; embedding] from 2h to h, one Transformer block (an MoE layer, as the
// main model's last ones) and the shared output head with its cross-entropy: timed as an MoE layer
// with the LM head and loss, plus the projection GEMM.
StageCompute mtpCompute(const PerfInputs& in, const ModelCompute& mc, const KernelTimer& timer) {
    const auto& m = in.model;
    const std::int64_t moe = m.moe ? 1 : 0;
    StageCompute c = stageCompute(mc, StageLayers{m.layers - 1, 1, moe}, true);
    const auto& l = in.layout;
    const double tokens = asDouble(in.training.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    const double projection = 2 * tokens * 2 * asDouble(m.hidden) * asDouble(m.hidden) / asDouble(l.tp);
    c.forward.add(timer.gemm(projection), projection);
    c.backward.add(2 * timer.gemm(projection), 2 * projection);
    return c;
}

struct StageTime {
    double compute = 0, recompute = 0, backward = 0, forward = 0;
    double moeRouting = 0, moeImbalance = 0;  // in forward and backward too
    MicroBatchComm comm;
    double hostBound = 0;  // the GPU waiting for the host to issue its kernels (host_launch.h)
    [[nodiscard]] double perMicroBatch() const {
        return compute + recompute + moeRouting + moeImbalance + comm.tp + comm.cp + comm.ep + comm.pp +
               hostBound;
    }
};

// The GPU's wait for the host on a stage of `layers` (`moeLayers` of them MoE, with the MTP
// modules), one micro-batch: each pass takes at least the host's time to issue it (host_launch.h).
// The GPU's share of a pass: its compute and the communication it waits for, the exposed traffic
// split evenly between the forward and the backward (one dispatch and combine, or one TP pair, each).
double stageHostBound(const PerfInputs& in, const StageTime& st, std::int64_t layers,
                      std::int64_t moeLayers) {
    const HostLaunch& h = in.stack.hostLaunch;
    if (!h.enabled || layers <= 0)
        return 0;
    const auto& m = in.model;
    HostLayerShape shape;
    shape.mla = m.mla.has_value();
    shape.grace = in.gpu.host && in.gpu.host->linkGBs > 0;
    const double dense = hostLayerForwardSeconds(h, shape, h.cudaGraphs);
    double moe = 0;
    if (m.moe && moeLayers > 0) {
        shape.moe = true;
        shape.sharedExperts = asDouble(m.moe->sharedExperts);
        shape.localExperts = asDouble(m.moe->experts) / asDouble(in.layout.ep);
        shape.dispatcher = in.layout.moe.dispatcher;
        moe = hostLayerForwardSeconds(h, shape, h.cudaGraphs);
    }
    const double forward = asDouble(layers - moeLayers) * dense + asDouble(moeLayers) * moe;
    const double recomputed = in.layout.recompute == Recompute::Full ? forward : 0.0;
    const double comm = st.comm.tp + st.comm.cp + st.comm.ep;
    HostPasses p;
    p.hostForward = forward;
    p.hostBackward = h.backwardFactor * forward + recomputed;
    p.gpuForward = st.forward + comm / 2;
    p.gpuBackward = st.perMicroBatch() - p.gpuForward;
    p.syncEachPass = moeLayers > 0;
    return hostBoundSeconds(p);
}

// What sets the most loaded expert rank's load (perf/expert_load_imbalance.h).
ExpertRouting expertRouting(const PerfInputs& in) {
    return {in.layout.moe, in.model.moe ? in.model.moe->experts : 1, in.model.moe ? in.model.moe->topK : 1,
            in.layout.ep};
}

// The MoE layers' router and permutation passes and the most loaded expert rank's extra time on a
// stage of `moeLayers` MoE layers, one micro-batch; added to its forward and backward.
void addMoeLayerPasses(const PerfInputs& in, const KernelTimer& timer, double moeLayers, double expertSeconds,
                       StageTime& st) {
    const auto& m = in.model;
    const auto& l = in.layout;
    if (!m.moe || moeLayers <= 0)
        return;
    // Under sequence parallelism each TP rank routes its own shard of the tokens.
    const double tokens = asDouble(in.training.seqLen) / asDouble(l.cp) * asDouble(l.microBatch) /
                          (l.sequenceParallel ? asDouble(l.tp) : 1.0);
    const MoeRoutingTime r = moeRoutingSeconds({tokens, m.hidden, m.moe->experts, m.moe->topK, l.ep,
                                                l.moe.dispatcher, activationBytes(in.training.precision)},
                                               timer);
    // Full recompute runs the forward passes again; the backward moves the same bytes back.
    const double forwards = l.recompute == Recompute::Full ? 2 : 1;
    const double forward = moeLayers * (r.router + r.permutation);
    st.moeRouting = (forwards + 1) * forward;
    // The most loaded rank permutes more rows too.
    st.moeImbalance =
        imbalanceSeconds(expertRouting(in), expertSeconds + moeLayers * (forwards + 1) * r.permutation);
    const double imbalanceForward = st.moeImbalance / (forwards + 1);
    st.forward += forward + imbalanceForward;
    st.backward += forward + imbalanceForward;
}

// The routed experts' part of one GPU's parameters on a stage: trainable ones, and all of them at
// their storage precision (at the stage's average bytes per parameter).
struct ExpertShare {
    double trainable = 0;
    double weightBytes = 0;
    double layers = 0;  // MoE layers on the stage
};
ExpertShare expertShare(const PerfInputs& in, const MemoryBreakdown& mem) {
    const auto& l = in.layout;
    if (!in.model.moe || mem.params <= 0)
        return {};
    const ParamCounts counts = countParams(in.model);
    const StageLayers layers = stageLayers(in.model, l, mem.stage);
    const StageLayers noGrad = noGradLayersOnStage(in.model, layers, in.training);
    const LayerStorage live = layerStorage(in.model, counts, in.training, true, false);
    const LayerStorage still = layerStorage(in.model, counts, in.training, true, true);
    const double liveLayers = asDouble(layers.moe - noGrad.moe), stillLayers = asDouble(noGrad.moe);
    const auto stored = [](const LayerStorage& st) {
        return st.trainable.experts + st.frozen.experts + st.quantized.experts;
    };
    const double shards = asDouble(l.ep * l.etp());
    ExpertShare out;
    out.trainable = (liveLayers * live.trainable.experts + stillLayers * still.trainable.experts) / shards;
    out.weightBytes = (liveLayers * stored(live) + stillLayers * stored(still)) / shards *
                      mem.storedWeightBytes / mem.params;
    out.layers = asDouble(layers.moe);
    return out;
}

// Data-parallel gradient traffic after the pipeline drains (or per micro-batch under ZeRO-3).
// `localParams`: trainable parameters of this GPU (their gradients are reduced); `weightBytes`: its
// parameters at storage precision (ZeRO-3 gathers them), both before sharding; `experts`: the routed experts'
// part of them.
void addDataParallel(const PerfInputs& in, const NetworkTiers& net, const StageTime& slowest,
                     double localParams, double weightBytes, const ExpertShare& experts, PerfEstimate& e) {
    const auto& l = in.layout;
    const std::int64_t group = l.dp * l.cp;
    if (group <= 1 && l.expertDp() <= 1)
        return;
    const auto& t = in.training;
    const double gradBytes = (t.gradDtype == GradDtype::Fp32 || t.precision == Precision::Fp32) ? 4 : 2;
    // Without overlap (Megatron-LM 2021-22's local DDP: the optimizer all-reduces the gradients
    // after the pipeline flush) the whole reduction is exposed.
    const double window = overlapGradReduce(in) ? in.profile.dpOverlap : 0.0;
    if (l.zeroStage < 3) {
        // Gradients are reduced in buckets, one collective call each: Megatron-LM's default of 40M
        // elements (DistributedDataParallelConfig.bucket_size). Every call pays NCCL's latency, which
        // grows with the group: the ring's steps linearly, the tree's logarithmically.
        // All-reduce; or with ZeRO-1/2 and the distributed optimizer a reduce-scatter of the
        // gradients and an all-gather of the updated weights: the same volume, but two calls per
        // bucket, and NCCL runs those only as rings (no tree). The routed experts' gradients are
        // reduced over the expert-DP group, etp·ep apart (Megatron-Core keeps their buffers apart:
        // its expert data-parallel groups, parallel_state.py), the others over the DP group.
        constexpr double kBucketElements = 40e6;
        const auto reduce = [&](double params, std::int64_t size, std::int64_t stride, bool lastOnly) {
            if (size <= 1 || params <= 0)
                return 0.0;
            const double bucketParams = std::min(params, kBucketElements);
            const double calls = lastOnly ? 1.0 : params / bucketParams;
            const double bucketBytes = bucketParams * gradBytes;
            return l.zeroStage == 0
                       ? collectiveSeconds(Collective::AllReduce, bucketBytes, size, stride, net, calls)
                       : collectiveSeconds(Collective::ReduceScatter, bucketBytes, size, stride, net, calls) +
                             collectiveSeconds(Collective::AllGather, bucketBytes, size, stride, net, calls);
        };
        const double dense = localParams - experts.trainable;
        const std::int64_t expertStride = l.etp() * l.ep;
        const double total =
            reduce(dense, group, l.tp, false) + reduce(experts.trainable, l.expertDp(), expertStride, false);
        e.dpCommTotalSeconds = total;
        // Buckets reduce during the last micro-batch's backward only (gradients accumulate
        // locally before that); the last bucket (the first layers' gradients) always trails.
        const double tail = group > 1 && dense > 0
                                ? reduce(dense, group, l.tp, true)
                                : reduce(experts.trainable, l.expertDp(), expertStride, true);
        e.dpCommSeconds = std::max(tail, total - window * slowest.backward);
        return;
    }
    // ZeRO-3 / FSDP: all-gather weights forward and backward, reduce-scatter gradients, every
    // micro-batch, one call per layer, prefetched one layer ahead; exposed where a pass's comm
    // exceeds its compute.
    // Under expert parallelism a rank gathers two kinds of shards: its routed experts (experts /
    // (ep·etp) of each MoE layer) from the expert-DP group, the GPUs holding the same experts, etp·ep
    // apart in Megatron-Core's expert grid (parallel_state.py, expert_decoder_rank_generator, order
    // tp-ep-dp-pp; DeepSpeed-MoE shards them likewise over its expert-data-parallel group,
    // deepspeed/utils/groups.py), and everything else from the DP group, tp apart; and
    // reduce-scatters as many gradients over the same groups. The expert-DP group takes one GPU of
    // every ep·etp: with EP 8 over 8-GPU servers one per server, so every byte crosses that GPU's
    // own NIC.
    const double layers = asDouble(std::max<std::int64_t>(in.model.layers / l.pp, 1));
    // Under torch.autocast over fp32 parameters FSDP gathers the fp32 weights (param_dtype unset).
    const double gatherScale = t.autocast && t.precision != Precision::Fp32 ? 2.0 : 1.0;
    struct Passes {
        double gather = 0, scatter = 0;
    };
    // The stack's gather schedule (zero_gather_schedule.h) sets the gathers' call count; gradients
    // reduce-scatter once per layer.
    const Zero3GatherSchedule& schedule = in.stack.zero3GatherFor(in.training.stackRelease);
    const auto passes = [&](double params, double bytes, std::int64_t size, std::int64_t stride,
                            double calls) {
        if (size <= 1 || (params <= 0 && bytes <= 0))
            return Passes{};
        const double gathers = zero3GatherCalls(schedule, calls);
        return Passes{collectiveSeconds(Collective::AllGather, gatherScale * bytes / gathers, size, stride,
                                        net, gathers),
                      collectiveSeconds(Collective::ReduceScatter, params * gradBytes / calls, size, stride,
                                        net, calls)};
    };
    const Passes dense =
        passes(localParams - experts.trainable, weightBytes - experts.weightBytes, group, l.tp, layers);
    const Passes routed = passes(experts.trainable, experts.weightBytes, l.expertDp(), l.etp() * l.ep,
                                 std::max(experts.layers, 1.0));
    const double gather = dense.gather + routed.gather;
    const double scatter = dense.scatter + routed.scatter;
    const Zero3Time perMb =
        zero3MicroBatchTime(schedule, {gather, scatter, layers, window, slowest.forward, slowest.backward,
                                       slowest.recompute, l.recompute == Recompute::Full});
    e.dpCommTotalSeconds = asDouble(l.microBatches) * perMb.total;
    e.dpCommSeconds = asDouble(l.microBatches) * perMb.exposed;
}

// The optimizer step of the trainable parameters on the GPU, or with CPU offload the CPU step and
// the PCIe transfers around it.
void addOptimizer(const PerfInputs& in, const KernelTimer& timer, const StageTime& slowest,
                  const MemoryBreakdown& mem, PerfEstimate& e) {
    const auto& l = in.layout;
    const auto& t = in.training;
    const double shard = l.zeroStage >= 1 ? asDouble(l.dp * l.cp) : 1.0;
    if (l.offload == Offload::None) {
        e.optimizerSeconds = optimizerSeconds(mem.trainableParams / shard, t, timer);
        return;
    }
    const double gradBytes = (t.gradDtype == GradDtype::Fp32 || t.precision == Precision::Fp32) ? 4 : 2;
    const double weightShard = l.zeroStage == 3 ? shard : 1.0;
    const OffloadTime o =
        offloadTime({l.offload, t.optimizer, mem.trainableParams / shard, mem.storedWeightBytes / weightShard,
                     gradBytes, l.microBatches, slowest.forward, slowest.backward, in.gpusPerNode, in.host});
    e.optimizerSeconds = o.optimizerExposed;
    e.offloadSeconds = o.transfersExposed;
}

// What the plan says about the MoE layers' compute: fine-grained experts' grouped GEMMs well below a
// dense GEMM's speed, and the load of learned dropless routing.
void addMoeComputeNotes(const PerfInputs& in, const KernelTimer& timer, PerfEstimate& e) {
    const auto& m = in.model;
    const auto& l = in.layout;
    if (!m.moe)
        return;
    const double tokens = asDouble(in.training.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    const double rows = std::max(1.0, tokens * asDouble(m.moe->topK * l.ep) / asDouble(m.moe->experts));
    const double operand = timer.fp8Gemms() ? 1.0 : activationBytes(in.training.precision);
    const double h = asDouble(m.hidden), ffn = asDouble(m.moe->expertFfnHidden) / asDouble(l.tp);
    const ExpertGemmSpeed down = expertGemmSpeed({rows, h, ffn, operand, operand, operand}, tokens, h,
                                                 timer.gemmPlateauFlops(), timer.bandwidth());
    if (down.forward < 0.9)
        e.notes.push_back(makeMessage(msg::kPerfMoeExpertGemmSpeed,
                                      {formatFixed(100 * down.forward, 0), formatFixed(rows, 0),
                                       formatFixed(asDouble(m.moe->expertFfnHidden), 0)}));
    if (e.moeImbalanceSeconds > 0)
        e.notes.push_back(
            makeMessage(msg::kPerfMoeDroplessImbalance, {formatFixed(expertRankLoad(expertRouting(in)), 2),
                                                         formatNumber(l.moe.routerAuxLoss)}));
}

}  // namespace

PerfEstimate estimateStep(const PerfInputs& in, StepDetail detail) {
    const bool explain = detail == StepDetail::Full;
    const auto& l = in.layout;
    const auto& t = in.training;
    PerfEstimate e;
    e.profileId = in.profile.id;
    e.overlapGradReduce = overlapGradReduce(in);
    e.tpCommOverlap = tpCommOverlapRuns(in);
    e.stackOverlapGradReduce = stackOverlapGradReduce(in);
    e.stackTpCommOverlap = in.stack.tpCommOverlap;
    const KernelTimer timer(in.gpu, in.profile, t.precision, in.stack.fp8WeightCache,
                            attentionKernelSpeed(in.gpu, in.stack, in.profile, t.stackRelease));
    const NetworkTiers net = makeTiers(in.intraNode, in.interNode, in.gpusPerNode, in.nicsPerNode, l.gpus());

    // Per-stage time for one micro-batch; memory module gives the parameters each stage holds.
    const MemoryOverheads noOverheads;
    const MemoryInputs memIn{in.model, t, l, noOverheads, 0};
    std::vector<StageTime> stages;
    double executedFlops = 0;
    const ModelCompute mc = modelCompute(in.model, t, l, timer);
    stages.reserve(static_cast<std::size_t>(l.pp));
    // A stage's time depends on its layer counts and on being the last (LM head, loss): the run of
    // equal middle stages (up to 125 of them) is timed once.
    StageLayers previous{-1, -1, -1}, previousNoGrad;
    double previousFlops = 0;
    const std::vector<std::int64_t> mtp = mtpLayersByRank(l.split.layout, l.pp);
    for (std::int64_t s = 0, first = 0; s < l.pp; ++s) {
        const StageLayers layers = stageLayersAt(in.model, l, s, first);
        first += layers.count;
        const StageLayers noGrad = noGradLayersOnStage(in.model, layers, t);
        const bool last = s == l.pp - 1;
        const std::int64_t mtpHere = mtp[static_cast<std::size_t>(s)];
        if (!last && mtpHere == 0 && (s == 0 || mtp[static_cast<std::size_t>(s - 1)] == 0) &&
            layers.count == previous.count && layers.moe == previous.moe &&
            noGrad.count == previousNoGrad.count && noGrad.moe == previousNoGrad.moe) {
            stages.push_back(stages.back());
            executedFlops += previousFlops;
            continue;
        }
        StageCompute c = stageCompute(mc, layers, last, noGrad);
        if (mtpHere > 0) {
            const StageCompute one = mtpCompute(in, mc, timer);
            for (std::int64_t i = 0; i < mtpHere; ++i) {
                c.forward.add(one.forward);
                c.backward.add(one.backward);
                c.recompute.add(one.recompute);
                c.gemmSeconds += one.gemmSeconds;
                c.expertSeconds += one.expertSeconds;
            }
        }
        StageTime st;
        st.forward = c.forward.seconds;
        st.backward = c.backward.seconds;
        st.compute = c.forward.seconds + c.backward.seconds;
        if (l.zeroStage == 3 && in.stack.shardedBuffers != StackDefaults::ShardedBuffers::None) {
            const MemoryBreakdown stageMem = stageMemory(memIn, s);
            st.compute += shardedCopySeconds(in, timer, layers.count, stageMem.trainableParams,
                                             stageMem.storedWeightBytes);
        }
        st.recompute = c.recompute.seconds + measuresRecomputeSeconds(in, timer, layers.count);
        addMoeLayerPasses(in, timer, asDouble(layers.moe + (in.model.moe ? mtpHere : 0)), c.expertSeconds,
                          st);
        st.comm = microBatchComm(in, net, layers.count + mtpHere, layers.moe + (in.model.moe ? mtpHere : 0),
                                 c.attentionForward, c.gemmSeconds);
        // 1F1B A2A overlap and DualPipe run one micro-batch's dispatch and combine beside another's
        // forward and backward on the same stage.
        st.comm.epHidden = hideEpTraffic(l.moe.epOverlap, st.comm.ep, st.compute + st.recompute);
        st.comm.ep = st.comm.epHidden.exposed;
        // A stack that syncs the host at each dispatch (moe_host_sync.h) exposes that gap whatever
        // overlap it runs.
        st.comm.ep += moeHostSyncSeconds(
            in.stack.moeDispatchHostSync,
            {asDouble(layers.moe + (in.model.moe ? mtpHere : 0)), l.recompute == Recompute::Full ? 2.0 : 1.0,
             in.model.moe ? in.model.moe->experts : 0, l.ep, l.etp(), l.moe.dispatcher},
            net, in.profile.kernelOverheadUs * 1e-6);
        st.hostBound =
            stageHostBound(in, st, layers.count + mtpHere, layers.moe + (in.model.moe ? mtpHere : 0));
        stages.push_back(st);
        previous = layers;
        previousNoGrad = noGrad;
        previousFlops = c.forward.flops + c.backward.flops + c.recompute.flops;
        executedFlops += previousFlops;
    }
    const auto slowest =
        std::max_element(stages.begin(), stages.end(), [](const StageTime& a, const StageTime& b) {
            return a.perMicroBatch() < b.perMicroBatch();
        });
    e.slowestStage = slowest - stages.begin();
    const double m = asDouble(l.microBatches);
    double sum = 0;
    if (explain)
        e.stageSeconds.reserve(stages.size());
    for (const auto& s : stages) {
        sum += s.perMicroBatch();
        if (explain)
            e.stageSeconds.push_back(s.perMicroBatch());
    }
    // 1F1B and GPipe: every stage waits (p − 1) fill/drain slots, each as long as the stages it
    // waits for; interleaving with v chunks divides the fill by v (Narayanan et al. 2021 §2.2).
    const double fill = l.moe.epOverlap == EpOverlap::DualPipe
                            ? dualPipeBubbleSeconds(l.pp, slowest->forward, slowest->backward)
                            : (sum - slowest->perMicroBatch()) / asDouble(l.vpp);
    const double pipeline = m * slowest->perMicroBatch() + fill;
    e.computeSeconds = m * slowest->compute;
    e.recomputeSeconds = m * slowest->recompute;
    e.moeRoutingSeconds = m * slowest->moeRouting;
    e.moeImbalanceSeconds = m * slowest->moeImbalance;
    e.tpCommSeconds = m * slowest->comm.tp;
    e.cpCommSeconds = m * slowest->comm.cp;
    e.epCommSeconds = m * slowest->comm.ep;
    e.ppCommSeconds = m * slowest->comm.pp;
    e.hostLaunchSeconds = m * slowest->hostBound;
    e.bubbleSeconds = fill;

    const MemoryBreakdown mem = stageMemory(memIn, e.slowestStage);
    addDataParallel(in, net, *slowest, mem.trainableParams, mem.storedWeightBytes, expertShare(in, mem), e);
    addOptimizer(in, timer, *slowest, mem, e);
    // Communication kernels steal SMs and HBM bandwidth from the compute they hide behind: a
    // property of the GPU where the catalog states one (persistent GEMM kernels on Hopper and
    // Blackwell lose a wave to the NCCL kernel's SMs), else the profile's share.
    e.tpCommHiddenSeconds = m * slowest->comm.tpHidden;
    const double slowdown = in.gpu.commOverlapSlowdown.value_or(in.profile.commComputeSlowdown);
    e.contentionSeconds = slowdown * (e.dpCommTotalSeconds - e.dpCommSeconds + e.tpCommHiddenSeconds) +
                          m * slowest->comm.epHidden.contention;
    if (explain && tpCommOverlapWanted(in) && l.tp > 1 && !l.sequenceParallel)
        e.notes.push_back(makeMessage(msg::kPerfTpCommOverlapNeedsSp));
    if (explain && kvHeadsSubSharded(in.model, l.tp))
        e.notes.push_back(makeMessage(msg::kPerfKvHeadsSubSharded,
                                      {std::to_string(l.tp), std::to_string(in.model.kvHeads),
                                       formatFixed(qkvGatherBytes(in.model, t, l) / units::kMiB, 0),
                                       formatFixed(m * slowest->comm.tpQkvGather, 3) + " s"}));
    e.synchronisationSeconds = stragglerSeconds(e.computeSeconds + e.recomputeSeconds, l.gpus());
    e.stepSeconds = pipeline + e.dpCommSeconds + e.optimizerSeconds + e.offloadSeconds + e.contentionSeconds +
                    e.synchronisationSeconds;

    // Throughput, utilisation, time to train.
    const double tokensPerStep = asDouble(t.globalBatch) * asDouble(t.seqLen);
    const double gpus = asDouble(l.gpus());
    e.tokensPerSecond = tokensPerStep / e.stepSeconds;
    const FlopsPerToken f = trainingFlopsPerToken(in.model, t, l.recompute);
    const double peak = in.gpu.peakTflops(t.precision).value_or(1) * 1e12;
    e.tflopsPerGpu = f.model * e.tokensPerSecond / gpus / 1e12;
    e.mfu = f.model * e.tokensPerSecond / (gpus * peak);
    // Executed FLOPs: all stages, all micro-batches, all data-parallel replicas.
    e.hfu =
        executedFlops * m * asDouble(l.dp) * asDouble(l.cp) * asDouble(l.tp) / e.stepSeconds / (gpus * peak);
    const PredictionBand band = predictionBand(in.profile, in.stack, in.model, t, l.gpus(), explain);
    e.stepSecondsLow = e.stepSeconds * band.low;
    e.stepSecondsHigh = e.stepSeconds * band.high;
    const double seconds = t.tokensToTrain() / e.tokensPerSecond;
    e.trainDays = seconds / units::kSecondsPerDay;
    e.gpuHours = seconds / units::kSecondsPerHour * gpus;
    if (!explain)
        return e;
    e.notes.insert(e.notes.end(), band.reasons.begin(), band.reasons.end());
    // The GPU as each language names it (the catalog's name_zh in Chinese); made only for a note.
    const auto gpuName = [&] { return perLanguageMessage(in.gpu.name, in.gpu.displayName(Lang::Zh)); };
    if (t.precision == Precision::Fp8 && !timer.fp8Gemms())
        e.notes.push_back(makeMessage(msg::kPerfFp8Uncalibrated));
    if (in.profile.framework != t.framework && in.profile.calibrated)
        // Products by the names a reader knows, not the catalog's ids ("megatron", "nemo-hopper-bf16");
        // "another stack" is no name, so its sentence has its own id.
        e.notes.push_back(
            t.framework == Framework::Other
                ? makeNestedMessage(msg::kPerfProfileForAnotherStack,
                                    {gpuName(), plainMessage(std::string(displayName(in.profile.framework)))})
                : makeNestedMessage(msg::kPerfProfileOfOtherStack,
                                    {plainMessage(std::string(displayName(t.framework))), gpuName(),
                                     plainMessage(std::string(displayName(in.profile.framework)))}));
    // A new generation timed with an older one's calibrated profile (GpuSpec::profileFrom).
    if (in.profile.calibrated && in.profile.architecture != in.gpu.architecture) {
        // The architecture as NVIDIA and AMD name it ("Hopper"), not the catalog's id ("hopper").
        std::string architecture = in.profile.architecture;
        if (!architecture.empty() && architecture[0] >= 'a' && architecture[0] <= 'z')
            architecture[0] = static_cast<char>(architecture[0] - 'a' + 'A');
        e.notes.push_back(
            makeNestedMessage(msg::kPerfProfileOfOtherGpu,
                              {gpuName(), plainMessage(in.profile.id), plainMessage(architecture)}));
    }
    if (!in.profile.calibrated)
        e.notes.push_back(makeMessage(msg::kPerfProfileUncalibrated, {in.profile.id}));
    addMoeComputeNotes(in, timer, e);
    // The host bound, where it costs more than a percent of the step.
    if (e.hostLaunchSeconds > 0.01 * e.stepSeconds)
        e.notes.push_back(
            makeMessage(msg::kPerfHostBound, {formatFixed(e.hostLaunchSeconds, 3) + " s",
                                              formatFixed(100 * e.hostLaunchSeconds / e.stepSeconds, 0)}));
    return e;
}

std::vector<StepPart> stepParts(const PerfEstimate& e) {
    return {{"compute", "compute", e.computeSeconds},
            {"recompute", "recompute", e.recomputeSeconds},
            {"MoE router and permutation", "routing", e.moeRoutingSeconds},
            {"expert load imbalance", "imbalance", e.moeImbalanceSeconds},
            {"TP comm (exposed)", "TP", e.tpCommSeconds},
            {"CP comm (exposed)", "CP", e.cpCommSeconds},
            {"EP comm (exposed)", "EP", e.epCommSeconds},
            {"PP comm", "PP", e.ppCommSeconds},
            {"pipeline bubble", "bubble", e.bubbleSeconds},
            {"DP comm (exposed)", "DP", e.dpCommSeconds},
            {"optimizer", "optimizer", e.optimizerSeconds},
            {"offload PCIe (exposed)", "offload", e.offloadSeconds},
            {"comm/compute contention", "contention", e.contentionSeconds},
            {"synchronisation (slowest GPU)", "sync", e.synchronisationSeconds},
            {"host launch (GPU waits for the CPU)", "host", e.hostLaunchSeconds},
            {"data loading (waiting)", "data", e.dataWaitSeconds}};
}

}  // namespace clusterplan
