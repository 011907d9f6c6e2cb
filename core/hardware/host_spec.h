#pragma once
// The host side of a server for CPU offload: how much DDR memory a node has, its
// bandwidth (the CPU optimizer step is bound by it) and the PCIe link between each GPU and the
// host. Host memory comes, in this order, from the scenario (cluster.cpu_memory_gib), the price
// book's server line for the GPU, the catalog's reference server, or a stated assumption.
#include <string>

#include "core/cost/rent_offer.h"
#include "core/hardware/gpu_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

struct HostSpec {
    double memoryGib = 0;           // per server
    double memoryBandwidthGBs = 0;  // per server, all sockets
    double pcieGBs = 0;             // per GPU and direction, achieved by pinned copies (or NVLink-C2C)
    std::string memorySource;       // where memoryGib comes from, for the plan's notes
    bool assumed = false;           // no source gave the server: a generic two-socket server
};

// x16 link rate per direction of a PCIe generation in GB/s (PCI-SIG base specifications: 2.5, 5,
// 8, 16, 32, 64 GT/s per lane; 8b/10b coding up to gen 2, 128b/130b from gen 3; gen 6 FLIT mode
// counted as 242/256).
double pcieX16GBs(int generation);

// The host of a server with `gpu`: memory from the scenario's setting (cluster.cpu_memory_gib, 0 when
// unset), else the price book's server line for the GPU (null when none states it), else the
// catalog's reference server, else the assumption above. The lookup of the server line is
// catalog/cluster_resolution.h's.
HostSpec hostSpec(const GpuSpec& gpu, double cpuMemoryGibSetting, const cost::RentOffer* serverLine);
// Each GPU's share of its server's host memory, in bytes (the memory model checks per GPU).
double hostCapacityPerGpu(const HostSpec& host, const ClusterSpec& cluster);

}  // namespace clusterplan
