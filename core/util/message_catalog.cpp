#include "util/message_catalog.h"

#include <algorithm>
#include <array>

// QT_TRANSLATE_NOOP is Qt's marker for lupdate: it extracts the string into the .ts file under
// the "EngineMessage" context. core/ has no Qt, so here the marker is only the string itself.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, text) text
#endif

namespace clusterplan {

namespace {

// Ids are "<area>.<what>". The English must stay as the outputs print it: the golden files hold it.
constexpr std::array kCatalog{
    // Memory (report/evaluate.cpp)
    MessageTemplate{
        "plan.does_not_fit",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Does not fit: the most loaded GPU (pipeline stage %1) needs %2 of %3.")},
    MessageTemplate{"plan.zero3_fits", QT_TRANSLATE_NOOP("EngineMessage", "ZeRO-3 / FSDP would fit (%1).")},
    MessageTemplate{
        "plan.activations",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Activations are %1; full recomputation or a smaller micro-batch reduces them.")},
    MessageTemplate{
        "plan.no_micro_batch",
        QT_TRANSLATE_NOOP("EngineMessage", "Even a micro-batch of one sequence does not fit this layout.")},
    MessageTemplate{"plan.logits",
                    QT_TRANSLATE_NOOP("EngineMessage", "Logits for the loss take %1 on the last stage; a "
                                                       "fused or chunked cross-entropy avoids most of it.")},
    MessageTemplate{
        "plan.uneven_pipeline",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "Uneven pipeline: %1 layers over %2 stages; the first %3 stages hold %4 layers, the others %5.")},
    MessageTemplate{"plan.cost_not_computed", QT_TRANSLATE_NOOP("EngineMessage", "Cost not computed: %1")},
    MessageTemplate{"plan.calibrated.one",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "Calibrated: the performance profile '%1' was fitted to 1 measured run "
                                      "on this cluster (mean throughput error %2 % before, %3 % after); "
                                      "every time in this plan uses the fitted profile. Band: %4.")},
    MessageTemplate{"plan.calibrated.many",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "Calibrated: the performance profile '%1' was fitted to %2 measured "
                                      "runs on this cluster (mean throughput error %3 % before, %4 % after); "
                                      "every time in this plan uses the fitted profile. Band: %5.")},
    // Step time and its band (perf/step_time.cpp, perf/prediction_band.cpp, report/evaluate.cpp)
    MessageTemplate{
        "perf.fp8_uncalibrated",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "No calibrated FP8 profile for this stack and GPU: GEMMs are timed at the BF16 peak.")},
    MessageTemplate{
        "perf.profile_of_other_stack",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "No performance profile for %1 on %2: using '%3', calibrated on another stack.")},
    MessageTemplate{"perf.profile_uncalibrated",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "Performance profile '%1' is not calibrated on published runs of "
                                      "this stack; treat times as estimates.")},
    MessageTemplate{
        "band.uncalibrated",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Band: no calibrated profile for this stack and GPU, so the band is the transfer "
                          "band (the cross-validated error on stacks left out of the fit).")},
    MessageTemplate{"band.other_stack",
                    QT_TRANSLATE_NOOP(
                        "EngineMessage",
                        "Band: the profile stands in for another stack, so the band is the transfer band.")},
    MessageTemplate{
        "band.moe",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Band: no MoE run is in the calibration set, so the band is the transfer band.")},
    MessageTemplate{"band.beyond_calibration",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "Band: %1 GPUs is more than the largest calibrated run of this "
                                      "profile (%2), widened by %3 % each way.")},
    MessageTemplate{
        "band.default_layout",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Band: layout keys were searched and the step time assumes the recommended layout; "
                          "the band's upper end is the stack's default layout (%1).")},
    // Fine-tuning and offload (report/fine_tuning_notes.cpp)
    MessageTemplate{
        "tune.adapters",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "%1 rank %2 on %3: %4 trainable parameters (%5 % of the model). MFU counts the forward, the "
            "input gradients, the adapters' GEMMs and no weight gradients of the frozen base.")},
    MessageTemplate{"tune.nf4",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "Frozen linear weights in NF4 with double quantisation: 4.127 bits per "
                                      "weight (QLoRA §3); norms, embeddings and the head stay in 16 bits.")},
    MessageTemplate{"tune.frozen_layers",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "The first %1 layers and the embedding are frozen: they run "
                                      "forward only; MFU counts no backward for them.")},
    MessageTemplate{
        "tune.offload",
        QT_TRANSLATE_NOOP("EngineMessage", "CPU offload (%1): %2 of host memory per server of %3 GiB (%4).")},
    MessageTemplate{
        "tune.host_does_not_fit",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "Host memory does not fit: each GPU's offloaded states need %1, its share of the server is %2.")},
    MessageTemplate{
        "tune.host_assumed",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "No reference server for this GPU in the catalog: host memory bandwidth is assumed "
                          "(two sockets of DDR4-3200); set cluster.cpu_memory_gib for the size.")},
    MessageTemplate{
        "tune.offload_chosen",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Nothing fits in GPU memory alone: the searched layout uses CPU offload.")},
    MessageTemplate{
        "tune.dataset",
        QT_TRANSLATE_NOOP("EngineMessage", "Data set: %1 samples × %2 tokens × %3 epochs = %4 tokens.")},
    // Data feed (run/feed_check.cpp)
    MessageTemplate{
        "feed.sufficient",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Data feed (%1): each server's GPUs need %2; its %3 loader workers prepare %4 and "
                          "storage reads %5. The feed is not the bottleneck: %6× the rate the GPUs need.")},
    MessageTemplate{
        "feed.binds.workers",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "Data feed (%1): each server's GPUs need %2; its %3 loader workers prepare %4 and storage reads "
            "%5. The feed binds (%6): the GPUs wait %7 s per step and run at %8 % utilisation; %9 loader "
            "workers per GPU on at least %10 cores per server (now %11 on %12) would feed them.")},
    MessageTemplate{
        "feed.binds.network_fs",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Data feed (%1): each server's GPUs need %2; its %3 loader workers prepare %4 and "
                          "storage reads %5. The feed binds (%6): the GPUs wait %7 s per step and run at %8 "
                          "% utilisation; a network file system of %9 GB/s (now %10) would feed them.")},
    MessageTemplate{
        "feed.binds.nvme",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Data feed (%1): each server's GPUs need %2; its %3 loader workers prepare %4 and "
                          "storage reads %5. The feed binds (%6): the GPUs wait %7 s per step and run at %8 "
                          "% utilisation; %9 NVMe drives per server (now %10) would feed them.")},
    // Length of the run (run/run_length.cpp)
    MessageTemplate{
        "run.length",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Run length: %1 days at the steady step time, %2 days of wall time (goodput %3 %): "
                          "%4 expected interruptions (one every %5), each losing %6 of work on average plus "
                          "the restart; checkpoints of %7 GB take %8 s every %9; evaluation %10. The cost of "
                          "the run uses the budget of %11 GPU-hours.")},
    MessageTemplate{
        "run.length.young_daly",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Run length: %1 days at the steady step time, %2 days of wall time (goodput %3 %): "
                          "%4 expected interruptions (one every %5), each losing %6 of work on average plus "
                          "the restart; checkpoints of %7 GB take %8 s every %9 (Young/Daly optimum); "
                          "evaluation %10. The cost of the run uses the budget of %11 GPU-hours.")},
    MessageTemplate{
        "run.local_checkpoints",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "Checkpoints are written to the servers' local NVMe drives: a lost server loses its shard unless "
            "it is copied elsewhere; set cluster.network_fs_gb_s for shared storage.")},
    MessageTemplate{
        "run.no_progress",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "The run barely progresses: interruptions arrive faster than it can checkpoint and "
                          "restart. Fewer GPUs, faster storage or a more reliable cluster is needed.")},
    // Cost (cost/cost_model.cpp, cost/rent_vs_buy.cpp)
    MessageTemplate{"cost.node_power_estimated",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "Node power estimated from GPU TDP (%1 W) as %2 kW per server; "
                                      "set cost.overrides.node_max_kw for a datasheet value.")},
    MessageTemplate{"cost.converted",
                    QT_TRANSLATE_NOOP("EngineMessage", "Prices converted from %1 to %2 at %3 CNY per USD.")},
    MessageTemplate{
        "cost.server_scaled",
        QT_TRANSLATE_NOOP("EngineMessage", "Server price and power scaled from %1 to %2 GPUs per server.")},
    MessageTemplate{
        "cost.whole_units",
        QT_TRANSLATE_NOOP("EngineMessage", "Renting '%1' gives %2 GPUs for the cluster's %3 (whole units).")},
    MessageTemplate{"cost.zero_utilisation",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "Utilisation is 0: a training run has no cost per useful GPU-hour.")},
    // The layout search (search/layout_search.cpp, search/search_explanation.cpp)
    MessageTemplate{
        "search.bounded",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "The open layout keys allow %1 candidate layouts, more than the search's bound of %2: an evenly "
            "spaced %2 of them were evaluated, so a better layout may exist. Fix some keys in \"layout\" "
            "(micro_batch, vpp, zero_stage, recompute, pp) to search the rest exhaustively.")},
    // Scaling study (search/scaling_study.cpp)
    MessageTemplate{
        "scaling.bounded",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "%1 of the study's searches had more candidate layouts than their share (%2) "
                          "of the study's bound of %3 and were sampled evenly; run `search` on one "
                          "GPU count for a finer answer.")},
    MessageTemplate{"explain.offload",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "No layout fits in GPU memory alone, so the search also tried CPU "
                                      "offload: the best layout offloads '%1' to host memory.")},
    MessageTemplate{"explain.no_layout", QT_TRANSLATE_NOOP("EngineMessage", "No layout: %1")},
    MessageTemplate{"explain.none_fits",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "No layout fits in memory on this cluster; the smallest needs %1 "
                                      "GiB per GPU. Add GPUs, or use a GPU with more memory.")},
    MessageTemplate{
        "explain.tp.in_server",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "TP=%1 keeps every all-reduce on %2 (%3 exposed per layer and micro-batch)")},
    MessageTemplate{
        "explain.tp.across_servers",
        QT_TRANSLATE_NOOP("EngineMessage", "TP=%1 crosses servers, (%2 exposed per layer and micro-batch)")},
    MessageTemplate{"explain.pp",
                    QT_TRANSLATE_NOOP("EngineMessage", "PP=%1 costs a %2 bubble with %3 micro-batches")},
    MessageTemplate{"explain.pp.interleaved",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "PP=%1 (interleaved ×%2) costs a %3 bubble with %4 micro-batches")},
    MessageTemplate{"explain.dp",
                    QT_TRANSLATE_NOOP("EngineMessage", "DP traffic is %1 hidden behind backward")},
    MessageTemplate{
        "explain.dp.zero3",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "DP traffic is %1 hidden behind backward (ZeRO-3 gathers every micro-batch)")},
    MessageTemplate{"explain.compute",
                    QT_TRANSLATE_NOOP("EngineMessage", "compute is %1 of the %2 s step; MFU %3")},
    MessageTemplate{
        "explain.memory",
        QT_TRANSLATE_NOOP("EngineMessage", "memory %1 of %2 GiB with micro-batch %3, ZeRO-%4, recompute %5")},
    MessageTemplate{"rule.ddp",
                    QT_TRANSLATE_NOOP("EngineMessage", "Seed article rule of thumb for %1 B parameters: "
                                                       "under 10 B parameters: data parallelism (DDP).")},
    MessageTemplate{"rule.dp_pp",
                    QT_TRANSLATE_NOOP("EngineMessage", "Seed article rule of thumb for %1 B parameters: "
                                                       "10-100 B parameters: data + pipeline parallelism.")},
    MessageTemplate{"rule.3d", QT_TRANSLATE_NOOP("EngineMessage",
                                                 "Seed article rule of thumb for %1 B parameters: over 100 B "
                                                 "parameters: 3D parallelism (data + tensor + pipeline).")},
    MessageTemplate{"rule.nothing_to_compare",
                    QT_TRANSLATE_NOOP("EngineMessage", "No layout fits, so there is nothing to compare.")},
    MessageTemplate{"rule.agrees", QT_TRANSLATE_NOOP("EngineMessage", "The computed optimum agrees (%1).")},
    MessageTemplate{"rule.differs",
                    QT_TRANSLATE_NOOP("EngineMessage", "The computed optimum differs: %1 is faster here.")},
};

}  // namespace

std::span<const MessageTemplate> messageCatalog() {
    return kCatalog;
}

std::optional<std::string_view> messageTemplate(std::string_view id) {
    const auto it = std::find_if(kCatalog.begin(), kCatalog.end(), [&](const auto& t) { return t.id == id; });
    if (it == kCatalog.end())
        return std::nullopt;
    return it->english;
}

}  // namespace clusterplan
