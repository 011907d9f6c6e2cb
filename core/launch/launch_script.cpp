#include "core/launch/launch_script.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace clusterplan {

namespace {

using launch_text::n;

std::string layoutLine(const Layout& l) {
    std::string s =
        "TP " + n(l.tp) + ", PP " + n(l.pp) + ", DP " + n(l.dp) + ", CP " + n(l.cp) + ", EP " + n(l.ep);
    if (l.ep > 1 || l.expertTp > 0)
        s += ", expert TP " + n(l.etp());
    if (l.vpp > 1)
        s += ", VPP " + n(l.vpp);
    s += ", SP " + std::string(l.sequenceParallel ? "on" : "off") + ", micro-batch " + n(l.microBatch) +
         " x " + n(l.microBatches) + ", ZeRO " + std::to_string(l.zeroStage) + ", recompute " +
         std::string(toString(l.recompute));
    if (l.offload != Offload::None)
        s += ", offload " + std::string(toString(l.offload));
    return s;
}

}  // namespace

std::int64_t trainSteps(const TrainingSpec& t) {
    const double tokensPerStep = static_cast<double>(t.globalBatch) * static_cast<double>(t.seqLen);
    return static_cast<std::int64_t>(std::max(1.0, std::ceil(t.tokensToTrain() / tokensPerStep)));
}

std::string scriptHeader(const Plan& plan, const LaunchTarget& target) {
    const Scenario& s = plan.scenario;
    std::string h = "#!/bin/bash\n";
    h += "# " + std::string(target.product) + " " + std::string(target.tag) + " (" +
         std::string(target.repository) + " at " + std::string(target.commit) + ")\n";
    h += "# Written by ClusterPlan for " + (s.model.name.empty() ? s.model.id : s.model.name) + " on " +
         n(s.cluster.nodes) + " x " + n(s.cluster.gpusPerNode) + " " + plan.gpu.name + ", " +
         std::string(toString(s.training.precision)) + ", sequence " + n(s.training.seqLen) +
         ", global batch " + n(s.training.globalBatch) + ".\n";
    h += "# Layout: " + layoutLine(plan.layout) + ".\n";
    h += "set -euo pipefail\n";
    return h;
}

std::string placeholderBlock(bool withLearningRate) {
    std::string b = "# Fill these in (or export them before running):\n"
                    "DATA_PATH=${DATA_PATH:?set DATA_PATH to the tokenized training data}\n"
                    "TOKENIZER_MODEL=${TOKENIZER_MODEL:?set TOKENIZER_MODEL to the tokenizer (a Hugging Face "
                    "id or folder)}\n"
                    "CHECKPOINT_DIR=${CHECKPOINT_DIR:?set CHECKPOINT_DIR to the checkpoint folder}\n";
    if (withLearningRate)
        b += "LR=${LR:?set LR to the peak learning rate}\n";
    return b;
}

std::string networkEnv(const Plan& plan) {
    if (plan.scenario.cluster.nodes <= 1)
        return {};
    // NCCL's environment variables (NVIDIA NCCL User Guide, "Environment Variables"): RoCE v2 needs the
    // GID index of its IPv4 address, plain TCP the interface and no InfiniBand verbs.
    const std::string& fabric = plan.scenario.cluster.interNode;
    if (fabric.rfind("roce", 0) == 0)
        return "# RoCE v2: the GID index of the NICs' RoCE v2 address (show_gids), usually 3.\n"
               "export NCCL_IB_GID_INDEX=${NCCL_IB_GID_INDEX:-3}\n";
    if (fabric.rfind("eth", 0) == 0)
        return "# Ethernet without RDMA: NCCL's TCP sockets on the cluster interface.\n"
               "export NCCL_IB_DISABLE=1\n"
               "export NCCL_SOCKET_IFNAME=${NCCL_SOCKET_IFNAME:?set NCCL_SOCKET_IFNAME to the cluster "
               "network interface}\n";
    return "# InfiniBand: NCCL finds the HCAs; NCCL_IB_HCA limits it to the compute rails if the servers "
           "have others.\n";
}

std::string torchrunLine(const Plan& plan) {
    const ClusterSpec& c = plan.scenario.cluster;
    return "torchrun --nproc-per-node " + n(c.gpusPerNode) + " --nnodes " + n(c.nodes) +
           " --node-rank \"${NODE_RANK:-0}\" \\\n"
           "    --master-addr \"${MASTER_ADDR:-localhost}\" --master-port \"${MASTER_PORT:-6000}\" \\\n    ";
}

std::string sbatchScript(const Plan& plan, const LaunchTarget& target, const std::string& script) {
    const ClusterSpec& c = plan.scenario.cluster;
    std::string s = scriptHeader(plan, target);
    s.insert(s.find('\n') + 1, "#SBATCH --job-name=clusterplan\n#SBATCH --nodes=" + n(c.nodes) +
                                   "\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=" +
                                   n(c.gpusPerNode) + "\n#SBATCH --exclusive\n");
    s += "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
         "export MASTER_PORT=${MASTER_PORT:-6000}\n"
         "srun --kill-on-bad-exit=1 bash -c 'NODE_RANK=$SLURM_NODEID bash " +
         script + "'\n";
    return s;
}

}  // namespace clusterplan
