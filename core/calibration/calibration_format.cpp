#include "core/calibration/calibration_format.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/calibration/measured_runs.h"
#include "core/report/plan_format.h"
#include "core/util/csv_write.h"
#include "core/util/number_format.h"
#include "core/util/text_columns.h"

namespace clusterplan {

namespace {

std::string padRight(const std::string& text, std::size_t width) {
    return text + std::string(width - std::min(width, text.size()), ' ');
}

}  // namespace

std::string profileFitToText(const ProfileFit& fit) {
    std::ostringstream out;
    out << "Profile '" << fit.before.id << "' fitted to " << fit.runs.size()
        << (fit.runs.size() == 1 ? " measured run" : " measured runs") << " -> '" << fit.after.id << "'\n\n";
    out << "parameter             before    after   bounds\n";
    for (const auto& p : fit.parameters)
        out << padRight(p.key, 18) << padLeft(formatFixed(p.before, 3), 10)
            << padLeft(formatFixed(p.after, 3), 9) << "   " << formatFixed(p.low, 2) << " .. "
            << formatFixed(p.high, 2) << "\n";
    out << "\nrun  GPUs  layout                                        measured step  tokens/s     "
           "before      after\n";
    for (std::size_t i = 0; i < fit.runs.size(); ++i) {
        const auto& r = fit.runs[i];
        out << padRight(std::to_string(i), 5) << padLeft(std::to_string(r.gpus), 4) << "  "
            << padRight(r.layout.substr(0, 44), 46) << padLeft(seconds(r.measuredStepSeconds), 13)
            << padLeft(formatNumber(std::round(r.measuredTokensPerSecond)), 10)
            << padLeft(percent(r.errorBefore), 11) << padLeft(percent(r.errorAfter), 11) << "\n";
        if (!r.assumed.empty())
            out << "     assumed (left out of the run, chosen by the search under the built-in profile; "
                   "write them into the run if it used others): "
                << assumedKeysText(r.assumed) << "\n";
        if (r.measuredPeakGib)
            out << "     peak memory: measured " << formatFixed(*r.measuredPeakGib, 1) << " GiB, predicted "
                << formatFixed(r.predictedPeakGib, 1) << " GiB (not fitted: the profile only times)\n";
        if (!r.source.empty())
            out << "     source: " << r.source << "\n";
    }
    out << "\nMean throughput error: " << formatFixed(100 * fit.meanAbsErrorBefore, 1) << " % before, "
        << formatFixed(100 * fit.meanAbsErrorAfter, 1) << " % after (predicted vs measured tokens/s).\n";
    out << "Band: " << fit.bandRule << " (true/predicted step " << formatFixed(fit.after.bandLow, 2) << " .. "
        << formatFixed(fit.after.bandHigh, 2) << ").\n";
    return out.str();
}

std::string profileFitToCsv(const ProfileFit& fit) {
    std::ostringstream out;
    out << "run,gpus,layout,assumed,measured_step_s,measured_tokens_per_s,predicted_step_s_before,"
           "predicted_step_s_after,error_before,error_after,source\n";
    for (std::size_t i = 0; i < fit.runs.size(); ++i) {
        const auto& r = fit.runs[i];
        std::string assumed;
        for (const AssumedKey& k : r.assumed)
            assumed += (assumed.empty() ? "" : "; ") + k.key + "=" + k.value;
        out << i << "," << r.gpus << "," << csvField(r.layout) << "," << csvField(assumed) << ","
            << formatNumber(r.measuredStepSeconds) << "," << formatNumber(r.measuredTokensPerSecond) << ","
            << formatNumber(r.stepBefore) << "," << formatNumber(r.stepAfter) << ","
            << formatNumber(r.errorBefore) << "," << formatNumber(r.errorAfter) << "," << csvField(r.source)
            << "\n";
    }
    return out.str();
}

std::string planTimeSummary(const Plan& plan) {
    const auto& t = plan.perf;
    return layoutText(plan.layout) + " on " + std::to_string(plan.layout.gpus()) + " GPUs: step " +
           seconds(t.stepSeconds) + " (band " + seconds(t.stepSecondsLow) + " .. " +
           seconds(t.stepSecondsHigh) + "), " + formatNumber(std::round(t.tokensPerSecond)) +
           " tokens/s, MFU " + formatFixed(100 * t.mfu, 1) + " %, " + formatFixed(t.trainDays, 1) +
           " days to train";
}

}  // namespace clusterplan
