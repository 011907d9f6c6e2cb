// Megatron-LM's pretrain_gpt.py arguments and Megatron-Bridge's recipe overrides: one list of
// knobs, each spelt as megatron/training/arguments.py's flag (core_v0.19.0) and as Megatron-Bridge's
// ConfigContainer key (v0.6.0, scripts/training/run_recipe.py's section.key=value overrides).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/launch/launch_script.h"
#include "core/launch/launch_writers.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

struct Knob {
    std::string flag;   // Megatron-LM's flag; empty: none
    std::string key;    // Megatron-Bridge's override key; empty: none
    std::string value;  // empty with a flag: a switch (store_true); Bridge then writes "true"
};

using launch_text::n;

class Knobs {
public:
    void set(std::string flag, std::string key, std::string value) {
        m_knobs.push_back({std::move(flag), std::move(key), std::move(value)});
    }
    void on(std::string flag, std::string key, bool bridgeValue = true) {
        m_knobs.push_back({flag, {}, {}});
        if (!key.empty())
            m_knobs.push_back({{}, std::move(key), bridgeValue ? "true" : "false"});
    }
    [[nodiscard]] const std::vector<Knob>& all() const { return m_knobs; }

private:
    std::vector<Knob> m_knobs;
};

bool blackwell(const Plan& plan) {
    return plan.gpu.architecture == "blackwell";
}

// How the MoE layers move, route and overlap their tokens, as the plan times them (Megatron-Core
// core_v0.19.0 megatron/core/transformer/transformer_config.py): the dispatcher (alltoall, allgather, or
// flex with its DeepEP or HybridEP backend), node-limited routing (moe_router_num_groups,
// moe_router_group_topk), token drop at capacity factor 1 with the experts' inputs padded, and the 1F1B
// A2A overlap. launch_config.cpp refuses what these flags cannot say (DualPipe, padding with DeepEP, the
// overlap's own preconditions). Dropless routing is Megatron-Core's default (capacity factor None).
void moeKnobs(const Plan& plan, Knobs& k) {
    const MoeSpec& e = *plan.scenario.model.moe;
    const MoeOptions& o = plan.layout.moe;
    switch (o.dispatcher) {
    case MoeDispatcher::AllToAll:
        k.set("--moe-token-dispatcher-type", "model.moe_token_dispatcher_type", "alltoall");
        break;
    case MoeDispatcher::AllGather:
        k.set("--moe-token-dispatcher-type", "model.moe_token_dispatcher_type", "allgather");
        break;
    case MoeDispatcher::DeepEp:
    case MoeDispatcher::HybridEp:
        k.set("--moe-token-dispatcher-type", "model.moe_token_dispatcher_type", "flex");
        k.set("--moe-flex-dispatcher-backend", "model.moe_flex_dispatcher_backend",
              o.dispatcher == MoeDispatcher::DeepEp ? "deepep" : "hybridep");
        break;
    }
    if (e.routerGroups > 0 && e.routerGroupTopK > 0) {
        k.set("--moe-router-num-groups", "model.moe_router_num_groups", n(e.routerGroups));
        k.set("--moe-router-group-topk", "model.moe_router_group_topk", n(e.routerGroupTopK));
    }
    // A learned dropless router is as balanced as its load-balancing loss makes it, and the plan times
    // the busiest expert rank with the scenario's coefficient: Megatron-Core's default is 0.0
    // (megatron/training/arguments.py --moe-aux-loss-coeff, core_v0.19.0), no balancing at all.
    if (o.routing == MoeRouting::Dropless)
        k.set("--moe-aux-loss-coeff", "model.moe_aux_loss_coeff", formatNumber(o.routerAuxLoss));
    if (o.routing == MoeRouting::TokenDrop) {
        k.set("--moe-expert-capacity-factor", "model.moe_expert_capacity_factor", "1.0");
        k.on("--moe-pad-expert-input-to-capacity", "model.moe_pad_expert_input_to_capacity");
    }
    // EP 1 has no all-to-all to hide (and Megatron-Core asserts EP > 1 with the flag).
    if (o.epOverlap == EpOverlap::OneFOneB && plan.layout.ep > 1)
        k.on("--overlap-moe-expert-parallel-comm", "comm_overlap.overlap_moe_expert_parallel_comm");
}

