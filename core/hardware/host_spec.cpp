#include "core/hardware/host_spec.h"
#include "core/util/units.h"

#include <algorithm>
#include <cmath>

namespace clusterplan {

namespace {

// Pinned host↔device copies reach about 80 % of the PCIe link rate (TLP headers and flow control;
// CUDA bandwidthTest shows 24-26 GB/s on PCIe 4.0 x16, 31.5 GB/s raw).
constexpr double kPcieEfficiency = 0.8;

// Generic two-socket server when nothing says more: 512 GiB and 8 channels of DDR4-3200 per socket
// (2 × 204.8 GB/s, Intel Xeon Ice Lake / AMD EPYC Rome specifications). An assumption, so the
// plan says so.
constexpr double kAssumedMemoryGib = 512;
constexpr double kAssumedBandwidthGBs = 409.6;

}  // namespace

double pcieX16GBs(int generation) {
    if (generation <= 2)
        return 2.5 * std::pow(2.0, generation - 1) * 16 * 0.8 / 8;
    if (generation <= 5)
        return 8 * std::pow(2.0, generation - 3) * 16 * (128.0 / 130.0) / 8;
    return 64 * std::pow(2.0, generation - 6) * 16 * (242.0 / 256.0) / 8;
}

double hostCapacityPerGpu(const HostSpec& host, const ClusterSpec& cluster) {
    return host.memoryGib * units::kGiB / static_cast<double>(std::max<std::int64_t>(1, cluster.gpusPerNode));
}

HostSpec hostSpec(const GpuSpec& gpu, double cpuMemoryGibSetting, const cost::RentOffer* serverLine) {
    HostSpec h;
    // A host link other than PCIe (NVLink-C2C) at the same share of its rate: no measurement of
    // pinned copies over it was found, so PCIe's 80 % stands in (an assumption).
    h.pcieGBs =
        (gpu.host && gpu.host->linkGBs > 0 ? gpu.host->linkGBs : pcieX16GBs(gpu.pcieGen)) * kPcieEfficiency;
    h.memoryBandwidthGBs = gpu.host ? gpu.host->memoryBandwidthGBs : kAssumedBandwidthGBs;
    if (cpuMemoryGibSetting > 0) {
        h.memoryGib = cpuMemoryGibSetting;
        h.memorySource = "cluster.cpu_memory_gib";
    } else if (serverLine && serverLine->cpuMemoryGib) {
        h.memoryGib = *serverLine->cpuMemoryGib;
        h.memorySource = "price book server line '" + serverLine->id + "'";
    } else if (gpu.host) {
        h.memoryGib = gpu.host->memoryGib;
        h.memorySource = "catalog reference server (" + gpu.host->source + ")";
    } else {
        h.memoryGib = kAssumedMemoryGib;
        h.memorySource = "assumed generic two-socket server";
        h.assumed = true;
    }
    if (!gpu.host)
        h.assumed = true;
    return h;
}

}  // namespace clusterplan
