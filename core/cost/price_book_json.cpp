// Reading and writing price-book entries and rent offers (see price_book_json.h). Ranges: prices
// are non-negative and bounded (cost_inputs.h), discounts below 100 %, terms 1-120 months.
#include "core/cost/price_book_json.h"

#include <limits>

#include "core/cost/cost_inputs.h"
#include "core/cost/cost_parameters.h"
#include "core/util/closest_id.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan::cost {

namespace {

constexpr double kHuge = std::numeric_limits<double>::max();

std::vector<std::string> readStringArray(json::ObjectReader& r, std::string_view key) {
    const boost::json::array* array = r.optArray(key);
    if (!array)
        json::fail(r.pathOf(key), msg::kErrorBookGpusRequired);
    if (array->empty())
        json::fail(r.pathOf(key), msg::kErrorBookGpusEmpty);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < array->size(); ++i) {
        const auto& v = (*array)[i];
        if (!v.is_string())
            json::fail(json::indexPath(r.pathOf(key), i), msg::kErrorJsonMustBeString);
        out.emplace_back(v.get_string());
    }
    return out;
}

std::string readProvenance(json::ObjectReader& r, std::string_view key, bool required) {
    std::string text;
    if (required)
        text = r.string(key);
    else
        r.optString(key, text);
    if (required && text.empty())
        json::fail(r.pathOf(key), msg::kErrorBookNoProvenance);
    return text;
}

std::optional<double> readOptional(json::ObjectReader& r, std::string_view key, double min, double max) {
    if (!r.has(key)) {
        r.ignore({key});
        return std::nullopt;
    }
    return readNumber(r, key, min, max);
}

RentUnit parseUnit(const std::string& s) {
    return s == "gpu_hour"       ? RentUnit::GpuHour
           : s == "gpu_month"    ? RentUnit::GpuMonth
           : s == "server_month" ? RentUnit::ServerMonth
                                 : RentUnit::SliceMonth;
}

RentTerm readTerm(json::ObjectReader& r) {
    RentTerm t;
    t.id = r.string("id");
    if (t.id.empty())
        json::fail(r.pathOf("id"), msg::kErrorEmpty);
    t.name = t.id;
    r.optString("name", t.name);
    t.nameZh.clear();
    r.optString("name_zh", t.nameZh);
    t.months = static_cast<int>(readNumber(r, "months", 1, 120, false, true));
    readOptNumber(r, "discount", t.discount, 0, 1, true);
    r.optBoolean("prepay", t.prepay);
    readOptNumber(r, "renewal_credit", t.renewalCredit, 0, kMaxMonthlyPrice);
    if (r.has("credit_per"))
        t.creditPer = r.choice("credit_per", {"unit", "gpu"}) == "gpu" ? CreditPer::Gpu : CreditPer::Unit;
    else
        r.ignore({"credit_per"});
    if (r.has("credit_from"))
        t.creditFromRenewal = r.choice("credit_from", {"start", "renewal"}) == "renewal";
    else
        r.ignore({"credit_from"});
    r.optString("notes", t.notes);
    if (auto c = r.optObject("contract")) {
        if (c->has("add_cards"))
            t.contract.addCards =
                c->choice("add_cards", {"list_price", "original_discount"}) == "original_discount"
                    ? AddCards::OriginalDiscount
                    : AddCards::ListPrice;
        else
            c->ignore({"add_cards"});
        if (c->has("early_exit"))
            t.contract.earlyExit =
                c->choice("early_exit", {"no_refund", "pro_rata_refund"}) == "pro_rata_refund"
                    ? EarlyExit::ProRataRefund
                    : EarlyExit::NoRefund;
        else
            c->ignore({"early_exit"});
        t.contract.source = c->string("source");
        if (t.contract.source.empty())
            json::fail(c->pathOf("source"), msg::kErrorBookNoRuleSource);
        c->finish();
    }
    r.finish();
    return t;
}

}  // namespace

double readNumber(json::ObjectReader& r, std::string_view key, double min, double max, bool maxExclusive,
                  bool integer) {
    const double x = r.number(key, -kHuge, kHuge);
    if (auto problem = rangeProblem(x, min, max, maxExclusive, integer))
        json::fail(inputError(r.pathOf(key), std::move(*problem)));
    return x;
}

void readOptNumber(json::ObjectReader& r, std::string_view key, double& target, double min, double max,
                   bool maxExclusive, bool integer) {
    if (r.has(key))
        target = readNumber(r, key, min, max, maxExclusive, integer);
    else
        r.ignore({key});
}

