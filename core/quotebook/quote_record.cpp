#include "core/quotebook/quote_record.h"

#include <boost/json.hpp>

#include "core/util/sha256.h"

namespace clusterplan::quotebook {

const char* toString(StoredStatus status) {
    switch (status) {
    case StoredStatus::Draft:
        return "draft";
    case StoredStatus::Sent:
        return "sent";
    case StoredStatus::Accepted:
        return "accepted";
    case StoredStatus::Lost:
        return "lost";
    }
    return "draft";
}

std::optional<StoredStatus> parseStoredStatus(std::string_view text) {
    for (const StoredStatus s :
         {StoredStatus::Draft, StoredStatus::Sent, StoredStatus::Accepted, StoredStatus::Lost})
        if (text == toString(s))
            return s;
    return std::nullopt;
}

namespace {

// The scenario without its "quote.revision", serialised again; the text as it is when it is not a
// JSON object (a book imported from elsewhere may hold anything).
std::string scenarioWithoutRevision(const std::string& scenarioJson) {
    boost::system::error_code ec;
    boost::json::value value = boost::json::parse(scenarioJson, ec);
    if (ec || !value.is_object())
        return scenarioJson;
    // The number and the revision say which quote this is, not what it says: a scenario that got
    // its number from the book (the window writes it back) is the same content as before.
    if (auto* quote = value.get_object().if_contains("quote"); quote && quote->is_object()) {
        quote->get_object().erase("revision");
        quote->get_object().erase("number");
    }
    return boost::json::serialize(value);
}

void addTotals(boost::json::object& out, const char* key, const std::optional<OfferTotals>& totals) {
    if (totals)
        out[key] = boost::json::array{totals->amountCents, totals->grossCents};
    else
        out[key] = nullptr;
}

}  // namespace

const std::string& recommendationIn(const QuoteRecord& r, Lang lang) {
    return lang == Lang::Zh && !r.recommendationZh.empty() ? r.recommendationZh : r.recommendation;
}

std::optional<std::int64_t> supersededBy(const QuoteRecord& r) {
    if (r.lastRevision > r.revision)
        return r.lastRevision;
    return std::nullopt;
}

std::string numberAndRevision(const QuoteRecord& r) {
    return r.number + "/" + std::to_string(r.revision);
}

std::string contentFingerprint(const QuoteRecord& r) {
    boost::json::object content;
    content["customer"] = r.customer;
    content["contact"] = r.contact;
    content["prepared_by"] = r.preparedBy;
    content["created"] = r.created;
    content["valid_until"] = r.validUntil;
    content["currency"] = r.currency;
    addTotals(content, "rent", r.rent);
    addTotals(content, "buy", r.buy);
    content["recommendation"] = r.recommendation;
    content["price_book_id"] = r.priceBookId;
    content["price_book_as_of"] = r.priceBookAsOf;
    content["scenario"] = scenarioWithoutRevision(r.scenarioJson);
    return sha256Hex(boost::json::serialize(content));
}

}  // namespace clusterplan::quotebook
