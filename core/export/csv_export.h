#pragma once
// Writes a report's CSV files into a folder (issue 8 §4): layouts.csv, memory.csv,
// monthly_cost.csv, line_items.csv and, when given, validation.csv. Each file is written
// atomically; the first failure stops and is returned with the file's path.
#include <optional>
#include <string>
#include <vector>

#include "quote/quote_document.h"
#include "report/plan.h"
#include "util/result.h"
#include "validation/validation.h"

namespace clusterplan {

struct CsvOptions {
    bool byteOrderMark = false;  // for spreadsheet programs that guess the encoding
};

// Returns the paths written.
Result<std::vector<std::string>> writeReportCsv(const std::string& folder, const Plan& plan,
                                                const quote::QuoteDocument& doc,
                                                const ValidationReport* validation,
                                                const CsvOptions& options = {});

}  // namespace clusterplan
