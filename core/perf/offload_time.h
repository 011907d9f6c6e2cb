#pragma once
// Time CPU offload adds to a step, overlapped as DeepSpeed ZeRO-Offload does (Ren et
// al. 2021, arXiv:2101.06840 §4.1 and Fig. 5): gradients stream GPU → host over PCIe while the
// backward pass runs; the CPU optimizer (DeepSpeed CPU-Adam, §4.2: SIMD, unrolled, OpenMP — bound
// by host memory bandwidth) updates the partition in chunks while the updated 16-bit parameters of
// the previous chunk copy back, so the step pays the slower of the two. With parameters offloaded
// (ZeRO-Infinity, arXiv:2104.07857 §6) each micro-batch fetches the parameter partition for the
// forward and again for the backward, prefetched behind compute.
#include <cstdint>

#include "core/hardware/host_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

struct OffloadInputs {
    Offload offload = Offload::None;
    Optimizer optimizer = Optimizer::AdamW;
    double trainableShard = 0;    // trainable parameters of this GPU after ZeRO sharding
    double weightShardBytes = 0;  // this GPU's parameter partition at storage precision
    double gradientBytes = 2;     // bytes per gradient element on the GPU
    std::int64_t microBatches = 1;
    double forwardSeconds = 0;  // one micro-batch on the slowest stage
    double backwardSeconds = 0;
    std::int64_t gpusPerNode = 8;  // processes sharing the server's host memory bandwidth
    HostSpec host;
};

struct OffloadTime {
    double transfersExposed = 0;  // PCIe copies left on the critical path (gradients, parameter fetches)
    double transfersTotal = 0;
    double cpuOptimizer = 0;  // CPU optimizer step of the whole server's partitions
    double parameterCopyBack = 0;
    double optimizerExposed = 0;  // max(CPU optimizer, copy back): what replaces the GPU optimizer step
};

OffloadTime offloadTime(const OffloadInputs& in);

// Bytes the CPU optimizer reads and writes per parameter (fp32 gradient in, master and moments
// read and written, 16-bit parameter out).
double cpuOptimizerBytesPerParam(Optimizer optimizer);

}  // namespace clusterplan
