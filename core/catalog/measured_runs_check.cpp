#include "core/catalog/measured_runs_check.h"

#include <string>
#include <type_traits>

#include "core/scenario/limits.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

// "is 0, allowed range 1 to 1000000", as checkScenario words a range.
template <typename T> std::optional<Error> outside(const std::string& where, T value, T low, T high) {
    if (value >= low && value <= high)
        return std::nullopt;
    const auto text = [](T v) {
        if constexpr (std::is_integral_v<T>)
            return std::to_string(v);
        else
            return formatNumber(v);
    };
    return inputError(where, msg::kErrorRange, {text(value), text(low), text(high)});
}

std::optional<Error> checkRun(const MeasuredRun& run, const std::string& at) {
    if (auto e = outside<std::int64_t>(at + ".nodes", run.nodes, 1, 1'000'000))
        return e;
    if (run.globalBatch != 0)
        if (auto e = outside<std::int64_t>(at + ".global_batch", run.globalBatch, 1, 100'000'000))
            return e;
    // One throughput figure, as the reader asks: tokens/s of the whole job, or the step time.
    const bool tokens = run.tokensPerSecond != 0, step = run.stepSeconds != 0;
    if (tokens && step)
        return inputError(at + ".step_s", msg::kErrorMeasuredBothRates);
    if (!tokens && !step)
        return inputError(at + ".tokens_per_s", msg::kErrorMeasuredNoRate);
    if (tokens)
        if (auto e = outside(at + ".tokens_per_s", run.tokensPerSecond, 1e-3, kMaxMeasuredTokensPerSecond))
            return e;
    if (step)
        if (auto e = outside(at + ".step_s", run.stepSeconds, 1e-6, kMaxMeasuredStepSeconds))
            return e;
    if (run.peakMemoryGib)
        return outside(at + ".peak_memory_gib", *run.peakMemoryGib, 1e-3, kMaxMeasuredPeakMemoryGib);
    return std::nullopt;
}

}  // namespace

std::optional<Error> checkMeasuredRuns(const std::vector<MeasuredRun>& runs) {
    if (runs.size() > kMaxMeasuredRuns)
        return inputError("measured", msg::kErrorMeasuredTooMany,
                          {std::to_string(runs.size()), std::to_string(kMaxMeasuredRuns)});
    for (std::size_t i = 0; i < runs.size(); ++i)
        if (auto e = checkRun(runs[i], "measured[" + std::to_string(i) + "]"))
            return e;
    return std::nullopt;
}

}  // namespace clusterplan
