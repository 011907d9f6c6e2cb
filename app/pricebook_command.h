#pragma once
// clusterplan-cli pricebook import LIST.csv --book BOOK.json: a vendor's price list applied to a
// price-book file (core/cost/price_list_import.h), the changes printed, then saved atomically.
#include <string>
#include <vector>

namespace clusterplan::cli {

struct PricebookRequest {
    std::vector<std::string> operands;  // "import", then LIST.csv
    std::string book;                   // --book
    std::string encoding = "auto";      // --encoding auto|utf-8|gbk
    std::string asOf;                   // --as-of; empty: today
    bool dryRun = false;                // --dry-run: print the changes, save nothing
    std::string lang = "en";
};

int pricebookCommand(const PricebookRequest& request);

}  // namespace clusterplan::cli
