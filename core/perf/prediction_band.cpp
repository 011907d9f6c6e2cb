#include "perf/prediction_band.h"

#include <cmath>

#include "util/number_format.h"

namespace clusterplan {

namespace {

// Widening per doubling of the GPU count beyond the largest calibrated run. A planning allowance,
// not a fit: synchronisation and collective costs grow with N (Llama 3 report §3.3.4, MegaScale
// arXiv:2402.15627 §4 on stragglers at scale), and a run larger than any calibrated one tests
// terms the calibration could not constrain.
constexpr double kWideningPerDoubling = 0.05;

}  // namespace

PredictionBand predictionBand(const PerfProfile& profile, const ModelSpec& model,
                              const TrainingSpec& training, std::int64_t gpus) {
    PredictionBand band{profile.bandLow, profile.bandHigh, {}};
    const auto transfer = [&](const std::string& why) {
        band.low = std::min(band.low, profile.transferBandLow);
        band.high = std::max(band.high, profile.transferBandHigh);
        band.reasons.push_back(why);
    };
    if (!profile.calibrated)
        transfer("Band: no calibrated profile for this stack and GPU, so the band is the transfer band (the "
                 "cross-validated error on stacks left out of the fit).");
    else if (profile.framework != training.framework)
        transfer("Band: the profile stands in for another stack, so the band is the transfer band.");
    if (model.moe)
        transfer("Band: no MoE run is in the calibration set, so the band is the transfer band.");
    const double n = static_cast<double>(gpus);
    if (profile.maxCalibratedGpus > 0 && n > profile.maxCalibratedGpus) {
        const double w = kWideningPerDoubling * std::log2(n / profile.maxCalibratedGpus);
        band.low /= 1 + w;
        band.high *= 1 + w;
        band.reasons.push_back("Band: " + formatNumber(n) +
                               " GPUs is more than the largest calibrated run of this "
                               "profile (" +
                               formatNumber(profile.maxCalibratedGpus) + "), widened by " +
                               formatFixed(100 * w, 0) + " % each way.");
    }
    return band;
}

}  // namespace clusterplan
