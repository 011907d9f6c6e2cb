#pragma once
// Plain-text and CSV forms of a cost report (for `clusterplan-cli cost FILE --format text|csv`).
// Amounts print from exact cents; ordering is fixed, so outputs suit golden files.
#include <string>

#include "core/cost/rent_vs_buy.h"
#include "core/util/language.h"

namespace clusterplan::cost {

// A readable summary: capex and monthly opex lines, totals at the horizon, break-even months,
// derived answers, the run's cost, the rent options and the sensitivity ranking. A report of one
// half (a book that rents or sells only) prints that half and a sentence in `lang` about the other.
std::string costToText(const CostReport& report, Lang lang = Lang::En);
// The monthly table: month,rent,rent_accrued,buy,buy_net,rent_pv,buy_pv (one row per month
// 0..horizon, amounts with two decimals, no grouping).
std::string costToCsv(const CostReport& report);

}  // namespace clusterplan::cost
