#include "core/perf/offload_time.h"
#include "core/util/units.h"

#include <algorithm>

namespace clusterplan {

namespace {

// Share of the host's peak DDR bandwidth the CPU optimizer sustains. STREAM triad reaches about
// 70-80 % of peak on two-socket servers; CPU-Adam streams seven arrays and shares the sockets with
// data loading and the copy engines. No published constant: a conservative assumption, like the
// allocator fragmentation (MemoryOverheads in scenario.h), to calibrate on a measured run.
constexpr double kHostBandwidthEfficiency = 0.5;

}  // namespace

double cpuOptimizerBytesPerParam(Optimizer o) {
    const double gradient = 4, parameterOut = 2, master = 2 * 4;
    switch (o) {
    case Optimizer::AdamW:
        return gradient + master + 2 * 2 * 4 + parameterOut;  // m and v fp32, read and written: 30 B
    case Optimizer::Adam8bit:
        return gradient + master + 2 * 2 * 1 + parameterOut;
    case Optimizer::Sgd:
        return gradient + master + 2 * 4 + parameterOut;
    }
    return 0;
}

OffloadTime offloadTime(const OffloadInputs& in) {
    OffloadTime t;
    if (in.offload == Offload::None)
        return t;
    const double pcie = in.host.pcieGBs * units::kGB;
    const double m = static_cast<double>(in.microBatches);
    // Gradient partition to the host every micro-batch (DeepSpeed accumulates offloaded gradients
    // on the CPU), hidden behind that micro-batch's backward.
    const double gradientCopy = in.trainableShard * in.gradientBytes / pcie;
    t.transfersTotal = m * gradientCopy;
    t.transfersExposed = m * std::max(0.0, gradientCopy - in.backwardSeconds);
    if (in.offload == Offload::OptimizerAndParams) {
        const double fetch = in.weightShardBytes / pcie;
        t.transfersTotal += m * 2 * fetch;
        t.transfersExposed +=
            m * (std::max(0.0, fetch - in.forwardSeconds) + std::max(0.0, fetch - in.backwardSeconds));
    }
    const double hostBandwidth = in.host.memoryBandwidthGBs * units::kGB * kHostBandwidthEfficiency;
    t.cpuOptimizer = in.trainableShard * static_cast<double>(in.gpusPerNode) *
                     cpuOptimizerBytesPerParam(in.optimizer) / hostBandwidth;
    t.parameterCopyBack = in.trainableShard * 2 / pcie;
    t.optimizerExposed = std::max(t.cpuOptimizer, t.parameterCopyBack);
    return t;
}

}  // namespace clusterplan
