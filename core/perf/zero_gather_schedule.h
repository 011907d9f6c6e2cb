#pragma once
// How a fully sharded (ZeRO-3) stack gathers its parameters: how many all-gather calls one layer's
// pass issues, what each call costs the host before the next may start, and how much of the gather
// time the stack can run behind compute. A stack property (resources/perf-profiles.json,
// stack_defaults.<stack>.zero3_gather, and per release under zero3_gather_by_release), never fitted.
//  - One call per layer, prefetched (the default): PyTorch FSDP's units and Megatron-Core's
//    distributed optimizer gather a layer's parameters in one flat buffer, the next layer's while
//    this one computes.
//  - One call per parameter tensor, blocking: DeepSpeed's ZeRO-3 of 2021 fetched each sub-module's
//    parameters when the sub-module ran, one all-gather per parameter, and synchronised the device
//    before the next (fetch_sub_module in deepspeed/runtime/zero/stage3.py at commit
//    b3870363e026; DeepSpeed issue #1069 profiled about 0.5 ms per call on 8 A100, 130 us of
//    pre-launch and 250 us of launch on the host, then torch.cuda.synchronize(); pull request #1188
//    coalesced them and says the "async" gather was not async at all).
#include <string>

namespace clusterplan {

struct Zero3GatherSchedule {
    double callsPerLayer = 1;         // all-gather calls per layer and pass
    double hostSecondsPerCall = 0;    // host time per call that nothing overlaps (Python, launch, sync)
    double overlap = 1;               // share of the gather time that may hide behind compute (0: blocking)
    bool recomputeRegathers = false;  // full recompute gathers the layer again before its backward
    std::string release;              // the release whose schedule this is ("" : the stack's current one)
    std::string source;
};

// One micro-batch's ZeRO-3 parameter and gradient traffic on the slowest stage, as the schedule
// runs it: `gather` and `scatter` are one pass's all-gather and reduce-scatter seconds (collectives,
// every call's latency included), `window` the share of compute the stack overlaps at all (the
// profile's dp_overlap, 0 without overlap), `forward`, `backward`, `recompute` the stage's compute.
struct Zero3Traffic {
    double gather = 0, scatter = 0;
    double layers = 1;
    double window = 1;
    double forward = 0, backward = 0, recompute = 0;
    bool fullRecompute = false;
};
struct Zero3Time {
    double total = 0;    // every collective and host second of the micro-batch
    double exposed = 0;  // what stays on the critical path
};
[[nodiscard]] Zero3Time zero3MicroBatchTime(const Zero3GatherSchedule& schedule, const Zero3Traffic& t);

// All-gather calls of one pass over `layers` layers.
[[nodiscard]] double zero3GatherCalls(const Zero3GatherSchedule& schedule, double layers);

}  // namespace clusterplan
