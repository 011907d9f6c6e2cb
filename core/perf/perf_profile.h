#pragma once
// PerfProfile: how efficiently one software stack (Megatron-LM, NeMo, PyTorch FSDP, DeepSpeed)
// drives one GPU architecture at one precision. A handful of physical parameters, fitted per
// profile on that stack's published runs (tests/data/calibration, fit_profiles.py) — never one
// factor per run. Read from resources/perf-profiles.json; provenance in each entry.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/perf/host_launch.h"
#include "core/perf/moe_host_sync.h"
#include "core/perf/zero_gather_schedule.h"
#include "core/scenario/framework.h"
#include "core/scenario/precision.h"
#include "core/util/result.h"

namespace clusterplan {

struct PerfProfile {
    std::string id;
    Framework framework = Framework::Megatron;
    std::string architecture;  // GPU architecture: "ampere", "hopper", ...
    Precision precision = Precision::Bf16;
    // GEMMs: fraction of dense peak, eff(F) = gemmEfficiency · F / (F + gemmHalfGflop), F in GFLOP
    // (a saturating curve; small GEMMs run far below peak, as Calculon, Isaev et al. SC'23, shows).
    double gemmEfficiency = 0.8;
    double gemmHalfGflop = 1.0;
    // Fused attention kernels (FlashAttention-2 50-73 % of peak on A100, arXiv:2307.08691).
    double attentionEfficiency = 0.55;
    // Memory-bound kernels (norms, activations, softmax, optimizer): fraction of HBM bandwidth.
    double memoryEfficiency = 0.7;
    // Fixed cost per kernel launch on the critical path (CPU dispatch / launch latency), µs.
    double kernelOverheadUs = 5;
    // Share of the hideable tensor-parallel communication actually hidden when TP communication
    // overlap is on (step_time.cpp: TE userbuffers hide all but one chunk behind the GEMMs).
    double tpOverlap = 1;
    // Share of the data-parallel window usable for overlap (bucketed reduce during backward).
    double dpOverlap = 1;
    // Compute slowdown while communication kernels share SMs and HBM (Calculon: 15 % NVLink).
    double commComputeSlowdown = 0.0;
    // Prediction band, as ratios of the true to the predicted step time: the 5th and 95th
    // percentiles of this stack's leave-one-source-out residuals (fit_profiles.py). The transfer
    // band is the same over runs whose stack had no runs left in their fold, i.e. the error when
    // a profile stands in for a stack, GPU or model family it was not fitted on.
    double bandLow = 1, bandHigh = 1;
    double transferBandLow = 1, transferBandHigh = 1;
    // Bands by novelty, nested over the leave-one-group-out groups (stack family × GPU generation ×
    // model class; fit_profiles.py): for a stack family no profile was fitted on, for a stack fitted
    // on other GPU generations only, and for a model class (MoE) the profile was not fitted on. Each
    // is the widest of the other groups' residual quantiles (split-conformal over groups), so a
    // group's own runs never set the band it is judged by. Absent: the transfer band.
    double unseenStackBandLow = 1, unseenStackBandHigh = 1;
    double unseenGenerationBandLow = 1, unseenGenerationBandHigh = 1;
    double unseenClassBandLow = 1, unseenClassBandHigh = 1;
    // Largest GPU count among the runs this profile was fitted on (0: none).
    double maxCalibratedGpus = 0;
    // Longest sequence among those runs (0: none), and whether any of them trained an MoE model:
    // beyond them the band widens (prediction_band.h).
    double maxCalibratedSeqLen = 0;
    // Largest model among those runs, billions of parameters (0: none), and how much the band
    // widens each way per doubling of the model size beyond it: the steepest drift of the
    // leave-one-group-out error with model size (fit_profiles.py, size_drift).
    double maxCalibratedParamsB = 0;
    double sizeWideningPerDoubling = 0;
    bool moeCalibrated = false;
    bool calibrated = false;
    std::string source;
};

// What a software stack does unless told otherwise (older or simpler stacks are feature flags,
// not profiles: docs/performance-model.md, "Stack features"); a scenario overrides each
// (training.overlap_grad_reduce, training.tp_comm_overlap). Per framework, whatever GPU profile
// stands in for it.
struct StackDefaults {
    bool overlapGradReduce = true;       // DP gradient reduction during the backward
    bool overlapGradReduceZero3 = true;  // the same under ZeRO-3 (DeepSpeed defaults differ)
    bool tpCommOverlap = false;          // TP communication chunked behind the GEMMs
    // FP8 weights quantised once per step and reused by the other micro-batches (Transformer
    // Engine's FP8 weight caching, which Megatron-Core drives with is_first_microbatch). Off for
    // the FSDP stacks: they pass no is_first_microbatch (TE then recasts every call) or quantise
    // with torchao's Float8Linear, which casts the weight in every forward (compute_model.cpp).
    bool fp8WeightCache = true;
    // How a fully sharded (ZeRO-3) stack lays out the gathered weights and the gradients it
    // reduce-scatters, which decides the copies it makes of them every micro-batch on the compute
    // stream, in HBM (step_time.cpp, fsdpCopySeconds):
    //  - None: the collectives read and write the training buffers themselves.
    //  - FlatParameter (PyTorch FSDP1, FlatParamHandle): the all-gather writes the unsharded flat
    //    parameter the layers view, but autograd returns the views' gradients as separate tensors
    //    that the flat gradient is concatenated from (the backward of the split): a read and a write
    //    of every gradient.
    //  - PerParameter (PyTorch FSDP2, fully_shard): the all-gather lands in one flat buffer that is
    //    split into each parameter's tensor (copy-out) after the forward and the backward gather,
    //    and the gradients are concatenated into the reduce-scatter input in the reduce dtype
    //    (copy-in), which the compute stream waits for.
    enum class ShardedBuffers { None, FlatParameter, PerParameter };
    ShardedBuffers shardedBuffers = ShardedBuffers::None;
    // The GPU generation the stack's attention kernels are written for (compute_model.h,
    // attentionKernelSpeed):
    //  - Native: kernels for the GPU it runs on (Transformer Engine's cuDNN fused attention, which
    //    TE prefers over FlashAttention on Hopper and newer).
    //  - Ampere: FlashAttention-2-class kernels built on Ampere's synchronous mma.sync tensor-core
    //    instructions (flash-attn 2, PyTorch SDPA's flash backend, the pre-MLIR Triton kernel of
    //    llm-foundry 2023): on Hopper they use neither wgmma nor TMA.
    enum class AttentionKernels { Native, Ampere };
    AttentionKernels attentionKernels = AttentionKernels::Native;
    // The attention kernels of each release of the stack ("attention_kernels_by_release"): a
    // release whose kernels were measured on a GPU architecture runs attention at that measured
    // share of the GPU's 16-bit peak there; elsewhere, and for a release listing none, at the
    // profile's fitted efficiency (the release the calibration runs used). A scenario names its
    // release (training.stack_release); a new plan runs the current one ("attention_kernels_release").
    struct AttentionRelease {
        std::string release;
        std::map<std::string, double> efficiencyByArchitecture;
        std::string source;
    };
    std::vector<AttentionRelease> attentionReleases;
    std::string currentAttentionRelease;
    // The entry of `release` (empty: the current release); null when the stack lists none such.
    [[nodiscard]] const AttentionRelease* attentionRelease(std::string_view release) const;
    // Whether `release` names a release this stack lists (attention kernels or ZeRO-3 gathers).
    [[nodiscard]] bool knowsRelease(std::string_view release) const;
    // The releases a scenario may name, comma-separated (empty: the stack lists none).
    [[nodiscard]] std::string releaseNames() const;
    // How ZeRO-3 gathers the parameters ("zero3_gather"; zero_gather_schedule.h), and the schedules of
    // earlier releases that published runs used ("zero3_gather_by_release"; useRelease()).
    Zero3GatherSchedule zero3Gather;
    std::vector<Zero3GatherSchedule> zero3GatherReleases;
    // The ZeRO-3 gathers of `release` (a scenario's training.stack_release): that release's schedule
    // where the stack lists one, else the current one.
    [[nodiscard]] const Zero3GatherSchedule& zero3GatherFor(std::string_view release) const;
    // Whether the MoE token dispatch waits on the host for the split sizes ("moe_dispatch_host_sync";
    // moe_host_sync.h).
    MoeHostSync moeDispatchHostSync;
    std::string source;
    // Not read: the GPU architectures on which this stack has a calibrated profile of its own
    // (PerfProfiles fills it from its profiles), so the band can tell a stack family the fit never
    // saw from one fitted on another GPU generation (prediction_band.h).
    std::vector<std::string> calibratedArchitectures;
    // Read ("unfitted_runs_on"): GPU architectures on which the calibration set holds published runs
    // of this stack that are not fitted (DeepSpeed: the ZeRO paper's V100 runs).
    std::vector<std::string> unfittedRunsOn;
    // Read ("host_launch"): the host's time to issue each layer's calls, and the CUDA graphs the stack
    // captures them in by default (host_launch.h).
    HostLaunch hostLaunch;
};

// The stack whose profile stands in first for `f` when `f` has none on a GPU (`f` itself when no
// other stack is nearer than the general fallbacks of PerfProfiles::find).
[[nodiscard]] Framework nearestStack(Framework f);

class PerfProfiles {
public:
    static PerfProfiles builtin();
    Result<bool> mergeJson(std::string_view json, const std::string& fileLabel);
    // The built-in default profile and no others (cross-validation folds start from it).
    [[nodiscard]] PerfProfiles defaultOnly() const;
    // Best profile for the stack: exact (framework, architecture, precision), else the same
    // stack at bf16 on that architecture, else Megatron's, else the architecture-neutral default.
    [[nodiscard]] const PerfProfile& find(Framework f, std::string_view architecture, Precision p) const;
    [[nodiscard]] const std::vector<PerfProfile>& all() const { return m_profiles; }
    [[nodiscard]] const StackDefaults& stackDefaults(Framework f) const;
    // Every find() answers `profile` from now on: the copy of the catalog a scenario with measured
    // runs is evaluated with, whose one cluster has one profile fitted to them (calibration/).
    void pin(PerfProfile profile) { m_pinned = std::move(profile); }
    // `f` runs as its release `release` did (a published run of an older release): the release's ZeRO-3
    // gather schedule replaces the current one. False when the stack lists no such release.
    bool useRelease(Framework f, std::string_view release);

private:
    std::vector<PerfProfile> m_profiles;
    PerfProfile m_default;
    std::map<Framework, StackDefaults> m_stackDefaults;
    std::optional<PerfProfile> m_pinned;
    void noteCalibratedArchitectures();
};

}  // namespace clusterplan