// The model's shape (ModelSpec), as Megatron-Core's TransformerConfig spells it.
void modelKnobs(const Plan& plan, Knobs& k) {
    const ModelSpec& m = plan.scenario.model;
    k.set("--num-layers", "model.num_layers", n(m.layers));
    k.set("--hidden-size", "model.hidden_size", n(m.hidden));
    k.set("--ffn-hidden-size", "model.ffn_hidden_size", n(m.ffnHidden));
    k.set("--num-attention-heads", "model.num_attention_heads", n(m.heads));
    if (m.kvHeads > 0 && m.kvHeads < m.heads) {
        k.on("--group-query-attention", "");
        k.set("--num-query-groups", "model.num_query_groups", n(m.kvHeads));
    }
    if (!m.mla && m.heads > 0 && m.headDim != m.hidden / m.heads)
        k.set("--kv-channels", "model.kv_channels", n(m.headDim));
    const std::int64_t seq = plan.scenario.training.seqLen;
    k.set("--seq-length", "model.seq_length", n(seq));
    k.set("", "dataset.seq_length", n(seq));
    k.set("--max-position-embeddings", "", n(std::max(seq, m.maxSeqLen)));
    k.set("--position-embedding-type", "model.position_embedding_type",
          m.learnedPositions > 0 ? "learned_absolute" : "rope");
    if (m.mlp == MlpKind::SwiGlu)
        k.on("--swiglu", "model.gated_linear_unit");
    k.set("--normalization", "model.normalization", m.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm");
    if (m.tiedEmbeddings)
        k.set("", "model.share_embeddings_and_output_weights", "true");
    else
        k.on("--untie-embeddings-and-output-weights", "model.share_embeddings_and_output_weights", false);
    if (m.bias != BiasKind::All)
        k.on("--disable-bias-linear", "model.add_bias_linear", false);
    if (m.bias == BiasKind::Qkv)
        k.on("--add-qkv-bias", "model.add_qkv_bias");
    if (m.qkNorm)
        k.on("--qk-layernorm", "model.qk_layernorm");
    if (!m.dropout) {
        k.set("--attention-dropout", "model.attention_dropout", "0.0");
        k.set("--hidden-dropout", "model.hidden_dropout", "0.0");
    }
    k.set("", "model.vocab_size", n(m.vocab));
    if (m.moe) {
        const MoeSpec& e = *m.moe;
        k.set("--num-experts", "model.num_moe_experts", n(e.experts));
        k.set("--moe-router-topk", "model.moe_router_topk", n(e.topK));
        k.set("--moe-ffn-hidden-size", "model.moe_ffn_hidden_size", n(e.expertFfnHidden));
        if (e.sharedExperts > 0)
            k.set("--moe-shared-expert-intermediate-size", "model.moe_shared_expert_intermediate_size",
                  n(e.sharedExperts * e.sharedExpertFfnHidden));
        if (e.denseLayers > 0) {
            // Megatron-LM evaluates the flag's Python expression (arguments.py moe_freq_type); Bridge takes
            // the list itself.
            const std::string freq = "([0]*" + n(e.denseLayers) + "+[1]*" + n(m.layers - e.denseLayers) + ")";
            std::string list = "[";
            for (std::int64_t i = 0; i < m.layers; ++i)
                list += std::string(i ? "," : "") + (i < e.denseLayers ? "0" : "1");
            k.set("--moe-layer-freq", "", "\"" + freq + "\"");
            k.set("", "model.moe_layer_freq", "\"" + list + "]\"");
        }
        if (e.routerBias)
            k.on("--moe-router-enable-expert-bias", "model.moe_router_enable_expert_bias");
        k.on("--moe-grouped-gemm", "model.moe_grouped_gemm");
        moeKnobs(plan, k);
    }
    if (m.mla) {
        const MlaSpec& a = *m.mla;
        k.on("--multi-latent-attention", "model.multi_latent_attention");
        if (a.qLoraRank > 0)
            k.set("--q-lora-rank", "model.q_lora_rank", n(a.qLoraRank));
        k.set("--kv-lora-rank", "model.kv_lora_rank", n(a.kvLoraRank));
        k.set("--qk-head-dim", "model.qk_head_dim", n(a.qkNopeHeadDim));
        k.set("--qk-pos-emb-head-dim", "model.qk_pos_emb_head_dim", n(a.qkRopeHeadDim));
        k.set("--v-head-dim", "model.v_head_dim", n(a.vHeadDim));
    }
}

}  // namespace

