#include "core/util/message_catalog.h"

#include <algorithm>
#include <array>
#include <vector>

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
    MessageTemplate{"perf.tp_comm_overlap_needs_sp",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "TP communication overlap is on but sequence parallelism is off: "
                                      "Megatron-Core overlaps only sequence-parallel gathers, so the TP "
                                      "communication is timed without overlap.")},
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
    // The stack's default layout (search/framework_defaults.cpp): the band's upper end
    MessageTemplate{"recipe.fsdp",
                    QT_TRANSLATE_NOOP(
                        "EngineMessage",
                        "PyTorch FSDP recipe: full shard (ZeRO-3), activation checkpointing, micro-batch 1")},
    MessageTemplate{
        "recipe.deepspeed",
        QT_TRANSLATE_NOOP("EngineMessage", "DeepSpeed recipe: ZeRO-%1, full checkpointing, micro-batch 1")},
    MessageTemplate{"recipe.megatron",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "%1 recipe: TP %2, PP %3, distributed optimizer (ZeRO-1), "
                                      "selective recompute, micro-batch 1")},
    MessageTemplate{"recipe.megatron_ep",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "%1 recipe: TP %2, PP %3, EP %4, distributed optimizer "
                                      "(ZeRO-1), selective recompute, micro-batch 1")},
    MessageTemplate{"recipe.invalid", QT_TRANSLATE_NOOP("EngineMessage", "%1 — not valid here: %2")},
    // Why a searched layout does not fit (search/layout_search.cpp)
    MessageTemplate{"search.reason.host",
                    QT_TRANSLATE_NOOP("EngineMessage", "host memory: needs %1 GiB > %2 GiB per GPU")},
    MessageTemplate{"search.reason.memory",
                    QT_TRANSLATE_NOOP("EngineMessage", "needs %1 GiB > %2 GiB usable (stage %3)")},
    // Scaling study's comparisons (studies/scaling_study.cpp)
    MessageTemplate{"scaling.compare.one_server",
                    QT_TRANSLATE_NOOP("EngineMessage", "8 GPUs: 1 server x 8 (%1)")},
    MessageTemplate{"scaling.compare.two_servers",
                    QT_TRANSLATE_NOOP("EngineMessage", "8 GPUs: 2 servers x 4 over %1")},
    MessageTemplate{"scaling.compare.intra",
                    QT_TRANSLATE_NOOP("EngineMessage", "%1 GPUs, inside servers: %2")},
    MessageTemplate{"scaling.compare.inter",
                    QT_TRANSLATE_NOOP("EngineMessage", "%1 GPUs, between servers: %2")},
    // Scaling study (studies/scaling_study.cpp)
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
    // Input errors (util/result.h inputError): the reason next to the red field, in the dialog that
    // cannot open a file, and in the CLI. Ids "error.*" (and "json.kind.*" for what a JSON value is).
    // The key path stays outside the template; %N are numbers, ids, key paths and enum values.
    // JSON files: scenarios, catalogs, price books (util/json_read.cpp)
    MessageTemplate{"json.kind.null", QT_TRANSLATE_NOOP("EngineMessage", "null")},
    MessageTemplate{"json.kind.boolean", QT_TRANSLATE_NOOP("EngineMessage", "a boolean")},
    MessageTemplate{"json.kind.number", QT_TRANSLATE_NOOP("EngineMessage", "a number")},
    MessageTemplate{"json.kind.string", QT_TRANSLATE_NOOP("EngineMessage", "a string")},
    MessageTemplate{"json.kind.array", QT_TRANSLATE_NOOP("EngineMessage", "an array")},
    MessageTemplate{"json.kind.object", QT_TRANSLATE_NOOP("EngineMessage", "an object")},
    MessageTemplate{"json.kind.value", QT_TRANSLATE_NOOP("EngineMessage", "a value")},
    MessageTemplate{"error.json.malformed", QT_TRANSLATE_NOOP("EngineMessage", "malformed JSON: %1")},
    MessageTemplate{"error.json.not_object", QT_TRANSLATE_NOOP("EngineMessage", "must be an object, got %1")},
    MessageTemplate{"error.json.required", QT_TRANSLATE_NOOP("EngineMessage", "is required")},
    MessageTemplate{"error.json.not_number", QT_TRANSLATE_NOOP("EngineMessage", "must be a number, got %1")},
    MessageTemplate{"error.json.not_whole",
                    QT_TRANSLATE_NOOP("EngineMessage", "must be a whole number, got %1")},
    MessageTemplate{"error.json.not_string", QT_TRANSLATE_NOOP("EngineMessage", "must be a string, got %1")},
    MessageTemplate{"error.json.not_boolean",
                    QT_TRANSLATE_NOOP("EngineMessage", "must be true or false, got %1")},
    MessageTemplate{"error.json.not_array", QT_TRANSLATE_NOOP("EngineMessage", "must be an array, got %1")},
    MessageTemplate{"error.json.not_allowed", QT_TRANSLATE_NOOP("EngineMessage", "is '%1', allowed: %2")},
    MessageTemplate{"error.json.unknown_key",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown key; known keys: %1")},
    MessageTemplate{"error.json.unknown_key.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown key (did you mean '%1'?); known keys: %2")},
    // Ranges (everywhere a number has bounds)
    MessageTemplate{"error.range", QT_TRANSLATE_NOOP("EngineMessage", "is %1, allowed range %2 to %3")},
    // Parallel layout (parallel/layout.cpp; Megatron-LM and DeepSpeed rules)
    MessageTemplate{"error.layout.split_needs_pp",
                    QT_TRANSLATE_NOOP("EngineMessage", "needs pp > 1 (pipeline stages to split)")},
    MessageTemplate{"error.layout.split_middle",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "first (%1) and last (%2) stage layers leave %3 of %4 layers for %5 "
                                      "middle stages (need at least one each, and all layers placed)")},
    MessageTemplate{
        "error.layout.empty_stage",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "is %1: stage %2 would hold no transformer layer (allowed: pp up to the layers)")},
    MessageTemplate{
        "error.layout.vpp_chunks",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "is %1: interleaving needs every stage's layers in vpp equal chunks, but stage %2 "
                          "holds %3 (embedding and loss included when counted as layers); set "
                          "first_stage_layers / last_stage_layers or embedding_as_layer / loss_as_layer so "
                          "that each stage's count divides by vpp")},
    MessageTemplate{"error.layout.tp_heads",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, must divide the attention heads (%2)")},
    MessageTemplate{
        "error.layout.tp_kv_heads",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "is %1, must divide the KV heads (%2) or be a multiple of them (KV heads replicated)")},
    MessageTemplate{"error.layout.pp_layers",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, allowed range 1 to %2 (one layer per stage)")},
    MessageTemplate{"error.layout.vpp_needs_pp",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1: interleaving needs pp > 1")},
    MessageTemplate{"error.layout.vpp_micro_batches",
                    QT_TRANSLATE_NOOP("EngineMessage", "interleaved 1F1B needs the micro-batch count (%1) to "
                                                       "be a multiple of pp (%2), as Megatron-LM requires")},
    MessageTemplate{"error.layout.cp_seq_len",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, must divide the sequence length (%2)")},
    MessageTemplate{"error.layout.ep_no_experts",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, but the model has no experts (allowed: 1)")},
    MessageTemplate{"error.layout.ep_experts",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, must divide the experts (%2)")},
    MessageTemplate{
        "error.layout.ep_dp_cp",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "is %1, must divide dp·cp (%2): experts are spread over data-parallel ranks")},
    MessageTemplate{"error.layout.offload_optimizer",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "'optimizer' needs zero_stage 1, 2 or 3 (DeepSpeed ZeRO-Offload)")},
    MessageTemplate{"error.layout.offload_params",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "'optimizer_and_params' needs zero_stage 3 (DeepSpeed ZeRO-Infinity)")},
    MessageTemplate{
        "error.layout.model_parallel_gpus",
        QT_TRANSLATE_NOOP("EngineMessage", "tp·pp·cp = %1 does not divide the %2 GPUs of the cluster")},
    MessageTemplate{
        "error.layout.dp_gpus",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "tp·pp·dp·cp = %1 but the cluster has %2 GPUs (set dp to 0 for 'the rest')")},
    MessageTemplate{
        "error.layout.global_batch.one",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "is %1, must be a multiple of dp·micro_batch (%2·%3 = %4); nearest that work: %5")},
    MessageTemplate{
        "error.layout.global_batch.two",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "is %1, must be a multiple of dp·micro_batch (%2·%3 = %4); nearest that work: %6 or %5")},
    // Unknown ids, with the closest known one (util/closest_id.cpp)
    MessageTemplate{"error.unknown.fabric.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown fabric '%1' (closest: '%2')")},
    MessageTemplate{"error.unknown.fabric.list",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "unknown fabric '%1' (run `clusterplan-cli presets` for the list)")},
    MessageTemplate{"error.unknown.model_preset.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown model preset '%1' (closest: '%2')")},
    MessageTemplate{
        "error.unknown.model_preset.list",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "unknown model preset '%1' (run `clusterplan-cli presets` for the list)")},
    MessageTemplate{"error.unknown.gpu.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown GPU '%1' (closest: '%2')")},
    MessageTemplate{
        "error.unknown.gpu.list",
        QT_TRANSLATE_NOOP("EngineMessage", "unknown GPU '%1' (run `clusterplan-cli presets` for the list)")},
    MessageTemplate{"error.unknown.gpu_id.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown GPU id '%1' (closest: '%2')")},
    MessageTemplate{"error.unknown.gpu_id.list",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "unknown GPU id '%1' (run `clusterplan-cli presets` for the list)")},
    MessageTemplate{"error.unknown.price_book.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown price book '%1' (closest: '%2')")},
    MessageTemplate{
        "error.unknown.price_book.list",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "unknown price book '%1' (run `clusterplan-cli presets` for the list)")},
    MessageTemplate{"error.unknown.rent_offer.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown rent offer '%1' (closest: '%2')")},
    MessageTemplate{
        "error.unknown.rent_offer.list",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "unknown rent offer '%1' (run `clusterplan-cli presets` for the list)")},
    MessageTemplate{"error.unknown.data_pipeline.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown data pipeline preset '%1' (closest: '%2')")},
    MessageTemplate{
        "error.unknown.data_pipeline.list",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "unknown data pipeline preset '%1' (run `clusterplan-cli presets` for the list)")},
    MessageTemplate{"error.unknown.parameter.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown parameter '%1' (closest: '%2')")},
    MessageTemplate{"error.unknown.parameter.list",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "unknown parameter '%1' (run `clusterplan-cli presets` for the list)")},
    MessageTemplate{
        "error.unknown.rent_offer_in_book.closest",
        QT_TRANSLATE_NOOP("EngineMessage", "unknown rent offer '%1' (closest: '%2') in price book '%3'")},
    MessageTemplate{
        "error.unknown.rent_offer_in_book.list",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "unknown rent offer '%1' (run `clusterplan-cli presets` for the list) in price book '%2'")},
    MessageTemplate{"error.unknown.term.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown term '%1' (closest: '%2') of offer '%3'")},
    MessageTemplate{
        "error.unknown.term.list",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "unknown term '%1' (run `clusterplan-cli presets` for the list) of offer '%2'")},
    MessageTemplate{"error.unknown.offer_term.closest",
                    QT_TRANSLATE_NOOP("EngineMessage", "unknown term of offer '%3' '%1' (closest: '%2')")},
    MessageTemplate{
        "error.unknown.offer_term.list",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "unknown term of offer '%2' '%1' (run `clusterplan-cli presets` for the list)")},
    // The model (model/model_spec.cpp)
    MessageTemplate{
        "error.model.head_dim",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "is not given and hidden (%1) is not a multiple of heads (%2): give head_dim (1 to 100000)")},
    MessageTemplate{"error.model.kv_heads",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, must divide heads (%2)")},
    // The scenario as a whole (catalog/scenario_check.cpp)
    MessageTemplate{
        "error.scenario.fabric_not_intra",
        QT_TRANSLATE_NOOP("EngineMessage", "'%1' is an inter-node fabric; this key needs an intra-node one")},
    MessageTemplate{
        "error.scenario.fabric_not_inter",
        QT_TRANSLATE_NOOP("EngineMessage", "'%1' is an intra-node fabric; this key needs an inter-node one")},
    MessageTemplate{"error.scenario.precision",
                    QT_TRANSLATE_NOOP("EngineMessage", "%1 is not supported by %2; allowed: %3")},
    // Fine-tuning (catalog/fine_tuning_check.cpp, io/fine_tuning_json.cpp)
    MessageTemplate{"error.tune.lora_rank",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, allowed range 1 to %2 (the hidden size)")},
    MessageTemplate{"error.tune.lora_dropout",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, allowed range 0 <= p < 1 (0 to below 1)")},
    MessageTemplate{
        "error.tune.lora_targets",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "adapts no layer of this model (%1); choose among q, k, v, o, gate, up, down")},
    MessageTemplate{"error.tune.lora_targets.gelu",
                    QT_TRANSLATE_NOOP("EngineMessage", "adapts no layer of this model (%1); choose among q, "
                                                       "k, v, o, gate, up, down (a GeLU MLP has no gate)")},
    MessageTemplate{
        "error.tune.qlora_precision",
        QT_TRANSLATE_NOOP("EngineMessage", "%1 with qlora: QLoRA computes in 16 bits; allowed: bf16, fp16")},
    MessageTemplate{"error.tune.frozen_layers",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, allowed range 0 to %2 (the model's layers)")},
    MessageTemplate{
        "error.tune.frozen_layers_method",
        QT_TRANSLATE_NOOP("EngineMessage", "applies to method 'full' only; %1 freezes the whole base model")},
    // Measured runs (catalog/measured_runs_check.cpp)
    MessageTemplate{"error.measured.both_rates",
                    QT_TRANSLATE_NOOP("EngineMessage", "and tokens_per_s are both given; give one of them")},
    MessageTemplate{
        "error.measured.no_rate",
        QT_TRANSLATE_NOOP("EngineMessage", "is required (the whole job's tokens per second), or step_s")},
    MessageTemplate{"error.measured.too_many",
                    QT_TRANSLATE_NOOP("EngineMessage", "has %1 runs, allowed: at most %2")},
    // Opening and saving files (util/atomic_file.cpp, io/scenario_json.cpp); %1 of the write
    // failures is the system's own reason (strerror)
    MessageTemplate{"error.file.not_readable",
                    QT_TRANSLATE_NOOP("EngineMessage", "cannot open: not a readable file")},
    MessageTemplate{"error.file.size", QT_TRANSLATE_NOOP("EngineMessage", "cannot read size: %1")},
    MessageTemplate{"error.file.too_large",
                    QT_TRANSLATE_NOOP("EngineMessage", "file is %1 bytes; files over %2 MiB are refused")},
    MessageTemplate{"error.file.cannot_open", QT_TRANSLATE_NOOP("EngineMessage", "cannot open: %1")},
    MessageTemplate{"error.file.no_folder",
                    QT_TRANSLATE_NOOP("EngineMessage", "cannot save: the folder '%1' does not exist")},
    MessageTemplate{"error.file.not_folder",
                    QT_TRANSLATE_NOOP("EngineMessage", "cannot save: '%1' is not a folder")},
    MessageTemplate{"error.file.not_regular",
                    QT_TRANSLATE_NOOP("EngineMessage", "cannot save: it exists and is not a regular file")},
    MessageTemplate{
        "error.file.read_only",
        QT_TRANSLATE_NOOP("EngineMessage", "cannot save: the file is read-only; it was left unchanged")},
    MessageTemplate{"error.file.cannot_create",
                    QT_TRANSLATE_NOOP("EngineMessage", "cannot save: cannot create a file in '%1': %2")},
    MessageTemplate{
        "error.file.write_failed",
        QT_TRANSLATE_NOOP("EngineMessage", "cannot save: %1; the existing file was left unchanged")},
    MessageTemplate{"error.file.write_failed.full",
                    QT_TRANSLATE_NOOP(
                        "EngineMessage",
                        "cannot save: %1 (the disk or quota is full); the existing file was left unchanged")},
    MessageTemplate{"error.file.cannot_replace",
                    QT_TRANSLATE_NOOP("EngineMessage", "cannot save: cannot replace the file: %1")},
    MessageTemplate{"error.file.internal",
                    QT_TRANSLATE_NOOP("EngineMessage", "cannot save, internal error: %1")},
    // The scenario file's schema and top level (io/scenario_schema.cpp, io/scenario_json.cpp)
    MessageTemplate{
        "error.schema.not_object",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "a scenario file is a JSON object with \"schema\": \"clusterplan.scenario/1\"")},
    MessageTemplate{"error.schema.required",
                    QT_TRANSLATE_NOOP("EngineMessage", "is required: \"clusterplan.scenario/%1\"")},
    MessageTemplate{
        "error.schema.not_scenario",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "is '%1': not a ClusterPlan scenario (expected 'clusterplan.scenario/%2')")},
    MessageTemplate{"error.schema.newer",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "is '%1': the file was written by a newer version of ClusterPlan "
                                      "(this version reads scenario schema versions up to %2); open it "
                                      "with that version or update ClusterPlan. Nothing was loaded.")},
    MessageTemplate{"error.schema.expected", QT_TRANSLATE_NOOP("EngineMessage", "is '%1', expected '%2'")},
    MessageTemplate{
        "error.scenario.model_required",
        QT_TRANSLATE_NOOP("EngineMessage", "is required (at least {\"preset\": \"llama-3.1-8b\"})")},
    MessageTemplate{"error.schema.expected_catalog",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "is '%1', expected 'clusterplan.catalog/1' or 'clusterplan.models/1'")},
    // Fine-tuning in the scenario file (io/fine_tuning_json.cpp)
    MessageTemplate{"error.tune.target_unknown",
                    QT_TRANSLATE_NOOP("EngineMessage", "must be one of q, k, v, o, gate, up, down")},
    MessageTemplate{
        "error.tune.targets_empty",
        QT_TRANSLATE_NOOP("EngineMessage", "is empty; name at least one of q, k, v, o, gate, up, down")},
    // The quote (quote/quote_json.cpp)
    MessageTemplate{"error.quote.text_too_long",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1 bytes long, allowed at most %2")},
    MessageTemplate{"error.quote.date",
                    QT_TRANSLATE_NOOP("EngineMessage", "is '%1', expected a date written YYYY-MM-DD")},
    // Cost inputs, rent offers and price books (cost/cost_parameters.cpp, cost/cost_inputs.cpp,
    // cost/price_book_json.cpp, cost/price_book.cpp)
    MessageTemplate{"error.not_finite", QT_TRANSLATE_NOOP("EngineMessage", "must be a finite number")},
    MessageTemplate{"error.range.below",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, allowed range %2 to below %3")},
    MessageTemplate{
        "error.range.whole",
        QT_TRANSLATE_NOOP("EngineMessage", "is %1, must be a whole number; allowed range %2 to %3")},
    MessageTemplate{
        "error.range.whole.below",
        QT_TRANSLATE_NOOP("EngineMessage", "is %1, must be a whole number; allowed range %2 to below %3")},
    MessageTemplate{"error.empty", QT_TRANSLATE_NOOP("EngineMessage", "must not be empty")},
    MessageTemplate{"error.duplicate_id", QT_TRANSLATE_NOOP("EngineMessage", "'%1' appears twice")},
    MessageTemplate{"error.json.must_be_string", QT_TRANSLATE_NOOP("EngineMessage", "must be a string")},
    MessageTemplate{"error.cost.price_low", QT_TRANSLATE_NOOP("EngineMessage", "is %1, above price %2")},
    MessageTemplate{"error.cost.price_high", QT_TRANSLATE_NOOP("EngineMessage", "is %1, below price %2")},
    MessageTemplate{
        "error.cost.billing",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "only gpu_hour offers bill by the hour; monthly units bill every month")},
    MessageTemplate{"error.cost.no_terms", QT_TRANSLATE_NOOP("EngineMessage", "must list at least one term")},
    MessageTemplate{"error.cost.no_price_book",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "must name a price book (its parameters apply to custom rent too)")},
    MessageTemplate{"error.cost.unknown_parameter", QT_TRANSLATE_NOOP("EngineMessage", "unknown parameter")},
    MessageTemplate{"error.book.gpus_required",
                    QT_TRANSLATE_NOOP("EngineMessage", "is required (a list of GPU ids)")},
    MessageTemplate{"error.book.gpus_empty",
                    QT_TRANSLATE_NOOP("EngineMessage", "must list at least one GPU id")},
    MessageTemplate{
        "error.book.no_provenance",
        QT_TRANSLATE_NOOP("EngineMessage", "must not be empty: every price names its source and date")},
    MessageTemplate{
        "error.book.no_rule_source",
        QT_TRANSLATE_NOOP("EngineMessage", "must not be empty: every contract rule names its source")},
    MessageTemplate{
        "error.book.currency_changed",
        QT_TRANSLATE_NOOP("EngineMessage", "is '%1', but price book '%2' is in %3; use a new id")},
    // Phases (phases/phase_json.cpp, phases/phase_check.cpp)
    MessageTemplate{"error.phase.slice_zero",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "is 0, allowed range above 0 up to 1 (the seed's A100 1/20: 0.05)")},
    MessageTemplate{"error.phase.cluster_and_slice",
                    QT_TRANSLATE_NOOP("EngineMessage", "a phase runs on a cluster or on a slice, not both")},
    MessageTemplate{
        "error.phase.none",
        QT_TRANSLATE_NOOP("EngineMessage", "must list at least one phase (or leave the key out)")},
    MessageTemplate{"error.phase.too_many", QT_TRANSLATE_NOOP("EngineMessage", "has %1 phases, at most %2")},
    MessageTemplate{"error.phase.too_long",
                    QT_TRANSLATE_NOOP("EngineMessage", "last %1 months in all, at most %2")},
    MessageTemplate{"error.phase.offer_gpu", QT_TRANSLATE_NOOP("EngineMessage", "'%1' does not rent '%2'")},
    MessageTemplate{
        "error.phase.offer_not_slice",
        QT_TRANSLATE_NOOP("EngineMessage", "'%1' rents per %2, a slice needs a slice_month offer")},
    MessageTemplate{"error.phase.offer_slice",
                    QT_TRANSLATE_NOOP("EngineMessage", "'%1' rents slices; give the phase a \"slice\"")},
    MessageTemplate{"error.phase.slice_bought",
                    QT_TRANSLATE_NOOP("EngineMessage", "a slice of a GPU can only be rented")},
    MessageTemplate{"error.phase.no_slice_offer",
                    QT_TRANSLATE_NOOP("EngineMessage", "price book '%1' has no slice offer for '%2'")},
    MessageTemplate{
        "error.phase.slice_fraction",
        QT_TRANSLATE_NOOP("EngineMessage", "is %1, not a whole number of the offer's 1/%2 slices")},
    MessageTemplate{
        "error.phase.no_gpus",
        QT_TRANSLATE_NOOP("EngineMessage", "has no GPUs; allowed: at least 1 GPU per node and 1 node")},
    MessageTemplate{"error.phase.slice_range",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, allowed range above 0 up to 1")},
    MessageTemplate{
        "error.phase.offer_bought",
        QT_TRANSLATE_NOOP("EngineMessage", "is a rent offer, but the phase buys (\"acquire\": \"buy\")")},
    // The cost model (cost/cost_model.cpp, cost/rent_vs_buy.cpp, cost/network_bom.cpp)
    MessageTemplate{"error.cost.gpus_over_nodes",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, more than nodes × GPUs per node")},
    MessageTemplate{"error.cost.gpu_tdp",
                    QT_TRANSLATE_NOOP("EngineMessage", "is %1, allowed range above 0 to 100000")},
    MessageTemplate{"error.cost.no_purchase",
                    QT_TRANSLATE_NOOP("EngineMessage", "price book '%1' has no purchase price for GPU '%2' "
                                                       "(it prices: %3); give cost.overrides.node_price")},
    MessageTemplate{"error.cost.no_purchase.none",
                    QT_TRANSLATE_NOOP("EngineMessage", "price book '%1' has no purchase price for GPU '%2' "
                                                       "(it prices: none); give cost.overrides.node_price")},
    MessageTemplate{"error.cost.offer_gpu",
                    QT_TRANSLATE_NOOP("EngineMessage", "offer '%1' does not rent GPU '%2'")},
    MessageTemplate{"error.cost.no_rent_offer",
                    QT_TRANSLATE_NOOP("EngineMessage", "price book '%1' has no rent offer for GPU '%2'; give "
                                                       "cost.custom_rent or choose another price book")},
    MessageTemplate{
        "error.cost.residual",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "is %1, allowed range 0 to 1 − resale_haircut (%2): resale value cannot rise after day one")},
    MessageTemplate{
        "error.cost.too_large",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "amounts exceed %1 currency units; check the prices and the cluster size")},
    MessageTemplate{"error.cost.network_empty",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "needs at least one GPU, one node and switches of 4 or more ports")},
    MessageTemplate{"error.cost.network_tiers",
                    QT_TRANSLATE_NOOP("EngineMessage",
                                      "%1 GPUs need more than three tiers of %2-port switches (at most "
                                      "%3); a fourth tier is not modelled")},
    MessageTemplate{"error.measured.none", QT_TRANSLATE_NOOP("EngineMessage", "has no runs to calibrate to")},
    // No parallel layout at all (search/layout_alternatives.cpp noLayoutReason; the same English as the
    // search's
    // explainNoLayout)
    MessageTemplate{
        "error.no_layout",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "no parallel layout splits %1 GPUs for a global batch of %2 sequences: tp·pp·cp·dp "
                          "must equal the GPU count, dp·micro_batch must divide the global batch, tp stays "
                          "within one server and must divide the heads, pp at most the layers (%3).")},
    MessageTemplate{
        "error.no_layout.fixed",
        QT_TRANSLATE_NOOP(
            "EngineMessage",
            "no parallel layout splits %1 GPUs for a global batch of %2 sequences: tp·pp·cp·dp must equal "
            "the GPU count, dp·micro_batch must divide the global batch, tp stays within one server and must "
            "divide the heads, pp at most the layers (%3), with the fixed layout keys as given.")},
    MessageTemplate{
        "error.no_layout.nodes.one",
        QT_TRANSLATE_NOOP("EngineMessage", "Nearest cluster sizes that work: %1 nodes (%2 GPUs each).")},
    MessageTemplate{
        "error.no_layout.nodes.two",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Nearest cluster sizes that work: %1 nodes or %2 nodes (%3 GPUs each).")},
    MessageTemplate{
        "error.no_layout.batches.one",
        QT_TRANSLATE_NOOP("EngineMessage", "Nearest global batches that work on %2 GPUs: %1 sequences.")},
    MessageTemplate{
        "error.no_layout.batches.two",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "Nearest global batches that work on %3 GPUs: %1 sequences or %2 sequences.")},
    MessageTemplate{
        "error.no_layout.neither",
        QT_TRANSLATE_NOOP("EngineMessage",
                          "No nearby cluster size or batch works either: check the fixed layout keys.")},
    // Joining (sentences of one error, an error and its place)
    MessageTemplate{"error.sentences.two", QT_TRANSLATE_NOOP("EngineMessage", "%1 %2")},
    MessageTemplate{"error.sentences.three", QT_TRANSLATE_NOOP("EngineMessage", "%1 %2 %3")},
    MessageTemplate{"error.at", QT_TRANSLATE_NOOP("EngineMessage", "%1: %2")},
};

}  // namespace

std::span<const MessageTemplate> messageCatalog() {
    return kCatalog;
}

std::optional<std::string_view> messageTemplate(std::string_view id) {
    // Sorted by id once (a constant table, built on first use; thread-safe as a function-local
    // static): the search looks up a template for every layout that does not fit, and a linear scan
    // of the few hundred ids cost a fifth of its time.
    static const std::vector<const MessageTemplate*> byId = [] {
        std::vector<const MessageTemplate*> out;
        out.reserve(kCatalog.size());
        for (const auto& t : kCatalog)
            out.push_back(&t);
        std::sort(out.begin(), out.end(), [](const auto* a, const auto* b) { return a->id < b->id; });
        return out;
    }();
    const auto it =
        std::lower_bound(byId.begin(), byId.end(), id,
                         [](const MessageTemplate* t, std::string_view key) { return t->id < key; });
    if (it == byId.end() || (*it)->id != id)
        return std::nullopt;
    return (*it)->english;
}

}  // namespace clusterplan
