#pragma once
// clusterplan-cli launch FILE --framework megatron|nemo|torchtitan|deepspeed [--out DIR]
// [--lang zh_CN|en] [--catalog FILE]... [--pricebook FILE]... [--profiles FILE]...
// The scenario's layout (the recommended one, or the one its "layout" pins) as a launch configuration
// for the framework (core/launch/launch_config.h). Parses its own arguments: an invalid option is exit
// 2 and nothing is written.
#include <string>
#include <vector>

namespace clusterplan::cli {

inline constexpr const char* kLaunchUsage =
    R"(  clusterplan-cli launch FILE --framework megatron|nemo|torchtitan|deepspeed [--out DIR] [--lang zh_CN|en]
      The scenario's recommended layout (or the one its "layout" fixes) as the framework's launch
      configuration: Megatron-LM core_v0.19.0 (pretrain_gpt.sh with its torchrun line and
      arguments, pretrain_gpt.sbatch for Slurm), Megatron-Bridge v0.6.0, NeMo 2's successor
      (run_recipe.sh: a recipe and its overrides), torchtitan v0.2.2 (torchtitan.toml,
      run_train.sh) or DeepSpeed v0.16.4 (ds_config.json, hostfile, launch.sh). A layout the
      framework cannot express is refused with the reason (exit status 2); for a framework
      other than the scenario's stack the same layout is re-evaluated under that stack's profile
      and a warning compares the step times. Without --out the files are printed.
)";

// `args` are the command line after the program name, "launch" first.
int launchCommand(const std::vector<std::string>& args);

}  // namespace clusterplan::cli
