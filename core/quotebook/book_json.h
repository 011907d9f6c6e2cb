#pragma once
// The whole quote book as one JSON file ("schema": "clusterplan.quotebook/1"): a backup, and the
// way to carry quotes to another book. Every revision with its number, revision, dates, status and
// its status changes, totals as decimal strings ("1224000.50", exact to the cent), the scenario as
// the text it was saved as, and the exported files. Importing merges by number and revision
// (QuoteBook::merge): importing the same file twice adds nothing.
#include <string>
#include <string_view>
#include <vector>

#include "core/quotebook/quote_book.h"
#include "core/quotebook/quote_record.h"
#include "core/util/json_write.h"
#include "core/util/result.h"

namespace clusterplan::quotebook {

inline constexpr std::string_view kBookJsonSchema = "clusterplan.quotebook/1";

// {"excl_vat": "60000.00", "incl_vat": "63600.00"} under `key`, or null.
void writeTotals(json::Writer& w, std::string_view key, const std::optional<OfferTotals>& totals);

[[nodiscard]] std::string bookToJson(const std::vector<QuoteRecord>& records);
// `label` names the file in errors ("FILE: quotes[3].rent.incl_vat: ...").
[[nodiscard]] Result<std::vector<QuoteRecord>> bookFromJson(std::string_view text, const std::string& label);

struct ExportOutcome {
    std::size_t revisions = 0;
    std::size_t quotes = 0;       // distinct numbers
    std::int64_t unreadable = 0;  // revisions of a damaged book that could not be read
};
// Writes every revision of `book` to `path` atomically (util/atomic_file.h); from a damaged book,
// every revision that can still be read (QuoteBook::readable()).
Result<ExportOutcome> exportBook(const QuoteBook& book, const std::string& path);
// Reads `path` and merges it into `book` in one transaction.
Result<MergeOutcome> importBook(QuoteBook& book, const std::string& path);

}  // namespace clusterplan::quotebook
