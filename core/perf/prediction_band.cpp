#include "core/perf/prediction_band.h"

#include <cmath>

#include "core/perf/messages_perf.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

// Widening per doubling of the GPU count beyond the largest calibrated run. A planning allowance,
// not a fit: synchronisation and collective costs grow with N (Llama 3 report §3.3.4, MegaScale
// arXiv:2402.15627 §4 on stragglers at scale), and a run larger than any calibrated one tests
// terms the calibration could not constrain.
constexpr double kWideningPerDoubling = 0.05;

// Widens `band` by kWideningPerDoubling per doubling of `value` beyond `fitted`, and says so.
void widenBeyond(PredictionBand& band, double value, double fitted, const MessageId<3>& why, bool explain) {
    if (fitted <= 0 || value <= fitted)
        return;
    const double w = kWideningPerDoubling * std::log2(value / fitted);
    band.low /= 1 + w;
    band.high *= 1 + w;
    if (explain)
        band.reasons.push_back(
            // GPU counts and sequence lengths, whole, with their thousands grouped (16,384).
            makeMessage(why, {formatGrouped(value, 0), formatGrouped(fitted, 0), formatFixed(100 * w, 0)}));
}

}  // namespace

PredictionBand predictionBand(const PerfProfile& profile, const ModelSpec& model,
                              const TrainingSpec& training, std::int64_t gpus, bool explain) {
    PredictionBand band{profile.bandLow, profile.bandHigh, {}};
    const auto transfer = [&](const MessageId<0>& why) {
        band.low = std::min(band.low, profile.transferBandLow);
        band.high = std::max(band.high, profile.transferBandHigh);
        if (explain)
            band.reasons.push_back(makeMessage(why));
    };
    if (!profile.calibrated)
        transfer(msg::kBandUncalibrated);
    else if (profile.framework != training.framework)
        transfer(msg::kBandOtherStack);
    if (model.moe && !profile.moeCalibrated)
        transfer(msg::kBandMoe);
    // Beyond the fitted range: more GPUs (synchronisation and collectives grow with N), or a
    // longer sequence (attention's share grows, and with it the weight of the least-constrained
    // parameter, the attention kernel's efficiency).
    widenBeyond(band, static_cast<double>(gpus), profile.maxCalibratedGpus, msg::kBandBeyondCalibration,
                explain);
    widenBeyond(band, static_cast<double>(training.seqLen), profile.maxCalibratedSeqLen,
                msg::kBandBeyondSeqLen, explain);
    return band;
}

}  // namespace clusterplan
