#include "core/scenario/input_limits.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/scenario/limits.h"
#include "core/scenario/moe_options.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

// Bounds shared by several keys.
constexpr double kBig = 1e9;        // widths (hidden, FFN, vocabulary, latent ranks)
constexpr double kMaxDegree = 1e6;  // parallel degrees and micro-batch
constexpr double kMaxCount = 1e5;   // heads, experts, cores

// Kept in the order of the scenario file (docs/user-guide.md lists the same ranges).
constexpr InputLimit kLimits[] = {
    {"model.layers", 1, 10'000, true},
    {"model.hidden", 1, kBig, true},
    {"model.heads", 1, kMaxCount, true},
    {"model.kv_heads", 1, kMaxCount, true},
    {"model.head_dim", 1, kMaxCount, true},
    // 0 only for a model whose every layer is MoE (the checks ask for ≥ 1 otherwise).
    {"model.ffn_hidden", 0, kBig, true},
    {"model.vocab", 1, kBig, true},
    {"model.learned_positions", 0, kBig, true},
    {"model.max_seq_len", 1, kBig, true},
    {"model.moe.experts", 1, kMaxCount, true},
    {"model.moe.top_k", 1, kMaxCount, true},
    {"model.moe.expert_ffn_hidden", 1, kBig, true},
    {"model.moe.shared_experts", 0, 1'000, true},
    {"model.moe.shared_expert_ffn_hidden", 0, kBig, true},
    {"model.moe.dense_layers", 0, 10'000, true},
    {"model.moe.router_groups", 0, kMaxCount, true},
    {"model.moe.router_group_topk", 0, kMaxCount, true},
    {"model.mla.q_lora_rank", 0, kBig, true},
    {"model.mla.kv_lora_rank", 1, kBig, true},
    {"model.mla.qk_nope_head_dim", 1, kBig, true},
    {"model.mla.qk_rope_head_dim", 0, kBig, true},
    {"model.mla.v_head_dim", 1, kBig, true},
    {"training.seq_len", 1, 10'000'000, true},
    {"training.global_batch", 1, 100'000'000, true},
    {"training.tokens", 1, 1e16, false},
    {"training.lora.rank", 1, static_cast<double>(kMaxLoraRank), true},
    {"training.lora.alpha", 1e-6, 1e6, false},
    {"training.frozen_layers", 0, 1'000'000, true},
    {"training.dataset.samples", 1, kMaxDatasetSamples, false},
    {"training.dataset.mean_tokens_per_sample", 1, kMaxTokensPerSample, false},
    {"training.dataset.epochs", kMinEpochs, kMaxEpochs, false},
    {"training.data_pipeline.bytes_per_sample", 1, 1e12, false},
    {"training.data_pipeline.cpu_ms_per_sample", 1e-6, 1e7, false},
    {"training.run.checkpoint_interval_hours", 0.001, 1e5, false},
    {"training.run.interruptions_per_1000_gpu_days", 1e-6, 1e4, false},
    {"cluster.gpus_per_node", 1, 1024, true},
    {"cluster.nodes", 1, 1'000'000, true},
    {"cluster.nics_per_node", 0, 1024, true},
    {"cluster.cpu_memory_gib", 0, kMaxCpuMemoryGib, false},
    {"cluster.cpu_cores_per_node", 1, kMaxCount, true},
    {"cluster.loader_workers_per_gpu", 0, 1024, true},
    {"cluster.nvme_drives", 1, 1024, true},
    {"cluster.nvme_read_gb_s", 0.01, 1000, false},
    {"cluster.network_fs_gb_s", 0.001, 1e6, false},
    {"layout.tp", 1, kMaxDegree, true},
    {"layout.pp", 1, kMaxDegree, true},
    {"layout.dp", 0, kMaxDegree, true},  // 0: the remaining GPUs
    {"layout.cp", 1, kMaxDegree, true},
    {"layout.ep", 1, kMaxDegree, true},
    {"layout.expert_tp", 0, kMaxDegree, true},  // 0: Megatron-Core's default, tp
    {"layout.vpp", 1, 1024, true},
    {"layout.micro_batch", 1, kMaxDegree, true},
    {"layout.zero_stage", 0, 3, true},
    {"layout.router_aux_loss", kMinRouterAuxLoss, 1, false},  // α of a load-balancing loss: at most 1
    {"layout.first_stage_layers", 0, 10'000, true},
    {"layout.last_stage_layers", 0, 10'000, true},
    {"overheads.cuda_context_gib", 0, 64, false},
    {"overheads.comm_buffer_mib_per_group", 0, 65536, false},
    {"overheads.workspace_mib", 0, 65536, false},
    {"overheads.fragmentation_pct", 0, 100, false},
    {"overheads.logits_bytes", 0, 64, false},
};

}  // namespace

std::span<const InputLimit> inputLimits() {
    return kLimits;
}

const InputLimit* findInputLimit(std::string_view key) {
    for (const InputLimit& limit : kLimits)
        if (limit.key == key)
            return &limit;
    return nullptr;
}

const InputLimit& inputLimit(std::string_view key) {
    const InputLimit* limit = findInputLimit(key);
    if (!limit) {
        std::fprintf(stderr, "clusterplan: no input limit for %.*s\n", static_cast<int>(key.size()),
                     key.data());
        std::abort();
    }
    return *limit;
}

std::optional<Error> limitError(std::string where, double value, const InputLimit& limit) {
    if (!std::isfinite(value))
        return inputError(std::move(where), msg::kErrorNotFinite);
    const bool whole = !limit.integer || value == std::floor(value);
    if (whole && limit.contains(value))
        return std::nullopt;  // the usual case, checked for every layout a search visits: no text
    return inputError(std::move(where), whole ? msg::kErrorRange : msg::kErrorRangeWhole,
                      {formatPlain(value), formatPlain(limit.min), formatPlain(limit.max)});
}

std::optional<Error> checkLimit(std::string_view key, double value) {
    return limitError(std::string(key), value, inputLimit(key));
}

}  // namespace clusterplan
