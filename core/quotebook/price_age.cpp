#include "core/quotebook/price_age.h"

#include "core/util/iso_date.h"

namespace clusterplan::quotebook {

PriceAge priceAge(const QuoteRecord& record, const cost::PriceBooks& books, std::string_view today) {
    PriceAge age;
    age.days = cost::daysSinceAsOf(record.priceBookAsOf, today);
    const cost::PriceBook* book = books.book(record.priceBookId);
    const int limit = book ? book->staleAfterDays : cost::kDefaultStaleAfterDays;
    age.stale = age.days && *age.days > limit;
    if (book) {
        const auto quoted = parseIsoDay(record.priceBookAsOf, true);
        const auto current = parseIsoDay(book->asOf, true);
        age.superseded = quoted && current && *current > *quoted;
        if (age.superseded)
            age.currentAsOf = book->asOf;
    }
    return age;
}

}  // namespace clusterplan::quotebook
