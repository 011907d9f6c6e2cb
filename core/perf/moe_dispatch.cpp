#include "core/perf/moe_dispatch.h"

#include <algorithm>
#include <cmath>

#include "core/util/as_double.h"

namespace clusterplan {

namespace {

// P(none of k experts drawn without replacement from `pool` is one of `mine` of them).
double noneOf(double pool, double mine, std::int64_t k) {
    double none = 1;
    for (std::int64_t i = 0; i < k; ++i)
        none *= std::max(0.0, (pool - mine - asDouble(i)) / (pool - asDouble(i)));
    return none;
}

// C(n, r) as a double (small n: router groups).
double choose(std::int64_t n, std::int64_t r) {
    if (r < 0 || r > n)
        return 0;
    double c = 1;
    for (std::int64_t i = 1; i <= r; ++i)
        c = c * asDouble(n - r + i) / asDouble(i);
    return c;
}

}  // namespace

double remoteNodesPerToken(std::int64_t topK, std::int64_t experts, double nodes, std::int64_t groups,
                           std::int64_t groupTopK) {
    if (nodes <= 1 || experts <= 0)
        return 0;
    const double e = asDouble(experts), onServer = e / nodes;
    const auto servers = static_cast<std::int64_t>(std::llround(nodes));
    const bool nested = std::abs(nodes - asDouble(servers)) < 1e-9 && groups > 0 &&
                        (servers % groups == 0 || groups % servers == 0);
    if (!nested || groupTopK <= 0 || groupTopK >= groups)  // unlimited: any k of the E experts
        return (nodes - 1) * (1 - noneOf(e, onServer, topK));
    const double pool = asDouble(groupTopK) * e / asDouble(groups);  // the picked groups' experts
    double reached = 0;
    if (servers >= groups) {
        // One group spans servers/groups servers: picked with probability M/G.
        reached = asDouble(groupTopK) / asDouble(groups) * (1 - noneOf(pool, onServer, topK));
    } else {
        // A server holds q = G/N groups, j of them picked: C(q, j)·C(G − q, M − j)/C(G, M).
        const std::int64_t q = groups / servers;
        for (std::int64_t j = 1; j <= std::min(q, groupTopK); ++j)
            reached += choose(q, j) * choose(groups - q, groupTopK - j) / choose(groups, groupTopK) *
                       (1 - noneOf(pool, asDouble(j) * e / asDouble(groups), topK));
    }
    return (nodes - 1) * reached;
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
    // Inside the server every routed copy but the GPU's own goes over NVLink once, at what DeepEP's
    // kernels reach.
    const double nvlinkRate = d == MoeDispatcher::DeepEp
                                  ? std::min(net.intra.bandwidth, kDeepEpNvlinkBytesPerSecond)
                                  : net.intra.bandwidth;
    const double nvlink = perServer > 1 ? routed * (perServer - 1) / perServer / nvlinkRate : 0.0;
    if (servers <= 1)
        return net.intra.latency + nvlink;
    const double network = x.tokenBytes *
                           remoteNodesPerToken(x.topK, x.experts, servers, x.groups, x.groupTopK) /
                           net.inter.bandwidth;
    return net.inter.latency + net.interHopLatency + std::max(nvlink, network);
}

double epLayerSeconds(MoeDispatcher d, const EpExchange& x, bool sharded, const NetworkTiers& net) {
    if (x.ep <= 1 || x.tokenBytes <= 0)
        return 0;
    if (d == MoeDispatcher::AllGather) {
        const std::int64_t n = x.ep * x.stride;
        const double gathered = x.tokenBytes * asDouble(n);
        return 2 * (collectiveSeconds(Collective::AllGather, gathered, n, 1, net) +
                    collectiveSeconds(Collective::ReduceScatter, gathered, n, 1, net));
    }
    const double dispatch = epExchangeSeconds(d, x, net);
    // Under sequence parallelism the expert TP ranks gather what each received: k copies of its
    // share of the tokens, from each of the expert TP ranks.
    const double gathered = x.tokenBytes * asDouble(x.topK) * asDouble(x.stride);
    const double gather = sharded && x.stride > 1
                              ? collectiveSeconds(Collective::AllGather, gathered, x.stride, 1, net) +
                                    collectiveSeconds(Collective::ReduceScatter, gathered, x.stride, 1, net)
                              : 0.0;
    return 4 * dispatch + 2 * gather;
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
