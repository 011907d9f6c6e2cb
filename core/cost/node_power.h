#pragma once
// The maximum power of a server no price list describes: its GPUs' TDP scaled up to the whole
// server's, for the owned cluster priced from the scenario's node_price and for a rental the price
// book sells no server of (report/plan_scenario.cpp) alike.
#include <cstdint>

namespace clusterplan::cost {

// NVIDIA DGX H100 datasheet: 10.2 kW maximum system power for eight 700 W H100 SXM5 GPUs (5.6 kW of
// GPU TDP), so a server draws at most about 1.82 × its GPUs' TDP (CPUs, memory, NICs, fans).
inline constexpr double kNodeToGpuPower = 10.2 / 5.6;

// kW at most for one server of `gpusPerNode` GPUs of `gpuTdpW` watts each.
constexpr double estimatedNodeMaxKw(std::int64_t gpusPerNode, double gpuTdpW) {
    return static_cast<double>(gpusPerNode) * gpuTdpW / 1000.0 * kNodeToGpuPower;
}

}  // namespace clusterplan::cost
