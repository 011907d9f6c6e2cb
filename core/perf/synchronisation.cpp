#include "core/perf/synchronisation.h"

#include <cmath>
#include <numbers>

namespace clusterplan {

namespace {

// Standard normal quantile Φ⁻¹(p) for 0 < p < 1: P. J. Acklam's rational approximation (2003,
// relative error 1.15e-9) refined by one Halley step on Φ(x) = erfc(−x/√2) / 2, which brings it to
// double precision (Acklam's note on refinement). Called once per layout the search evaluates, so
// it costs one erfc and one exp (a bisection cost 100 erfc calls: a third of the 405B search).
double normalQuantile(double p) {
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                                   1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01, -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    constexpr double pLow = 0.02425;
    const auto tail = [&](double q) {  // the lower tail at probability q
        const double t = std::sqrt(-2 * std::log(q));
        return (((((c[0] * t + c[1]) * t + c[2]) * t + c[3]) * t + c[4]) * t + c[5]) /
               ((((d[0] * t + d[1]) * t + d[2]) * t + d[3]) * t + 1);
    };
    double x = 0;
    if (p < pLow) {
        x = tail(p);
    } else if (p > 1 - pLow) {
        x = -tail(1 - p);
    } else {
        const double q = p - 0.5;
        const double r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    const double e = 0.5 * std::erfc(-x / std::numbers::sqrt2) - p;
    const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

}  // namespace

double expectedMaxOfNormals(std::int64_t n) {
    if (n <= 1)
        return 0;
    // Blom: Φ⁻¹((n − 0.375) / (n + 0.25)) = −Φ⁻¹(0.625 / (n + 0.25)); the lower tail keeps full
    // precision for a million GPUs, where 1 − p would lose digits.
    return -normalQuantile(0.625 / (static_cast<double>(n) + 0.25));
}

double stragglerSeconds(double computeSeconds, std::int64_t gpus) {
    return computeSeconds * kGpuSpeedSigma * expectedMaxOfNormals(gpus);
}

}  // namespace clusterplan
