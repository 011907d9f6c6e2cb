#include "core/quote/price_list.h"

#include <cmath>

#include "core/quote/offer_names.h"
#include "core/quote/quote_document.h"
#include "core/util/number_format.h"

namespace clusterplan::quote {

using cost::Money;

namespace {

// A price per unit: cents for amounts of a unit or more, four significant decimals below
// (¥0.65 / kWh, $0.088 / kWh), so a small rate is not rounded away.
Bilingual unitPrice(double value, cost::Currency currency, const Bilingual& per) {
    const auto one = [&](Lang lang, const std::string& unit) {
        std::string amount;
        if (std::abs(value) >= 1) {
            amount = formatAmount(Money::fromUnits(value), currency, lang);
        } else {
            const std::string number = formatNumber(std::round(value * 1e4) / 1e4);
            amount = lang == Lang::Zh ? std::string(cost::currencySymbol(currency)) + number
                                      : std::string(cost::currencyCode(currency)) + " " + number;
        }
        return unit.empty() ? amount : amount + " / " + unit;
    };
    return {one(Lang::En, per.en), one(Lang::Zh, per.zh)};
}

Bilingual share(double value, const char* key) {
    const std::string percent = formatNumber(std::round(value * 1e4) / 100);
    return bilingual(key, {percent});
}

Bilingual plain(double value, const char* key) {
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
    const char* label;  // Amount: the unit (empty: none); Share, Plain: the template
};

constexpr InputFormat kInputFormats[] = {
    {"node_price", InputFormat::Amount, "unit_server"},
    {"switch_price", InputFormat::Amount, "unit_switch"},
    {"optic_per_gpu_per_tier", InputFormat::Amount, "unit_gpu_tier"},
    {"frontend_per_node", InputFormat::Amount, "unit_node"},
    {"storage_per_tb", InputFormat::Amount, "unit_tb"},
    {"storage_per_tb_large", InputFormat::Amount, "unit_tb"},
    {"install_share", InputFormat::Share, "share_of_hardware"},
    {"electricity_per_kwh", InputFormat::Amount, "unit_kwh"},
    {"pue", InputFormat::Plain, "plain_value"},
    {"colo_per_kw_month", InputFormat::Amount, "unit_kw_month"},
    {"colo_per_cabinet_month", InputFormat::Amount, "unit_cabinet_month"},
    {"staff_cost_per_year", InputFormat::Amount, "unit_fte_year"},
    {"gpus_per_fte", InputFormat::Plain, "gpus_per_person"},
    {"maintenance_in_warranty", InputFormat::Share, "share_of_hardware_per_year"},
    {"maintenance_after_warranty", InputFormat::Share, "share_of_hardware_per_year"},
    {"warranty_years", InputFormat::Plain, "n_years"},
    {"insurance_share", InputFormat::Share, "share_of_hardware_per_year"},
    {"software_per_gpu_year", InputFormat::Amount, "unit_gpu_year"},
    {"other_per_month", InputFormat::Amount, "unit_month"},
    {"rent_addons_per_month", InputFormat::Amount, "unit_month"},
    {"residual_at_36_months", InputFormat::Share, "share_of_purchase"},
    {"node_max_kw", InputFormat::Plain, "kw_value"},
    {"discount_rate", InputFormat::Share, "percent_per_year"},
    {"loan_rate", InputFormat::Share, "percent_per_year"},
    {"utilization", InputFormat::Share, "percent_value"},
};

}  // namespace

Bilingual inputValue(const cost::CostReport& r, std::string_view key, double value) {
    if (key == "rent_price")
        return unitPrice(value, r.currency, rentUnitName(r.offer.unit));
    for (const InputFormat& f : kInputFormats) {
        if (f.key != key)
            continue;
        switch (f.kind) {
        case InputFormat::Amount:
            return unitPrice(value, r.currency, bilingual(f.label));
        case InputFormat::Share:
            return share(value, f.label);
        case InputFormat::Plain:
            return plain(value, f.label);
        }
    }
    return plain(value, "plain_value");
}

Bilingual basisOfGrade(const std::string& source, const std::string& origin) {
    if (origin.rfind("override", 0) == 0)
        return bilingual("basis_override");
    const std::string grade = gradeOf(source);
    if (grade == "A")
        return bilingual("basis_a");
    if (grade == "B")
        return bilingual("basis_b");
    if (grade == "C")
        return bilingual("basis_c");
    if (grade == "seed")
        return bilingual("basis_published_price");
    return bilingual("basis_assumption");
}

std::vector<PriceLine> customerPrices(const cost::CostReport& r) {
    std::vector<PriceLine> out;
    const cost::Currency c = r.currency;
    // The offer's own prices: this quote is their basis.
    const Bilingual offer = offerName(r.offer);
    out.push_back({"rent_offer",
                   {label(Lang::En, "price_rent", {offer.en}), label(Lang::Zh, "price_rent", {offer.zh})},
                   unitPrice(r.offer.price, c, rentUnitName(r.offer.unit)),
                   bilingual("basis_offer"),
                   r.offer.asOf});

    const auto add = [&](const char* key, const char* name, bool used) {
        const cost::ParameterOrigin* p = find(r, key);
        if (!p || !used || p->value == 0)
            return;
        out.push_back({key, bilingual(name), inputValue(r, key, p->value), basisOfGrade(p->source, p->origin),
                       p->asOf});
    };
    const auto& capex = r.capex;
    const auto& month = r.opexMonths.empty() ? cost::OpexMonth{} : r.opexMonths.front();
    add("node_price", "price_node", capex.servers != Money());
    // The server price of the price book is what this offer sells the server at.
    if (!out.empty() && out.back().key == "node_price" &&
        find(r, "node_price")->origin.rfind("price book", 0) == 0)
        out.back().basis = bilingual("basis_offer");
    add("switch_price", "price_switch", capex.switches != Money());
    add("optic_per_gpu_per_tier", "price_optics", capex.optics != Money());
    add("frontend_per_node", "price_frontend", capex.frontend != Money());
    add("storage_per_tb", "price_storage", capex.storage != Money());
    add("install_share", "price_install", capex.installation != Money());
    const bool energy = month.energy != Money();
    add("electricity_per_kwh", "price_electricity", energy);
    add("pue", "price_pue", energy);
    add("colo_per_kw_month", "price_colo_kw", month.colo != Money());
    add("colo_per_cabinet_month", "price_colo_cabinet", month.colo != Money());
    const bool staff = month.staff != Money();
    add("staff_cost_per_year", "price_staff", staff);
    add("gpus_per_fte", "price_gpus_per_fte", staff);
    const bool upkeep = month.maintenance != Money();
    const cost::ParameterOrigin* warranty = find(r, "warranty_years");
    const bool beyondWarranty = warranty && r.horizonMonths > warranty->value * 12;
    add("maintenance_in_warranty", "price_maintenance_in", upkeep);
    add("maintenance_after_warranty", "price_maintenance_after", upkeep && beyondWarranty);
    add("warranty_years", "price_warranty", upkeep);
    add("insurance_share", "price_insurance", month.insurance != Money());
    add("software_per_gpu_year", "price_software", month.software != Money());
    add("other_per_month", "price_other", month.other != Money());
    add("residual_at_36_months", "price_residual", capex.resaleBase != Money());
    // A price book in another currency: the rate every amount above was converted at.
    if (r.bookCurrency != r.currency) {
        const std::string rate = formatNumber(r.cnyPerUsd);
        out.push_back({"cny_per_usd", bilingual("price_exchange"), bilingual("exchange_rate", {rate}),
                       bilingual("basis_override"), ""});
    }
    return out;
}

}  // namespace clusterplan::quote
