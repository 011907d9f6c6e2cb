#pragma once
// CPU offload of model states. optimizer: DeepSpeed ZeRO-Offload (Ren et al. 2021,
// arXiv:2101.06840 §4): fp32 master weights, moments and an fp32 gradient partition live in host
// memory and the optimizer step runs on the CPU; the GPU keeps the 16-bit weights and one gradient
// reduce bucket. optimizer_and_params: ZeRO-Infinity's CPU offload (Rajbhandari et al. 2021,
// arXiv:2104.07857 §5): the 16-bit parameter partition also lives in host memory and is fetched
// layer by layer (the ZeRO-3 gather buffer stays on the GPU).
#include "core/memory/memory_model.h"
#include "core/scenario/fine_tuning_spec.h"

namespace clusterplan {

// DeepSpeed's default reduce_bucket_size (5e8 elements; DeepSpeed config docs, "ZeRO optimizations").
inline constexpr double kReduceBucketElements = 5e8;
// Host copy of the gradient partition: fp32, as DeepSpeed's CPU optimizer consumes it.
inline constexpr double kHostGradientBytes = 4;

// Moves the offloaded states of `m` to m.host. `trainableShard`: trainable parameters of this GPU
// after ZeRO sharding; `gradientBytes`: bytes per gradient element on the GPU.
void applyOffload(Offload offload, double trainableShard, double gradientBytes, MemoryBreakdown& m);

}  // namespace clusterplan
