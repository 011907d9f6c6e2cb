#include "core/perf/host_launch.h"

#include <algorithm>

namespace clusterplan {

double hostLayerForwardSeconds(const HostLaunch& h, const HostLayerShape& shape, CudaGraphs graphs) {
    if (!h.enabled || graphs == CudaGraphs::Full)
        return 0;
    const bool partial = graphs == CudaGraphs::Partial;
    // Captured by partial graphs: the attention block, and in an MoE layer the router, the dispatch
    // preprocess and the shared experts; one graph replay each is left.
    double modules = 0, ops = 0;
    if (partial)
        ops += 1;
    else {
        modules += shape.mla ? h.attentionModulesMla : h.attentionModules;
        ops += h.attentionOps;
    }
    if (!shape.moe) {
        modules += h.mlpModules;
        ops += h.mlpOps;
    } else {
        if (partial)
            ops += 1;
        else {
            const bool fused =
                shape.dispatcher == MoeDispatcher::DeepEp || shape.dispatcher == MoeDispatcher::HybridEp;
            ops += fused ? h.routerOpsFused : h.routerOps;
            modules += shape.sharedExperts * h.mlpModules;
            ops += shape.sharedExperts * h.mlpOps;
        }
        modules += h.moeModules;
        ops += h.dispatchOps + shape.localExperts * h.opsPerLocalExpert;
    }
    const double cpu = shape.grace ? h.graceFactor : 1.0;
    return cpu * (modules * h.moduleUs + ops * h.opUs) * 1e-6;
}

double hostBoundSeconds(const HostPasses& p) {
    if (p.syncEachPass)
        return std::max(0.0, p.hostForward - p.gpuForward) + std::max(0.0, p.hostBackward - p.gpuBackward);
    return std::max(0.0, p.hostForward + p.hostBackward - p.gpuForward - p.gpuBackward);
}

}  // namespace clusterplan
