// Validation of CostInputs and RentOffer values: every message names the key path and the
// allowed range, e.g. "cost.utilization: is 1.5, allowed range 0 to 1".
#include "core/cost/cost_inputs.h"

#include <set>

#include "core/cost/cost_parameters.h"
#include "core/util/messages_file_errors.h"
#include "core/util/number_format.h"

namespace clusterplan::cost {

namespace {

std::optional<Error> check(double value, const std::string& where, double min, double max,
                           bool maxExclusive = false, bool integer = false) {
    if (auto problem = rangeProblem(value, min, max, maxExclusive, integer))
        return inputError(where, std::move(*problem));
    return std::nullopt;
}

std::optional<Error> validateTerm(const RentTerm& t, const std::string& where) {
    if (t.id.empty())
        return inputError(where + ".id", msg::kErrorEmpty);
    if (auto e = check(t.months, where + ".months", 1, 120, false, true))
        return e;
    if (auto e = check(t.discount, where + ".discount", 0, 1, true))
        return e;
    if (auto e = check(t.renewalCredit, where + ".renewal_credit", 0, kMaxMonthlyPrice))
        return e;
    return std::nullopt;
}

}  // namespace

std::optional<Error> validateRentOffer(const RentOffer& o, const std::string& where) {
    if (o.id.empty())
        return inputError(where + ".id", msg::kErrorEmpty);
    const double maxPrice = o.unit == RentUnit::GpuHour ? kMaxGpuHourPrice : kMaxMonthlyPrice;
    if (auto e = check(o.price, where + ".price", 0, maxPrice))
        return e;
    if (o.priceLow && *o.priceLow > o.price)
        return inputError(where + ".price_low", msg::kErrorCostPriceLow,
                          {formatNumber(*o.priceLow), formatNumber(o.price)});
    if (o.priceHigh && *o.priceHigh < o.price)
        return inputError(where + ".price_high", msg::kErrorCostPriceHigh,
                          {formatNumber(*o.priceHigh), formatNumber(o.price)});
    if (o.priceLow)
        if (auto e = check(*o.priceLow, where + ".price_low", 0, maxPrice))
            return e;
    if (auto e = check(o.gpusPerUnit, where + ".gpus_per_unit", 1, 1024, false, true))
        return e;
    if (auto e = check(o.slicesPerGpu, where + ".slices_per_gpu", 1, 1024, false, true))
        return e;
    if (auto e = check(o.interruptionLoss, where + ".interruption_loss", 0, 1, true))
        return e;
    if (auto e = check(o.deposit, where + ".deposit", 0, kMaxMonthlyPrice))
        return e;
    if (auto e = check(o.setupFee, where + ".setup_fee", 0, kMaxMonthlyPrice))
        return e;
    if (o.unit != RentUnit::GpuHour && o.billing != Billing::Reserved)
        return inputError(where + ".billing", msg::kErrorCostBilling);
    if (o.terms.empty())
        return inputError(where + ".terms", msg::kErrorCostNoTerms);
    std::set<std::string, std::less<>> ids;
    for (std::size_t i = 0; i < o.terms.size(); ++i) {
        const std::string path = where + ".terms[" + std::to_string(i) + "]";
        if (auto e = validateTerm(o.terms[i], path))
            return e;
        if (!ids.insert(o.terms[i].id).second)
            return inputError(path + ".id", msg::kErrorDuplicateId, {o.terms[i].id});
    }
    return std::nullopt;
}

std::optional<Error> validateCostInputs(const CostInputs& in) {
    if (in.priceBook.empty())
        return inputError("cost.price_book", msg::kErrorCostNoPriceBook);
    if (auto e = check(in.cnyPerUsd, "cost.usd_cny", 0.01, 1000))
        return e;
    if (auto e = check(static_cast<double>(in.horizonMonths), "cost.horizon_months", 1, kMaxMonths))
        return e;
    if (auto e = check(static_cast<double>(in.breakevenSearchMonths), "cost.breakeven_search_months", 1,
                       kMaxMonths))
        return e;
    if (auto e = check(in.utilization, "cost.utilization", 0, 1))
        return e;
    if (in.discountRate)
        if (auto e = check(*in.discountRate, "cost.discount_rate", 0, 1))
            return e;
    if (auto e = check(in.sensitivityRange, "cost.sensitivity_range", 0, 0.9))
        return e;
    if (in.rentPrice)
        if (auto e = check(*in.rentPrice, "cost.rent_price", 0, kMaxMonthlyPrice))
            return e;
    if (in.customRent)
        if (auto e = validateRentOffer(*in.customRent, "cost.custom_rent"))
            return e;
    for (const auto& [key, value] : in.overrides) {
        const std::string where = "cost.overrides." + key;
        const ParameterSpec* spec = findParameter(key);
        if (!spec)
            return inputError(where, msg::kErrorCostUnknownParameter);
        if (auto problem = rangeProblem(value, *spec))
            return inputError(where, std::move(*problem));
    }
    return std::nullopt;
}

}  // namespace clusterplan::cost
