#include "core/perf/context_parallel.h"

#include "core/scenario/precision.h"
#include "core/util/as_double.h"

namespace clusterplan {

double cpRingBlockBytes(const ModelSpec& m, const TrainingSpec& t, const Layout& l) {
    const double tokens = asDouble(t.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    // K and V values per token, all heads (the memory model's bytes per activation element).
    double kv = 2 * asDouble(m.kvHeads * m.headDim);
    if (m.mla) {
        const auto& x = *m.mla;
        kv = asDouble(m.heads) * asDouble(x.qkNopeHeadDim + x.qkRopeHeadDim + x.vHeadDim);
    }
    return tokens * kv * activationBytes(t.precision) / asDouble(l.tp);
}

}  // namespace clusterplan
