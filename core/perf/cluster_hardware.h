#pragma once
// The hardware a scenario runs on, resolved once from the catalog: GPU, the fabric inside and
// between servers, the stack's performance profile and the NICs per server. Shared by evaluate()
// and the layout search so both time layouts on exactly the same hardware.
#include <cstdint>

#include "hardware/catalog.h"
#include "hardware/host_spec.h"
#include "perf/step_time.h"
#include "scenario/scenario.h"

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

// The scenario must have passed checkScenario() (ids exist).
ClusterHardware clusterHardware(const Scenario& scenario, const Catalog& catalog);
PerfInputs perfInputs(const ClusterHardware& hw, const Scenario& scenario, const Layout& layout);

}  // namespace clusterplan
