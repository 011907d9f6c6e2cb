#pragma once
// Plan: what the engine answers for a Scenario. Value type, produced by evaluate().
#include <cstdint>
#include <string>
#include <vector>

#include "calibration/profile_fit.h"
#include "cost/rent_vs_buy.h"
#include "hardware/catalog.h"
#include "hardware/host_spec.h"
#include "memory/memory_model.h"
#include "model/flops.h"
#include "model/param_count.h"
#include "model/trainable_params.h"
#include "parallel/layout.h"
#include "perf/step_time.h"
#include "run/feed_check.h"
#include "run/run_length.h"
#include "scenario/scenario.h"
#include "search/layout_search.h"
#include "util/message.h"
#include "util/result.h"

namespace clusterplan {

inline constexpr std::string_view kPlanSchema = "clusterplan.plan/1";

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
    FeedCheck feed;                              // can the server feed the GPUs (issue 12 §2)
    RunLength run;                               // wall time, goodput, GPU-hour budget (issue 12 §3)
    std::optional<MemoryBreakdown> gpipeMemory;  // with PP: the same layout under GPipe, for comparison
    double gpipeStepSeconds = 0;
    std::optional<SearchResult> search;    // when layout keys were left open: the whole ranking
    std::optional<cost::CostReport> cost;  // rent vs buy; empty when the price book cannot price it
    std::optional<Error> costError;        // why `cost` is empty: key path ("cost.rent_offer") and reason
    std::vector<Message> notes;            // plain-language remarks for the user
    // The scenario lists measured runs: the profile fitted to them, which every time above uses.
    std::optional<ProfileFit> calibration;
};

// GPU-hours budgeted per steady-state GPU-hour of the plan's layout (issue 12 §3, and the feed of
// §2 when it binds): applied to a searched layout's steady-state GPU-hours, it gives the budget the
// cost report would price, exactly so for the recommended layout.
double budgetFactor(const Plan& plan);

// Pure and deterministic. Errors name the scenario key that makes the plan impossible to compute
// (unknown GPU, TP not dividing heads, ...). A plan that does not fit memory is not an error.
// `options` steer the search of open layout keys (clusterplan-cli search's flags).
Result<Plan> evaluate(const Scenario& scenario, const Catalog& catalog, const SearchOptions& options = {});

}  // namespace clusterplan
