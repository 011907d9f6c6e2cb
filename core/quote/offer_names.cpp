#include "core/quote/offer_names.h"
#include "core/quote/messages_quote.h"

#include <string>

#include "core/util/number_format.h"

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

// CJK ideographs and punctuation (U+3000 and above, three-byte UTF-8 led by E3-EF): a name in
// Chinese ("Yearly prepay (85折)") that an English quote must not print.
bool hasCjk(const std::string& text) {
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0xE3 && byte <= 0xEF)
            return true;
    }
    return false;
}

// "1-year term, 15 % off" / "1 年期（优惠 15 %）": the term by its length and discount.
std::string termByLength(Lang lang, const cost::RentTerm& term) {
    const std::string length = termLength(lang, term.months);
    if (term.discount <= 0)
        return length;
    return label(lang, msg::kQuoteTermOff, {length, formatNumber(roundedTo(100 * term.discount, 2))});
}

}  // namespace

Bilingual termName(const cost::RentTerm& term) {
    // An English name written with Chinese discount notation ("85折") is not one an English reader
    // can read: the term is named by its length and discount instead.
    const std::string en = term.name.empty() || hasCjk(term.name) ? termByLength(Lang::En, term) : term.name;
    const std::string zh = term.nameZh.empty() ? termByLength(Lang::Zh, term) : term.nameZh;
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
