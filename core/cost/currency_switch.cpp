#include "core/cost/currency_switch.h"

#include "core/cost/cost_parameters.h"

namespace clusterplan::cost {

void convertOffer(RentOffer& offer, double factor) {
    offer.price *= factor;
    if (offer.priceLow)
        *offer.priceLow *= factor;
    if (offer.priceHigh)
        *offer.priceHigh *= factor;
    offer.deposit *= factor;
    offer.setupFee *= factor;
    for (RentTerm& term : offer.terms)
        term.renewalCredit *= factor;
}

CostInputs convertTypedAmounts(CostInputs inputs, Currency from, Currency to) {
    if (from == to)
        return inputs;
    const double factor = conversionFactor(from, to, inputs.cnyPerUsd);
    if (inputs.rentPrice)
        *inputs.rentPrice *= factor;
    if (inputs.customRent)
        convertOffer(*inputs.customRent, factor);
    for (auto& [key, value] : inputs.overrides) {
        const ParameterSpec* spec = findParameter(key);
        if (spec && spec->money)
            value *= factor;
    }
    return inputs;
}

}  // namespace clusterplan::cost
