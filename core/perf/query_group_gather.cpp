#include "core/perf/query_group_gather.h"

#include "core/parallel/query_groups.h"
#include "core/scenario/precision.h"
#include "core/util/as_double.h"

namespace clusterplan {

double qkvGatherBytes(const ModelSpec& m, const TrainingSpec& t, const Layout& l) {
    if (!kvHeadsSubSharded(m, l.tp))
        return 0;
    const double tokens = asDouble(t.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    const double width = asDouble(m.heads + 2 * m.kvHeads) * asDouble(m.headDim);
    return tokens * width * activationBytes(t.precision);
}

}  // namespace clusterplan