std::string moeRoutingComment(const Plan& plan, const std::string& forceFlag) {
    if (!plan.scenario.model.moe || plan.layout.moe.routing != MoeRouting::ForcedBalance)
        return {};
    return "# Routing: the plan times the experts as evenly loaded, as the published MoE benchmarks force "
           "it\n"
           "# (" +
           forceFlag +
           "). That is a benchmark setting: it trains no useful router, so it is\n"
           "# not set here. A learned, dropless router loads some experts more: plan with routing\n"
           "# \"dropless\" to see that step time.\n";
}

MegatronSplit megatronSplit(const Plan& plan) {
    const Layout& l = plan.layout;
    const std::int64_t layers = plan.scenario.model.layers;
    if (l.split != PipelineSplit{} || l.pp <= 1 || layers % l.pp == 0)
        return {};
    const std::int64_t q = layers / l.pp, r = layers % l.pp;
    if (l.vpp > 1 || (r != 1 && r != l.pp - 1))
        return {false, 0, 0};
    return {false, q + 1, q};
}

namespace {

// The layout: parallel sizes, the pipeline's split, sharding, offload, overlap, recompute, batch.
void layoutKnobs(const Plan& plan, Knobs& k) {
    const Layout& l = plan.layout;
    const TrainingSpec& t = plan.scenario.training;
    k.set("--tensor-model-parallel-size", "model.tensor_model_parallel_size", n(l.tp));
    k.set("--pipeline-model-parallel-size", "model.pipeline_model_parallel_size", n(l.pp));
    if (!l.split.layout.empty()) {
        k.set("--pipeline-model-parallel-layout", "model.pipeline_model_parallel_layout",
              "\"" + l.split.layout + "\"");
    } else {
        if (l.vpp > 1)
            k.set("--num-virtual-stages-per-pipeline-rank", "model.virtual_pipeline_model_parallel_size",
                  n(l.vpp));
        const MegatronSplit even = megatronSplit(plan);
        const std::int64_t first = l.split.firstStageLayers > 0 ? l.split.firstStageLayers : even.first;
        const std::int64_t last = l.split.lastStageLayers > 0 ? l.split.lastStageLayers : even.last;
        if (first > 0)
            k.set("--decoder-first-pipeline-num-layers", "model.num_layers_in_first_pipeline_stage",
                  n(first));
        if (last > 0)
            k.set("--decoder-last-pipeline-num-layers", "model.num_layers_in_last_pipeline_stage", n(last));
        if (l.split.embeddingAsLayer)
            k.on("--account-for-embedding-in-pipeline-split",
                 "model.account_for_embedding_in_pipeline_split");
        if (l.split.lossAsLayer)
            k.on("--account-for-loss-in-pipeline-split", "model.account_for_loss_in_pipeline_split");
    }
    if (l.sequenceParallel)
        k.on("--sequence-parallel", "model.sequence_parallel");
    if (l.cp > 1)
        k.set("--context-parallel-size", "model.context_parallel_size", n(l.cp));
    if (plan.scenario.model.moe) {
        k.set("--expert-model-parallel-size", "model.expert_model_parallel_size", n(l.ep));
        k.set("--expert-tensor-parallel-size", "model.expert_tensor_parallel_size", n(l.etp()));
    }
    // ZeRO 1: the distributed optimizer; 2 and 3: Megatron-FSDP, which needs the distributed optimizer
    // and its own checkpoint format (arguments.py, "Megatron-FSDP requires the fsdp_dtensor format").
    const bool distributed = l.zeroStage >= 1 || l.offload != Offload::None;
    if (distributed) {
        k.on("--use-distributed-optimizer", "ddp.use_distributed_optimizer");
        k.set("", "optimizer.use_distributed_optimizer", "true");
    }
    if (l.zeroStage >= 2) {
        k.on("--use-megatron-fsdp", "ddp.use_megatron_fsdp");
        k.set("--data-parallel-sharding-strategy", "ddp.data_parallel_sharding_strategy",
              l.zeroStage == 2 ? "optim_grads" : "optim_grads_params");
        k.set("--ckpt-format", "checkpoint.ckpt_format", "fsdp_dtensor");
    }
    if (l.offload == Offload::Optimizer) {
        // The hybrid-device optimizer reuses the precision-aware optimizer's path (arguments.py asserts it).
        k.on("--optimizer-cpu-offload", "optimizer.optimizer_cpu_offload");
        k.on("--use-precision-aware-optimizer", "optimizer.use_precision_aware_optimizer");
    }
    if (t.overlapGradReduce.value_or(true) && l.dp * l.cp > 1) {
        k.on("--overlap-grad-reduce", "ddp.overlap_grad_reduce");
        if (distributed)  // --overlap-param-gather needs the distributed optimizer (arguments.py)
            k.on("--overlap-param-gather", "ddp.overlap_param_gather");
    }
    if (t.tpCommOverlap.value_or(false) && l.sequenceParallel)
        k.on("--tp-comm-overlap", "comm_overlap.tp_comm_overlap");
    if (t.gradDtype == GradDtype::Fp32)
        k.on("--accumulate-allreduce-grads-in-fp32", "ddp.grad_reduce_in_fp32");
    if (l.recompute != Recompute::None)
        k.set("--recompute-granularity", "model.recompute_granularity",
              l.recompute == Recompute::Full ? "full" : "selective");
    if (l.recompute == Recompute::Full) {
        // Every layer recomputed from its input: what the memory model's "full" counts.
        k.set("--recompute-method", "model.recompute_method", "uniform");
        k.set("--recompute-num-layers", "model.recompute_num_layers", "1");
    }
    k.set("--micro-batch-size", "train.micro_batch_size", n(l.microBatch));
    k.set("--global-batch-size", "train.global_batch_size", n(t.globalBatch));
    k.set("--train-iters", "train.train_iters", n(trainSteps(t)));
    switch (t.precision) {
    case Precision::Bf16:
        k.on("--bf16", "");
        k.set("", "mixed_precision", "bf16_mixed");
        break;
    case Precision::Fp16:
        k.on("--fp16", "");
        k.set("", "mixed_precision", "fp16_mixed");
        break;
    case Precision::Fp8:
        // Transformer Engine's FP8 with BF16 outside the GEMMs; MXFP8 is Blackwell's block-scaled format
        // (transformer_config.py fp8_recipe: "'mxfp8' for Blackwell architecture only").
        k.on("--bf16", "");
        k.set("--fp8-format", "", "hybrid");
        k.set("--fp8-recipe", "", blackwell(plan) ? "mxfp8" : "delayed");
        k.set("", "mixed_precision",
              blackwell(plan) ? "bf16_with_mxfp8_mixed" : "bf16_with_fp8_delayed_scaling_mixed");
        break;
    case Precision::Fp32:
        // Megatron-LM trains in FP32 without --bf16 or --fp16 (arguments.py: params_dtype stays
        // torch.float). A Megatron-Bridge recipe names its mixed precision (most "bf16_mixed"): FP32 is no
        // recipe at all (ConfigContainer.mixed_precision: Optional[...] = None) and the provider's
        // TransformerConfig without bf16 or fp16.
        k.set("", "mixed_precision", "null");
        k.set("", "model.bf16", "false");
        k.set("", "model.fp16", "false");
        break;
    }
}

// What the user fills in: data, tokenizer, checkpoints, learning rate.
void placeholderKnobs(Knobs& k) {
    k.set("--data-path", "dataset.data_path", "\"${DATA_PATH}\"");
    k.set("--tokenizer-type", "tokenizer.tokenizer_type", "HuggingFaceTokenizer");
    k.set("--tokenizer-model", "tokenizer.tokenizer_model", "\"${TOKENIZER_MODEL}\"");
    k.set("--save", "checkpoint.save", "\"${CHECKPOINT_DIR}\"");
    k.set("--load", "checkpoint.load", "\"${CHECKPOINT_DIR}\"");
    k.set("--lr", "optimizer.lr", "\"${LR}\"");
}

std::vector<Knob> allKnobs(const Plan& plan) {
    Knobs k;
    layoutKnobs(plan, k);
    modelKnobs(plan, k);
    placeholderKnobs(k);
    return k.all();
}

// CUDA_DEVICE_MAX_CONNECTIONS=1 orders TP and CP communication before the compute that needs it
// (megatron/training/arguments.py, core_v0.19.0, validate_args: asserted with TP or CP > 1 before
// Blackwell unless FSDP, which asserts the opposite).
std::string connectionsEnv(const Plan& plan) {
    const Layout& l = plan.layout;
    if ((l.tp > 1 || l.cp > 1) && !blackwell(plan) && l.zeroStage < 2)
        return "# Required by Megatron-LM with TP or CP > 1 before Blackwell (arguments.py validate_args).\n"
               "export CUDA_DEVICE_MAX_CONNECTIONS=1\n";
    if (l.zeroStage >= 2)
        return "# Megatron-FSDP requires CUDA_DEVICE_MAX_CONNECTIONS unset or > 1 (arguments.py "
               "validate_args).\n"
               "unset CUDA_DEVICE_MAX_CONNECTIONS\n";
    return {};
}

}  // namespace

