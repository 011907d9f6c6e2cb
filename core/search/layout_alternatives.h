#pragma once
// When no parallel layout exists for a cluster and batch (e.g. 100 000 GPUs and a global batch of
// 16 384: dp must divide the batch, so tp·pp·cp would have to cover 100 000 / dp ≥ 3 125 GPUs),
// say why and name the nearest GPU counts and global batches for which one does.
#include <cstdint>
#include <string>
#include <vector>

#include "core/scenario/scenario.h"
#include "core/util/message.h"

namespace clusterplan {

struct LayoutAlternatives {
    std::vector<std::int64_t> nodes;          // nearest node counts below and above that work
    std::vector<std::int64_t> globalBatches;  // nearest global batches below and above that work
};

// Whether some layout (open keys at their smallest values, pp and tp over their valid ranges)
// resolves for `gpus` GPUs and `globalBatch` sequences. Divisibility only, memory not checked.
bool anyLayoutResolves(const Scenario& scenario, std::int64_t gpus, std::int64_t globalBatch);

LayoutAlternatives nearestWorkingSetups(const Scenario& scenario);

// Why no parallel layout exists for this cluster and batch, and the nearest node counts and batches
// that work, as a catalog message (sentences nested, so the window translates each): the "no
// layout" input error and the search's explanation say the same.
Message noLayoutReason(const Scenario& scenario, const LayoutAlternatives& alternatives);

}  // namespace clusterplan
