#pragma once
// Layout search: every valid TP × PP × CP × DP (× EP) layout with its interleaving, micro-batch,
// ZeRO stage, recomputation and sequence parallelism — for the layout keys the scenario left open —
// each evaluated for memory and step time, ranked by step time (ties: less memory), with the
// memory-vs-throughput Pareto front marked. Layouts that do not fit are kept with the reason.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/memory/memory_model.h"
#include "core/parallel/layout.h"
#include "core/perf/step_time.h"
#include "core/scenario/scenario.h"
#include "core/util/message.h"

namespace clusterplan {

struct ClusterHardware;  // perf/cluster_hardware.h

struct Candidate {
    Layout layout;
    double memoryBytes = 0;  // peak per GPU (most loaded stage)
    double capacityBytes = 0;
    std::int64_t memoryStage = 0;  // the pipeline stage of that peak
    // CPU offload: this GPU's share of host memory, needed and available (0 without offload).
    double hostBytes = 0;
    double hostCapacityBytes = 0;
    PerfEstimate perf;     // times and rates only (StepDetail::TimesOnly): no notes
    bool fitsGpu = false;  // GPU memory alone (MemoryBreakdown::fitsGpu); fits also needs the host
    bool fits = false;
    bool pareto = false;  // no other fitting layout is both faster and smaller
};

// Why `c` does not fit: host memory when its GPU part fits, else GPU memory (its stage); an empty
// message when it fits (or was never evaluated). Written on demand: the search keeps ~10^4 candidates, most
// never shown.
Message notFitReason(const Candidate& c);

struct SearchResult {
    std::vector<Candidate> ranked;  // fitting first by step time, then the rest
    std::size_t evaluated = 0;
    std::size_t spaceSize = 0;         // candidate layouts the open keys allow (before most validity checks)
    std::optional<Message> boundNote;  // when spaceSize exceeded SearchOptions::maxLayouts: what was cut
    std::optional<std::size_t> best;   // index into ranked
    std::optional<Candidate> frameworkDefault;  // what the stack's recipes usually run
    Message defaultDescription;                 // how the default was chosen, or why it is invalid
    Paragraph explanation;                      // the winner in plain words and numbers
    Paragraph ruleOfThumb;                      // the seed article's advice for this model size
    bool ruleAgrees = false;
    // No layout fitted in GPU memory alone and the scenario left layout.offload out: the ranking
    // also holds layouts with CPU offload, and the explanation says so.
    bool offloadChosen = false;
};

// The search's bound: a million GPUs, a 1,000-layer model and a batch of 10^7 open
// ~10^5 layouts at ~35 us each; 20,000 keeps one search under a second on one core of the
// 2-core development machine (tests/bench/extreme_inputs.sh) and its ranking under 10 MB.
inline constexpr std::size_t kDefaultMaxLayouts = 20'000;

struct SearchOptions {
    bool allowCrossNodeTp = false;  // TP groups larger than a server (slow; off by default)
    std::int64_t maxMicroBatch = 64;
    // Larger spaces are sampled evenly down to this many candidates, with SearchResult::boundNote.
    std::size_t maxLayouts = kDefaultMaxLayouts;
    // Threads that evaluate candidates; 0: one per hardware thread. The ranking is the same for
    // any count (candidates are gathered in index order before the sort).
    unsigned threads = 0;
};

// Every layout of `scenario` timed on its resolved hardware (catalog/resolved_inputs.h). With a
// Catalog at hand: searchLayouts(scenario, catalog, options) in calibration/evaluate.h.
SearchResult searchLayouts(const Scenario& scenario, const ClusterHardware& hardware,
                           const SearchOptions& options = {});

// The layout a stack's published recipes use for this model and cluster (documented heuristics):
// reads the GPU's memory and the scale-up domain of the fabric inside a server.
LayoutSpec frameworkDefaultLayout(const Scenario& scenario, const ClusterHardware& hardware,
                                  Message& description);

}  // namespace clusterplan
