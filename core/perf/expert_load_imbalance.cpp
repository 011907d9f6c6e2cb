#include "core/perf/expert_load_imbalance.h"

#include <algorithm>

namespace clusterplan {

double expertRankLoad(const ExpertRouting& r) {
    switch (r.moe.routing) {
    case MoeRouting::Dropless: {
        const double alpha = std::max(r.moe.routerAuxLoss, kMinRouterAuxLoss);
        const double load = 1 + (kDroplessRankLoad - 1) * kDroplessReferenceAuxLoss / alpha;
        const double ep = static_cast<double>(std::max<std::int64_t>(r.ep, 1));
        const double k = static_cast<double>(std::max<std::int64_t>(r.topK, 1));
        const double perRank = static_cast<double>(std::max<std::int64_t>(r.experts, 1)) / ep;
        const double ceiling = std::max(1.0, ep * std::min(k, perRank) / k);
        return std::min(load, ceiling);
    }
    case MoeRouting::ForcedBalance:
    case MoeRouting::TokenDrop:
        return 1;
    }
    return 1;
}

double imbalanceSeconds(const ExpertRouting& r, double expertSeconds) {
    return (expertRankLoad(r) - 1) * expertSeconds;
}

}  // namespace clusterplan
