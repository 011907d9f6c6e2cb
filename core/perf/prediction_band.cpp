#include "core/perf/prediction_band.h"

#include <algorithm>
#include <cmath>

#include "core/model/param_count.h"
#include "core/perf/messages_perf.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

// Widening per doubling of the GPU count or the sequence length beyond the largest calibrated run.
// A planning allowance, not a fit: synchronisation and collective costs grow with N (Llama 3
// report §3.3.4, MegaScale arXiv:2402.15627 §4 on stragglers at scale), and a run larger than any
// calibrated one tests terms the calibration could not constrain.
constexpr double kWideningPerDoubling = 0.05;

// GPU counts and sequence lengths, whole, with their thousands grouped (16,384).
std::string wholeGrouped(double value) {
    return formatGrouped(value, 0);
}

// Billions of parameters: whole from 10 B or when whole (7), else one decimal (2.7, not "3").
std::string billions(double value) {
    return formatGrouped(value, value >= 10 || std::abs(value - std::round(value)) < 0.05 ? 0 : 1);
}

// Widens `band` by `perDoubling` per doubling of `value` beyond `fitted`, and says so, the two
// values written by `format`.
void widenBeyond(PredictionBand& band, double value, double fitted, double perDoubling,
                 const MessageId<3>& why, std::string (*format)(double), bool explain) {
    if (fitted <= 0 || value <= fitted || perDoubling <= 0)
        return;
    const double w = perDoubling * std::log2(value / fitted);
    band.low /= 1 + w;
    band.high *= 1 + w;
    if (explain)
        band.reasons.push_back(makeMessage(why, {format(value), format(fitted), formatFixed(100 * w, 0)}));
}

// "-28 %", "+74 %": a change of the step time, signed, whole per cent.
std::string signedPercent(double fraction) {
    const double whole = std::round(100 * fraction);
    return (whole > 0 ? "+" : "") + formatFixed(whole, 0) + " %";
}

}  // namespace

std::string architectureList(const std::vector<std::string>& architectures) {
    std::string out;
    for (std::size_t i = 0; i < architectures.size(); ++i) {
        std::string name = architectures[i];
        if (!name.empty() && name[0] >= 'a' && name[0] <= 'z')
            name[0] = static_cast<char>(name[0] - 'a' + 'A');
        // Joined by a slash, no English word: the list is an argument of sentences shown in Chinese too.
        out += (i == 0 ? "" : "/") + name;
    }
    return out;
}

PredictionBand predictionBand(const PerfProfile& profile, const StackDefaults& stack, const ModelSpec& model,
                              const TrainingSpec& training, std::int64_t gpus, bool explain) {
    PredictionBand band{profile.bandLow, profile.bandHigh, {}};
    const auto widen = [&](double low, double high) {
        band.low = std::min(band.low, low);
        band.high = std::max(band.high, high);
    };
    const auto transfer = [&](const MessageId<0>& why) {
        widen(profile.transferBandLow, profile.transferBandHigh);
        if (explain)
            band.reasons.push_back(makeMessage(why));
    };
    const std::string name(displayName(training.framework));
    if (profile.calibrated && profile.framework == training.framework) {
        // The stack's own profile on this GPU: its own band.
    } else if (stack.calibratedArchitectures.empty()) {
        // A stack family no profile was fitted on: timed with the nearest stack's profile, and the
        // widest band, the errors on stack families left out of the fit.
        widen(profile.unseenStackBandLow, profile.unseenStackBandHigh);
        widen(profile.transferBandLow, profile.transferBandHigh);
        // One sentence: a stack whose runs are in the set but unfitted (DeepSpeed's, on A100) is not
        // said to have no runs. It says how wide, on the step time, and where that width comes from.
        if (explain) {
            const std::string low = signedPercent(band.low - 1), high = signedPercent(band.high - 1);
            band.reasons.push_back(
                training.framework == Framework::Other ? makeMessage(msg::kBandUnseenOtherStack, {low, high})
                : stack.unfittedRunsOn.empty()
                    ? makeMessage(msg::kBandUnseenStack, {name, low, high})
                    : makeMessage(msg::kBandUnfittedRuns,
                                  {name, architectureList(stack.unfittedRunsOn), low, high}));
        }
    } else if (!profile.calibrated ||
               std::find(stack.calibratedArchitectures.begin(), stack.calibratedArchitectures.end(),
                         profile.architecture) == stack.calibratedArchitectures.end()) {
        // Fitted on other GPU generations only.
        widen(profile.unseenGenerationBandLow, profile.unseenGenerationBandHigh);
        widen(profile.transferBandLow, profile.transferBandHigh);
        if (explain)
            band.reasons.push_back(makeMessage(msg::kBandUnseenGeneration,
                                               {name, architectureList(stack.calibratedArchitectures)}));
    } else {
        transfer(msg::kBandOtherStack);  // a sibling stack's profile on a GPU this stack is fitted on
    }
    if (model.moe && !profile.moeCalibrated) {
        widen(profile.unseenClassBandLow, profile.unseenClassBandHigh);
        transfer(msg::kBandMoe);
    }
    // Beyond the fitted range: more GPUs (synchronisation and collectives grow with N), or a
    // longer sequence (attention's share grows, and with it the weight of the least-constrained
    // parameter, the attention kernel's efficiency).
    widenBeyond(band, static_cast<double>(gpus), profile.maxCalibratedGpus, kWideningPerDoubling,
                msg::kBandBeyondCalibration, wholeGrouped, explain);
    widenBeyond(band, static_cast<double>(training.seqLen), profile.maxCalibratedSeqLen, kWideningPerDoubling,
                msg::kBandBeyondSeqLen, wholeGrouped, explain);
    // A larger model than any fitted (InternEvo's profile saw 7 B models only): by the drift of the
    // grouped cross-validation error with model size, per doubling (fit_profiles.py, size_drift).
    if (profile.maxCalibratedParamsB > 0 && profile.sizeWideningPerDoubling > 0)
        widenBeyond(band, countParams(model).total / 1e9, profile.maxCalibratedParamsB,
                    profile.sizeWideningPerDoubling, msg::kBandBeyondModelSize, billions, explain);
    return band;
}

}  // namespace clusterplan
