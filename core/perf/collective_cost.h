#pragma once
// α-β cost of NCCL-style collectives (domain.md §5; Thakur et al. 2005 ring algorithms).
// A group is placed on the cluster by its stride (Megatron rank order tp-cp-ep-dp-pp): it stays
// inside one server, spans servers one GPU per server (rail-optimised NICs), or mixes both, in
// which case the collective runs hierarchically: reduce-scatter inside the node, all-reduce across
// nodes on every rail in parallel, all-gather inside the node.
#include <cstdint>

#include "hardware/fabric.h"

namespace clusterplan {

struct Link {
    double bandwidth = 0;  // achieved bytes/s per direction per GPU (rate × efficiency)
    double latency = 0;    // seconds per ring step
};

struct NetworkTiers {
    Link intra;  // NVLink/NVSwitch, PCIe, XGMI, HCCS
    Link inter;  // one NIC rail per GPU (shared if fewer NICs than GPUs)
    std::int64_t gpusPerNode = 8;
    double interHopLatency = 0;  // extra latency per switch tier crossed (scale term)
};

// Physical tiers from the catalog fabrics; NIC bandwidth per GPU = NIC rate × nics / GPUs.
NetworkTiers makeTiers(const Fabric& intra, const Fabric& inter, std::int64_t gpusPerNode,
                       std::int64_t nicsPerNode, std::int64_t totalGpus);

enum class Collective { AllReduce, ReduceScatter, AllGather, AllToAll };

// Seconds for one collective of `bytes` per GPU (the full buffer, as nccl-tests counts it) over a
// group of `size` GPUs whose ranks are `stride` apart.
double collectiveSeconds(Collective c, double bytes, std::int64_t size, std::int64_t stride,
                         const NetworkTiers& net);
// Point-to-point send between neighbours `stride` ranks apart.
double p2pSeconds(double bytes, std::int64_t stride, const NetworkTiers& net);
// True when a group of `size` ranks, `stride` apart, leaves one server.
bool crossesNodes(std::int64_t size, std::int64_t stride, std::int64_t gpusPerNode);

}  // namespace clusterplan
