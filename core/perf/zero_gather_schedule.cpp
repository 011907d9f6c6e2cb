#include "core/perf/zero_gather_schedule.h"

#include <algorithm>

namespace clusterplan {

double zero3GatherCalls(const Zero3GatherSchedule& schedule, double layers) {
    return std::max(1.0, schedule.callsPerLayer * layers);
}

Zero3Time zero3MicroBatchTime(const Zero3GatherSchedule& schedule, const Zero3Traffic& t) {
    // Gathers per micro-batch: the forward's, the backward's, and with full recompute a third
    // where the stack frees a layer's parameters after its forward and fetches them again for the
    // recomputed forward (DeepSpeed 2021: release_sub_module after every sub-module's forward).
    const double backwardGathers = t.fullRecompute && schedule.recomputeRegathers ? 2.0 : 1.0;
    const double calls = zero3GatherCalls(schedule, t.layers);
    const double host = schedule.hostSecondsPerCall * calls;
    const double hide = schedule.overlap * t.window;
    Zero3Time out;
    out.total = (1 + backwardGathers) * (t.gather + host) + t.scatter;
    // Each pass hides what the compute beside it allows; the first layer's gather of the forward
    // always waits (nothing computes before it), and the host time of every call is serial.
    const double forward = std::max(0.0, t.gather - hide * t.forward);
    const double backward =
        std::max(0.0, backwardGathers * t.gather + t.scatter - hide * (t.backward + t.recompute));
    out.exposed = std::min(out.total, forward + backward + t.gather / calls + (1 + backwardGathers) * host);
    return out;
}

}  // namespace clusterplan