RentOffer readRentOffer(json::ObjectReader& r, bool requireProvenance) {
    RentOffer o;
    o.id = r.string("id");
    o.name = o.id;
    r.optString("name", o.name);
    r.optString("name_zh", o.nameZh);
    r.optString("provider", o.provider);
    o.gpus = readStringArray(r, "gpus");
    o.unit = parseUnit(r.choice("unit", {"gpu_hour", "gpu_month", "server_month", "slice_month"}));
    const double maxPrice = o.unit == RentUnit::GpuHour ? kMaxGpuHourPrice : kMaxMonthlyPrice;
    o.price = readNumber(r, "price", 0, maxPrice);
    o.priceLow = readOptional(r, "price_low", 0, o.price);
    o.priceHigh = readOptional(r, "price_high", o.price, maxPrice);
    if (o.unit == RentUnit::ServerMonth)
        o.gpusPerUnit = static_cast<int>(readNumber(r, "gpus_per_unit", 1, 1024, false, true));
    else
        r.ignore({"gpus_per_unit"});
    o.cpuMemoryGib = readOptional(r, "cpu_memory_gib", 1, 1e6);
    if (o.unit == RentUnit::SliceMonth)
        o.slicesPerGpu = static_cast<int>(readNumber(r, "slices_per_gpu", 1, 1024, false, true));
    else
        r.ignore({"slices_per_gpu"});
    if (r.has("billing")) {
        const std::string b = r.choice("billing", {"reserved", "on_demand", "spot"});
        o.billing = b == "on_demand" ? Billing::OnDemand : b == "spot" ? Billing::Spot : Billing::Reserved;
    } else {
        r.ignore({"billing"});
    }
    r.optBoolean("released_when_idle", o.releasedWhenIdle);
    readOptNumber(r, "interruption_loss", o.interruptionLoss, 0, 1, true);
    if (const auto* terms = r.optArray("terms")) {
        o.terms.clear();
        for (std::size_t i = 0; i < terms->size(); ++i) {
            json::ObjectReader tr((*terms)[i], json::indexPath(r.pathOf("terms"), i));
            o.terms.push_back(readTerm(tr));
        }
    }
    readOptNumber(r, "deposit", o.deposit, 0, kMaxMonthlyPrice);
    readOptNumber(r, "setup_fee", o.setupFee, 0, kMaxMonthlyPrice);
    r.optBoolean("default", o.isDefault);
    o.source = readProvenance(r, "source", requireProvenance);
    o.asOf = readProvenance(r, "as_of", requireProvenance);
    r.optString("notes", o.notes);
    if (auto e = validateRentOffer(o, r.path()))
        json::fail(std::move(*e));
    return o;
}

void writeRentOffer(json::Writer& w, const RentOffer& o) {
    w.value("id", o.id).value("name", o.name);
    if (!o.nameZh.empty())
        w.value("name_zh", o.nameZh);
    if (!o.provider.empty())
        w.value("provider", o.provider);
    w.beginArray("gpus");
    for (const auto& g : o.gpus)
        w.value("", g);
    w.endArray();
    w.value("unit", toString(o.unit)).value("price", o.price);
    if (o.priceLow)
        w.value("price_low", *o.priceLow);
    if (o.priceHigh)
        w.value("price_high", *o.priceHigh);
    if (o.unit == RentUnit::ServerMonth)
        w.value("gpus_per_unit", o.gpusPerUnit);
    if (o.cpuMemoryGib)
        w.value("cpu_memory_gib", *o.cpuMemoryGib);
    if (o.unit == RentUnit::SliceMonth)
        w.value("slices_per_gpu", o.slicesPerGpu);
    w.value("billing", toString(o.billing)).value("released_when_idle", o.releasedWhenIdle);
    w.value("interruption_loss", o.interruptionLoss);
    w.beginArray("terms");
    for (const auto& t : o.terms) {
        w.beginObject().value("id", t.id).value("name", t.name);
        if (!t.nameZh.empty())
            w.value("name_zh", t.nameZh);
        w.value("months", t.months);
        w.value("discount", t.discount).value("prepay", t.prepay).value("renewal_credit", t.renewalCredit);
        w.value("credit_per", toString(t.creditPer))
            .value("credit_from", t.creditFromRenewal ? "renewal" : "start");
        if (!t.notes.empty())
            w.value("notes", t.notes);
        if (!t.contract.source.empty()) {
            w.beginObject("contract").value("add_cards", toString(t.contract.addCards));
            w.value("early_exit", toString(t.contract.earlyExit)).value("source", t.contract.source);
            w.endObject();
        }
        w.endObject();
    }
    w.endArray();
    w.value("deposit", o.deposit).value("setup_fee", o.setupFee);
    if (!o.source.empty())
        w.value("source", o.source);
    if (!o.asOf.empty())
        w.value("as_of", o.asOf);
    if (!o.notes.empty())
        w.value("notes", o.notes);
}

PurchaseEntry readPurchase(json::ObjectReader& r) {
    PurchaseEntry p;
    p.id = r.string("id");
    p.name = p.id;
    r.optString("name", p.name);
    r.optString("name_zh", p.nameZh);
    p.gpus = readStringArray(r, "gpus");
    const ParameterSpec& price = *findParameter("node_price");
    p.nodePrice = readNumber(r, "node_price", price.min, price.max);
    p.nodePriceLow = readOptional(r, "node_price_low", 0, p.nodePrice);
    p.nodePriceHigh = readOptional(r, "node_price_high", p.nodePrice, price.max);
    p.gpusPerNode = static_cast<int>(readNumber(r, "gpus_per_node", 1, 1024, false, true));
    p.nodeMaxKw = readNumber(r, "node_max_kw", 0.01, 1000);
    p.residualAt36Months = readOptional(r, "residual_at_36_months", 0, 1);
    p.source = readProvenance(r, "source", true);
    p.asOf = readProvenance(r, "as_of", true);
    r.optString("notes", p.notes);
    return p;
}

ParameterEntry readParameterEntry(json::ObjectReader& r) {
    ParameterEntry e;
    e.key = r.string("key");
    const ParameterSpec* spec = findParameter(e.key);
    if (!spec)
        json::fail(inputError(r.pathOf("key"),
                              unknownIdReason(msg::kErrorUnknownParameterClosest,
                                              msg::kErrorUnknownParameterList, e.key, parameterKeys())));
    e.value = readNumber(r, "value", spec->min, spec->max, spec->maxExclusive, spec->integer);
    e.source = readProvenance(r, "source", true);
    e.asOf = readProvenance(r, "as_of", true);
    r.optString("grade", e.grade);
    r.ignore({"notes"});
    return e;
}

}  // namespace clusterplan::cost
