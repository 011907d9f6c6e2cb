#pragma once
// Plain-language explanation of a search's winner, with numbers, and the seed article's rule of
// thumb for the model size beside it.
#include "core/hardware/fabric.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

struct SearchResult;

void explainSearch(const Scenario& scenario, const Fabric& intraNode, SearchResult& result);

}  // namespace clusterplan