void writeMegatron(const Plan& plan, LaunchConfig& config) {
    std::string args;
    for (const Knob& k : allKnobs(plan)) {
        if (k.flag.empty())
            continue;
        args += "    " + k.flag + (k.value.empty() ? "" : " " + k.value) + " \\\n";
        config.settings.push_back({k.flag, k.value});
    }
    std::string script = scriptHeader(plan, config.target);
    script +=
        "# Run from a Megatron-LM checkout at that tag. On one server: bash pretrain_gpt.sh; on a Slurm\n"
        "# cluster: sbatch pretrain_gpt.sbatch (one torchrun per server). The plan fixes the shape, not the\n"
        "# numerics: add the model's RoPE base and scaling (--rotary-base, --use-rope-scaling), "
        "initialisation\n"
        "# and learning-rate schedule as its recipe has them.\n";
    script += moeRoutingComment(plan, "--moe-router-force-load-balancing");
    script += placeholderBlock(true);
    script += connectionsEnv(plan) + networkEnv(plan);
    script += torchrunLine(plan) + "pretrain_gpt.py \\\n" + args + "    \"$@\"\n";
    config.files.push_back({"pretrain_gpt.sh", script, true});
    config.files.push_back(
        {"pretrain_gpt.sbatch", sbatchScript(plan, config.target, "pretrain_gpt.sh"), true});
}

