#pragma once
// Whether a recorded quote's prices are still current: stale when the price book it was
// priced on is older than that book's stale_after_days (an as_of of a year or a month counts from
// its first day), superseded when the book of the same id now has a newer as_of (a vendor's new
// price list was imported since) and a price the quote rests on is among the newer ones: a
// parameter, or a rent offer or the purchase of the quote's GPU (an import that changed another
// GPU's price leaves the quote current).
#include <optional>
#include <string>
#include <string_view>

#include "core/cost/price_book.h"
#include "core/quotebook/quote_record.h"

namespace clusterplan::quotebook {

struct PriceAge {
    std::optional<long> days;  // since the quote's price-book as_of; nothing when it has none
    bool stale = false;
    bool superseded = false;
    std::string currentAsOf;  // the book's as_of now, when superseded
};

// `books`: the price books as loaded now (built-in and user files). A book that is gone counts
// with the default stale_after_days and is not superseded.
[[nodiscard]] PriceAge priceAge(const QuoteRecord& record, const cost::PriceBooks& books,
                                std::string_view today);

}  // namespace clusterplan::quotebook
