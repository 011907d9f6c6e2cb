#include "core/perf/collective_cost.h"

#include <algorithm>
#include <cmath>

#include "core/util/as_double.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

// NCCL's cost model: NVIDIA/nccl src/graph/tuning.cc (ncclTunerConstantsDefaults,
// ncclTopoTuneModel, ncclTopoGetAlgoTime; the values of NCCL 2.19 to 2.27). Latencies in µs.
enum Protocol { kLL = 0, kLL128 = 1, kSimple = 2 };
enum Algorithm { kRing = 0, kTree = 1 };
constexpr int kProtocols = 3;
// Base latency of one call, per algorithm and protocol.
constexpr double kBaseLatencyUs[2][kProtocols] = {{6.6, 14.0, 8.4}, {6.8, 14.0, 8.4}};
// Latency per step, per hardware class (NVLink, PCI, network), algorithm and protocol.
constexpr double kStepLatencyUs[3][2][kProtocols] = {
    {{0.6, 1.9, 3.4}, {0.6, 1.25, 4.0}},
    {{1.0, 2.5, 5.7}, {1.0, 1.9, 4.0}},
    {{2.7, 4.0, 14.0}, {5.0, 8.5, 14.0}},
};
// Ring bus bandwidth per protocol: LL sends 4 bytes of data per 8-byte line (×0.5), LL128 120 of
// every 128 bytes (×0.92), Simple all of it.
constexpr double kRingBandwidth[kProtocols] = {0.5, 0.92, 1.0};
// Tree all-reduce: ×0.92 of the bus bandwidth, then LL ÷3.8, LL128 ×120/128 across servers (×7/9
// inside one), and algorithm bandwidth = bus bandwidth × 0.5.
constexpr double kTreeBandwidth = 0.92 * 0.5;
// NCCL's own correction of the tree for medium sizes, per protocol, for 64 B · 2^k, k = 0 … 22
// ("trees are not perfectly sticking to the model for medium sizes").
constexpr double kTreeCorrection[kProtocols][23] = {
    {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0},
    {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0},
    {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9},
};
// A multi-node ring Simple all-reduce waits longer per step than its chunk latency ("plateau
// effect of ring"): ×1.4 on Ampere and newer (×1.9 before; the catalog's GPUs are Ampere or newer
// except V100, for which this underestimates).
constexpr double kRingPlateau = 1.4;
// Posting a network send costs the CPU proxy ~1 µs per step (x86), three times that for Simple;
// inside a multi-node ring no step is faster than that.
constexpr double kNetOverheadUs[kProtocols] = {1.0, 1.0, 3.0};

int hardwareIndex(LinkClass k) {
    switch (k) {
    case LinkClass::NvLink:
        return 0;
    case LinkClass::Pci:
        return 1;
    case LinkClass::Net:
        return 2;
    }
    return 2;
}

// A link's step latency for one algorithm and protocol: the catalog gives the LL128 ring figure
// for each fabric (NCCL's own for NVLink, PCIe and InfiniBand; measured for Ethernet and RoCE);
// the other protocols keep NCCL's ratios to it.
double stepLatency(const Link& link, Algorithm a, Protocol p) {
    const int hw = hardwareIndex(link.kind);
    return link.latency * kStepLatencyUs[hw][a][p] / kStepLatencyUs[hw][kRing][kLL128];
}

// Switch tiers a rail-optimised fat tree needs for n GPU ports of 64-port switches
// (as cost/network_bom.h sizes the fabric: 1 tier up to 64 ports... 512 with one switch per rail,
// 2 up to 2,048, 3 beyond). Each tier crossed adds a switch hop to every ring step.
int switchTiers(std::int64_t ports) {
    if (ports <= 512)
        return 1;
    if (ports <= 2048)
        return 2;
    return 3;
}

// Bandwidth term of a ring over n ranks on one link: the (n − 1)/n volume factor (Thakur,
// Rabenseifner and Gropp 2005; nccl-tests doc/PERFORMANCE.md, "Bus bandwidth").
double ringTransfer(Collective c, double bytes, double n, const Link& link) {
    if (n <= 1)
        return 0;
    const double volume = (c == Collective::AllReduce ? 2 : 1) * (n - 1) / n * bytes;
    return volume / link.bandwidth;
}

// Where a group sits: g members per server on `nodes` servers.
struct Placement {
    double n = 1, g = 1, nodes = 1;
};

Placement place(std::int64_t size, std::int64_t stride, const NetworkTiers& net) {
    Placement p;
    p.n = asDouble(size);
    if (!crossesNodes(size, stride, net.gpusPerNode)) {
        p.g = p.n;
        return p;
    }
    // Group members per node (1 when the stride is a whole node or more).
    const double perNode =
        std::max(1.0, std::floor(asDouble(net.gpusPerNode) / asDouble(std::max<std::int64_t>(stride, 1))));
    p.g = std::min(perNode, p.n);
    p.nodes = p.n / p.g;
    return p;
}