void writeBridge(const Plan& plan, LaunchConfig& config) {
    std::string overrides;
    for (const Knob& k : allKnobs(plan)) {
        if (k.key.empty())
            continue;
        const std::string value = k.value.empty() ? "true" : k.value;
        overrides += "    " + k.key + "=" + value + " \\\n";
        config.settings.push_back({k.key, value});
    }
    std::string script = scriptHeader(plan, config.target);
    script += "# Run from a Megatron-Bridge checkout at that tag. RECIPE: a pretraining recipe function of\n"
              "# megatron.bridge.recipes (e.g. llama3_8b_pretrain_config); the overrides below replace its\n"
              "# model shape, parallelism and batch with the plan's.\n";
    script += moeRoutingComment(plan, "model.moe_router_force_load_balancing");
    script += placeholderBlock(true);
    script += "RECIPE=${RECIPE:?set RECIPE to a Megatron-Bridge pretraining recipe}\n";
    script += connectionsEnv(plan) + networkEnv(plan);
    script += torchrunLine(plan) +
              "scripts/training/run_recipe.py \\\n    --recipe \"${RECIPE}\" --mode pretrain \\\n" +
              overrides + "    \"$@\"\n";
    config.files.push_back({"run_recipe.sh", script, true});
    config.files.push_back({"run_recipe.sbatch", sbatchScript(plan, config.target, "run_recipe.sh"), true});
}

}  // namespace clusterplan
