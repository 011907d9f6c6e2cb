#include "core/memory/offload.h"

#include <algorithm>

namespace clusterplan {

void applyOffload(Offload offload, double trainableShard, double gradientBytes, MemoryBreakdown& m) {
    if (offload == Offload::None)
        return;
    m.host.optimizer = m.optimizer;
    m.optimizer = 0;
    m.host.gradients = kHostGradientBytes * trainableShard;
    m.gradients = std::min(m.gradients, kReduceBucketElements * gradientBytes);
    if (offload == Offload::OptimizerAndParams) {
        m.host.weights = m.weights;
        m.weights = 0;
    }
}

}  // namespace clusterplan
