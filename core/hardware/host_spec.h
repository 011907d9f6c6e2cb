#pragma once
// The host side of a server for CPU offload (issue 13 §2): how much DDR memory a node has, its
// bandwidth (the CPU optimizer step is bound by it) and the PCIe link between each GPU and the
// host. Host memory comes, in this order, from the scenario (cluster.cpu_memory_gib), the price
// book's server line for the GPU, the catalog's reference server, or a stated assumption.
#include <string>

#include "hardware/catalog.h"
#include "scenario/scenario.h"

namespace clusterplan {

struct HostSpec {
    double memoryGib = 0;           // per server
    double memoryBandwidthGBs = 0;  // per server, all sockets
    double pcieGBs = 0;             // per GPU and direction, achieved by pinned copies
    std::string memorySource;       // where memoryGib comes from, for the plan's notes
    bool assumed = false;           // no source gave the server: a generic two-socket server
};

// x16 link rate per direction of a PCIe generation in GB/s (PCI-SIG base specifications: 2.5, 5,
// 8, 16, 32, 64 GT/s per lane; 8b/10b coding up to gen 2, 128b/130b from gen 3; gen 6 FLIT mode
// counted as 242/256).
double pcieX16GBs(int generation);

// The scenario must have passed checkScenario() (the GPU exists).
HostSpec hostSpec(const Scenario& scenario, const Catalog& catalog);
// Each GPU's share of its server's host memory, in bytes (the memory model checks per GPU).
double hostCapacityPerGpu(const HostSpec& host, const ClusterSpec& cluster);

}  // namespace clusterplan
