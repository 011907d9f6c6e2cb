#include "quote/quote_scaling.h"

#include "util/number_format.h"

namespace clusterplan::quote {

ScalingReport quoteScaling(const Scenario& scenario, const Catalog& catalog) {
    return scalingStudy(scenario, catalog, scenario.cluster.gpus(), 0);
}

std::vector<std::string> scalingHeader(Lang lang) {
    return {label(lang, "scaling_gpus"), label(lang, "scaling_tokens_per_s"),
            label(lang, "scaling_efficiency"), label(lang, "train_days")};
}

std::vector<std::vector<std::string>> scalingRows(const ScalingReport& report, Lang lang) {
    std::vector<std::vector<std::string>> rows;
    for (const ScalePoint& p : report.curve) {
        if (!p.fits) {
            rows.push_back({std::to_string(p.gpus), label(lang, "no_fit_short"), "", ""});
            continue;
        }
        rows.push_back({std::to_string(p.gpus), formatFixed(p.best.perf.tokensPerSecond, 0),
                        formatFixed(100 * p.efficiency, 1) + " %", formatFixed(p.trainDays, 1)});
    }
    return rows;
}

}  // namespace clusterplan::quote
