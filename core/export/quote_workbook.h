#pragma once
// The quote as an Excel workbook, written with libxlsxwriter (Debian
// libxlsxwriter-dev): an inputs sheet, the line items with live formulas (quantity × unit price ×
// (1 − discount), VAT, subtotals and totals), the month-by-month rent-vs-buy schedule with
// cumulative formulas, the layouts and memory sheets, and native line and bar charts.
// Every formula is written with the engine's value cached (worksheet_write_formula_num), because
// libxlsxwriter otherwise caches 0 and viewers that do not recalculate would show 0
// (libxlsxwriter's documentation). Written to a temporary file, then moved into place atomically.
#include <string>

#include "core/quote/quote_document.h"
#include "core/report/plan.h"
#include "core/util/result.h"

namespace clusterplan {

Result<bool> writeQuoteWorkbook(const std::string& path, const Plan& plan, const quote::QuoteDocument& doc,
                                quote::Lang lang);

}  // namespace clusterplan
