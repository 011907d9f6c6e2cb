#pragma once
// The hardware a scenario runs on: GPU, the fabric inside and between servers, the stack's
// performance profile and the NICs per server. Resolved once from the catalog
// (catalog/cluster_resolution.h) and shared by evaluate() and the layout search, so both time
// layouts on exactly the same hardware.
#include <cstdint>

#include "core/hardware/fabric.h"
#include "core/hardware/gpu_spec.h"
#include "core/hardware/host_spec.h"
#include "core/perf/step_time.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

struct ClusterHardware {
    const GpuSpec& gpu;
    const Fabric& intraNode;
    const Fabric& interNode;
    const PerfProfile& profile;
    std::int64_t nicsPerNode;    // one per GPU unless the scenario says otherwise
    HostSpec host;               // host memory and PCIe, for CPU offload
    const StackDefaults& stack;  // the framework's feature defaults
};

PerfInputs perfInputs(const ClusterHardware& hw, const Scenario& scenario, const Layout& layout);

}  // namespace clusterplan
