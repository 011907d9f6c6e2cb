#pragma once
// The quote's scaling section: the study
// `clusterplan-cli scale FILE` runs, from the scenario alone — GPU counts up to the scenario's
// cluster, no deadline (a quote has none). The study bounds itself (kScalingLayoutBudget layouts
// over all of its searches), as it does for the window's Scaling tab, so a big scenario stays
// within seconds; the PDF's table and chart and the chart images read this one report.
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/quote/labels.h"
#include "core/scenario/scenario.h"
#include "core/studies/scaling_study.h"

namespace clusterplan::quote {

[[nodiscard]] ScalingReport quoteScaling(const Scenario& scenario, const Catalog& catalog);

// The table printed under the chart: GPUs, tokens/s, scaling efficiency and days, the numbers of
// `clusterplan-cli scale` written for a reader, with thousands separators ("16,384", "2,606,993",
// "87.5 %", "1,234.5"; `scale` prints "2606993"); counts on which nothing fits say so in the
// tokens/s cell.
[[nodiscard]] std::vector<std::string> scalingHeader(const ScalingReport& report, Lang lang);
[[nodiscard]] std::vector<std::vector<std::string>> scalingRows(const ScalingReport& report, Lang lang);

}  // namespace clusterplan::quote
