#pragma once
// Cost per million tokens of a searched layout, at the plan's price: the training run's GPU-hours
// under that layout times the cost per utilised GPU-hour of the plan's cost report — the same rule
// as the report's own run cost (cost/rent_vs_buy.cpp, fillRun), so the recommended layout's value
// equals CostReport::perMillionTokensRent / ...Buy. The report prices the run's GPU-hour budget
// (interruptions, checkpoints, evaluation: run/run_length.h): `budgetFactor` turns a layout's
// steady-state GPU-hours into its budget (budgetFactor(const Plan&) in report/plan.h). Empty when
// the report has no utilised-hour price (utilisation 0) or the run trains on no tokens.
#include <optional>

#include "core/cost/rent_vs_buy.h"
#include "core/search/layout_search.h"

namespace clusterplan {

std::optional<double> rentPerMillionTokens(const cost::CostReport& report, const Candidate& candidate,
                                           double budgetFactor);
std::optional<double> buyPerMillionTokens(const cost::CostReport& report, const Candidate& candidate,
                                          double budgetFactor);

}  // namespace clusterplan
