#include "core/hardware/gpu_spec.h"

namespace clusterplan {

std::optional<double> GpuSpec::peakTflops(Precision p) const {
    switch (p) {
    case Precision::Fp32:
        return tflopsFp32;
    case Precision::Bf16:
        return tflopsBf16;
    case Precision::Fp16:
        return tflopsFp16;
    case Precision::Fp8:
        return tflopsFp8;
    }
    return std::nullopt;
}

}  // namespace clusterplan
