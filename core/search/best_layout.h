#pragma once
// The layout search's winner alone, for studies that probe many cluster sizes and read only the
// best layout (or, when none fits, the closest one): the same visits as searchLayouts() in the same
// order under the same bound and the same offload rule, the same winner and the same closest
// layout, without keeping and sorting the ranking, and without timing the layouts that do not fit.
// And whether any layout fits at all: GPU and host memory only, stopping at the first that fits.
#include <cstddef>
#include <optional>

#include "core/search/layout_search.h"

namespace clusterplan {

struct BestLayout {
    std::size_t evaluated = 0;  // layouts visited (searchLayouts' SearchResult::evaluated)
    // searchLayouts' ranked[best]: the fastest layout that fits (ties: less memory, then the order
    // of the visits). Its step time is the search's (StepDetail::TimesOnly).
    std::optional<Candidate> best;
    // searchLayouts' ranked.front() when none fits: the layout with the least memory (ties: the
    // order of the visits). Its step time is not computed (perf is empty).
    std::optional<Candidate> closest;
    bool bounded = false;        // SearchResult::boundNote is set: the space exceeded the bound
    bool offloadChosen = false;  // SearchResult::offloadChosen
};

// searchLayouts(scenario, hardware, options)'s winner, on the calling thread (options.threads is
// not read: the caller spreads its probes over the cores).
BestLayout bestLayout(const Scenario& scenario, const ClusterHardware& hardware,
                      const SearchOptions& options);

// Whether searchLayouts(scenario, hardware, options) finds a layout that fits (SearchResult::best),
// CPU offload included when nothing fits without it: memory only, no step time.
bool anyLayoutFits(const Scenario& scenario, const ClusterHardware& hardware, const SearchOptions& options);

}  // namespace clusterplan
