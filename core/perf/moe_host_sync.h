#pragma once
// A stack whose expert-parallel token dispatch reads the all-to-all split sizes on the host: every
// MoE layer's forward exchanges the per-expert token counts, copies them to the CPU and waits for
// the copy (a device-to-host synchronisation), and only then launches the token all-to-all with
// those splits. While the CPU waits, the GPU's queue drains: nothing is queued behind the count
// exchange, so its latency is exposed, and after the copy the GPU idles until the CPU has woken up
// and launched the next kernels, whose launch latency is exposed too. No compute the CPU could
// have queued overlaps that gap.
//
// torchtitan's default expert parallelism does this (torchtitan/distributed/expert_parallel.py at
// pytorch/torchtitan 022f885f, ExpertParallel._token_dispatch: all_to_all_single of
// num_tokens_per_expert, wait_tensor, then `.to(torch.device("cpu"), non_blocking=False)` of the
// output splits, "NOTE: this would incur a device-to-host sync", then `.tolist()` and
// all_to_all_single_autograd with those splits). ExpertTensorParallel dispatches through the same
// function on the EP mesh. The backward's all-to-alls reuse the splits kept on the host (no sync),
// but a forward that activation checkpointing runs again in the backward dispatches, and syncs,
// again.
#include <cstdint>
#include <string>

#include "core/perf/collective_cost.h"
#include "core/scenario/moe_options.h"

namespace clusterplan {

// The stack's behaviour (resources/perf-profiles.json stack_defaults, "moe_dispatch_host_sync").
struct MoeHostSync {
    bool enabled = false;
    // Kernels the GPU waits for after each sync, each exposing one launch latency (the profile's
    // kernel_overhead_us): counted from the stack's dispatch code, said in `source`.
    double kernelsExposed = 0;
    // Bytes per expert of the count exchange (num_tokens_per_expert's element size).
    double countBytesPerExpert = 0;
    std::string source;
};

// One stage's MoE layers for one micro-batch.
struct MoeSyncLayers {
    double moeLayers = 0;  // MoE layers on the stage
    double forwards = 1;   // forward passes per micro-batch (2 with full activation recompute)
    std::int64_t experts = 0;
    std::int64_t ep = 1;
    std::int64_t stride = 1;  // rank distance between EP members (expert TP)
    MoeDispatcher dispatcher = MoeDispatcher::AllToAll;
};

// Seconds the syncs add to one micro-batch of the stage: per MoE layer and forward, the count
// all-to-all (a small, latency-bound collective) and `kernelsExposed` launch latencies. 0 where the
// stack does not sync or the layer does not dispatch through its all-to-all (EP 1, or a dispatcher
// such as DeepEP, which is not this code path).
double moeHostSyncSeconds(const MoeHostSync& sync, const MoeSyncLayers& layers, const NetworkTiers& net,
                          double kernelOverheadSeconds);

}  // namespace clusterplan
