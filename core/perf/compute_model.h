#pragma once
// Per-operation roofline of one pipeline stage for one micro-batch (as Calculon, Isaev et al.
// SC'23): GEMMs at
// peak × a size-dependent efficiency, attention kernels at their own efficiency, memory-bound
// kernels (norms, activations, residuals, softmax, cross-entropy) at HBM bandwidth × efficiency;
// every kernel adds the profile's fixed launch-and-tail overhead.
#include <cstdint>
#include <string_view>

#include "core/hardware/gpu_spec.h"
#include "core/parallel/layout.h"
#include "core/perf/perf_profile.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

// Speed of a stack's attention kernels on `gpu`, as a share of the profile's attention
// efficiency (fitted on kernels native to the GPU): 1, except FlashAttention-2-class kernels
// (StackDefaults::AttentionKernels::Ampere) on Hopper, which FlashAttention-3 (Shah et al. 2024,
// arXiv:2407.08608, on H100 SXM5) outruns by 1.5-2.0x in 16 bits: 1 / 1.75.
double attentionKernelSpeed(const GpuSpec& gpu, StackDefaults::AttentionKernels kernels);
// The same for the stack's release `release` (empty: its current one): a release whose kernels were
// measured on this GPU's architecture (StackDefaults::attentionReleases) runs attention at the
// measured share of the peak, i.e. at that share over the profile's fitted efficiency; any other at
// attentionKernelSpeed(gpu, stack.attentionKernels).
double attentionKernelSpeed(const GpuSpec& gpu, const StackDefaults& stack, const PerfProfile& profile,
                            std::string_view release);

class KernelTimer {
public:
    // fp8WeightCache: the stack casts FP8 weights once per step, not every micro-batch
    // (StackDefaults::fp8WeightCache). attentionSpeed: attentionKernelSpeed() of the stack's
    // attention kernels on this GPU.
    KernelTimer(const GpuSpec& gpu, const PerfProfile& profile, Precision precision,
                bool fp8WeightCache = true, double attentionSpeed = 1.0);
    [[nodiscard]] double gemm(double flops) const;       // one GEMM of `flops`
    [[nodiscard]] double attention(double flops) const;  // fused attention kernel
    [[nodiscard]] double memory(double bytes) const;     // memory-bound kernel moving `bytes`
    [[nodiscard]] const PerfProfile& profile() const { return m_profile; }
    [[nodiscard]] bool fp8Gemms() const { return m_fp8; }
    [[nodiscard]] bool fp8WeightCache() const { return m_fp8WeightCache; }
    // A large GEMM's FLOP/s (peak × the profile's GEMM efficiency) and the HBM bytes/s achieved.
    [[nodiscard]] double gemmPlateauFlops() const { return m_gemmPeak * m_profile.gemmEfficiency; }
    [[nodiscard]] double bandwidth() const { return m_bandwidth; }

private:
    const PerfProfile& m_profile;
    double m_gemmPeak;        // FLOP/s of the precision the profile was calibrated at
    double m_attnPeak;        // attention runs in 16-bit even in FP8 recipes (TE 1.x)
    double m_attnEfficiency;  // the profile's, times the stack's kernel speed on this GPU
    double m_bandwidth;       // bytes/s achieved
    double m_overhead;        // seconds added to every kernel (launch latency, tail)
    bool m_fp8 = false;
    bool m_fp8WeightCache = true;
};

struct PassTime {
    double seconds = 0;
    double flops = 0;  // executed FLOPs
    void add(double s, double f) { seconds += s, flops += f; }
    void add(const PassTime& o) { seconds += o.seconds, flops += o.flops; }
};

struct StageCompute {
    PassTime forward;  // layers + embedding / logits of this stage
    PassTime backward;
    PassTime recompute;           // forward work repeated by activation recomputation
    double attentionForward = 0;  // attention-kernel seconds in the forward (CP overlap window)
    // Seconds of the transformer layers' GEMMs, forward, backward and recomputed (the window TP
    // communication overlap hides behind); the LM head's are not in it (its TP exchange is the
    // vocabulary-parallel loss, not a sequence-parallel gather).
    double gemmSeconds = 0;
    // Seconds of the routed experts' MLPs (GEMMs and activation, forward, backward and recomputed):
    // what the most loaded expert-parallel rank stretches (perf/expert_load_imbalance.h).
    double expertSeconds = 0;
};

// One transformer layer (dense and MoE) and the LM head, for one micro-batch on one GPU;
// computed once per layout, then scaled by each stage's layer counts.
struct ModelCompute {
    StageCompute denseLayer;
    StageCompute moeLayer;
    StageCompute head;  // LM head and cross-entropy (last stage only)
};
ModelCompute modelCompute(const ModelSpec& model, const TrainingSpec& training, const Layout& layout,
                          const KernelTimer& timer);
// `noGrad`: the stage's layers that run without gradients (frozen_layers): forward only.
StageCompute stageCompute(const ModelCompute& model, const StageLayers& layers, bool lastStage,
                          const StageLayers& noGrad = {});

// Optimizer step on this GPU's parameter shard (memory-bound; ZeRO divides the shard).
double optimizerSeconds(double localParams, const TrainingSpec& training, const KernelTimer& timer);

}  // namespace clusterplan
