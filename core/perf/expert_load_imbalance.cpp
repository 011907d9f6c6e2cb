#include "core/perf/expert_load_imbalance.h"

namespace clusterplan {

double expertRankLoad(MoeRouting routing) {
    switch (routing) {
    case MoeRouting::Dropless:
        return kDroplessRankLoad;
    case MoeRouting::ForcedBalance:
    case MoeRouting::TokenDrop:
        return 1;
    }
    return 1;
}

double imbalanceSeconds(MoeRouting routing, double expertSeconds) {
    return (expertRankLoad(routing) - 1) * expertSeconds;
}

}  // namespace clusterplan
