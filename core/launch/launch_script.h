#pragma once
// The shell parts the launch configurations share: a header naming the framework version and the
// plan, the placeholders, the network's NCCL environment, the torchrun line and a Slurm batch script.
#include <cstdint>
#include <string>

#include "core/launch/launch_config.h"

namespace clusterplan {

namespace launch_text {
// An integer as the files write it: "8".
inline std::string n(std::int64_t v) {
    return std::to_string(v);
}
}  // namespace launch_text

// Optimizer steps to train the scenario's tokens: tokens / (global batch · sequence), at least one.
std::int64_t trainSteps(const TrainingSpec& training);

// "#!/bin/bash" and comments: the target (product, tag, commit), the model, cluster and layout.
std::string scriptHeader(const Plan& plan, const LaunchTarget& target);
// The placeholders the user fills in, each an environment variable that stops the script when unset.
std::string placeholderBlock(bool withLearningRate);
// The NCCL environment for the scale-out fabric (InfiniBand, RoCE or plain Ethernet).
std::string networkEnv(const Plan& plan);
// torchrun for one server of the cluster, ending in " \\\n    " before the training script.
std::string torchrunLine(const Plan& plan);
// Slurm: one task per server, each running `script` with its NODE_RANK.
std::string sbatchScript(const Plan& plan, const LaunchTarget& target, const std::string& script);

}  // namespace clusterplan
