#include "core/perf/compute_model.h"

#include <algorithm>

#include "core/model/trainable_params.h"
#include "core/perf/fine_tuning_compute.h"
#include "core/perf/grouped_gemm_efficiency.h"
#include "core/util/as_double.h"
#include "core/util/units.h"

namespace clusterplan {

double attentionKernelSpeed(const GpuSpec& gpu, StackDefaults::AttentionKernels kernels) {
    // FlashAttention-2 reaches 35 % of the H100's 16-bit peak; FlashAttention-3, written for
    // Hopper's asynchronous wgmma tensor-core instructions and TMA copies, is 1.5-2.0x faster
    // (arXiv:2407.08608, abstract). cuDNN's fused attention, which Transformer Engine prefers on
    // Hopper, runs at FlashAttention-3's speed: 631 against 632 TFLOP/s forward on an H100, where
    // PyTorch SDPA's FlashAttention-2 backend reaches 329 (pytorch/pytorch issue 142132, 1.92x).
    // The profiles' Hopper attention efficiency is fitted on NeMo (cuDNN); an Ampere-generation
    // kernel runs at 1 / 1.75 of it, the middle of the paper's range. Not fitted.
    constexpr double kFa3OverFa2OnHopper = 1.75;
    if (kernels == StackDefaults::AttentionKernels::Ampere && gpu.architecture == "hopper")
        return 1.0 / kFa3OverFa2OnHopper;
    return 1.0;
}

double attentionKernelSpeed(const GpuSpec& gpu, const StackDefaults& stack, const PerfProfile& profile,
                            std::string_view release) {
    if (const auto* r = stack.attentionRelease(release)) {
        const auto measured = r->efficiencyByArchitecture.find(gpu.architecture);
        if (measured != r->efficiencyByArchitecture.end() && profile.attentionEfficiency > 0)
            return measured->second / profile.attentionEfficiency;
    }
    return attentionKernelSpeed(gpu, stack.attentionKernels);
}

KernelTimer::KernelTimer(const GpuSpec& gpu, const PerfProfile& profile, Precision precision,
                         bool fp8WeightCache, double attentionSpeed)
    : m_profile(profile)
    , m_attnEfficiency(profile.attentionEfficiency * attentionSpeed)
    , m_fp8WeightCache(fp8WeightCache) {
    // GEMMs run at the peak of the precision the profile was calibrated at: an FP8 request served
    // by a 16-bit profile gets no FP8 gain (reported as a note by the caller).
    const Precision gemmPrecision = profile.precision == Precision::Fp8 && precision == Precision::Fp8
                                        ? Precision::Fp8
                                        : (precision == Precision::Fp32 ? Precision::Fp32 : Precision::Bf16);
    m_fp8 = gemmPrecision == Precision::Fp8;
    const double bf16 = gpu.peakTflops(Precision::Bf16).value_or(gpu.peakTflops(Precision::Fp16).value_or(1));
    m_gemmPeak = gpu.peakTflops(gemmPrecision).value_or(bf16) * 1e12;
    m_attnPeak =
        (precision == Precision::Fp32 ? gpu.peakTflops(Precision::Fp32).value_or(bf16) : bf16) * 1e12;
    m_bandwidth = gpu.hbmBandwidthGBs * units::kGB * profile.memoryEfficiency;
    m_overhead = profile.kernelOverheadUs * 1e-6;
}

double KernelTimer::gemm(double flops) const {
    if (flops <= 0)
        return 0;
    const double gflop = flops / units::kBillion;
    const double eff = m_profile.gemmEfficiency * gflop / (gflop + m_profile.gemmHalfGflop);
    return flops / (m_gemmPeak * eff) + m_overhead;
}

double KernelTimer::attention(double flops) const {
    if (flops <= 0)
        return 0;
    return flops / (m_attnPeak * m_attnEfficiency) + m_overhead;
}

double KernelTimer::memory(double bytes) const {
    if (bytes <= 0)
        return 0;
    return bytes / m_bandwidth + m_overhead;
}

namespace {

struct LayerPasses {
    PassTime forward, backward, attentionForward;
    double gemmForward = 0, gemmBackward = 0;      // GEMM kernels alone (the TP overlap window)
    double expertForward = 0, expertBackward = 0;  // routed experts' MLPs (StageCompute::expertSeconds)
};

// Forward and backward of one transformer layer for one micro-batch on one GPU.
LayerPasses layerPasses(const ModelSpec& m, bool moe, const TrainingSpec& t, const Layout& l,
                        const KernelTimer& k) {
    const double tp = asDouble(l.tp), h = asDouble(m.hidden), a = asDouble(m.heads);
    const double tokens = asDouble(t.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    const double normTokens = l.sequenceParallel ? tokens / tp : tokens;
    // Bytes per activation element between kernels: the memory model's figure for this precision.
    const double actBytes = activationBytes(t.precision);
    LayerPasses p;
    PassTime& f = p.forward;
    PassTime& b = p.backward;
    // A GEMM costs 2·rows·k·n forward and twice that backward (input and weight gradients); a
    // frozen base matrix (LoRA, QLoRA) needs only the input gradient.
    const double backwardGemms = baseWeightsTrain(t) ? 2 : 1;
    // `speed`: a routed expert's grouped GEMM against the dense shape (grouped_gemm_efficiency.h).
    const auto gemm = [&](double rows, double kDim, double nDim, double copies = 1,
                          ExpertGemmSpeed speed = {}) {
        const double fl = 2 * rows * kDim * nDim;
        const double forward = copies * k.gemm(fl) / speed.forward;
        const double backward = backwardGemms * copies * k.gemm(fl) / speed.backward;
        f.add(forward, copies * fl);
        b.add(backward, backwardGemms * copies * fl);
        p.gemmForward += forward;
        p.gemmBackward += backward;
        if (k.fp8Gemms()) {
            // FP8 GEMMs need their operands quantised: memory-bound work the 2x peak does not
            // remove (Transformer Engine, delayed scaling). A fused cast-transpose reads 2 B and
            // writes 1 B plus its 1 B transpose per element (the transpose feeds the backward
            // GEMMs): the input forward, the output gradient backward, every micro-batch. The
            // weights do not change between micro-batches, so TE casts them once per step, on the
            // first micro-batch, and reuses the FP8 copy ("FP8 weight caching", TE user guide,
            // Performance Optimizations; Megatron-Core passes is_first_microbatch).
            // The FSDP stacks do not: FSDP frees the gathered weight after each use and gathers it
            // again every micro-batch, Composer calls TE's modules without is_first_microbatch
            // (TE's Linear.forward: None, the default, caches nothing), and torchao's Float8Linear
            // (OLMo-core) quantises the weight with a fresh dynamic scale in every forward
            // (torchao/float8/float8_linear.py, hp_tensor_to_float8_dynamic). There the weight
            // cast is paid every micro-batch, independent of its tokens: with one 4 k-token
            // sequence per micro-batch (OLMo-core 13B) it is a sizeable share of the FP8 step.
            const double microBatchesPerCast =
                k.fp8WeightCache() ? asDouble(std::max<std::int64_t>(l.microBatches, 1)) : 1.0;
            const double weightCast = 4 * kDim * nDim / microBatchesPerCast;
            f.add(copies * k.memory(4 * rows * kDim + weightCast), 0);
            b.add(copies * k.memory(4 * rows * nDim), 0);
        }
    };
    const auto memoryOp = [&](double bytes) {
        f.add(k.memory(bytes), 0);
        b.add(2 * k.memory(bytes), 0);  // backward reads the saved input and the incoming gradient
    };

    // Attention projections.
    double qDim = a * asDouble(m.headDim), kvDim = asDouble(m.kvHeads) * asDouble(m.headDim),
           dQk = asDouble(m.headDim), dV = asDouble(m.headDim);
    if (m.mla) {
        const auto& x = *m.mla;
        dQk = asDouble(x.qkNopeHeadDim + x.qkRopeHeadDim);
        dV = asDouble(x.vHeadDim);
        if (x.qLoraRank > 0) {
            gemm(tokens, h, asDouble(x.qLoraRank));
            gemm(tokens, asDouble(x.qLoraRank), a * dQk / tp);
        } else {
            gemm(tokens, h, a * dQk / tp);
        }
        gemm(tokens, h, asDouble(x.kvLoraRank + x.qkRopeHeadDim));
        gemm(tokens, asDouble(x.kvLoraRank), a * asDouble(x.qkNopeHeadDim + x.vHeadDim) / tp);
        gemm(tokens, a * dV / tp, h);
        qDim = a * dQk;
        kvDim = a * dQk;
    } else {
        gemm(tokens, h, (qDim + 2 * kvDim) / tp);
        gemm(tokens, qDim / tp, h);
    }

    // Attention scores: 4·T·s·a·d forward (QKᵀ and A·V). Causal kernels skip the masked half;
    // FlashAttention-2 backward does 2.5× the forward work (arXiv:2307.08691 §3).
    const double kv = asDouble(t.seqLen);
    const double scoreFlops = 2 * tokens * kv * a * (dQk + dV) / tp;
    if (t.flashAttention) {
        const double fl = scoreFlops * 0.5;
        const double fwd = k.attention(fl);
        f.add(fwd, fl);
        b.add(2.5 * fwd, 2.5 * fl);
        p.attentionForward.add(fwd, fl);
    } else {
        // Unfused (Megatron 2021): batched GEMMs over the full s×s matrix, then scale-mask-softmax
        // (read 2 B, write 2 B per score) and, with dropout, dropout (read 2, write 2, mask 1).
        const double scores = tokens * kv * a / tp;
        const double softmaxBytes = scores * ((m.dropout ? 9.0 : 4.0));
        const double fwd = k.gemm(scoreFlops / 2) * 2 + k.memory(softmaxBytes);
        f.add(fwd, scoreFlops);
        b.add(2 * k.gemm(scoreFlops / 2) * 2 + k.memory(1.5 * softmaxBytes), 2 * scoreFlops);
        p.attentionForward.add(fwd, scoreFlops);
    }
    if (m.learnedPositions == 0)
        memoryOp(2 * actBytes * tokens * (qDim + kvDim) / tp);  // RoPE on q and k

    // MLP: dense, or shared experts + top-k routed experts (balanced over EP, expert TP = TP).
    const bool gated = m.mlp == MlpKind::SwiGlu;
    const auto mlp = [&](double rows, double ffn, double perGemmRows, bool routedExperts = false) {
        const double copies = rows / perGemmRows;
        ExpertGemmSpeed up, down;
        if (routedExperts) {
            // Each local expert's grouped GEMM against the dense shape the profile was fitted on;
            // FP8 GEMMs read 1-byte weights and inputs.
            const double operand = k.fp8Gemms() ? 1.0 : actBytes;
            const ExpertGemm first{perGemmRows, (gated ? 2 : 1) * ffn / tp, h, operand, operand, actBytes};
            const ExpertGemm second{perGemmRows, h, ffn / tp, operand, operand, actBytes};
            up = expertGemmSpeed(first, tokens, h, k.gemmPlateauFlops(), k.bandwidth());
            down = expertGemmSpeed(second, tokens, h, k.gemmPlateauFlops(), k.bandwidth());
        }
        const double before = f.seconds, beforeBackward = b.seconds;
        gemm(perGemmRows, h, (gated ? 2 : 1) * ffn / tp, copies, up);
        gemm(perGemmRows, ffn / tp, h, copies, down);
        memoryOp(actBytes * rows * ffn / tp * (gated ? 3 : 2));  // SiLU(gate)·up or bias-GeLU
        if (routedExperts) {
            p.expertForward += f.seconds - before;
            p.expertBackward += b.seconds - beforeBackward;
        }
    };
    if (moe && m.moe) {
        const auto& x = *m.moe;
        // The router's GEMM; its element-wise kernels and the token permutation are timed by
        // perf/moe_router_permutation.h.
        gemm(tokens, h, asDouble(x.experts));
        const double routed = tokens * asDouble(x.topK);
        const double perExpertRows = std::max(1.0, routed * asDouble(l.ep) / asDouble(x.experts));
        mlp(routed, asDouble(x.expertFfnHidden), perExpertRows, true);
        if (x.sharedExperts > 0)
            mlp(tokens, asDouble(x.sharedExperts * x.sharedExpertFfnHidden), tokens);
    } else {
        mlp(tokens, asDouble(m.ffnHidden), tokens);
    }

    // Two norms and two residual adds (with dropout masks in GPT): on T/t tokens under SP.
    const double dropout = m.dropout ? 3.0 : 0.0;
    memoryOp(2 * (2 * actBytes * h) * normTokens);                // norm: read, write
    memoryOp(2 * (3 * actBytes * h + dropout * h) * normTokens);  // bias-dropout-add
    addFineTuningWork(m, moe, t, l, k, f, b);
    return p;
}

}  // namespace

ModelCompute modelCompute(const ModelSpec& m, const TrainingSpec& t, const Layout& l, const KernelTimer& k) {
    ModelCompute out;
    const auto toStage = [&](const LayerPasses& p) {
        StageCompute c;
        c.forward = p.forward;
        c.backward = p.backward;
        c.attentionForward = p.attentionForward.seconds;
        c.gemmSeconds = p.gemmForward + p.gemmBackward;
        c.expertSeconds = p.expertForward + p.expertBackward;
        // Full recompute repeats the layer's forward; selective only the attention core.
        if (l.recompute == Recompute::Full)
            c.recompute = p.forward, c.gemmSeconds += p.gemmForward, c.expertSeconds += p.expertForward;
        else if (l.recompute == Recompute::Selective && !t.flashAttention)
            c.recompute = p.attentionForward;
        return c;
    };
    out.denseLayer = toStage(layerPasses(m, false, t, l, k));
    if (m.moe)
        out.moeLayer = toStage(layerPasses(m, true, t, l, k));
    // LM head GEMM and the vocabulary-parallel fp32 cross-entropy, kernel by kernel as Megatron-
    // Core's _VocabParallelCrossEntropy runs it (tensor_parallel/cross_entropy.py), bytes per logit:
    // forward: cast to fp32 (read 2, write 4), max (read 4), subtract max (4 + 4), exp (4 + 4),
    // sum (4), divide (4 + 4) = 38; backward: scale the saved softmax by the loss gradient (4 + 4)
    // and cast to 16 bits for the head's GEMMs (4 + 2) = 14. With a 256 k vocabulary this is a
    // visible share of a small model's step.
    constexpr double kLossBytesForward = 38, kLossBytesBackward = 14;
    const double tokens = asDouble(t.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    const double vocab = asDouble(m.vocab) / asDouble(l.tp);
    const double fl = 2 * tokens * asDouble(m.hidden) * vocab;
    out.head.forward.add(k.gemm(fl) + k.memory(kLossBytesForward * tokens * vocab), fl);
    const double headGemms = headTrains(m, t) ? 2 : 1;  // a frozen head needs only the input gradient
    out.head.backward.add(headGemms * k.gemm(fl) + k.memory(kLossBytesBackward * tokens * vocab),
                          headGemms * fl);
    return out;
}

StageCompute stageCompute(const ModelCompute& mc, const StageLayers& layers, bool lastStage,
                          const StageLayers& noGrad) {
    StageCompute out;
    const auto add = [&](const StageCompute& layer, double n) {
        if (n <= 0)
            return;
        out.forward.add(n * layer.forward.seconds, n * layer.forward.flops);
        out.backward.add(n * layer.backward.seconds, n * layer.backward.flops);
        out.recompute.add(n * layer.recompute.seconds, n * layer.recompute.flops);
        out.attentionForward += n * layer.attentionForward;
        out.gemmSeconds += n * layer.gemmSeconds;
        out.expertSeconds += n * layer.expertSeconds;
    };
    // Layers without gradients (frozen_layers) run their forward only.
    const auto forwardOnly = [&](const StageCompute& layer, double n) {
        if (n > 0)
            out.forward.add(n * layer.forward.seconds, n * layer.forward.flops);
    };
    add(mc.denseLayer, asDouble(layers.count - layers.moe - (noGrad.count - noGrad.moe)));
    add(mc.moeLayer, asDouble(layers.moe - noGrad.moe));
    forwardOnly(mc.denseLayer, asDouble(noGrad.count - noGrad.moe));
    forwardOnly(mc.moeLayer, asDouble(noGrad.moe));
    if (lastStage) {
        out.forward.add(mc.head.forward);
        out.backward.add(mc.head.backward);
    }
    return out;
}

double optimizerSeconds(double localParams, const TrainingSpec& t, const KernelTimer& k) {
    // Bytes touched per parameter by the fused optimizer: read grad, master, moments; write
    // master, moments and the 16-bit copy (Adam: 4+4+4 read, 4+4+4 written, + grad + weight).
    const double grad = t.gradDtype == GradDtype::Fp32 || t.precision == Precision::Fp32 ? 4 : 2;
    const double weight = t.precision == Precision::Fp32 ? 0 : 2;
    double state = 0;
    switch (t.optimizer) {
    case Optimizer::AdamW:
        state = 2 * (4 + 4 + 4);
        break;
    case Optimizer::Adam8bit:
        state = 2 * (4 + 1 + 1);
        break;
    case Optimizer::Sgd:
        state = 2 * (4 + 4);
        break;
    }
    // Plus one read of the gradients for the global-norm clip.
    return k.memory(localParams * (state + 2 * grad + weight));
}

}  // namespace clusterplan
