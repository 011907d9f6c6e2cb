#pragma once
// A scenario's ids looked up in the registries: the GPU, the fabrics, the stack's performance
// profile and the server line of the price book that states the host memory. The lower layers
// (hardware/, perf/) take the resolved values and never see the catalog.
#include "core/catalog/catalog.h"
#include "core/hardware/host_spec.h"
#include "core/perf/cluster_hardware.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

// The performance profile that times `gpu` for a stack and precision: the profile of its own
// architecture, or, when that is only the uncalibrated default and the GPU names an architecture
// to borrow from (GpuSpec::profileFrom), that architecture's calibrated profile; step_time.cpp
// then notes whose profile it is.
const PerfProfile& profileFor(const PerfProfiles& profiles, const GpuSpec& gpu, Framework framework,
                              Precision precision);

// The scenario must have passed checkScenario() (ids exist).
ClusterHardware resolveHardware(const Scenario& scenario, const Catalog& catalog);
// The host of the scenario's servers (hardware/host_spec.h), with the price book's server line.
HostSpec resolveHost(const Scenario& scenario, const Catalog& catalog);

}  // namespace clusterplan
