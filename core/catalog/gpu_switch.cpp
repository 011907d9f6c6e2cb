#include "core/catalog/gpu_switch.h"

namespace clusterplan {

void switchGpu(Scenario& scenario, const std::string& gpuId, const Catalog& catalog) {
    const GpuSpec* before = catalog.gpu(scenario.cluster.gpu);
    const GpuSpec* after = catalog.gpu(gpuId);
    scenario.cluster.gpu = gpuId;
    if (before == nullptr || after == nullptr)
        return;
    ClusterSpec& c = scenario.cluster;
    if (c.intraNode == before->intraNodeFabric)
        c.intraNode.clear();  // empty: the GPU's default fabric (scenario.h)
    if (c.gpusPerNode != before->defaultGpusPerNode ||
        after->defaultGpusPerNode == before->defaultGpusPerNode)
        return;
    const long long gpus = static_cast<long long>(c.gpusPerNode) * c.nodes;
    const int serverSize = after->defaultGpusPerNode;
    c.gpusPerNode = serverSize;
    c.nodes = static_cast<int>((gpus + serverSize - 1) / serverSize);
}

}  // namespace clusterplan
