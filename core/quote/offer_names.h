#pragma once
// How a quote names a rental offer and its term in English and Chinese: the price book's own names
// where it gives them ("name", "name_zh"), else, for a term, its length in the quote's language,
// so a Chinese quote never prints an English contract name the book did not translate.
#include "core/cost/rent_offer.h"
#include "core/quote/labels.h"

namespace clusterplan::quote {

[[nodiscard]] Bilingual termName(const cost::RentTerm& term);
// The term as the quote names it for this offer: an offer billed by the GPU-hour with no contract
// term of its own is named by its billing ("On demand, per GPU-hour, invoiced monthly"), not as the
// "Monthly" term it is invoiced in.
[[nodiscard]] Bilingual termName(const cost::RentOffer& offer, const cost::RentTerm& term);
[[nodiscard]] Bilingual offerName(const cost::RentOffer& offer);
// The unit an offer is priced in: "server-month" / "台·月", "GPU-hour" / "卡时", ...
[[nodiscard]] Bilingual rentUnitName(cost::RentUnit unit);

}  // namespace clusterplan::quote