// Bandwidth term at the best protocol: inside a node a ring; across nodes hierarchical (intra
// reduce-scatter, inter on 1/g of the data per rail, intra all-gather).
double transferSeconds(Collective c, double bytes, const Placement& at, const NetworkTiers& net) {
    if (at.nodes <= 1)
        return ringTransfer(c, bytes, at.n, net.intra);
    if (at.g <= 1)
        return ringTransfer(c, bytes, at.nodes, net.inter);
    const double intra = c == Collective::AllReduce
                             ? 2 * ringTransfer(Collective::ReduceScatter, bytes, at.g, net.intra)
                             : ringTransfer(c, bytes, at.g, net.intra);
    return intra + ringTransfer(c, bytes / at.g, at.nodes, net.inter);
}

// NCCL's flat-ring latency: nsteps ring steps, of which the ones that cross a server boundary at
// the network's latency (the tree's when each server holds one rank: nothing hides it).
double ringLatency(Collective c, Protocol p, const Placement& at, const NetworkTiers& net) {
    const bool allReduce = c == Collective::AllReduce;
    const double steps = (allReduce ? 2 : 1) * (at.n - 1);
    const double interSteps = at.nodes <= 1 ? 0 : (allReduce ? 2 : 1) * (at.nodes - 1);
    double intra = stepLatency(net.intra, kRing, p);
    double inter = 0;
    if (at.nodes > 1) {
        intra = std::max(intra, kNetOverheadUs[p] * 1e-6);
        inter = stepLatency(net.inter, at.g <= 1 ? kTree : kRing, p) + net.interHopLatency;
    }
    double latency = kBaseLatencyUs[kRing][p] * 1e-6 + (steps - interSteps) * intra + interSteps * inter;
    if (allReduce && p == kSimple && at.nodes > 1)
        latency *= kRingPlateau;
    return latency;
}

// NCCL's tree all-reduce: a chain inside each server and a binary tree across servers, up and
// down; half the bus bandwidth as algorithm bandwidth, corrected for medium sizes.
double treeAllReduce(double bytes, Protocol p, const Placement& at, const NetworkTiers& net,
                     double ringBusSeconds) {
    const double latency =
        kBaseLatencyUs[kTree][p] * 1e-6 + 2 * ((at.g - 1) * stepLatency(net.intra, kTree, p) +
                                               std::floor(std::log2(std::max(1.0, at.nodes))) *
                                                   (stepLatency(net.inter, kTree, p) + net.interHopLatency));
    double protocol = 1.0;
    if (p == kLL)
        protocol = 1 / 3.8;
    else if (p == kLL128)
        protocol = at.nodes > 1 ? 120.0 / 128.0 : 7.0 / 9.0;
    const int k = static_cast<int>(std::floor(std::log2(std::max(1.0, bytes / 64))));
    const double correction = k < 23 ? kTreeCorrection[p][k] : 1.0;
    // ringBusSeconds = bytes / bus bandwidth.
    return latency + ringBusSeconds / (kTreeBandwidth * protocol * correction);
}

// Share of the bus bandwidth NCCL's ring collectives reach on an NVSwitch (the catalog's
// efficiency) that its all-to-all reaches there: the grouped point-to-point copies of one call
// run concurrently to every peer through the switch and fall short of a ring's pipelined steps.
// Two published measurements, each within 4 % at 0.88:
// - nccl-tests alltoall_perf on 4 H100 SXM of one HGX server, 524,288,000 bytes, NCCL 2.30.4
//   (NVIDIA/nccl issue #2169, "alltoall throughput drops sharply above 512 MB"): 1,174 µs
//   out of place and 1,163 µs in place, bus bandwidth 335 and 338 GB/s against the 369 GB/s
//   (450 GB/s × 0.82) its ring collectives reach: 0.91-0.92 of it;
// - one all-to-all dispatch (930 µs) and combine (827 µs) at EP 64 inside a GB200 NVL72 rack
//   (Megatron-Core MoE paper, arXiv:2603.07685, HybridEP against NCCL's all-to-all), at
//   DeepSeek-V3's benchmark shape (deepseek-ai/DeepEP README: 4,096 tokens × 7,168, top-8, BF16;
//   462 MB sent per GPU, 63 peers): 0.79 and 0.91 of NVLink 5's 720 GB/s, 0.85 at their mean.
// PCIe servers and the scale-out network keep the catalog's rate (their all-to-all is bound by
// the link, which the catalog's efficiency measures).
constexpr double kAllToAllNvSwitchShare = 0.88;

