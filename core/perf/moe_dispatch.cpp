#include "core/perf/moe_dispatch.h"

#include <algorithm>
#include <cmath>

#include "core/util/as_double.h"

namespace clusterplan {

double remoteNodesPerToken(std::int64_t topK, std::int64_t experts, double nodes) {
    if (nodes <= 1 || experts <= 0)
        return 0;
    // P(a given server holds none of the k): choosing k of E without the E/N it holds.
    const double e = asDouble(experts), onServer = e / nodes;
    double none = 1;
    for (std::int64_t i = 0; i < topK; ++i)
        none *= std::max(0.0, (e - onServer - asDouble(i)) / (e - asDouble(i)));
    return (nodes - 1) * (1 - none);
}

double epExchangeSeconds(MoeDispatcher d, const EpExchange& x, const NetworkTiers& net) {
    if (x.ep <= 1 || x.tokenBytes <= 0)
        return 0;
    const double routed = x.tokenBytes * asDouble(x.topK);
    if (d == MoeDispatcher::AllToAll)
        return collectiveSeconds(Collective::AllToAll, routed, x.ep, x.stride, net);
    // Members of the group per server, and servers, as the rank order places them.
    const double n = asDouble(x.ep);
    const double perServer =
        crossesNodes(x.ep, x.stride, net.gpusPerNode)
            ? std::min(n, std::max(1.0, std::floor(asDouble(net.gpusPerNode) /
                                                   asDouble(std::max<std::int64_t>(x.stride, 1)))))
            : n;
    const double servers = n / perServer;
    // Inside the server every routed copy but the GPU's own goes over NVLink once.
    const double nvlink = perServer > 1 ? routed * (perServer - 1) / perServer / net.intra.bandwidth : 0.0;
    if (servers <= 1)
        return net.intra.latency + nvlink;
    const double network =
        x.tokenBytes * remoteNodesPerToken(x.topK, x.experts, servers) / net.inter.bandwidth;
    return net.inter.latency + net.interHopLatency + std::max(nvlink, network);
}

EpHidden hideEpTraffic(EpOverlap overlap, double epSeconds, double computeSeconds) {
    EpHidden h;
    if (overlap == EpOverlap::None || epSeconds <= 0) {
        h.exposed = std::max(0.0, epSeconds);
        return h;
    }
    const double share = overlap == EpOverlap::DualPipe ? 1.0 : kOneFOneBEpHiddenShare;
    h.hidden = std::min(share * epSeconds, std::max(0.0, computeSeconds));
    h.exposed = epSeconds - h.hidden;
    h.contention = kEpCommSmShare * h.hidden;
    return h;
}

double dualPipeBubbleSeconds(std::int64_t pp, double forwardSeconds, double backwardSeconds) {
    if (pp <= 2)
        return 0;
    return std::max(0.0, (asDouble(pp) / 2 - 1) * (forwardSeconds - backwardSeconds / 2));
}

}  // namespace clusterplan
