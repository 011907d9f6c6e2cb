#pragma once
// Quote line items built from the cost engine's results (docs/quotes.md, the PDF's line items):
// two alternatives, renting and buying, each in groups with subtotals. Every line
// is quantity × unit price × (1 − discount), rounded to the cent, with its VAT category and rate
// (a unit price keeps the price list's decimals, up to four: cost/unit_price.h):
//   不含税金额 (amount)  = round(qty × unit price × (1 − discount))
//   税额 (tax)          = round(amount × VAT rate)
//   价税合计 (gross)     = amount + tax
// Totals are integer sums of the lines (Money), so they equal the printed lines to the cent. The
// price book's amounts are taken as excluding VAT. The options' totals excluding tax equal the
// engine's: renting = the rental the run is billed, buying = the capital expenditure; the owner's
// running costs over the horizon are an estimate apart.
#include <optional>
#include <string>
#include <vector>

#include "core/cost/rent_vs_buy.h"
#include "core/cost/unit_price.h"
#include "core/quote/labels.h"
#include "core/scenario/quote_info.h"

namespace clusterplan::quote {

struct LineItem {
    std::string key;  // stable id: "rent.units", "buy.servers", "buy.energy.y2", ...
    Bilingual name;
    Bilingual spec;  // configuration summary, by product names
    double quantity = 0;
    Bilingual unit;
    // As listed (up to four decimals); derived where the line bills an amount the engine computed
    // (amount ÷ (quantity × (1 − discount)), shown to four decimals; a spreadsheet keeps it whole).
    cost::UnitPrice unitPrice;
    double discount = 0;  // share of list (0.15 = 85折)
    TaxCategory category = TaxCategory::Service;
    double vatRate = 0;
    cost::Money listAmount;  // qty × unit price
    cost::Money amount;      // after discount, excl. tax
    cost::Money tax;
    cost::Money gross;
    int period = 0;  // the rental's billing period (from 1) a line is invoiced in; 0: the whole job
};

// An option's sums as a customer reads them: list → discount → credits → excl. VAT → VAT → incl.
// VAT (amount = list − discount + credits). Credits are the lines below zero (repurchase credits,
// volume discounts); the discount is what the term discounts take off the lines at list.
struct Totals {
    cost::Money list;      // lines at or above zero, at list price
    cost::Money discount;  // taken off those lines by their discounts (≥ 0)
    cost::Money credits;   // lines below zero (≤ 0)
    cost::Money amount, tax, gross;
    void add(const LineItem& line);
    void add(const Totals& other);
    // Every line's list amount (a credit's is its amount): the workbook's list column summed.
    [[nodiscard]] cost::Money listColumn() const { return list + credits; }
};

struct LineGroup {
    std::string key;  // "rental", "hardware", ...
    Bilingual title;
    std::vector<LineItem> lines;
    Totals subtotal;
};

struct QuoteOption {
    std::string key;  // "rent" or "buy"
    Bilingual title;
    std::vector<LineGroup> groups;
    Totals total;
    cost::Money deposit;  // refundable; listed, not in the total
    // An estimate shown beside the offer (the owner's running costs): no 大写, not signed for.
    bool estimate = false;
};

// A line from its inputs: computes list amount, amount, tax and gross.
LineItem makeLine(std::string key, Bilingual name, Bilingual spec, double quantity, Bilingual unit,
                  cost::UnitPrice unitPrice, double discount, TaxCategory category, const TaxSettings& tax);
LineItem makeLine(std::string key, Bilingual name, Bilingual spec, double quantity, Bilingual unit,
                  cost::Money unitPrice, double discount, TaxCategory category, const TaxSettings& tax);
// A line that bills `amount` as the engine billed it (a prepaid term's invoice at a converted
// price): its unit price is derived from it, never rounded and multiplied back, so the line's
// amount is the rent schedule's to the cent; its list amount is the amount before the discount.
LineItem makeBilledLine(std::string key, Bilingual name, Bilingual spec, double quantity, Bilingual unit,
                        cost::Money amount, double discount, TaxCategory category, const TaxSettings& tax);

// The rates third parties charge the owner (power, colocation, maintenance): a general taxpayer's,
// whatever the seller is (the seller's small-scale rate never applies to them).
[[nodiscard]] TaxSettings thirdPartyTax(TaxSettings tax);

// Renting for the training run: the job's rental (cost/job_rental.h), whose total excluding VAT is
// the run's rental cost the verdict states.
QuoteOption rentOption(const cost::CostReport& report, const TaxSettings& tax);
// Buying: the supply the seller invoices (servers, network, storage, installation).
// `gpuName` is the servers' GPU as each language names it ("NVIDIA A100 SXM4 80GB").
QuoteOption buyOption(const cost::CostReport& report, const TaxSettings& tax, const Bilingual& gpuName);
// What owning costs the customer afterwards over the horizon (power, colocation, staff,
// maintenance, financing), paid to third parties at their own VAT rates (never the seller's
// small-scale rate; wages are not taxable): an estimate for comparison, not part of the offer.
// Empty when there are no such costs.
std::optional<QuoteOption> runningCostEstimate(const cost::CostReport& report, const TaxSettings& tax);

}  // namespace clusterplan::quote
