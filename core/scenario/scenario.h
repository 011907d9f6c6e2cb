#pragma once
// Scenario: everything the user chose, as read from a "clusterplan.scenario/1" JSON file or
// edited in the window. Value type; evaluate() turns it into a Plan.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/cost/cost_inputs.h"
#include "core/scenario/claim.h"
#include "core/scenario/description.h"
#include "core/scenario/fine_tuning_spec.h"
#include "core/scenario/framework.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/moe_options.h"
#include "core/scenario/precision.h"
#include "core/scenario/quote_info.h"
#include "core/scenario/run_inputs.h"

namespace clusterplan {

inline constexpr std::string_view kScenarioSchema = "clusterplan.scenario/1";

struct TrainingSpec {
    std::int64_t seqLen = 4096;
    std::int64_t globalBatch = 512;  // sequences per optimizer step
    double tokens = 1e12;            // tokens to train on (time/cost issues use it)
    Precision precision = Precision::Bf16;
    Optimizer optimizer = Optimizer::AdamW;
    GradDtype gradDtype = GradDtype::Param;
    bool flashAttention = true;
    Framework framework = Framework::Megatron;  // software stack: selects the efficiency profile
    // Stack features; unset = the stack's default (its profile in perf-profiles.json).
    // overlap_grad_reduce: DP gradient reduction runs during the backward (Megatron-Core
    // --overlap-grad-reduce, PyTorch DDP/FSDP) instead of after it (Megatron-LM 2021-22 local DDP).
    std::optional<bool> overlapGradReduce = std::nullopt;
    // tp_comm_overlap: TP all-gathers and reduce-scatters split into chunks that hide behind the
    // adjacent GEMMs (Transformer Engine userbuffers, Megatron-Core --tp-comm-overlap); needs SP.
    std::optional<bool> tpCommOverlap = std::nullopt;
    // autocast: 16-bit compute by torch.autocast over fp32 parameters, as Composer's amp_bf16 with
    // FSDP's mixed_precision DEFAULT of 2023 ran it (param_dtype unset: FSDP keeps and all-gathers
    // fp32 weights, autocast casts each one to bf16 where it is used). A property of the run, not of
    // the stack: the same Composer with mixed_precision PURE gathers bf16 weights.
    bool autocast = false;
    // stack_release: the release of the stack the run uses, where its kernels differ by release
    // (perf_profile.h, StackDefaults::attentionReleases and the ZeRO-3 gathers); empty = the current one.
    std::string stackRelease;
    TrainingMethod method = TrainingMethod::Full;  // fine-tuning: fine_tuning_spec.h
    LoraSpec lora;                                 // used by lora and qlora
    std::int64_t frozenLayers = 0;                 // full method: the first N layers (and embedding) frozen
    std::optional<DatasetSpec> dataset = std::nullopt;  // set: tokens = samples × mean length × epochs
    DataPipelineSpec dataPipeline{};                    // can the server feed the GPUs (run/feed_check.h)
    RunSpec run{};                                      // the real length of a run (run/run_length.h)
    [[nodiscard]] double tokensToTrain() const { return dataset ? dataset->tokens() : tokens; }
    bool operator==(const TrainingSpec&) const = default;
};

struct ClusterSpec {
    std::string gpu = "a100-sxm-80gb";
    std::int64_t gpusPerNode = 8;
    std::int64_t nodes = 1;
    std::string intraNode;  // fabric id; empty = the GPU's default
    std::string interNode = "ib-hdr-200";
    std::int64_t nicsPerNode = 0;  // scale-out NICs per server; 0 = one per GPU (rail-optimised)
    double cpuMemoryGib = 0;  // host memory per server; 0 = the price book's server line or the catalog's
    HostIoSpec io{};  // CPUs and storage for the data feed; braced: positional initialisers may leave it out
    [[nodiscard]] std::int64_t gpus() const { return gpusPerNode * nodes; }
    bool operator==(const ClusterSpec&) const = default;
};

// Layout keys a scenario may leave out; those are searched (layout_search.h).
enum LayoutKey : unsigned {
    kTp = 1u << 0,
    kPp = 1u << 1,
    kDp = 1u << 2,
    kCp = 1u << 3,
    kEp = 1u << 4,
    kVpp = 1u << 5,
    kMicroBatch = 1u << 6,
    kZeroStage = 1u << 7,
    kRecompute = 1u << 8,
    kSequenceParallel = 1u << 9,
    // How EP moves tokens and what hides it (layout.dispatcher, layout.ep_overlap): open only where
    // EP is open too (a scenario that fixes EP keeps Megatron-Core's default dispatcher).
    kDispatcher = 1u << 10,
    kEpOverlap = 1u << 11,
};
inline constexpr unsigned kAllLayoutKeys = (1u << 12) - 1;

// Parallel layout as the user wrote it. dp = 0 means "the rest": gpus / (tp·pp·cp). Keys in
// `open` were left out of the scenario: the search chooses them (their values here are ignored).
// How layers are split over pipeline stages when L is not a multiple of pp (or pp·vpp). Megatron-
// Core's --decoder-first-pipeline-num-layers / --decoder-last-pipeline-num-layers fix the first and
// last stage's transformer layers (the middle stages share the rest evenly), and
// --account-for-embedding-in-pipeline-split / --account-for-loss-in-pipeline-split count the
// embedding and the LM head + loss as one layer each (how 126-layer Llama 3.1 405B runs with PP 16,
// VPP 8: 128 slots, 8 per stage, stage 0 holds 7 layers + embedding, the last 7 + loss).
struct PipelineSplit {
    std::int64_t firstStageLayers = 0;  // 0 = even split
    std::int64_t lastStageLayers = 0;   // 0 = even split
    bool embeddingAsLayer = false;
    bool lossAsLayer = false;
    // Megatron-Core's --pipeline-model-parallel-layout as written ("Et|(tt|)*30mL"); empty: none.
    // It places every layer itself (parallel/pipeline_layout_string.h).
    std::string layout{};
    // Filled in by resolveLayout from `layout`: transformer layers per virtual stage, in the
    // string's order (stage k on pipeline rank k mod pp).
    std::vector<std::int64_t> layoutChunks{};
    bool operator==(const PipelineSplit&) const = default;
};

struct LayoutSpec {
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    std::int64_t dp = 0;
    std::int64_t cp = 1;
    std::int64_t ep = 1;
    std::int64_t vpp = 1;         // virtual pipeline stages per GPU (interleaved 1F1B)
    std::int64_t microBatch = 1;  // sequences per micro-batch
    int zeroStage = 0;            // 0..3; FSDP full shard = 3
    Recompute recompute = Recompute::None;
    bool sequenceParallel = false;
    // CPU offload; empty: none, but the search may choose it when no layout fits otherwise.
    std::optional<Offload> offload = std::nullopt;
    unsigned open = 0;      // LayoutKey bits
    PipelineSplit split{};  // braced: positional LayoutSpec{...} initialisers may leave it out
    // Expert tensor parallelism, Megatron-Core's --expert-tensor-parallel-size; 0: its default, tp
    // (megatron/training/arguments.py). The expert layers fold over the same GPUs as the attention:
    // expert_tp × ep × expert-dp = tp × cp × dp (parallel/layout.h).
    std::int64_t expertTp = 0;
    MoeOptions moe{};  // dispatcher, EP overlap, memory measures (moe_options.h)
    [[nodiscard]] bool isOpen(LayoutKey k) const { return (open & k) != 0; }
    bool operator==(const LayoutSpec&) const = default;
};

// A run the user measured on their own cluster: one entry of the scenario's
// `measured` key. Model and training are the scenario's; layout, node count and (optionally) the
// global batch are the run's own. evaluate() fits the performance profile to these runs
// (calibration/profile_fit.h) and predicts every layout of the scenario with the fitted profile.
struct MeasuredRun {
    LayoutSpec layout;             // open keys: the stack's default layout on the run's nodes
    std::int64_t nodes = 1;        // servers of the scenario's cluster the run used
    std::int64_t globalBatch = 0;  // sequences per step; 0 = the scenario's training.global_batch
    double tokensPerSecond = 0;    // whole job; 0 when stepSeconds is given
    double stepSeconds = 0;        // 0 when tokensPerSecond is given
    std::optional<double> peakMemoryGib = std::nullopt;  // largest per-GPU peak, GiB
    std::string source;  // where the numbers were read: "train.log:14-40" (the log's steady lines); "" typed
    bool operator==(const MeasuredRun&) const = default;
};

// Memory outside tensors the model owns. Each term is named in the breakdown, never folded
// into a fudge factor (docs/user-guide.md, "What the memory model counts").
struct MemoryOverheads {
    // CUDA context with lazy module loading (CUDA >= 11.7): about 0.3 GiB per process
    // (PyTorch maintainers, pytorch/pytorch issue #107667).
    double cudaContextGib = 0.3;
    // NCCL staging buffers: NCCL_BUFFSIZE 4 MiB per channel and peer direction (NCCL docs,
    // "Environment variables"); 2 peers (ring) x 2 directions x 8 channels per communicator.
    double commBufferMibPerGroup = 128;
    // cuBLAS workspace: PyTorch's default CUBLAS_WORKSPACE_CONFIG ":4096:8" = 8 x 4 MiB
    // (PyTorch docs, "Reproducibility"), plus the same for cuBLASLt.
    double workspaceMib = 64;
    // Caching-allocator fragmentation ("reserved but unallocated"), as a share of activation and
    // transient memory. No published constant: conservative default, calibrate.
    double fragmentationPct = 10;
    // Bytes per logit element kept on the last stage for the loss: fp32 cross-entropy input
    // (Korthikanti et al. 2022 §4: "at least 4·s·b·V/t").
    double logitsBytes = 4;
    bool operator==(const MemoryOverheads&) const = default;
};

// One phase of a plan that grows over time (phases/phased_plan.h computes it): how
// long it lasts, what it runs on (a cluster, or a slice of one GPU), whether that is rented or
// bought and under which offer, and optionally its own model and token goal. Absent keys keep
// the previous phase's cluster and model (the first phase: the scenario's).
enum class Acquire { Rent, Buy };

struct GpuSlice {
    std::string gpu;         // catalog id
    double fraction = 0.05;  // share of the card, e.g. the seed's A100 1/20 slice
    bool operator==(const GpuSlice&) const = default;
};

struct PhaseSpec {
    std::string name;
    std::int64_t months = 1;
    std::optional<ClusterSpec> cluster;  // neither cluster nor slice: the previous phase's
    std::optional<GpuSlice> slice;
    Acquire acquire = Acquire::Rent;
    std::string offer;  // rent offer id in the price book; empty: the scenario's or the book's default
    std::string term;   // term id in the offer; empty: its first
    // Contract rules negotiated for this phase's contract, replacing the price book's.
    std::optional<cost::ContractRules> contract;
    std::string modelPreset;
    std::optional<ModelSpec> model;  // empty: the previous phase's
    std::optional<double> tokens;    // token goal; empty: trains for the whole phase
    bool operator==(const PhaseSpec&) const = default;
};

struct Scenario {
    std::string modelPreset;  // id in the catalog, or empty for a fully custom model
    ModelSpec model;          // resolved: preset values with explicit fields on top
    TrainingSpec training;
    ClusterSpec cluster;
    LayoutSpec layout;
    MemoryOverheads overheads;
    cost::CostInputs cost;                  // rent vs buy (docs/cost-model.md); defaults price the China book
    std::optional<quote::QuoteInfo> quote;  // customer quote details; absent: none entered
    std::vector<MeasuredRun> measured;      // the user's own runs on this cluster
    std::vector<PhaseSpec> phases;          // a phased plan; empty: none
    Description description;                // what the scenario is, or the sentence it tests
    std::optional<Claim> claim;             // the number a published text states about it
    bool operator==(const Scenario&) const = default;
};

}  // namespace clusterplan