// All-to-all (NCCL runs it as grouped sends, outside its tuning table): one step per peer. Each of
// the n ranks sends bytes/n to every rank; a rank on a server of g sends (g − 1)·bytes/n over NVLink
// and (n − g)·bytes/n = bytes·(nodes − 1)/nodes through its NIC (non-blocking fabric). nccl-tests
// counts the same volume: busBw = algBw·(n − 1)/n (src/alltoall.cu, AlltoAllGetBw).
double allToAllSeconds(double bytes, const Placement& at, const NetworkTiers& net) {
    const auto send = [](double peers, double sent, const Link& link) {
        return peers <= 0 ? 0.0 : peers * link.latency + sent / link.bandwidth;
    };
    Link nvswitch = net.intra;
    if (nvswitch.kind == LinkClass::NvLink)
        nvswitch.bandwidth *= kAllToAllNvSwitchShare;
    const double intra = send(at.g - 1, bytes * (at.g - 1) / at.n, nvswitch);
    if (at.nodes <= 1)
        return intra;
    Link inter = net.inter;
    inter.latency += net.interHopLatency;
    return intra + send(at.nodes - 1, bytes * (at.nodes - 1) / at.nodes, inter);
}

}  // namespace

std::int64_t scaleUpDomainGpus(const Fabric& intra, std::int64_t gpusPerNode) {
    return std::max(gpusPerNode, intra.domainGpusUsed);
}

NetworkTiers makeTiers(const Fabric& intra, const Fabric& inter, std::int64_t gpusPerNode,
                       std::int64_t nicsPerNode, std::int64_t totalGpus) {
    NetworkTiers t;
    t.gpusPerNode = scaleUpDomainGpus(intra, gpusPerNode);
    // NCCL's latency class of a server's fabric: PCIe switches or NVLink-like (NVLink, XGMI, HCCS).
    const bool pcie = intra.id.find("pcie") != std::string::npos;
    t.intra = {intra.bandwidthGBs * units::kGB * intra.efficiency, intra.latencyUs * 1e-6,
               pcie ? LinkClass::Pci : LinkClass::NvLink};
    const double share = std::min(1.0, asDouble(nicsPerNode) / asDouble(gpusPerNode));
    t.inter = {inter.bandwidthGBs * units::kGB * inter.efficiency * share, inter.latencyUs * 1e-6,
               LinkClass::Net};
    // Each switch tier above the first adds a store-and-forward hop: ~1 µs per hop for an
    // InfiniBand/Ethernet switch plus cable (NVIDIA QM9700 port-to-port latency 0.13 µs; NCCL's
    // tuning model adds its network latency per hop). Documented scale term, see perf notes.
    t.interHopLatency = totalGpus > t.gpusPerNode ? 1e-6 * (switchTiers(totalGpus) - 1) : 0;
    return t;
}

bool crossesNodes(std::int64_t size, std::int64_t stride, std::int64_t gpusPerNode) {
    return size > 1 && size * stride > gpusPerNode;
}

double collectiveSeconds(Collective c, double bytes, std::int64_t size, std::int64_t stride,
                         const NetworkTiers& net) {
    if (size <= 1 || bytes <= 0)
        return 0;
    const Placement at = place(size, stride, net);
    if (c == Collective::AllToAll)
        return allToAllSeconds(bytes, at, net);
    const double transfer = transferSeconds(c, bytes, at, net);
    // LL128 needs NVLink inside the server (NCCL enables it only up to PATH_NVB).
    const bool ll128 = net.intra.kind == LinkClass::NvLink;
    double best = INFINITY;
    for (int i = 0; i < kProtocols; ++i) {
        const auto p = static_cast<Protocol>(i);
        if (p == kLL128 && !ll128)
            continue;
        best = std::min(best, ringLatency(c, p, at, net) + transfer / kRingBandwidth[p]);
        if (c == Collective::AllReduce) {
            // The ring moves 2(n − 1)/n of the buffer per bus byte: the bus seconds of `bytes`.
            const double busSeconds = transfer * at.n / (2 * (at.n - 1));
            best = std::min(best, treeAllReduce(bytes, p, at, net, busSeconds));
        }
    }
    return best;
}

double collectiveSeconds(Collective c, double bytes, std::int64_t size, std::int64_t stride,
                         const NetworkTiers& net, double calls) {
    if (calls <= 0 || bytes <= 0)
        return 0;
    const double whole = std::floor(calls);
    const double rest = calls - whole;
    return whole * collectiveSeconds(c, bytes, size, stride, net) +
           (rest > 0 ? collectiveSeconds(c, bytes * rest, size, stride, net) : 0.0);
}

double p2pSeconds(double bytes, std::int64_t stride, const NetworkTiers& net) {
    if (bytes <= 0)
        return 0;
    const Link& link = crossesNodes(2, stride, net.gpusPerNode) ? net.inter : net.intra;
    return link.latency + bytes / link.bandwidth;
}

}  // namespace clusterplan
