#include "perf/collective_cost.h"

#include "util/as_double.h"
#include <algorithm>
#include <cmath>

namespace clusterplan {

namespace {

// Switch tiers a rail-optimised fat tree needs for n GPU ports of 64-port switches
// (shared/guide/cost-model.md §2: 1 tier up to 64 ports... 512 with one switch per rail, 2 up to
// 2,048, 3 beyond). Each tier crossed adds a switch hop to every ring step.
int switchTiers(std::int64_t ports) {
    if (ports <= 512)
        return 1;
    if (ports <= 2048)
        return 2;
    return 3;
}

// Ring over n ranks on one link: steps and the (n − 1)/n volume factor (domain.md §5).
double ring(Collective c, double bytes, double n, const Link& link) {
    if (n <= 1)
        return 0;
    const double factor = (n - 1) / n;
    switch (c) {
    case Collective::AllReduce:
        return 2 * (n - 1) * link.latency + 2 * factor * bytes / link.bandwidth;
    case Collective::ReduceScatter:
    case Collective::AllGather:
    case Collective::AllToAll:
        return (n - 1) * link.latency + factor * bytes / link.bandwidth;
    }
    return 0;
}

}  // namespace

NetworkTiers makeTiers(const Fabric& intra, const Fabric& inter, std::int64_t gpusPerNode,
                       std::int64_t nicsPerNode, std::int64_t totalGpus) {
    NetworkTiers t;
    t.gpusPerNode = gpusPerNode;
    t.intra = {intra.bandwidthGBs * 1e9 * intra.efficiency, intra.latencyUs * 1e-6};
    const double share = std::min(1.0, d(nicsPerNode) / d(gpusPerNode));
    t.inter = {inter.bandwidthGBs * 1e9 * inter.efficiency * share, inter.latencyUs * 1e-6};
    // Each switch tier above the first adds a store-and-forward hop: ~1 µs per hop for an
    // InfiniBand/Ethernet switch plus cable (NVIDIA QM9700 port-to-port latency 0.13 µs; NCCL's
    // tuning model adds its network latency per hop). Documented scale term, see perf notes.
    t.interHopLatency = totalGpus > gpusPerNode ? 1e-6 * (switchTiers(totalGpus) - 1) : 0;
    return t;
}

bool crossesNodes(std::int64_t size, std::int64_t stride, std::int64_t gpusPerNode) {
    return size > 1 && size * stride > gpusPerNode;
}

double collectiveSeconds(Collective c, double bytes, std::int64_t size, std::int64_t stride,
                         const NetworkTiers& net) {
    if (size <= 1 || bytes <= 0)
        return 0;
    const double n = d(size);
    if (!crossesNodes(size, stride, net.gpusPerNode))
        return ring(c, bytes, n, net.intra);
    Link inter = net.inter;
    inter.latency += net.interHopLatency;
    // Group members per node (1 when the stride is a whole node or more).
    const double perNode =
        std::max(1.0, std::floor(d(net.gpusPerNode) / d(std::max<std::int64_t>(stride, 1))));
    const double g = std::min(perNode, n);
    const double nodes = n / g;
    if (g <= 1)
        return ring(c, bytes, nodes, inter);
    if (c == Collective::AllToAll) {
        // Non-blocking fabric: the share leaving the node goes over the NICs, the rest over NVLink.
        const double remote = (nodes - 1) / nodes;
        return ring(c, bytes * (1 - remote), g, net.intra) + ring(c, bytes * remote, nodes, inter);
    }
    // Hierarchical: intra-node reduce-scatter / all-gather, inter-node part on S/g per rail.
    const double intraPart = c == Collective::AllReduce
                                 ? 2 * ring(Collective::ReduceScatter, bytes, g, net.intra)
                                 : ring(c, bytes, g, net.intra);
    return intraPart + ring(c, bytes / g, nodes, inter);
}

double p2pSeconds(double bytes, std::int64_t stride, const NetworkTiers& net) {
    if (bytes <= 0)
        return 0;
    const Link& link = crossesNodes(2, stride, net.gpusPerNode) ? net.inter : net.intra;
    return link.latency + bytes / link.bandwidth;
}

}  // namespace clusterplan
