// Fixture of the floors' link check (cmake/clusterplan_floors.cmake): a file of the lowest floor,
// inputs, that calls a function of the physics floor above it. Its check must fail to link.
#include "core/hardware/gpu_spec.h"

namespace clusterplan::fixture {

std::optional<double> callsUpward(const GpuSpec& gpu, Precision precision) {
    return gpu.peakTflops(precision);
}

}  // namespace clusterplan::fixture
