#include "core/quotebook/quote_from_document.h"

namespace clusterplan::quotebook {

namespace {

std::optional<OfferTotals> totalsOf(const std::optional<quote::QuoteOption>& option) {
    if (!option)
        return std::nullopt;
    return OfferTotals{option->total.amount.cents(), option->total.gross.cents()};
}

}  // namespace

QuoteRecord recordFromDocument(const quote::QuoteDocument& doc, const Plan& plan,
                               const cost::PriceBooks& books, std::string scenarioJson) {
    QuoteRecord r;
    r.number = doc.info.number;
    r.revision = doc.info.revision;
    r.customer = doc.info.customer;
    r.contact = doc.info.contact;
    r.preparedBy = doc.info.preparedBy;
    r.created = doc.date;
    r.validUntil = doc.validUntil;
    r.status = StoredStatus::Draft;
    r.currency = std::string(cost::currencyCode(doc.currency));
    r.rent = totalsOf(doc.rent);
    r.buy = totalsOf(doc.buy);
    r.recommendation = doc.verdict.cluster.en + "; " + doc.verdict.layout.en;
    r.recommendationZh = doc.verdict.cluster.zh + "；" + doc.verdict.layout.zh;
    if (plan.cost) {
        r.priceBookId = plan.cost->priceBookId;
        if (const cost::PriceBook* book = books.book(plan.cost->priceBookId))
            r.priceBookAsOf = book->asOf;
    }
    r.scenarioJson = std::move(scenarioJson);
    return r;
}

}  // namespace clusterplan::quotebook
