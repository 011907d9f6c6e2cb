#pragma once
// Per-GPU memory of the most loaded rank: model states (ZeRO, arXiv:1910.02054 §5), activations
// per stored tensor (Korthikanti et al. 2022, arXiv:2205.05198, generalised in activation_model.h) and
// named overheads. All values in bytes.
#include <cstdint>
#include <vector>

#include "core/model/param_count.h"
#include "core/parallel/layout.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

struct OtherMemory {
    double cudaContext = 0;
    double commBuffers = 0;
    double workspace = 0;
    double paramGather = 0;       // ZeRO-3: unsharded parameters of the layer in use + prefetched one
    double dequantWorkspace = 0;  // QLoRA: one linear matrix dequantised to 16 bits
    double fragmentation = 0;
    [[nodiscard]] double total() const {
        return cudaContext + commBuffers + workspace + paramGather + dequantWorkspace + fragmentation;
    }
};

// Model states one GPU keeps in host memory under CPU offload (memory/offload.h).
struct HostMemory {
    double weights = 0;    // optimizer_and_params: 16-bit parameters streamed to the GPU
    double gradients = 0;  // fp32 gradient partition the CPU optimizer reads
    double optimizer = 0;  // master weights and moments
    double capacity = 0;   // this GPU's share of the server's host memory
    [[nodiscard]] double total() const { return weights + gradients + optimizer; }
    [[nodiscard]] bool fits() const { return total() <= capacity; }
};

struct MemoryBreakdown {
    std::int64_t stage = 0;        // pipeline stage this breakdown describes
    double params = 0;             // parameters held by this GPU (before ZeRO sharding)
    double trainableParams = 0;    // the trainable part of `params` (all of it in full training)
    double storedWeightBytes = 0;  // `params` at their storage precision, before ZeRO sharding
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double activations = 0;           // includes logits on the last stage
    double logits = 0;                // the logits part of activations
    double inFlightMicroBatches = 0;  // layers' worth of activations held, in units of the stage's layers
    OtherMemory other;
    HostMemory host;      // offloaded model states (zero without offload)
    double capacity = 0;  // bytes visible to the framework's allocator
    [[nodiscard]] double modelStates() const { return weights + gradients + optimizer; }
    [[nodiscard]] double total() const { return modelStates() + activations + other.total(); }
    [[nodiscard]] bool fitsGpu() const { return total() <= capacity; }
    [[nodiscard]] bool fits() const { return fitsGpu() && host.fits(); }
};

struct MemoryInputs {
    const ModelSpec& model;
    const TrainingSpec& training;
    const Layout& layout;
    const MemoryOverheads& overheads;
    double capacityBytes;
    double hostCapacityBytes = 0;  // host memory per GPU (server's / GPUs per server), for offload
};

// Breakdown of one pipeline stage.
MemoryBreakdown stageMemory(const MemoryInputs& in, std::int64_t stage);
// Same, with the model's parameter counts already computed (the search evaluates many layouts).
MemoryBreakdown stageMemory(const MemoryInputs& in, const ParamCounts& counts, std::int64_t stage);
// The most loaded stage (largest total); ties go to the earlier stage.
MemoryBreakdown peakMemory(const MemoryInputs& in);
// Largest micro-batch (sequences) for which the peak fits, keeping everything else; 0 if even
// one sequence does not fit. Searches up to `limit`.
std::int64_t largestFittingMicroBatch(const MemoryInputs& in, std::int64_t limit = 4096);

}  // namespace clusterplan
