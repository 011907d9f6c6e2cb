#pragma once
// A scenario's `quote` object, read strictly like the rest of scenario_json: unknown
// keys, wrong types and out-of-range values are errors naming the key path ("quote.tax.rates.goods").
#include "core/scenario/quote_info.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"

namespace clusterplan::quote {

inline constexpr std::int64_t kMaxValidDays = 3650;
inline constexpr std::size_t kMaxQuoteTextBytes = 4096;

void readQuote(json::ObjectReader& r, QuoteInfo& q);
void writeQuote(json::Writer& w, const QuoteInfo& q);  // the object's members, without braces

// True for a real calendar date written "YYYY-MM-DD".
[[nodiscard]] bool isIsoDate(std::string_view text);

}  // namespace clusterplan::quote
