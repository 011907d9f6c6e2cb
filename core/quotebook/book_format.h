#pragma once
// The quote book as `clusterplan-cli quotes list` and `quotes show` print it: a table in text (in
// English or Chinese, columns aligned by display width), CSV (UTF-8, English headers, amounts as
// plain decimals) or JSON ("schema": "clusterplan.quote-list/1"), with each quote's status derived
// for `today` and the dashboard's counts (active, expiring within 7 days, expired, accepted), and
// whether its prices are still current against the price books loaded now (price_age.h).
#include <string>
#include <vector>

#include "core/cost/price_book.h"
#include "core/quotebook/price_age.h"
#include "core/quotebook/quote_record.h"
#include "core/quotebook/quote_status.h"
#include "core/util/language.h"

namespace clusterplan::quotebook {

// The dashboard's counts: quotes (numbers), each by its last revision in the list, however many
// of its revisions the list holds.
struct BookCounts {
    std::size_t quotes = 0, active = 0, expiring = 0, expired = 0, accepted = 0;
    std::size_t oldPrices = 0;   // stale or superseded
    std::size_t revisions = 0;   // rows of the list
    std::size_t superseded = 0;  // rows a later revision of their number replaced (supersededBy)
};
[[nodiscard]] BookCounts countStatuses(const std::vector<QuoteRecord>& records, const std::string& today,
                                       const cost::PriceBooks& books);
// "current", "stale (120 days)", "superseded by 2026-06" in `lang`.
[[nodiscard]] std::string priceAgeText(const PriceAge& age, Lang lang);

// "draft", "sent", ... in `lang`.
[[nodiscard]] std::string statusName(StoredStatus status, Lang lang);
// "expired", "sent", ... in `lang`, with "expires in N days" for an expiring quote.
[[nodiscard]] std::string statusText(const DerivedStatus& status, Lang lang);

// A row's status: "superseded by /3" for a revision a later one replaced, else statusText().
[[nodiscard]] std::string listStatusText(const QuoteRecord& record, const std::string& today, Lang lang);

// `allRevisions` (quotes list --all-revisions): one column "Q-2026-0043/2" instead of the number
// and the revision, and a line counting the revisions listed and those superseded. The CSV and
// JSON lists have the revision and "superseded_by" in every row either way.
// A moment the book keeps in UTC ("2026-12-06T05:07:06Z") in the local time zone, as a person
// reads it ("2026-12-06 13:07:06 CST"); text that is not such a moment as it is.
[[nodiscard]] std::string localTime(const std::string& utc);

[[nodiscard]] std::string listToText(const std::vector<QuoteRecord>& records, const std::string& today,
                                     const cost::PriceBooks& books, Lang lang, bool allRevisions = false);
[[nodiscard]] std::string listToCsv(const std::vector<QuoteRecord>& records, const std::string& today,
                                    const cost::PriceBooks& books);
[[nodiscard]] std::string listToJson(const std::vector<QuoteRecord>& records, const std::string& today,
                                     const cost::PriceBooks& books);

// One revision in full: its facts, totals, price book, files and status changes, and the
// revisions the number has (`revisions`, oldest first).
[[nodiscard]] std::string quoteToText(const QuoteRecord& record, const std::vector<std::int64_t>& revisions,
                                      const std::string& today, const cost::PriceBooks& books, Lang lang);

}  // namespace clusterplan::quotebook
