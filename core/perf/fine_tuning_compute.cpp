#include "core/perf/fine_tuning_compute.h"

#include <algorithm>

#include "core/memory/quantized_weights.h"
#include "core/model/lora.h"
#include "core/util/as_double.h"

namespace clusterplan {

namespace {

// One matrix as this GPU runs it: GEMM rows per copy, copies on this GPU, its TP-split shape.
struct LocalMatrix {
    double rows = 0, copies = 0, in = 0, out = 0;
};

LocalMatrix local(const LinearMatrix& x, const ModelSpec& m, const Layout& l, double tokens) {
    const double tp = asDouble(l.tp);
    LocalMatrix out{tokens, x.copies, x.columnParallel() ? x.in : x.in / tp,
                    x.columnParallel() ? x.out / tp : x.out};
    if (x.routed && m.moe) {
        // As the expert GEMMs in compute_model.cpp: top_k·tokens rows over E/EP local experts.
        out.copies = x.copies / asDouble(l.ep);
        out.rows = std::max(1.0, tokens * asDouble(m.moe->topK) / out.copies);
    }
    return out;
}

}  // namespace

void addFineTuningWork(const ModelSpec& m, bool moeLayer, const TrainingSpec& t, const Layout& l,
                       const KernelTimer& k, PassTime& f, PassTime& b) {
    if (t.method == TrainingMethod::Full)
        return;
    const double tokens = asDouble(t.seqLen) / asDouble(l.cp) * asDouble(l.microBatch);
    const double r = asDouble(t.lora.rank);
    const double tp = asDouble(l.tp);
    for (const LinearMatrix& x : layerLinears(m, moeLayer)) {
        const LocalMatrix g = local(x, m, l, tokens);
        if (t.method == TrainingMethod::Qlora) {
            // Every NF4 matrix is dequantised before its forward GEMM and its input-gradient GEMM.
            const double bytes = x.in * x.out / tp * dequantBytesPerParam();
            f.add(g.copies * k.memory(bytes), 0);
            b.add(g.copies * k.memory(bytes), 0);
        }
        if (!(t.lora.targets & x.target))
            continue;
        // Column-parallel base: A replicated (in × r), B split (r × out/t); row-parallel: A split
        // (in/t × r), B replicated (NeMo ParallelLinearAdapter). Backward: input and weight
        // gradients of both, twice the forward FLOPs.
        const double flopsA = 2 * g.rows * g.in * r;
        const double flopsB = 2 * g.rows * r * (x.columnParallel() ? g.out : x.out);
        // base + (α/r)·adapter, bytes per element from the memory model's figure for the precision
        const double add = k.memory(3 * activationBytes(t.precision) * g.rows * g.out);
        f.add(g.copies * (k.gemm(flopsA) + k.gemm(flopsB) + add), g.copies * (flopsA + flopsB));
        b.add(g.copies * 2 * (k.gemm(flopsA) + k.gemm(flopsB)), g.copies * 2 * (flopsA + flopsB));
    }
}

}  // namespace clusterplan
