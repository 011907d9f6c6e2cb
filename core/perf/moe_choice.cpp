#include "core/perf/moe_choice.h"

#include "core/perf/collective_cost.h"
#include "core/perf/moe_dispatch.h"
#include "core/scenario/precision.h"
#include "core/scenario/scenario.h"
#include "core/util/as_double.h"

namespace clusterplan {

std::vector<MoeDispatcher> stackDispatchers(Framework f, bool rackScale) {
    const MoeDispatcher flex = rackScale ? MoeDispatcher::HybridEp : MoeDispatcher::DeepEp;
    switch (f) {
    case Framework::Megatron:
    case Framework::Nemo:
    case Framework::Other:
        return {MoeDispatcher::AllToAll, MoeDispatcher::AllGather, flex};
    case Framework::Torchtitan:
        return {MoeDispatcher::AllToAll, MoeDispatcher::DeepEp};
    default:
        return {MoeDispatcher::AllToAll};
    }
}

bool stackRunsEpOverlap(Framework f, EpOverlap o, const Layout& l) {
    switch (o) {
    case EpOverlap::None:
        return true;
    case EpOverlap::OneFOneB:
        return (f == Framework::Megatron || f == Framework::Nemo) && l.ep > 1 &&
               l.moe.dispatcher != MoeDispatcher::AllGather && l.recompute != Recompute::Full &&
               (l.pp == 1 || l.vpp > 1);
    case EpOverlap::DualPipe:
        return f == Framework::Other && l.pp >= 2 && l.pp % 2 == 0 && l.vpp == 1 && l.microBatches % 2 == 0 &&
               l.microBatches >= 2 * l.pp;
    }
    return false;
}

MoeOptions searchedMoeOptions(const PerfInputs& in, unsigned open) {
    const Layout& l = in.layout;
    MoeOptions o = l.moe;
    if (!in.model.moe || l.ep <= 1)
        return o;
    const Framework f = in.training.framework;
    if ((open & kDispatcher) != 0) {
        const NetworkTiers net =
            makeTiers(in.intraNode, in.interNode, in.gpusPerNode, in.nicsPerNode, l.gpus());
        const bool sharded = l.sequenceParallel && l.tp > 1;
        const double tokens = asDouble(in.training.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
        const double tokenBytes = tokens * asDouble(in.model.hidden) *
                                  activationBytes(in.training.precision) / (sharded ? asDouble(l.tp) : 1.0);
        const auto& m = *in.model.moe;
        const EpExchange x{tokenBytes, m.topK, m.experts, l.ep, l.etp(), m.routerGroups, m.routerGroupTopK};
        double best = -1;
        for (const MoeDispatcher d : stackDispatchers(f, net.gpusPerNode > in.gpusPerNode)) {
            const double seconds = epLayerSeconds(d, x, sharded, net);
            if (best < 0 || seconds < best) {
                best = seconds;
                o.dispatcher = d;
            }
        }
    }
    if ((open & kEpOverlap) != 0) {
        Layout chosen = l;
        chosen.moe = o;
        o.epOverlap =
            stackRunsEpOverlap(f, EpOverlap::OneFOneB, chosen) ? EpOverlap::OneFOneB : EpOverlap::None;
    }
    return o;
}

}  // namespace clusterplan
