// torchtitan's TOML job config (v0.2.2, torchtitan/config/job_config.py) and DeepSpeed's
// ds_config.json (v0.16.4, deepspeed/runtime/constants.py and zero/config.py).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/launch/launch_script.h"
#include "core/launch/launch_writers.h"
#include "core/launch/messages_launch.h"
#include "core/util/json_write.h"

namespace clusterplan {

namespace {

using launch_text::n;
std::string quoted(const std::string& s) {
    return "\"" + s + "\"";
}

// One TOML section: its lines and the keys they set (section.key).
class TomlSection {
public:
    TomlSection(std::string name, LaunchConfig& config) : m_name(std::move(name)), m_config(config) {}
    void set(const std::string& key, const std::string& value, const std::string& comment = {}) {
        m_text += key + " = " + value + (comment.empty() ? "" : "  # " + comment) + "\n";
        m_config.settings.push_back({m_name + "." + key, value});
    }
    [[nodiscard]] std::string text() const { return "\n[" + m_name + "]\n" + m_text; }

private:
    std::string m_name;
    LaunchConfig& m_config;
    std::string m_text;
};

}  // namespace

void writeTorchtitan(const Plan& plan, LaunchConfig& config) {
    const Layout& l = plan.layout;
    const TrainingSpec& t = plan.scenario.training;
    const ModelSpec& m = plan.scenario.model;
    std::string toml =
        "# " + std::string(config.target.product) + " " + std::string(config.target.tag) + " (" +
        std::string(config.target.repository) + " at " + std::string(config.target.commit) +
        "), TOML job config; written by ClusterPlan for " + (m.name.empty() ? m.id : m.name) +
        ".\n"
        "# Replace the <...> values. torchtitan builds the model from [model] name and flavor: pick\n"
        "# the flavor with the plan's shape (" +
        n(m.layers) + " layers, hidden " + n(m.hidden) + ", " + n(m.heads) + " heads).\n";
    if (m.moe && m.moe->routerGroups > 0 && m.moe->routerGroupTopK > 0)
        // The job config has no router keys: the model flavor's MoE arguments hold them.
        toml += "# Node-limited routing: pick a flavor whose router keeps each token's experts in its best " +
                n(m.moe->routerGroupTopK) + " of " + n(m.moe->routerGroups) + " expert groups, as planned.\n";
    toml += moeRoutingComment(plan, "debug.moe_force_load_balance");

    TomlSection job("job", config);
    job.set("dump_folder", quoted("<OUTPUT_DIR>"));
    TomlSection model("model", config);
    model.set("name", quoted("<MODEL_NAME>"), "llama3, qwen3, deepseek_v3, ...");
    model.set("flavor", quoted("<FLAVOR>"));
    model.set("hf_assets_path", quoted("<TOKENIZER_DIR>"));
    if (t.precision == Precision::Fp8)  // torchao's float8 linear layers (torchtitan's model converters)
        model.set("converters", "[\"quantize.linear.float8\"]");

    // Without PP torchtitan accumulates gradients until global_batch_size: local_batch_size is one
    // micro-batch. With PP the local batch is the pipeline's whole batch, split into micro-batches.
    TomlSection training("training", config);
    training.set("local_batch_size", n(l.pp > 1 ? l.microBatch * l.microBatches : l.microBatch));
    training.set("global_batch_size", n(t.globalBatch));
    training.set("seq_len", n(t.seqLen));
    training.set("steps", n(trainSteps(t)));
    training.set("mixed_precision_param", quoted(t.precision == Precision::Fp32 ? "float32" : "bfloat16"));
    training.set("dataset", quoted("<DATASET>"), "a dataset registered in torchtitan/datasets");
    training.set("dataset_path", quoted("<DATA_PATH>"));
    if (l.offload == Offload::OptimizerAndParams)
        training.set("enable_cpu_offload", "true");

    // FSDP2 (fully_shard) over the data-parallel GPUs: ZeRO 3 reshards the parameters after the
    // forward, ZeRO 1 and 2 keep them (reshard_after_forward never: stage 2); ZeRO 0 is replication.
    TomlSection parallel("parallelism", config);
    if (l.zeroStage == 0) {
        parallel.set("data_parallel_replicate_degree", n(l.dp));
        parallel.set("data_parallel_shard_degree", "1");
    } else {
        parallel.set("data_parallel_replicate_degree", "1");
        parallel.set("data_parallel_shard_degree", n(l.dp));
        parallel.set("fsdp_reshard_after_forward", quoted(l.zeroStage >= 3 ? "always" : "never"));
        if (l.zeroStage == 1)
            config.notes.push_back(makeMessage(msg::kLaunchTorchtitanZero, {std::to_string(l.zeroStage)}));
    }
    parallel.set("tensor_parallel_degree", n(l.tp));
    if (l.tp > 1 && !l.sequenceParallel)
        config.notes.push_back(makeMessage(msg::kLaunchTorchtitanSp));
    parallel.set("pipeline_parallel_degree", n(l.pp));
    if (l.pp > 1) {
        parallel.set("pipeline_parallel_schedule", quoted(l.vpp > 1 ? "Interleaved1F1B" : "1F1B"));
        parallel.set("pipeline_parallel_layers_per_stage", n(m.layers / (l.pp * l.vpp)));
        parallel.set("pipeline_parallel_microbatch_size", n(l.microBatch));
    }
    parallel.set("context_parallel_degree", n(l.cp));
    if (m.moe) {
        parallel.set("expert_parallel_degree", n(l.ep));
        parallel.set("expert_tensor_parallel_degree", n(l.etp()));
        // "standard" (PyTorch's all-to-all) is the default; launch_config.cpp refused the others.
        if (l.moe.dispatcher == MoeDispatcher::DeepEp)
            parallel.set("expert_parallel_comm_backend", quoted("deepep"));
    }

    TomlSection recompute("activation_checkpoint", config);
    recompute.set("mode", quoted(l.recompute == Recompute::Full        ? "full"
                                 : l.recompute == Recompute::Selective ? "selective"
                                                                       : "none"));
    if (l.recompute == Recompute::Selective)  // per operator, as Korthikanti et al.'s selective recompute
        recompute.set("selective_ac_option", quoted("op"));

    TomlSection checkpoint("checkpoint", config);
    checkpoint.set("enable", "true");
    checkpoint.set("folder", quoted("<CHECKPOINT_DIR>"));

    toml +=
        job.text() + model.text() + training.text() + parallel.text() + recompute.text() + checkpoint.text();
    toml += "\n# [optimizer] lr = <LR>: set the peak learning rate before running.\n";
    config.files.push_back({"torchtitan.toml", toml, false});

    std::string script = scriptHeader(plan, config.target);
    script += "# Run from a torchtitan checkout at that tag, with torchtitan.toml beside this script.\n";
    script += networkEnv(plan);
    script += torchrunLine(plan) +
              "-m torchtitan.train --job.config_file \"$(dirname \"$0\")/torchtitan.toml\" \"$@\"\n";
    config.files.push_back({"run_train.sh", script, true});
}

void writeDeepSpeed(const Plan& plan, LaunchConfig& config) {
    const Layout& l = plan.layout;
    const TrainingSpec& t = plan.scenario.training;
    json::Writer w;
    auto set = [&](const std::string& path, std::string_view key, auto value) {
        w.value(key, value);
        config.settings.push_back({path, {}});
    };
    w.beginObject();
    set("train_batch_size", "train_batch_size", t.globalBatch);
    set("train_micro_batch_size_per_gpu", "train_micro_batch_size_per_gpu", l.microBatch);
    set("gradient_accumulation_steps", "gradient_accumulation_steps", l.microBatches);
    if (t.precision == Precision::Bf16 || t.precision == Precision::Fp16) {
        const std::string section = t.precision == Precision::Bf16 ? "bf16" : "fp16";
        w.beginObject(section);
        config.settings.push_back({section, {}});
        set(section + ".enabled", "enabled", true);
        w.endObject();
    }
    w.beginObject("zero_optimization");
    config.settings.push_back({"zero_optimization", {}});
    set("zero_optimization.stage", "stage", l.zeroStage);
    if (l.zeroStage >= 1) {
        set("zero_optimization.overlap_comm", "overlap_comm", t.overlapGradReduce.value_or(true));
        set("zero_optimization.contiguous_gradients", "contiguous_gradients", true);
    }
    if (l.offload != Offload::None) {
        w.beginObject("offload_optimizer");
        config.settings.push_back({"zero_optimization.offload_optimizer", {}});
        set("zero_optimization.offload_optimizer.device", "device", std::string_view("cpu"));
        set("zero_optimization.offload_optimizer.pin_memory", "pin_memory", true);
        w.endObject();
    }
    if (l.offload == Offload::OptimizerAndParams) {
        w.beginObject("offload_param");
        config.settings.push_back({"zero_optimization.offload_param", {}});
        set("zero_optimization.offload_param.device", "device", std::string_view("cpu"));
        set("zero_optimization.offload_param.pin_memory", "pin_memory", true);
        w.endObject();
    }
    w.endObject();
    w.endObject();
    config.files.push_back({"ds_config.json", w.str(), false});
    if (l.recompute != Recompute::None)
        config.notes.push_back(makeMessage(msg::kLaunchDeepSpeedRecompute));

    const ClusterSpec& c = plan.scenario.cluster;
    std::string hosts = "# DeepSpeed hostfile: one line per server, its host name and GPU slots.\n";
    for (std::int64_t i = 1; i <= c.nodes; ++i)
        hosts += "<HOST_" + n(i) + "> slots=" + n(c.gpusPerNode) + "\n";
    config.files.push_back({"hostfile", hosts, false});

    std::string script = scriptHeader(plan, config.target);
    script +=
        "# TRAIN_SCRIPT: the model's training script, which calls deepspeed.initialize(args=...) and so\n"
        "# takes --deepspeed --deepspeed_config (DeepSpeed's getting-started example).\n";
    script += "TRAIN_SCRIPT=${TRAIN_SCRIPT:?set TRAIN_SCRIPT to the training script}\n";
    script += networkEnv(plan);
    script += "HERE=$(dirname \"$0\")\n";
    script += "deepspeed --hostfile \"$HERE/hostfile\" --num_nodes " + n(c.nodes) + " --num_gpus " +
              n(c.gpusPerNode) +
              " \\\n    \"$TRAIN_SCRIPT\" --deepspeed --deepspeed_config \"$HERE/ds_config.json\" \"$@\"\n";
    config.files.push_back({"launch.sh", script, true});
}

}  // namespace clusterplan
