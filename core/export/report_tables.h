#pragma once
// The tables a report exports, as csv::Table values with units in the header and
// the plan's numbers unrounded (shortest round-trip), bytes whole as in the plan JSON, money in
// exact cents. The CSV writer and the workbook read the same tables.
#include "core/export/csv.h"
#include "core/quote/quote_document.h"
#include "core/report/plan.h"
#include "core/validation/validation.h"

namespace clusterplan::report_tables {

// Every evaluated layout (the search keeps all of them, fitting first), with the reason a layout
// does not fit; the plan's own layout alone when no key was searched.
csv::Table layouts(const Plan& plan);
// The most loaded GPU's memory, one row per term.
csv::Table memory(const Plan& plan);
// The data feed and the run's real length, one "term,value,unit" row each.
csv::Table runLength(const Plan& plan);
// Month 0..T: cumulative rent (cash, accrued), buy gross, buy net, present values.
csv::Table monthlyCost(const cost::CostReport& report);
// Every cost parameter the engine used, with its value in the report currency, its origin (default,
// price book, override) and date: the customer's price list in full. The sources behind them
// (internal notes, grades) stay in `clusterplan-cli cost --format json`, for the engineer.
csv::Table priceSources(const cost::CostReport& report);
// Both options' line items with VAT; a refundable deposit as its own row, outside the totals.
csv::Table lineItems(const quote::QuoteDocument& doc);
// The engine's calibration runs (`clusterplan-cli validate --format csv`): internal, never in a
// customer's quote package.
csv::Table validation(const ValidationReport& report);

}  // namespace clusterplan::report_tables
