// The plan's notes: memory, step time and its band, fine-tuning and offload, the data feed,
// the run's length, the cost.
// English templates, %1 ... for the arguments; the Chinese of each id is in
// resources/i18n/zh_CN.json (message_catalog.h). Ids are "<area>.<what>"; the English must stay
// as the outputs print it: the golden files hold it.
#include "core/util/message_areas.h"

namespace clusterplan::messages {

namespace {

// A built-in array, not std::array: clang 14 deduces std::array{...} through a fold over every element and
// stops at 256 (the fuzz build).
constexpr MessageTemplate kPlanMessages[] = {

    // Memory (report/plan_scenario.cpp)
    MessageTemplate{"plan.does_not_fit",
                    "Does not fit: the most loaded GPU (pipeline stage %1) needs %2 of %3."},
    MessageTemplate{"plan.zero3_fits", "ZeRO-3 / FSDP would fit (%1)."},
    MessageTemplate{"plan.activations",
                    "Activations are %1; full recomputation or a smaller micro-batch reduces them."},
    MessageTemplate{"plan.no_micro_batch", "Even a micro-batch of one sequence does not fit this layout."},
    MessageTemplate{"plan.logits", "Logits for the loss take %1 on the last stage; a "
                                   "fused or chunked cross-entropy avoids most of it."},
    MessageTemplate{
        "plan.uneven_pipeline",
        "Uneven pipeline: %1 layers over %2 stages; the first %3 stages hold %4 layers, the others %5."},
    MessageTemplate{"plan.recipe_split",
                    "Interleaving (VPP %1) needs each stage's layers in equal chunks: as Megatron-Core's "
                    "recipes do (--account-for-embedding-in-pipeline-split and --account-for-loss-in-"
                    "pipeline-split), the embedding and the loss count as one layer each, %2 layers making "
                    "%3 slots over %4 stages; the first stage holds %5 layers and the embedding, the last "
                    "%6 layers and the loss."},
    MessageTemplate{"plan.pipeline_layout",
                    "Pipeline stages as layout.pipeline_layout places them (Megatron-Core "
                    "--pipeline-model-parallel-layout \"%1\"): %2 virtual stages on pp %3 × vpp %4; "
                    "transformer layers per GPU stage: %5."},
    MessageTemplate{"plan.pipeline_layout_mtp",
                    "The layout places %1 MTP layer(s) (m); the model has no MTP layers, so their time "
                    "and memory are not counted."},
    // The seed article's sound rules (report/article_rules.cpp), with its section as the source
    MessageTemplate{
        "plan.article_batch_share",
        "The global batch of %1 sequences is %2 % of the data set's %3 samples: the seed article (Q2) "
        "keeps it at 1 % or less (here %4), beyond which convergence suffers. Use fewer GPUs, a "
        "smaller batch or more data."},
    MessageTemplate{
        "plan.article_tp_across_servers",
        "Tensor parallelism of %1 spans servers of %2 GPUs: every layer's TP communication crosses "
        "the network between servers. The seed article (Q4, Q7) keeps TP inside a server."},
    MessageTemplate{"plan.cost_not_computed", "Cost not computed: %1"},
    MessageTemplate{"plan.calibrated.one",
                    "Calibrated: the performance profile '%1' was fitted to 1 measured run "
                    "on this cluster (mean throughput error %2 % before, %3 % after); "
                    "every time in this plan uses the fitted profile. Band: %4."},
    MessageTemplate{"plan.calibrated.many",
                    "Calibrated: the performance profile '%1' was fitted to %2 measured "
                    "runs on this cluster (mean throughput error %3 % before, %4 % after); "
                    "every time in this plan uses the fitted profile. Band: %5."},
    // Step time and its band (perf/step_time.cpp, perf/prediction_band.cpp, report/plan_scenario.cpp)
    MessageTemplate{"perf.fp8_uncalibrated",
                    "No calibrated FP8 profile for this stack and GPU: GEMMs are timed at the BF16 peak."},
    MessageTemplate{"perf.tp_comm_overlap_needs_sp",
                    "TP communication overlap is on but sequence parallelism is off: "
                    "Megatron-Core overlaps only sequence-parallel gathers, so the TP "
                    "communication is timed without overlap."},
    MessageTemplate{"perf.profile_of_other_stack",
                    "No performance profile for %1 on the %2: timed with %3's, calibrated on that stack."},
    MessageTemplate{"perf.profile_uncalibrated",
                    "Performance profile '%1' is not calibrated on published runs of "
                    "this stack; treat times as estimates."},
    MessageTemplate{"band.uncalibrated",
                    "Band: no calibrated profile for this stack and GPU, so the band is the transfer "
                    "band (the cross-validated error on stacks left out of the fit)."},
    MessageTemplate{"band.other_stack",
                    "Band: the profile stands in for another stack, so the band is the transfer band."},
    MessageTemplate{"band.moe",
                    "Band: this profile was fitted on no MoE run, so the band is the transfer band."},
    MessageTemplate{"band.beyond_seq_len",
                    "Band: a %1-token sequence is longer than any run this profile was fitted on (%2), "
                    "widened by %3 % each way."},
    MessageTemplate{"band.beyond_calibration",
                    "Band: %1 GPUs is more than the largest calibrated run of this "
                    "profile (%2), widened by %3 % each way."},
    MessageTemplate{"band.default_layout",
                    "Band: layout keys were searched and the step time assumes the recommended layout; "
                    "the band's upper end is the stack's default layout (%1)."},
    // Fine-tuning and offload (report/fine_tuning_notes.cpp)
    MessageTemplate{
        "tune.adapters",
        "%1 rank %2 on %3: %4 trainable parameters (%5 % of the model). MFU counts the forward, the "
        "input gradients, the adapters' GEMMs and no weight gradients of the frozen base."},
    MessageTemplate{"tune.nf4", "Frozen linear weights in NF4 with double quantisation: 4.127 bits per "
                                "weight (QLoRA §3); norms, embeddings and the head stay in 16 bits."},
    MessageTemplate{"tune.frozen_layers", "The first %1 layers and the embedding are frozen: they run "
                                          "forward only; MFU counts no backward for them."},
    MessageTemplate{"tune.offload", "CPU offload (%1): %2 of host memory per server of %3 GiB (%4)."},
    MessageTemplate{
        "tune.host_does_not_fit",
        "Host memory does not fit: each GPU's offloaded states need %1, its share of the server is %2."},
    MessageTemplate{"tune.host_assumed",
                    "No reference server for this GPU in the catalog: host memory bandwidth is assumed "
                    "(two sockets of DDR4-3200); set cluster.cpu_memory_gib for the size."},
    MessageTemplate{"tune.offload_chosen",
                    "Nothing fits in GPU memory alone: the searched layout uses CPU offload."},
    MessageTemplate{"tune.dataset", "Data set: %1 samples × %2 tokens × %3 epochs = %4 tokens."},
    // Data feed (run/feed_check.cpp)
    MessageTemplate{"feed.pipeline.pretokenized-text", "pre-tokenized text"},
    MessageTemplate{"feed.pipeline.raw-text-tokenize", "raw text tokenized on the fly"},
    MessageTemplate{"feed.pipeline.image-decode-augment", "JPEG images decoded and augmented"},
    MessageTemplate{
        "feed.sufficient",
        "Data feed (%1): each server's GPUs need %2 samples/s; its %3 loader workers prepare %4 samples/s "
        "and "
        "storage reads %5 samples/s. The feed is not the bottleneck: %6× the rate the GPUs need."},
    MessageTemplate{"feed.binds.workers",
                    "Data feed (%1): each server's GPUs need %2 samples/s; its %3 loader workers prepare %4 "
                    "samples/s and storage reads "
                    "%5 samples/s. The feed binds (%6): the GPUs wait %7 s per step and run at %8 % "
                    "utilisation; %9 loader "
                    "workers per GPU on at least %10 cores per server (now %11 on %12) would feed them."},
    MessageTemplate{
        "feed.binds.network_fs",
        "Data feed (%1): each server's GPUs need %2 samples/s; its %3 loader workers prepare %4 samples/s "
        "and "
        "storage reads %5 samples/s. The feed binds (%6): the GPUs wait %7 s per step and run at %8 "
        "% utilisation; a network file system of %9 GB/s (now %10) would feed them."},
    MessageTemplate{
        "feed.binds.nvme",
        "Data feed (%1): each server's GPUs need %2 samples/s; its %3 loader workers prepare %4 samples/s "
        "and "
        "storage reads %5 samples/s. The feed binds (%6): the GPUs wait %7 s per step and run at %8 "
        "% utilisation; %9 NVMe drives per server (now %10) would feed them."},
    // Length of the run (run/run_length.cpp)
    MessageTemplate{"unit.minutes", "%1 min"},
    MessageTemplate{"unit.hours", "%1 h"},
    MessageTemplate{"run.length",
                    "Run length: %1 days at the steady step time, %2 days of wall time (goodput %3 %): "
                    "%4 expected interruptions (one every %5), each losing %6 of work on average plus "
                    "the restart; checkpoints of %7 GB take %8 s every %9; evaluation %10. The cost of "
                    "the run uses the budget of %11 GPU-hours."},
    MessageTemplate{"run.length.young_daly",
                    "Run length: %1 days at the steady step time, %2 days of wall time (goodput %3 %): "
                    "%4 expected interruptions (one every %5), each losing %6 of work on average plus "
                    "the restart; checkpoints of %7 GB take %8 s every %9 (Young/Daly optimum); "
                    "evaluation %10. The cost of the run uses the budget of %11 GPU-hours."},
    MessageTemplate{
        "run.local_checkpoints",
        "Checkpoints are written to the servers' local NVMe drives: a lost server loses its shard unless "
        "it is copied elsewhere; with shared storage, give its bandwidth in the plan (network file "
        "system)."},
    MessageTemplate{"run.no_progress",
                    "The run barely progresses: interruptions arrive faster than it can checkpoint and "
                    "restart. Fewer GPUs, faster storage or a more reliable cluster is needed."},
    // Cost (cost/cost_model.cpp, cost/rent_vs_buy.cpp)
    MessageTemplate{"cost.node_power_estimated",
                    "Node power estimated from GPU TDP (%1 W) as %2 kW per server; "
                    "set cost.overrides.node_max_kw for a datasheet value."},
    MessageTemplate{"cost.converted", "Prices converted from %1 to %2 at %3 CNY per USD."},
    MessageTemplate{"cost.server_scaled", "Server price and power scaled from %1 to %2 GPUs per server."},
    MessageTemplate{"cost.whole_units", "Renting '%1' gives %2 GPUs for the cluster's %3 (whole units)."},
    MessageTemplate{"cost.zero_utilisation",
                    "Utilisation is 0: a training run has no cost per useful GPU-hour."},
};

}  // namespace

std::span<const MessageTemplate> planMessages() {
    return kPlanMessages;
}

}  // namespace clusterplan::messages
