#pragma once
// Writes a report's CSV files into a folder: layouts.csv, memory.csv,
// monthly_cost.csv, line_items.csv and, when given, validation.csv. Each file is written
// atomically; the first failure stops and is returned with the file's path.
#include <optional>
#include <string>
#include <vector>

#include "core/quote/quote_document.h"
#include "core/report/plan.h"
#include "core/util/result.h"
#include "core/validation/validation.h"

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
