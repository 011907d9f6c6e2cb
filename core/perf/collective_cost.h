#pragma once
// Cost of NCCL collectives as NCCL itself predicts it (src/graph/tuning.cc): for each algorithm
// (ring, and tree for all-reduce) and protocol (LL, LL128, Simple) a latency — a base per call
// plus a hardware latency per step — and a bus bandwidth; NCCL runs the fastest, and so does the
// model. A group is placed on the cluster by its stride (Megatron rank order tp-cp-ep-dp-pp): it
// stays inside one server, spans servers one GPU per server (rail-optimised NICs), or mixes both;
// its bandwidth term is then hierarchical (reduce-scatter inside the node, all-reduce across nodes
// on every rail in parallel, all-gather inside the node), its latency NCCL's flat-ring or tree
// count of intra- and inter-node steps. "Node" here is the scale-up domain: one server, or the
// GPUs a rack-scale NVLink fabric joins (a GB200 NVL72 rack's compute trays), which a group may
// span at NVLink speed; beyond it collectives run over the scale-out network.
#include <cstdint>

#include "core/hardware/fabric.h"

namespace clusterplan {

// NCCL's three hardware latency classes (tuning.cc NCCL_HW_NVLINK, NCCL_HW_PCI, NCCL_HW_NET).
enum class LinkClass { NvLink, Pci, Net };

struct Link {
    double bandwidth = 0;  // achieved bytes/s per direction per GPU (rate × efficiency)
    double latency = 0;    // seconds per ring step with NCCL's LL128 protocol (the catalog's figure)
    LinkClass kind = LinkClass::NvLink;
};

struct NetworkTiers {
    Link intra;                    // NVLink/NVSwitch, PCIe, XGMI, HCCS
    Link inter;                    // one NIC rail per GPU (shared if fewer NICs than GPUs)
    std::int64_t gpusPerNode = 8;  // GPUs of one scale-up domain (a server, or an NVL72 rack's used GPUs)
    double interHopLatency = 0;    // extra latency per switch tier crossed (scale term)
};

// GPUs one scale-up domain joins for a job: the intra fabric's used domain (NVL72: 64 of 72) when
// it spans more than a server, else the server.
std::int64_t scaleUpDomainGpus(const Fabric& intra, std::int64_t gpusPerNode);

// Physical tiers from the catalog fabrics; NIC bandwidth per GPU = NIC rate × nics / GPUs of a
// server; the domain as scaleUpDomainGpus().
NetworkTiers makeTiers(const Fabric& intra, const Fabric& inter, std::int64_t gpusPerNode,
                       std::int64_t nicsPerNode, std::int64_t totalGpus);

enum class Collective { AllReduce, ReduceScatter, AllGather, AllToAll };

// Seconds for one collective call on `bytes` per GPU (the full buffer, as nccl-tests counts it)
// over a group of `size` GPUs whose ranks are `stride` apart.
double collectiveSeconds(Collective c, double bytes, std::int64_t size, std::int64_t stride,
                         const NetworkTiers& net);
// `calls` equal collectives of `bytes` each (gradient buckets, per-layer gathers): every call pays
// its own latency.
double collectiveSeconds(Collective c, double bytes, std::int64_t size, std::int64_t stride,
                         const NetworkTiers& net, double calls);
// Point-to-point send between neighbours `stride` ranks apart.
double p2pSeconds(double bytes, std::int64_t stride, const NetworkTiers& net);
// True when a group of `size` ranks, `stride` apart, leaves one server.
bool crossesNodes(std::int64_t size, std::int64_t stride, std::int64_t gpusPerNode);

}  // namespace clusterplan
