#pragma once
// What would fit, for a plan that does not: a plan that does not fit is never priced as if it ran
// (the window greys its days and costs, `report` refuses to quote it), and it always offers three
// plans that do, each a whole scenario to open:
//  - the nearest layout on this cluster: of the layouts that fit here, the one that changes the
//    fewest of the scenario's layout keys (ZeRO stage, recompute, offload, TP/PP...), the fastest
//    among those;
//  - the smallest cluster of this GPU that fits, in whole servers, with its best layout;
//  - the cheapest option of the options study (any priced GPU type and offer, smallest cluster).
#include <atomic>
#include <cstdint>
#include <optional>

#include "core/catalog/catalog.h"
#include "core/scenario/scenario.h"
#include "core/util/message.h"

namespace clusterplan {

struct FitSuggestion {
    Scenario scenario;  // fits; its layout fixed
    Message text;       // "Layout on this cluster: TP 8 x PP 2 x DP 1, ZeRO-1, full recompute (45.2 days)"
};

struct FitSuggestions {
    std::optional<FitSuggestion> nearestLayout;
    std::optional<FitSuggestion> smallestCluster;
    std::optional<FitSuggestion> cheapestOption;
    [[nodiscard]] bool empty() const { return !nearestLayout && !smallestCluster && !cheapestOption; }
};

// `maxGpus`: the largest cluster the smallest-cluster and cheapest-option searches try. `cancel`,
// set from another thread, stops their studies early (the suggestions then found are returned).
FitSuggestions whatWouldFit(const Scenario& scenario, const Catalog& catalog, std::int64_t maxGpus = 32'768,
                            const std::atomic<bool>* cancel = nullptr);

}  // namespace clusterplan
