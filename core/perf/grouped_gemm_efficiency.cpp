#include "core/perf/grouped_gemm_efficiency.h"

#include <cmath>

namespace clusterplan {

namespace {

double flopsOf(const ExpertGemm& g) {
    return 2 * g.rows * g.n * g.k;
}

// Seconds at the plateau: the reference a speed is measured against.
double plateauSeconds(const ExpertGemm& g, double plateauFlops) {
    return flopsOf(g) / plateauFlops;
}

}  // namespace

double expertGemmSeconds(const ExpertGemm& g, double plateauFlops, double bytesPerSecond) {
    if (g.rows <= 0 || g.n <= 0 || g.k <= 0 || plateauFlops <= 0 || bytesPerSecond <= 0)
        return 0;
    const double compute = plateauSeconds(g, plateauFlops) * (g.k + kGemmTileOverheadK) / g.k;
    const double bytes =
        g.n * g.k * g.weightBytes + g.rows * g.k * g.inputBytes + g.rows * g.n * g.outputBytes;
    const double memory = bytes / bytesPerSecond;
    return std::pow(std::pow(compute, kGemmOverlapNorm) + std::pow(memory, kGemmOverlapNorm),
                    1 / kGemmOverlapNorm);
}

ExpertGemmSpeed expertGemmSpeed(const ExpertGemm& expert, double referenceRows, double hidden,
                                double plateauFlops, double bytesPerSecond) {
    const auto speed = [&](const ExpertGemm& g) {
        const double t = expertGemmSeconds(g, plateauFlops, bytesPerSecond);
        return t > 0 ? plateauSeconds(g, plateauFlops) / t : 1.0;
    };
    ExpertGemm reference = expert;
    reference.rows = referenceRows, reference.n = hidden, reference.k = hidden;
    const double dense = speed(reference);
    if (dense <= 0)
        return {};
    // Input gradient: the output gradient (rows × n) times the weights (n × k).
    ExpertGemm dgrad = expert;
    dgrad.n = expert.k, dgrad.k = expert.n;
    // Weight gradient: inputᵀ (k × rows) times the output gradient (rows × n), reduced over rows;
    // it reads the two activations and writes the weights' gradient.
    ExpertGemm wgrad = expert;
    wgrad.rows = expert.k, wgrad.k = expert.rows;
    wgrad.weightBytes = expert.inputBytes;
    ExpertGemmSpeed s;
    s.forward = speed(expert) / dense;
    // Both backward GEMMs have the forward's FLOPs: their speed together is the harmonic mean.
    s.backward = 2 / (dense / speed(dgrad) + dense / speed(wgrad));
    return s;
}

}  // namespace clusterplan
