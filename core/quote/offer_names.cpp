#include "core/quote/offer_names.h"
#include "core/quote/messages_quote.h"

#include <string>

namespace clusterplan::quote {

namespace {

// "月付", "1 年期", "18 个月期": a term named by its length, for books without a Chinese name.
std::string termLength(Lang lang, int months) {
    if (months <= 1)
        return label(lang, msg::kQuoteTermMonthly);
    if (months % 12 == 0)
        return label(lang, msg::kQuoteTermYears, {std::to_string(months / 12)});
    return label(lang, msg::kQuoteTermMonths, {std::to_string(months)});
}

}  // namespace

Bilingual termName(const cost::RentTerm& term) {
    const std::string en = term.name.empty() ? termLength(Lang::En, term.months) : term.name;
    const std::string zh = term.nameZh.empty() ? termLength(Lang::Zh, term.months) : term.nameZh;
    return {en, zh};
}

Bilingual termName(const cost::RentOffer& offer, const cost::RentTerm& term) {
    if (offer.unit != cost::RentUnit::GpuHour || term != cost::RentTerm{})
        return termName(term);
    switch (offer.billing) {
    case cost::Billing::OnDemand:
        return bilingual(msg::kQuoteTermHourlyOnDemand);
    case cost::Billing::Spot:
        return bilingual(msg::kQuoteTermHourlySpot);
    case cost::Billing::Reserved:
        break;
    }
    return bilingual(msg::kQuoteTermHourlyReserved);
}

// An offer without a Chinese name keeps the book's name: it is the provider's product name.
Bilingual offerName(const cost::RentOffer& offer) {
    return {offer.name, offer.nameZh.empty() ? offer.name : offer.nameZh};
}

Bilingual rentUnitName(cost::RentUnit unit) {
    switch (unit) {
    case cost::RentUnit::GpuHour:
        return bilingual(msg::kQuoteUnitGpuHour);
    case cost::RentUnit::GpuMonth:
        return bilingual(msg::kQuoteUnitGpuMonth);
    case cost::RentUnit::ServerMonth:
        return bilingual(msg::kQuoteUnitServerMonth);
    case cost::RentUnit::SliceMonth:
        return bilingual(msg::kQuoteUnitSliceMonth);
    }
    return bilingual(msg::kQuoteUnitLot);
}

}  // namespace clusterplan::quote
