#include "perf/cluster_hardware.h"

namespace clusterplan {

ClusterHardware clusterHardware(const Scenario& s, const Catalog& catalog) {
    const GpuSpec& gpu = *catalog.gpu(s.cluster.gpu);
    return {gpu,
            *catalog.fabric(s.cluster.intraNode.empty() ? gpu.intraNodeFabric : s.cluster.intraNode),
            *catalog.fabric(s.cluster.interNode),
            catalog.perfProfiles().find(s.training.framework, gpu.architecture, s.training.precision),
            s.cluster.nicsPerNode > 0 ? s.cluster.nicsPerNode : s.cluster.gpusPerNode,
            hostSpec(s, catalog),
            catalog.perfProfiles().stackDefaults(s.training.framework)};
}

PerfInputs perfInputs(const ClusterHardware& hw, const Scenario& s, const Layout& layout) {
    return {s.model,        s.training, layout,  hw.gpu,  hw.intraNode, hw.interNode, s.cluster.gpusPerNode,
            hw.nicsPerNode, hw.profile, hw.host, hw.stack};
}

}  // namespace clusterplan
