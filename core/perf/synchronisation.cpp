#include "perf/synchronisation.h"

#include <cmath>

namespace clusterplan {

namespace {

// Standard normal quantile by bisection on Φ(x) = erfc(−x/√2) / 2: exact to double precision
// well within 100 halvings of [−40, 40].
double normalQuantile(double p) {
    double lo = -40, hi = 40;
    for (int i = 0; i < 100; ++i) {
        const double mid = 0.5 * (lo + hi);
        (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

}  // namespace

double expectedMaxOfNormals(std::int64_t n) {
    if (n <= 1)
        return 0;
    const double x = static_cast<double>(n);
    return normalQuantile((x - 0.375) / (x + 0.25));
}

double stragglerSeconds(double computeSeconds, std::int64_t gpus) {
    return computeSeconds * kGpuSpeedSigma * expectedMaxOfNormals(gpus);
}

}  // namespace clusterplan
