#include "core/quote/price_list.h"

#include <cmath>

#include "core/quote/messages_quote.h"
#include "core/quote/offer_names.h"
#include "core/quote/quote_document.h"
#include "core/util/number_format.h"

namespace clusterplan::quote {

using cost::Money;

namespace {

// A price per unit: cents for amounts of a unit or more, four significant decimals below
// (¥0.65 / kWh, $0.088 / kWh), so a small rate is not rounded away. The rent's price bills with
// the decimals it has, up to four ($4.916 a GPU-hour), and is shown with them.
Bilingual unitPrice(double value, cost::Currency currency, const Bilingual& per, bool rent = false) {
    const auto one = [&](Lang lang, const std::string& unit) {
        std::string amount;
        if (std::abs(value) >= 1) {
            amount = rent ? formatAmount(cost::UnitPrice::fromUnits(value), currency, lang)
                          : formatAmount(Money::fromUnits(value), currency, lang);
        } else {
            const std::string number = formatNumber(std::round(value * 1e4) / 1e4);
            amount = lang == Lang::Zh ? std::string(cost::currencySymbol(currency)) + number
                                      : std::string(cost::currencyCode(currency)) + " " + number;
        }
        return unit.empty() ? amount : amount + " / " + unit;
    };
    return {one(Lang::En, per.en), one(Lang::Zh, per.zh)};
}

Bilingual share(double value, const MessageId<1>& key) {
    const std::string percent = formatNumber(std::round(value * 1e4) / 100);
    return bilingual(key, {percent});
}

Bilingual plain(double value, const MessageId<1>& key) {
    return bilingual(key, {formatNumber(std::round(value * 1e4) / 1e4)});
}

const cost::ParameterOrigin* find(const cost::CostReport& r, const std::string& key) {
    for (const auto& p : r.parameters)
        if (p.key == key)
            return &p;
    return nullptr;
}

// The grade is the last "; " part of a parameter's source ("…; B", "…; C/Asm"): its first letter
// group names the basis.
std::string gradeOf(const std::string& source) {
    const std::size_t at = source.rfind("; ");
    std::string grade = at == std::string::npos ? source : source.substr(at + 2);
    if (const std::size_t slash = grade.find('/'); slash != std::string::npos)
        grade.resize(slash);
    while (!grade.empty() && grade.back() == ' ')
        grade.pop_back();
    return grade;
}

// How a cost input's value reads with its unit: an amount per a unit (label key), a share ("%1 %
// of hardware"), or a plain number with a unit label ("%1 years").
struct InputFormat {
    std::string_view key;
    enum Kind { Amount, Share, Plain } kind;
    const MessageId<0>* unit;   // Amount: the unit
    const MessageId<1>* templ;  // Share, Plain: the template
};

constexpr InputFormat kInputFormats[] = {
    {"node_price", InputFormat::Amount, &msg::kQuoteUnitServer, nullptr},
    {"switch_price", InputFormat::Amount, &msg::kQuoteUnitSwitch, nullptr},
    {"optic_per_gpu_per_tier", InputFormat::Amount, &msg::kQuoteUnitGpuTier, nullptr},
    {"frontend_per_node", InputFormat::Amount, &msg::kQuoteUnitNode, nullptr},
    {"storage_per_tb", InputFormat::Amount, &msg::kQuoteUnitTb, nullptr},
    {"storage_per_tb_large", InputFormat::Amount, &msg::kQuoteUnitTb, nullptr},
    {"install_share", InputFormat::Share, nullptr, &msg::kQuoteShareOfHardware},
    {"electricity_per_kwh", InputFormat::Amount, &msg::kQuoteUnitKwh, nullptr},
    {"pue", InputFormat::Plain, nullptr, &msg::kQuotePlainValue},
    {"colo_per_kw_month", InputFormat::Amount, &msg::kQuoteUnitKwMonth, nullptr},
    {"colo_per_cabinet_month", InputFormat::Amount, &msg::kQuoteUnitCabinetMonth, nullptr},
    {"staff_cost_per_year", InputFormat::Amount, &msg::kQuoteUnitFteYear, nullptr},
    {"gpus_per_fte", InputFormat::Plain, nullptr, &msg::kQuoteGpusPerPerson},
    {"fte_min", InputFormat::Plain, nullptr, &msg::kQuoteFteValue},
    {"maintenance_in_warranty", InputFormat::Share, nullptr, &msg::kQuoteShareOfHardwarePerYear},
    {"maintenance_after_warranty", InputFormat::Share, nullptr, &msg::kQuoteShareOfHardwarePerYear},
    {"warranty_years", InputFormat::Plain, nullptr, &msg::kQuoteNYears},
    {"insurance_share", InputFormat::Share, nullptr, &msg::kQuoteShareOfHardwarePerYear},
    {"software_per_gpu_year", InputFormat::Amount, &msg::kQuoteUnitGpuYear, nullptr},
    {"other_per_month", InputFormat::Amount, &msg::kQuoteUnitMonth, nullptr},
    {"rent_addons_per_month", InputFormat::Amount, &msg::kQuoteUnitMonth, nullptr},
    {"residual_at_36_months", InputFormat::Share, nullptr, &msg::kQuoteShareOfPurchase},
    {"node_max_kw", InputFormat::Plain, nullptr, &msg::kQuoteKwValue},
    {"discount_rate", InputFormat::Share, nullptr, &msg::kQuotePercentPerYear},
    {"loan_rate", InputFormat::Share, nullptr, &msg::kQuotePercentPerYear},
    {"utilization", InputFormat::Share, nullptr, &msg::kQuotePercentValue},
};

}  // namespace

Bilingual inputValue(const cost::CostReport& r, std::string_view key, double value) {
    if (key == "rent_price")
        return unitPrice(value, r.currency, rentUnitName(r.offer.unit), true);
    for (const InputFormat& f : kInputFormats) {
        if (f.key != key)
            continue;
        switch (f.kind) {
        case InputFormat::Amount:
            return unitPrice(value, r.currency, bilingual(*f.unit));
        case InputFormat::Share:
            return share(value, *f.templ);
        case InputFormat::Plain:
            return plain(value, *f.templ);
        }
    }
    return plain(value, msg::kQuotePlainValue);
}

Bilingual basisOfGrade(const std::string& source, const std::string& origin) {
    if (origin.rfind("override", 0) == 0)
        return bilingual(msg::kQuoteBasisOverride);
    const std::string grade = gradeOf(source);
    if (grade == "A")
        return bilingual(msg::kQuoteBasisA);
    if (grade == "B")
        return bilingual(msg::kQuoteBasisB);
    if (grade == "C")
        return bilingual(msg::kQuoteBasisC);
    if (grade == "seed")
        return bilingual(msg::kQuoteBasisPublishedPrice);
    return bilingual(msg::kQuoteBasisAssumption);
}

Bilingual parameterBasis(const cost::ParameterOrigin& p) {
    // The server price of the price book is what this offer sells the server at, unless the book
    // took it from a US market price converted to yuan: then it says so, with that price's date
    // (a 2024 US price was printed as "this offer, 2024年8月").
    if (p.key == "node_price" && p.origin.rfind("price book", 0) == 0)
        return p.source.find("converted at") != std::string::npos ? bilingual(msg::kQuoteBasisConvertedMarket)
                                                                  : bilingual(msg::kQuoteBasisOffer);
    return basisOfGrade(p.source, p.origin);
}

std::vector<PriceLine> customerPrices(const cost::CostReport& r) {
    std::vector<PriceLine> out;
    const cost::Currency c = r.currency;
    // The offer's own prices: this quote is their basis.
    const Bilingual offer = offerName(r.offer);
    out.push_back({"rent_offer",
                   {label(Lang::En, msg::kQuotePriceRent, {offer.en}),
                    label(Lang::Zh, msg::kQuotePriceRent, {offer.zh})},
                   unitPrice(r.offer.price, c, rentUnitName(r.offer.unit), true),
                   bilingual(msg::kQuoteBasisOffer),
                   r.offer.asOf});

    const auto add = [&](const char* key, const MessageId<0>& name, bool used) {
        const cost::ParameterOrigin* p = find(r, key);
        if (!p || !used || p->value == 0)
            return;
        out.push_back({key, bilingual(name), inputValue(r, key, p->value), parameterBasis(*p), p->asOf});
    };
    const auto& capex = r.capex;
    const auto& month = r.opexMonths.empty() ? cost::OpexMonth{} : r.opexMonths.front();
    add("node_price", msg::kQuotePriceNode, capex.servers != Money());
    add("switch_price", msg::kQuotePriceSwitch, capex.switches != Money());
    add("optic_per_gpu_per_tier", msg::kQuotePriceOptics, capex.optics != Money());
    add("frontend_per_node", msg::kQuotePriceFrontend, capex.frontend != Money());
    add("storage_per_tb", msg::kQuotePriceStorage, capex.storage != Money());
    add("install_share", msg::kQuotePriceInstall, capex.installation != Money());
    const bool energy = month.energy != Money();
    add("electricity_per_kwh", msg::kQuotePriceElectricity, energy);
    add("pue", msg::kQuotePricePue, energy);
    add("colo_per_kw_month", msg::kQuotePriceColoKw, month.colo != Money());
    add("colo_per_cabinet_month", msg::kQuotePriceColoCabinet, month.colo != Money());
    const bool staff = month.staff != Money();
    add("staff_cost_per_year", msg::kQuotePriceStaff, staff);
    add("gpus_per_fte", msg::kQuotePriceGpusPerFte, staff);
    // The staff line charges the minimum where the cluster is smaller than one engineer's share
    // (8 GPUs / 256 per engineer is 0.03 FTE, charged as 0.1): the minimum is listed too.
    const cost::ParameterOrigin* perFte = find(r, "gpus_per_fte");
    const cost::ParameterOrigin* fteMin = find(r, "fte_min");
    add("fte_min", msg::kQuotePriceFteMin,
        staff && perFte && fteMin && perFte->value > 0 &&
            static_cast<double>(r.cluster.gpus) / perFte->value < fteMin->value);
    const bool upkeep = month.maintenance != Money();
    const cost::ParameterOrigin* warranty = find(r, "warranty_years");
    const bool beyondWarranty = warranty && r.horizonMonths > warranty->value * 12;
    add("maintenance_in_warranty", msg::kQuotePriceMaintenanceIn, upkeep);
    add("maintenance_after_warranty", msg::kQuotePriceMaintenanceAfter, upkeep && beyondWarranty);
    add("warranty_years", msg::kQuotePriceWarranty, upkeep);
    add("insurance_share", msg::kQuotePriceInsurance, month.insurance != Money());
    add("software_per_gpu_year", msg::kQuotePriceSoftware, month.software != Money());
    add("other_per_month", msg::kQuotePriceOther, month.other != Money());
    add("residual_at_36_months", msg::kQuotePriceResidual, capex.resaleBase != Money());
    // A price book in another currency: the rate every amount above was converted at.
    if (r.bookCurrency != r.currency) {
        const std::string rate = formatNumber(r.cnyPerUsd);
        out.push_back({"cny_per_usd", bilingual(msg::kQuotePriceExchange),
                       bilingual(msg::kQuoteExchangeRate, {rate}), bilingual(msg::kQuoteBasisOverride), ""});
    }
    return out;
}

}  // namespace clusterplan::quote
