#include "core/perf/moe_router_permutation.h"

#include <algorithm>

#include "core/perf/moe_dispatch.h"
#include "core/util/as_double.h"

namespace clusterplan {

double dispatchedRows(const MoeTokenPasses& x) {
    const double routed = x.tokens * asDouble(x.topK);
    if (x.dispatcher == MoeDispatcher::AllToAll || x.ep <= 1)
        return routed;
    // remoteNodesPerToken counts the other members holding one of a token's experts; the chance
    // that one given member does is the same for all of them.
    const double ep = asDouble(x.ep);
    const double hit = remoteNodesPerToken(x.topK, x.experts, ep) / (ep - 1);
    return std::min(routed, x.tokens * ep * hit);
}

MoeRoutingTime moeRoutingSeconds(const MoeTokenPasses& x, const KernelTimer& timer) {
    MoeRoutingTime t;
    if (x.tokens <= 0 || x.experts <= 0)
        return t;
    const double overhead = timer.profile().kernelOverheadUs * 1e-6;
    const bool flex = x.dispatcher != MoeDispatcher::AllToAll;
    const double kernels = flex ? kRouterKernelsFlex : kRouterKernelsFused;
    t.router = timer.memory(kRouterBytesPerScore * x.tokens * asDouble(x.experts)) + (kernels - 1) * overhead;

    const double row = asDouble(x.hidden) * x.activationBytes;
    const double routed = x.tokens * asDouble(x.topK);
    const double localExperts = asDouble(x.experts) / asDouble(std::max<std::int64_t>(x.ep, 1));
    if (flex) {
        const double received = dispatchedRows(x);
        t.permutation = timer.memory((received + routed) * row) + timer.memory((routed + received) * row);
        return t;
    }
    const double sort = localExperts > 1 && x.ep > 1 ? 2 * timer.memory(2 * routed * row) : 0.0;
    t.permutation = timer.memory(2 * routed * row) + sort + timer.memory((routed + x.tokens) * row);
    return t;
}

}  // namespace clusterplan
