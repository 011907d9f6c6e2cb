#pragma once
// Amounts a user typed into CostInputs are in the price book's currency (cost_inputs.h). When the
// scenario moves to a book in another currency, those amounts must be converted, never read as
// the new currency (¥27 000 is not $27 000).
#include "core/cost/cost_inputs.h"
#include "core/cost/money.h"

namespace clusterplan::cost {

// Converts rent_price, every amount of custom_rent (prices, range, deposit, setup fee, renewal
// credits) and the money-valued overrides (ParameterSpec::money) from `from` to `to` at the
// inputs' own exchange rate (cnyPerUsd). Shares, counts and rates are left alone.
// Multiplies every amount of a rent offer (price and its range, deposit, setup fee, renewal
// credits) by `factor`; shares and counts stay. Also used for report-currency conversion.
void convertOffer(RentOffer& offer, double factor);

[[nodiscard]] CostInputs convertTypedAmounts(CostInputs inputs, Currency from, Currency to);

}  // namespace clusterplan::cost
