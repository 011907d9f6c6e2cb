#include "core/perf/cluster_hardware.h"

namespace clusterplan {

PerfInputs perfInputs(const ClusterHardware& hw, const Scenario& s, const Layout& layout) {
    return {s.model,        s.training, layout,  hw.gpu,  hw.intraNode, hw.interNode, s.cluster.gpusPerNode,
            hw.nicsPerNode, hw.profile, hw.host, hw.stack};
}

}  // namespace clusterplan
