#pragma once
// Plan → JSON ("clusterplan.plan/2") and human text. Numbers are formatted by us (shortest
// round-trip, C locale), so output is deterministic and golden-testable.
#include <string>
#include <string_view>

#include "core/report/plan.h"

namespace clusterplan {

// The plan JSON's "schema". Version 2 (6 December 2026): the cost object gained rent_deposit,
// run_cash_outlay_buy, bases and per_million_tokens.rent_billed, and breakeven_month_pv compares
// rent as it accrues (it counted a yearly prepayment whole at month 1). Version 1 documents have
// the same keys otherwise; readers of either keep working on the keys they knew.
inline constexpr std::string_view kPlanSchema = "clusterplan.plan/2";
// The `cost` command's JSON, for the same changes.
inline constexpr std::string_view kCostSchema = "clusterplan.cost/2";

std::string planToJson(const Plan& plan);
std::string planToText(const Plan& plan);

// "79.3 GiB" style formatting used by text reports and the UI.
std::string formatGib(double bytes, int decimals = 1);
// "TP 2 x PP 4 x DP 8", with CP, EP and VPP when used.
std::string layoutText(const Layout& layout);

}  // namespace clusterplan
