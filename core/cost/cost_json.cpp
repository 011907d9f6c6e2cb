// Reading a scenario's `cost` object, writing it back, and writing the cost report as JSON
// (see cost_json.h).
#include "core/cost/cost_json.h"
#include "core/cost/run_outlay.h"

#include <cmath>

#include "core/cost/cost_parameters.h"
#include "core/cost/price_book_json.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"

namespace clusterplan::cost {

namespace {

void readOverrides(json::ObjectReader& o, CostInputs& in) {
    for (const auto& spec : parameterSpecs()) {
        if (!o.has(spec.key)) {
            o.ignore({spec.key});
            continue;
        }
        in.overrides[std::string(spec.key)] =
            readNumber(o, spec.key, spec.min, spec.max, spec.maxExclusive, spec.integer);
    }
    o.finish();
}

void money(json::Writer& w, std::string_view key, Money m) {
    w.value(key, m.units());
}

void optMoney(json::Writer& w, std::string_view key, const std::optional<Money>& m) {
    if (m)
        money(w, key, *m);
    else
        w.null(key);
}

void optRate(json::Writer& w, std::string_view key, const std::optional<double>& x, int decimals) {
    if (x)
        w.value(key, roundedTo(*x, decimals));
    else
        w.null(key);
}

void optMonth(json::Writer& w, std::string_view key, const std::optional<int>& m) {
    if (m)
        w.value(key, *m);
    else
        w.null(key);
}

void writeCapex(json::Writer& w, const CostReport& r) {
    const CapexBreakdown& c = r.capex;
    w.beginObject("capex");
    money(w, "servers", c.servers);
    money(w, "switches", c.switches);
    money(w, "optics", c.optics);
    money(w, "frontend", c.frontend);
    money(w, "storage", c.storage);
    money(w, "other", c.other);
    money(w, "hardware", c.hardware);
    money(w, "installation", c.installation);
    money(w, "total", c.capex);
    money(w, "resale_base", c.resaleBase);
    w.value("network_ports", c.network.ports).value("network_switches", c.network.switches);
    w.value("network_tiers", c.network.tiers).value("storage_tb", c.storageTb);
    w.endObject();
    const OpexMonth& o = r.firstMonthOpex;
    w.beginObject("opex_month");
    money(w, "energy", o.energy);
    money(w, "colo", o.colo);
    money(w, "staff", o.staff);
    money(w, "maintenance", o.maintenance);
    money(w, "insurance", o.insurance);
    money(w, "software", o.software);
    money(w, "other", o.other);
    money(w, "total", o.total());
    w.endObject();
    money(w, "opex_total", r.opexTotal);
    w.value("node_max_kw", roundedTo(r.nodeMaxKw, 4)).value("it_average_kw", roundedTo(r.itAverageKw, 4));
    w.value("contract_kw", roundedTo(r.contractKw, 4)).value("fte", roundedTo(r.fte, 4));
    money(w, "depreciation_per_month", r.depreciationPerMonth);
    money(w, "loan_payment", r.loanPayment);
    money(w, "loan_outstanding", r.loanOutstanding);
    money(w, "residual_value", r.residualAtHorizon);
}

void writeRent(json::Writer& w, const CostReport& r) {
    w.beginObject("rent");
    w.value("offer", r.offer.id).value("term", r.term.id).value("name", r.offer.name);
    w.value("unit", toString(r.offer.unit)).value("list_price", r.offer.price);
    w.value("list_per_gpu_hour", roundedTo(listPerGpuHour(r.offer), 4));
    w.value("units", r.rentUnits).value("gpus", r.rentGpus);
    w.value("term_months", r.term.months)
        .value("term_discount", r.term.discount)
        .value("prepay", r.term.prepay);
    w.value("source", r.offer.source).value("as_of", r.offer.asOf);
    w.endObject();
}

void writeOptions(json::Writer& w, const CostReport& r) {
    w.beginArray("options");
    for (const auto& o : r.options) {
        w.beginObject().value("offer", o.offerId).value("term", o.termId).value("name", o.name);
        w.value("list_per_gpu_hour", roundedTo(o.listPerGpuHour, 4));
        w.value("effective_per_gpu_hour", roundedTo(o.effectivePerGpuHour, 4));
        money(w, "first_month", o.firstMonth);
        money(w, "total", o.total);
        money(w, "total_accrued", o.totalAccrued);
        money(w, "pv", o.pv);
        optMonth(w, "breakeven_month", o.breakeven.gross);
        optMonth(w, "breakeven_month_net", o.breakeven.net);
        optMonth(w, "breakeven_month_pv", o.breakeven.pv);
        optRate(w, "breakeven_utilization", o.breakevenUtilization, 4);
        w.value("source", o.source).value("as_of", o.asOf).endObject();
    }
    w.endArray();
}

void writeSensitivity(json::Writer& w, const CostReport& r) {
    w.beginArray("sensitivity");
    for (const auto& s : r.sensitivity) {
        w.beginObject()
            .value("input", s.input)
            .value("base", s.base)
            .value("low", s.low)
            .value("high", s.high);
        optMonth(w, "breakeven_low", s.breakevenLow);
        optMonth(w, "breakeven_high", s.breakevenHigh);
        money(w, "buy_net_low", s.buyNetLow);
        money(w, "buy_net_high", s.buyNetHigh);
        money(w, "rent_low", s.rentLow);
        money(w, "rent_high", s.rentHigh);
        money(w, "advantage_low", s.advantageLow);
        money(w, "advantage_high", s.advantageHigh);
        money(w, "swing", s.swing());
        w.endObject();
    }
    w.endArray();
}

void writeParameters(json::Writer& w, const CostReport& r) {
    w.beginArray("parameters");
    for (const auto& p : r.parameters) {
        const ParameterSpec* spec = findParameter(p.key);
        w.beginObject().value("key", p.key).value("value", p.value);
        w.value("unit", spec && spec->money
                            ? std::string(spec->unit) + " (" + std::string(currencyCode(r.currency)) + ")"
                            : std::string(spec ? spec->unit : ""));
        w.value("origin", p.origin).value("source", p.source).value("as_of", p.asOf).endObject();
    }
    w.endArray();
}

}  // namespace

void readCostInputs(json::ObjectReader& r, CostInputs& in) {
    r.optString("price_book", in.priceBook);
    r.optString("rent_offer", in.rentOffer);
    r.optString("rent_term", in.rentTerm);
    if (r.has("rent_price"))
        in.rentPrice = readNumber(r, "rent_price", 0, kMaxMonthlyPrice);
    else
        r.ignore({"rent_price"});
    r.optBoolean("rent_released_when_idle", in.rentReleasedWhenIdle);
    if (auto o = r.optObject("custom_rent")) {
        in.customRent = readRentOffer(*o, false);
        o->finish();
    }
    if (r.has("currency")) {
        Currency c{};
        const std::string code = r.choice("currency", {"CNY", "USD"});
        if (!parseCurrency(code, c))
            json::fail(r.pathOf("currency"), msg::kErrorJsonNotAllowed, {code, "CNY, USD"});
        in.currency = c;
    } else {
        r.ignore({"currency"});
    }
    readOptNumber(r, "usd_cny", in.cnyPerUsd, 0.01, 1000);
    double months = static_cast<double>(in.horizonMonths);
    readOptNumber(r, "horizon_months", months, 1, kMaxMonths, false, true);
    in.horizonMonths = static_cast<std::int64_t>(months);
    months = static_cast<double>(in.breakevenSearchMonths);
    readOptNumber(r, "breakeven_search_months", months, 1, kMaxMonths, false, true);
    in.breakevenSearchMonths = static_cast<std::int64_t>(months);
    readOptNumber(r, "utilization", in.utilization, 0, 1);
    if (r.has("discount_rate"))
        in.discountRate = readNumber(r, "discount_rate", 0, 1);
    else
        r.ignore({"discount_rate"});
    readOptNumber(r, "sensitivity_range", in.sensitivityRange, 0, 0.9);
    if (auto o = r.optObject("overrides"))
        readOverrides(*o, in);
    r.finish();
    if (auto e = validateCostInputs(in))
        json::fail(std::move(*e));
}

void writeCostInputs(json::Writer& w, const CostInputs& in) {
    w.value("price_book", in.priceBook);
    if (!in.rentOffer.empty())
        w.value("rent_offer", in.rentOffer);
    if (!in.rentTerm.empty())
        w.value("rent_term", in.rentTerm);
    if (in.rentPrice)
        w.value("rent_price", *in.rentPrice);
    if (in.rentReleasedWhenIdle)
        w.value("rent_released_when_idle", *in.rentReleasedWhenIdle);
    if (in.customRent) {
        w.beginObject("custom_rent");
        writeRentOffer(w, *in.customRent);
        w.endObject();
    }
    if (in.currency)
        w.value("currency", currencyCode(*in.currency));
    w.value("usd_cny", in.cnyPerUsd).value("horizon_months", in.horizonMonths);
    w.value("breakeven_search_months", in.breakevenSearchMonths).value("utilization", in.utilization);
    if (in.discountRate)
        w.value("discount_rate", *in.discountRate);
    w.value("sensitivity_range", in.sensitivityRange);
    if (!in.overrides.empty()) {
        w.beginObject("overrides");
        for (const auto& [key, value] : in.overrides)
            w.value(key, value);
        w.endObject();
    }
}

void writeCostJson(json::Writer& w, const CostReport& r) {
    w.value("currency", currencyCode(r.currency)).value("price_book", r.priceBookId);
    w.value("horizon_months", r.horizonMonths).value("utilization", r.utilization);
    w.value("discount_rate", r.discountRate).value("usd_cny", r.cnyPerUsd);
    // A book that offers only one half for this GPU: which half is missing and why (absent when
    // both are priced); that half's totals are null, not 0.
    if (r.notOffered) {
        w.beginObject("not_offered")
            .value("half", r.notOffered->half == CostHalf::Rent ? "rent" : "buy")
            .value("reason", r.notOffered->reason.text)
            .endObject();
    }
    const auto half = [&w](std::string_view key, bool priced, Money m) {
        if (priced)
            money(w, key, m);
        else
            w.null(key);
    };
    half("rent_total", r.rentPriced(), r.rentTotal);
    half("rent_accrued_total", r.rentPriced(), r.rentAccruedTotal);
    // The refundable deposit, paid at month 0 and returned at the end: in no total above.
    half("rent_deposit", r.rentPriced(), r.rentDeposit);
    half("buy_total", r.buyPriced(), r.buyTotal);
    half("buy_net", r.buyPriced(), r.buyNetTotal);
    half("pv_rent", r.rentPriced(), r.pvRent);
    half("pv_buy", r.buyPriced(), r.pvBuy);
    optMonth(w, "breakeven_month", r.breakeven.gross);
    optMonth(w, "breakeven_month_net", r.breakeven.net);
    optMonth(w, "breakeven_month_pv", r.breakeven.pv);
    w.value("breakeven_search_months", r.searchMonths);
    w.value("breakeven_within_horizon", r.breakeven.gross && *r.breakeven.gross <= r.horizonMonths);
    optRate(w, "breakeven_utilization", r.breakevenUtilization, 4);
    optMoney(w, "max_capex_gross", r.maxCapexGross);
    optMoney(w, "max_capex_net", r.maxCapexNet);
    optMoney(w, "max_node_price_gross", r.maxNodePriceGross);
    optMoney(w, "max_node_price_net", r.maxNodePriceNet);
    money(w, "min_rent_gross", r.minRentGross);
    money(w, "min_rent_net", r.minRentNet);
    w.value("buy_per_gpu_hour", roundedTo(r.buyPerGpuHour, 4))
        .value("rent_per_gpu_hour", roundedTo(r.rentPerGpuHour, 4));
    optRate(w, "buy_per_utilized_gpu_hour", r.buyPerUtilizedGpuHour, 4);
    optRate(w, "rent_per_utilized_gpu_hour", r.rentPerUtilizedGpuHour, 4);
    optRate(w, "run_gpu_hours", r.runGpuHours, 2);
    w.value("training_tokens", r.trainingTokens);
    optMoney(w, "run_cost_rent", r.runCostRent);
    optMoney(w, "run_cost_buy", r.runCostBuy);
    // Owning bought for this run alone (run_outlay.h), beside run_cost_buy's amortised share.
    if (const auto outlay = ownCashOutlayForRun(r)) {
        w.beginObject("run_cash_outlay_buy").value("months", static_cast<std::int64_t>(outlay->months));
        money(w, "amount", outlay->cash);
        w.endObject();
    }
    // What each figure is, so that no amount is read on the wrong basis: every amount excludes
    // VAT; the horizon totals and break-even months rent on rent.term.
    w.beginObject("bases")
        .value("amounts", "excluding VAT")
        .value("rent_total", "rent paid by horizon_months on rent.term")
        .value("rent_accrued_total", "rent accrued by horizon_months on rent.term")
        .value("buy_total", "cash paid for owning by horizon_months")
        .value("buy_net", "cash paid for owning by horizon_months, less the resale value then")
        .value("breakeven_month", "owning's cash against rent on rent.term")
        .value("breakeven_month_net", "owning net of resale against rent on rent.term")
        .value("run_cost_rent", "the run's rental bill: job_rental.months on job_rental.term")
        .value("run_cost_buy",
               "the run's share of owning: run_gpu_hours at buy_per_utilized_gpu_hour (horizon_months at "
               "utilization)")
        .value("run_cash_outlay_buy", "owning bought for the run alone: capex + opex of its months - resale")
        .value("per_million_tokens", "rent and buy: at the horizon's average cost per utilised GPU-hour (the "
                                     "rate layouts are ranked by); rent_billed: run_cost_rent, the run's "
                                     "bill, per million training tokens")
        .value("breakeven_month_pv", "owning's discounted cash net of resale against rent on rent.term "
                                     "discounted as it accrues")
        .endObject();
    if (r.jobRental) {
        // The rental run_cost_rent bills: the job's wall time in whole terms of the offer.
        const JobRental& j = *r.jobRental;
        w.beginObject("job_rental");
        w.value("term", j.term.id)
            .value("wall_hours", roundedTo(j.wallHours, 2))
            .value("months", static_cast<std::int64_t>(j.months));
        w.value("billed_hours", roundedTo(j.billedHours, 2)).value("units", j.units).value("gpus", j.gpus);
        // The rent as billed: quantity in the offer's unit (GPU-hours for an hourly offer) at the
        // unit price with its decimals as listed (4.916), or four of a converted price's, which
        // unit_price_derived flags (its amount is billed at the unrounded price, rent.list_price).
        w.value("quantity", roundedTo(j.parts.quantity, 4))
            .value("unit_price", j.parts.unitPrice.units())
            .value("unit_price_derived", j.parts.unitPrice.derived());
        money(w, "amount", j.amount);
        w.endObject();
    }
    // At the horizon's average cost per utilised GPU-hour (layouts are ranked by it), not a bill.
    w.beginObject("per_million_tokens");
    optRate(w, "rent", r.perMillionTokensRent, 4);
    optRate(w, "buy", r.perMillionTokensBuy, 4);
    // What the run is billed per million tokens (the audit's 8B quote: CNY 60,000 for 10^11 tokens,
    // 0.60, where the horizon's average rate gives 0.4238).
    std::optional<double> billed;
    if (r.runCostRent && r.trainingTokens > 0)
        billed = r.runCostRent->units() / (r.trainingTokens / 1e6);
    optRate(w, "rent_billed", billed, 4);
    w.endObject();
    writeRent(w, r);
    writeCapex(w, r);
    w.beginArray("monthly");
    for (const auto& p : r.monthly) {
        w.beginObject().value("month", p.month);
        money(w, "rent", p.rent);
        money(w, "buy", p.buy);
        money(w, "buy_net", p.buyNet);
        money(w, "rent_accrued", p.rentAccrued);
        money(w, "rent_pv", p.rentPv);
        money(w, "buy_pv", p.buyPv);
        w.endObject();
    }
    w.endArray();
    writeOptions(w, r);
    writeSensitivity(w, r);
    writeParameters(w, r);
    w.beginArray("notes");
    for (const auto& n : r.notes)
        w.value("", n.text);
    w.endArray();
}

}  // namespace clusterplan::cost
