#pragma once
// The files of each framework's launch configuration (launch_config.h), for a layout the
// framework can express (launch_config.cpp refuses the others before these run).
#include "core/launch/launch_config.h"

namespace clusterplan {

// How Megatron-LM places the layers of an even split ClusterPlan plans (the first L mod pp stages one
// layer more): nothing when pp divides L, the first and last stage's layers when the middle stages are
// then even (L mod pp is 1 or pp - 1), else nothing fits (first = 0). Megatron-LM core_v0.19.0
// arguments.py validate_args asserts an even split unless --decoder-first/last-pipeline-num-layers.
struct MegatronSplit {
    bool even = true;
    std::int64_t first = 0, last = 0;
};
MegatronSplit megatronSplit(const Plan& plan);

// Comment lines for a MoE plan timed with forced load balance (the published benchmarks' setting,
// `forceFlag` in the framework's spelling), which the export does not set; empty otherwise.
std::string moeRoutingComment(const Plan& plan, const std::string& forceFlag);

// Megatron-LM core_v0.19.0: pretrain_gpt.sh (environment, torchrun, the arguments of
// megatron/training/arguments.py) and pretrain_gpt.sbatch (Slurm, one torchrun per server).
void writeMegatron(const Plan& plan, LaunchConfig& config);
// Megatron-Bridge v0.6.0: run_recipe.sh (scripts/training/run_recipe.py with the recipe and its
// ConfigContainer overrides, section.key=value) and run_recipe.sbatch.
void writeBridge(const Plan& plan, LaunchConfig& config);
// torchtitan v0.2.2: torchtitan.toml (JobConfig of torchtitan/config/job_config.py) and run_train.sh.
void writeTorchtitan(const Plan& plan, LaunchConfig& config);
// DeepSpeed v0.16.4: ds_config.json, hostfile and launch.sh (the deepspeed launcher).
void writeDeepSpeed(const Plan& plan, LaunchConfig& config);

}  // namespace clusterplan
