#pragma once
// Plan: what the engine answers for a Scenario. Value type, produced by evaluate().
#include <cstdint>
#include <string>
#include <vector>

#include "core/cost/rent_vs_buy.h"
#include "core/hardware/gpu_spec.h"
#include "core/hardware/host_spec.h"
#include "core/memory/memory_model.h"
#include "core/model/flops.h"
#include "core/model/param_count.h"
#include "core/model/trainable_params.h"
#include "core/parallel/layout.h"
#include "core/perf/step_time.h"
#include "core/report/plan_calibration.h"
#include "core/run/feed_check.h"
#include "core/run/run_length.h"
#include "core/scenario/scenario.h"
#include "core/search/layout_search.h"
#include "core/util/message.h"
#include "core/util/result.h"

namespace clusterplan {

struct Plan {
    Scenario scenario;
    GpuSpec gpu;
    ParamCounts params;
    TrainableCounts trainable;  // by training method: model.trainable_params
    HostSpec host;              // host memory and PCIe of a server (CPU offload)
    FlopsPerToken flops;
    Layout layout;
    MemoryBreakdown memory;                      // most loaded rank
    std::vector<MemoryBreakdown> zeroStages;     // the same layout under ZeRO 0, 1, 2, 3
    std::int64_t largestMicroBatch = 0;          // largest micro-batch that fits (0: none)
    PerfEstimate perf;                           // step time and its parts (data wait included)
    FeedCheck feed;                              // can the server feed the GPUs (run/feed_check.h)
    RunLength run;                               // wall time, goodput, GPU-hour budget (run/run_length.h)
    std::optional<MemoryBreakdown> gpipeMemory;  // with PP: the same layout under GPipe, for comparison
    double gpipeStepSeconds = 0;
    std::optional<SearchResult> search;    // when layout keys were left open: the whole ranking
    std::optional<cost::CostReport> cost;  // rent vs buy; empty when the price book cannot price it
    std::optional<Error> costError;        // why `cost` is empty: key path ("cost.rent_offer") and reason
    // A price book that offers only one half for this GPU (sells servers but rents none, or the
    // reverse): that half priced alone, its `notOffered` naming the other. `cost` is then empty and
    // `costError` says that renting cannot be compared with owning, so that what needs both halves
    // (a quote, a search by cost) refuses as before.
    std::optional<cost::CostReport> costHalf;
    std::vector<Message> notes;  // plain-language remarks for the user
    // The scenario lists measured runs: the profile fitted to them, which every time above uses.
    std::optional<ProfileFit> calibration;
};

// GPU-hours budgeted per steady-state GPU-hour of the plan's layout (the run's real length, and the
// data feed when it binds): applied to a searched layout's steady-state GPU-hours, it gives the budget the
// cost report would price, exactly so for the recommended layout.
double budgetFactor(const Plan& plan);

}  // namespace clusterplan
