#include "core/quotebook/price_age.h"

#include <boost/json.hpp>

#include "core/util/iso_date.h"

namespace clusterplan::quotebook {

namespace {

// The GPU the recorded scenario quotes ("cluster.gpu"); empty when the text does not say.
std::string quotedGpu(const std::string& scenarioJson) {
    boost::system::error_code ec;
    const boost::json::value value = boost::json::parse(scenarioJson, ec);
    if (ec || !value.is_object())
        return {};
    const auto* cluster = value.get_object().if_contains("cluster");
    if (!cluster || !cluster->is_object())
        return {};
    const auto* gpu = cluster->get_object().if_contains("gpu");
    return gpu && gpu->is_string() ? std::string(gpu->get_string()) : std::string();
}

// Whether a price the quote rests on changed after `quoted`: the book's parameters (power, staff,
// upkeep...), and the rent offers and the purchase for the quote's GPU; a price of another GPU
// does not make this quote's prices old.
bool entriesNewer(const cost::PriceBook& book, const std::string& gpu, std::chrono::sys_days quoted) {
    const auto newer = [quoted](const std::string& asOf) {
        const auto day = parseIsoDay(asOf, true);
        return day && *day > quoted;
    };
    for (const cost::ParameterEntry& p : book.parameters)
        if (newer(p.asOf))
            return true;
    for (const cost::RentOffer* offer : book.offersFor(gpu))
        if (newer(offer->asOf))
            return true;
    const cost::PurchaseEntry* purchase = book.purchaseFor(gpu);
    return purchase && newer(purchase->asOf);
}

}  // namespace

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
        // A newer book supersedes the quote only through a price it rests on, when the recorded
        // scenario names its GPU (a book imported from elsewhere may not).
        if (age.superseded)
            if (const std::string gpu = quotedGpu(record.scenarioJson); !gpu.empty())
                age.superseded = entriesNewer(*book, gpu, *quoted);
        if (age.superseded)
            age.currentAsOf = book->asOf;
    }
    return age;
}

}  // namespace clusterplan::quotebook
