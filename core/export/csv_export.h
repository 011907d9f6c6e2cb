#pragma once
// Writes a quote package's CSV files into a folder: layouts.csv, memory.csv, run_length.csv,
// monthly_cost.csv, prices.csv and line_items.csv — what the customer may read, nothing internal
// (the price sources and the engine's calibration runs stay with `cost --format json` and
// `validate --format csv`). Each file is written atomically; the first failure stops and is
// returned with the file's path.
#include <optional>
#include <string>
#include <vector>

#include "core/quote/quote_document.h"
#include "core/report/plan.h"
#include "core/util/result.h"

namespace clusterplan {

struct CsvOptions {
    // The UTF-8 byte-order mark: given, as asked (--bom / --no-bom); otherwise by the product's
    // rule (util/csv_write.h csvWantsByteOrderMark): a file with non-ASCII text or for a Chinese
    // reader has one, a pure-ASCII English file none.
    std::optional<bool> byteOrderMark;
    bool chinese = false;  // the quote's language is Chinese
};

// Returns the paths written.
Result<std::vector<std::string>> writeReportCsv(const std::string& folder, const Plan& plan,
                                                const quote::QuoteDocument& doc,
                                                const CsvOptions& options = {});

}  // namespace clusterplan
