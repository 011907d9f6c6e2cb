#include "core/perf/moe_host_sync.h"

#include "core/util/as_double.h"

namespace clusterplan {

double moeHostSyncSeconds(const MoeHostSync& sync, const MoeSyncLayers& layers, const NetworkTiers& net,
                          double kernelOverheadSeconds) {
    if (!sync.enabled || layers.ep <= 1 || layers.moeLayers <= 0 ||
        layers.dispatcher != MoeDispatcher::AllToAll)
        return 0;
    // Every rank sends every other its counts for the experts that rank holds: E counts in all.
    const double counts =
        collectiveSeconds(Collective::AllToAll, asDouble(layers.experts) * sync.countBytesPerExpert,
                          layers.ep, layers.stride, net);
    const double perSync = counts + sync.kernelsExposed * kernelOverheadSeconds;
    return layers.moeLayers * layers.forwards * perSync;
}

}  // namespace clusterplan
