#include "core/perf/context_parallel.h"

#include "core/parallel/query_groups.h"
#include "core/scenario/precision.h"
#include "core/util/as_double.h"

namespace clusterplan {

double cpRingBlockBytes(const ModelSpec& m, const TrainingSpec& t, const Layout& l) {
    const double tokens = asDouble(t.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    // K and V values per token of this rank's heads (the memory model's bytes per activation
    // element): kv_heads / TP of them, or one whole head when TP exceeds the KV heads.
    if (m.mla) {
        const auto& x = *m.mla;
        const double kv = asDouble(m.heads) * asDouble(x.qkNopeHeadDim + x.qkRopeHeadDim + x.vHeadDim);
        return tokens * kv * activationBytes(t.precision) / asDouble(l.tp);
    }
    if (kvHeadsSubSharded(m, l.tp))
        return tokens * 2 * asDouble(m.headDim) * activationBytes(t.precision);
    return tokens * 2 * asDouble(m.kvHeads * m.headDim) * activationBytes(t.precision) / asDouble(l.tp);
}

}  // namespace clusterplan
