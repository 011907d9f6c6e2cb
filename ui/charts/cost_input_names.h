#pragma once
// The cost inputs the sensitivity tornado varies (core/cost/sensitivity.cpp kInputs: parameter
// keys such as "electricity_per_kwh", plus "rent_price" and "utilization"), named for a reader in
// the window's language. The names are short on purpose: they are the tornado's category labels,
// which share a left axis of at most 40 % of the chart's width with the bars (Qt Charts
// CartesianChartLayout) and are cut with "..." beyond it.
#include <QString>

#include <string_view>

namespace clusterplan::ui {

// "electricity_per_kwh" → "power price" ("电价"); a key the table lacks is shown as it is.
[[nodiscard]] QString costInputName(std::string_view key);

}  // namespace clusterplan::ui
