#pragma once
// PhaseSetup: one phase with everything it inherits filled in — where it starts, the cluster
// it runs on (a slice runs on one GPU of the slice's type), its model and token goal. The phased
// plan's engine works on these; phaseSetups() derives them from a scenario's "phases".
#include <optional>
#include <string>
#include <vector>

#include "core/scenario/scenario.h"

namespace clusterplan {

struct PhaseSetup {
    std::size_t index = 0;  // in scenario.phases (key paths "phases[i]")
    std::string name;
    int start = 0;  // first month, counted from the plan's month 0
    int months = 1;
    ClusterSpec cluster;  // a slice: one node of one GPU of the slice's type
    std::optional<GpuSlice> slice;
    Acquire acquire = Acquire::Rent;
    std::string offer;
    std::string term;
    std::optional<cost::ContractRules> contract;
    std::string modelPreset;
    ModelSpec model;
    std::optional<double> tokens;
    [[nodiscard]] std::int64_t gpus() const { return slice ? 1 : cluster.gpus(); }
};

std::vector<PhaseSetup> phaseSetups(const Scenario& s);

}  // namespace clusterplan
