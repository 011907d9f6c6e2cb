#pragma once
// clusterplan-cli quotes: the quote book (core/quotebook/) from the command line: list, show,
// status, export-book, import-book; and the recording of what `report` writes.
#include <optional>
#include <string>
#include <vector>

#include "core/cost/price_book.h"
#include "core/quotebook/quote_book.h"

namespace clusterplan::cli {

struct BookLocation {
    std::string path;                                             // --quote-book; empty: the default
    std::string prefix = std::string(quotebook::kDefaultPrefix);  // --quote-prefix
};

struct QuotesRequest {
    std::vector<std::string> operands;  // the subcommand, then its operands
    BookLocation book;
    std::string customer;       // --customer
    std::string status;         // --status
    bool allRevisions = false;  // --all-revisions: every revision, not only each number's last
    std::string format = "text";
    std::string lang = "en";
    std::optional<bool> byteOrderMark;  // list --format csv: --bom / --no-bom; else the product's rule
    // The price books as loaded now (built-in, user files, --pricebook): which quotes' prices are
    // stale or superseded.
    const cost::PriceBooks* priceBooks = nullptr;
};

int quotesCommand(const QuotesRequest& request);

// The day (UTC, "2026-03-12") and the moment (UTC, "2026-03-12T09:41:07Z") the command runs.
std::string todayUtc();
std::string nowUtc();

// The book at `location` (created when missing), with its warning (damaged, newer, read-only)
// printed; the error printed and nothing when it cannot be opened.
std::optional<quotebook::QuoteBook> openBook(const BookLocation& location, Lang lang = Lang::En);

}  // namespace clusterplan::cli
