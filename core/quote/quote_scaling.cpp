#include "core/quote/quote_scaling.h"

#include "core/quote/messages_quote.h"
#include "core/util/number_format.h"

namespace clusterplan::quote {

namespace {

// "2606993.5" → "2,606,993.5": the integer part grouped in threes, as the quote's money is
// (formatPlain), so a customer reads a count of millions at a glance. Locale-free on purpose: the
// same text in both languages (Chinese quotes group money with commas too).
std::string grouped(std::string number) {
    const std::size_t digits = number.find('.') == std::string::npos ? number.size() : number.find('.');
    const std::size_t first = number.starts_with('-') ? 1 : 0;
    for (std::size_t at = digits; at > first + 3; at -= 3)
        number.insert(at - 3, 1, ',');
    return number;
}

}  // namespace

ScalingReport quoteScaling(const Scenario& scenario, const Catalog& catalog) {
    return scalingStudy(scenario, catalog, scenario.cluster.gpus(), 0);
}

std::vector<std::string> scalingHeader(const ScalingReport& report, Lang lang) {
    // Efficiency is per-GPU throughput against the smallest count that fits (studies/scaling_study.h);
    // the days are the steady-state run, without the interruptions the verdict's budget adds.
    std::string base;
    for (const ScalePoint& p : report.curve)
        if (p.fits) {
            base = grouped(std::to_string(p.gpus));
            break;
        }
    return {label(lang, msg::kQuoteScalingGpus), label(lang, msg::kQuoteScalingTokensPerS),
            base.empty()  ? label(lang, msg::kQuoteScalingEfficiency)
            : base == "1" ? label(lang, msg::kQuoteScalingEfficiencyVsOne)
                          : label(lang, msg::kQuoteScalingEfficiencyVs, {base}),
            label(lang, msg::kQuoteScalingDaysSteady)};
}

std::vector<std::vector<std::string>> scalingRows(const ScalingReport& report, Lang lang) {
    std::vector<std::vector<std::string>> rows;
    for (const ScalePoint& p : report.curve) {
        if (!p.fits) {
            rows.push_back({grouped(std::to_string(p.gpus)), label(lang, msg::kQuoteNoFitShort), "", ""});
            continue;
        }
        rows.push_back({grouped(std::to_string(p.gpus)), grouped(formatFixed(p.best.perf.tokensPerSecond, 0)),
                        formatFixed(100 * p.efficiency, 1) + " %", grouped(formatFixed(p.trainDays, 1))});
    }
    return rows;
}

}  // namespace clusterplan::quote
