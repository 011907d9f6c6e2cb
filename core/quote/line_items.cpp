#include "core/quote/line_items.h"

#include <algorithm>

#include "core/cost/renting.h"
#include "core/quote/messages_quote.h"
#include "core/quote/offer_names.h"
#include "core/util/number_format.h"

namespace clusterplan::quote {

using cost::Money;

void Totals::add(const LineItem& line) {
    if (line.amount < Money()) {
        credits += line.amount;
    } else {
        list += line.listAmount;
        discount += line.listAmount - line.amount;
    }
    amount += line.amount;
    tax += line.tax;
    gross += line.gross;
}

void Totals::add(const Totals& other) {
    list += other.list;
    discount += other.discount;
    credits += other.credits;
    amount += other.amount;
    tax += other.tax;
    gross += other.gross;
}

namespace {

LineItem lineWithoutAmounts(std::string key, Bilingual name, Bilingual spec, double quantity, Bilingual unit,
                            cost::UnitPrice unitPrice, double discount, TaxCategory category,
                            const TaxSettings& tax) {
    LineItem l;
    l.key = std::move(key);
    l.name = std::move(name);
    l.spec = std::move(spec);
    l.quantity = quantity;
    l.unit = std::move(unit);
    l.unitPrice = unitPrice;
    l.discount = discount;
    l.category = category;
    l.vatRate = vatRate(tax, category);
    return l;
}

void addTax(LineItem& l) {
    l.tax = l.amount.times(l.vatRate);
    l.gross = l.amount + l.tax;
}

}  // namespace

LineItem makeLine(std::string key, Bilingual name, Bilingual spec, double quantity, Bilingual unit,
                  cost::UnitPrice unitPrice, double discount, TaxCategory category, const TaxSettings& tax) {
    LineItem l = lineWithoutAmounts(std::move(key), std::move(name), std::move(spec), quantity,
                                    std::move(unit), unitPrice, discount, category, tax);
    l.listAmount = unitPrice.amount(quantity);
    l.amount = unitPrice.amount(quantity, discount);
    addTax(l);
    return l;
}

LineItem makeLine(std::string key, Bilingual name, Bilingual spec, double quantity, Bilingual unit,
                  Money unitPrice, double discount, TaxCategory category, const TaxSettings& tax) {
    return makeLine(std::move(key), std::move(name), std::move(spec), quantity, std::move(unit),
                    cost::UnitPrice::fromMoney(unitPrice), discount, category, tax);
}

LineItem makeBilledLine(std::string key, Bilingual name, Bilingual spec, double quantity, Bilingual unit,
                        Money amount, double discount, TaxCategory category, const TaxSettings& tax) {
    const double kept = discount < 1 ? 1.0 - discount : 1.0;
    const double perUnit = quantity > 0 ? amount.units() / (quantity * kept) : amount.units();
    LineItem l =
        lineWithoutAmounts(std::move(key), std::move(name), std::move(spec), quantity, std::move(unit),
                           cost::UnitPrice::fromUnits(perUnit).derivedPrice(), discount, category, tax);
    l.listAmount = Money::fromUnits(amount.units() / kept);
    l.amount = amount;
    addTax(l);
    return l;
}

namespace {

void addGroup(QuoteOption& option, std::string key, const MessageId<0>& label, std::vector<LineItem> lines) {
    if (lines.empty())
        return;
    LineGroup g{std::move(key), bilingual(label), std::move(lines), {}};
    for (const auto& l : g.lines)
        g.subtotal.add(l);
    option.total.add(g.subtotal);
    option.groups.push_back(std::move(g));
}

// "8×A100 server; Monthly; 8 GPUs" / "8×A100 server；Monthly（预付）；8 卡": the offer and term as the
// price book names them, the prepayment and the GPUs in the quote's language.
Bilingual rentSpec(const cost::CostReport& r, const cost::RentTerm& term) {
    const std::string gpus = formatGrouped(static_cast<double>(r.rentGpus), 0);
    const Bilingual offer = offerName(r.offer);
    const Bilingual contract = termName(r.offer, term);
    Bilingual spec{offer.en + "; " + contract.en, offer.zh + "；" + contract.zh};
    if (term.prepay) {
        spec.en += " (" + label(Lang::En, msg::kQuotePrepaid) + ")";
        spec.zh += "（" + label(Lang::Zh, msg::kQuotePrepaid) + "）";
    }
    return {spec.en + "; " + label(Lang::En, msg::kQuoteNGpus, {gpus}),
            spec.zh + "；" + label(Lang::Zh, msg::kQuoteNGpus, {gpus})};
}

// Quantity in the offer's unit over the rent-vs-buy horizon (a quote without a job length).
double horizonQuantity(const cost::CostReport& r) {
    const auto units = static_cast<double>(r.rentUnits);
    const double months = r.horizonMonths;
    if (r.offer.unit == cost::RentUnit::GpuHour)
        return units * cost::kHoursPerMonth * cost::billedShare(r.offer, r.utilization) * months;
    return units * months;
}

// A line of `quantity` at `unitPrice` when that gives `total` to the cent, else one lot at the total.
LineItem exactOrLot(std::string key, Bilingual name, Bilingual spec, double quantity, Bilingual unit,
                    Money total, TaxCategory category, const TaxSettings& tax) {
    if (quantity > 0) {
        const Money unitPrice = Money::fromUnits(total.units() / quantity);
        if (Money::fromUnits(quantity * unitPrice.units()) == total)
            return makeLine(std::move(key), std::move(name), std::move(spec), quantity, std::move(unit),
                            unitPrice, 0, category, tax);
    }
    return makeLine(std::move(key), std::move(name), std::move(spec), 1, bilingual(msg::kQuoteUnitLot), total,
                    0, category, tax);
}

// The job's rental (cost/job_rental.h) line by line: the rent at list with the term's discount,
// then each credit, discount and surcharge the engine bills, each rounded once, so the lines add
// up to the rental the verdict calls the run's cost.
std::vector<LineItem> jobRentalLines(const cost::CostReport& r, const cost::JobRental& job, TaxCategory c,
                                     const TaxSettings& tax) {
    const cost::JobRentalParts& p = job.parts;
    const Bilingual unit = rentUnitName(r.offer.unit);
    std::vector<LineItem> lines;
    const Bilingual spec = rentSpec(r, job.term);
    if (p.unitPrice.derived()) {
        // A price with more than four decimals (converted from another currency) bills each
        // period as the rent schedule does; the line bills their sum, and its unit price is what
        // that sum makes of a unit (2 monthly invoices of $4,166.67 at ¥30,000 / 7.2: $4,166.67).
        lines.push_back(makeBilledLine("rent.units", bilingual(msg::kQuoteItemRent), spec, p.quantity, unit,
                                       p.discounted, job.term.discount, c, tax));
    } else if (LineItem whole = makeLine("rent.units", bilingual(msg::kQuoteItemRent), spec, p.quantity, unit,
                                         p.unitPrice, job.term.discount, c, tax);
               p.periods.size() <= 1 || whole.amount == p.discounted) {
        lines.push_back(std::move(whole));
    } else {
        // Each period is invoiced and rounded on its own (two yearly terms of 305,066.57 make
        // 610,133.14, where one line over 24 months would round to 610,133.15): a line per period.
        const int periodMonths = job.months / static_cast<int>(p.periods.size());
        for (std::size_t k = 0; k < p.periods.size(); ++k) {
            const int n = static_cast<int>(k) + 1;
            const std::string term = std::to_string(n), first = std::to_string((n - 1) * periodMonths + 1),
                              last = std::to_string(n * periodMonths);
            LineItem l = makeLine("rent.units.p" + std::to_string(n), bilingual(msg::kQuoteItemRent), spec,
                                  p.periodQuantity, unit, p.unitPrice, job.term.discount, c, tax);
            l.name = {l.name.en + " (" + label(Lang::En, msg::kQuoteRentPeriod, {term, first, last}) + ")",
                      l.name.zh + "（" + label(Lang::Zh, msg::kQuoteRentPeriod, {term, first, last}) + "）"};
            l.period = n;
            lines.push_back(std::move(l));
        }
    }
    const auto add = [&](const char* key, const MessageId<0>& name, double quantity, Bilingual lineUnit,
                         Money amount) {
        if (amount != Money())
            lines.push_back(
                exactOrLot(key, bilingual(name), {}, quantity, std::move(lineUnit), amount, c, tax));
    };
    add("rent.volume_discount", msg::kQuoteItemVolumeDiscount, 1, bilingual(msg::kQuoteUnitLot),
        p.volumeDiscount);
    const bool perGpu = job.term.creditPer == cost::CreditPer::Gpu;
    add("rent.credit", msg::kQuoteItemCredit, p.creditQuantity,
        bilingual(perGpu                                        ? msg::kQuoteUnitGpuMonth
                  : r.offer.unit == cost::RentUnit::ServerMonth ? msg::kQuoteUnitServerMonth
                                                                : msg::kQuoteUnitGpuMonth),
        p.credit);
    add("rent.drift", msg::kQuoteItemDrift, 1, bilingual(msg::kQuoteUnitLot), p.drift);
    add("rent.support", msg::kQuoteItemSupport, 1, bilingual(msg::kQuoteUnitLot), p.support);
    add("rent.addons", msg::kQuoteItemAddons, static_cast<double>(job.months),
        bilingual(msg::kQuoteUnitMonth), p.addons);
    if (p.setup != Money())
        lines.push_back(makeLine("rent.setup", bilingual(msg::kQuoteItemSetup), offerName(r.offer), 1,
                                 bilingual(msg::kQuoteUnitLot), p.setup, 0, c, tax));
    return lines;
}

// Without a job length: the rent accrued over the horizon, the engine's extras in one line.
std::vector<LineItem> horizonRentalLines(const cost::CostReport& r, TaxCategory c, const TaxSettings& tax) {
    std::vector<LineItem> lines;
    // At the listed price to four decimals; a derived one (converted) bills its unrounded value.
    const auto price = cost::UnitPrice::fromUnits(r.offer.price);
    const double quantity = horizonQuantity(r);
    const Bilingual spec = rentSpec(r, r.term), unit = rentUnitName(r.offer.unit);
    lines.push_back(price.derived()
                        ? makeBilledLine("rent.units", bilingual(msg::kQuoteItemRent), spec, quantity, unit,
                                         Money::fromUnits(quantity * r.offer.price * (1.0 - r.term.discount)),
                                         r.term.discount, c, tax)
                        : makeLine("rent.units", bilingual(msg::kQuoteItemRent), spec, quantity, unit, price,
                                   r.term.discount, c, tax));
    if (r.offer.setupFee > 0)
        lines.push_back(makeLine("rent.setup", bilingual(msg::kQuoteItemSetup), offerName(r.offer), 1,
                                 bilingual(msg::kQuoteUnitLot), Money::fromUnits(r.offer.setupFee), 0, c,
                                 tax));
    Money listed;
    for (const auto& l : lines)
        listed += l.amount;
    if (const Money rest = r.rentAccruedTotal - listed; rest != Money())
        lines.push_back(makeLine("rent.adjustments", bilingual(msg::kQuoteItemRentAdjust), {}, 1,
                                 bilingual(msg::kQuoteUnitLot), rest, 0, c, tax));
    return lines;
}

}  // namespace

QuoteOption rentOption(const cost::CostReport& r, const TaxSettings& tax) {
    QuoteOption o{"rent", bilingual(msg::kQuoteOptionRent), {}, {}, r.rentDeposit};
    const TaxCategory c = tax.rentCategory;
    addGroup(o, "rental", msg::kQuoteGroupRental,
             r.jobRental ? jobRentalLines(r, *r.jobRental, c, tax) : horizonRentalLines(r, c, tax));
    return o;
}

namespace {

std::vector<LineItem> hardwareLines(const cost::CostReport& r, const TaxSettings& tax,
                                    const Bilingual& gpuName) {
    const auto& c = r.capex;
    const auto nodes = static_cast<double>(r.cluster.nodes);
    std::vector<LineItem> lines;
    const auto add = [&](const char* key, const MessageId<0>& name, Bilingual spec, double qty,
                         const MessageId<0>& unit, Money total) {
        if (total == Money() || qty <= 0)
            return;
        // Quantity × unit price must give the engine's total to the cent (the workbook recomputes
        // it); when a per-unit price would not, the line is one lot at the total.
        const Money unitPrice = Money::fromUnits(total.units() / qty);
        const bool exact = Money::fromUnits(qty * unitPrice.units()) == total;
        LineItem l = makeLine(key, bilingual(name), std::move(spec), exact ? qty : 1,
                              bilingual(exact ? unit : msg::kQuoteUnitLot), exact ? unitPrice : total, 0,
                              TaxCategory::Goods, tax);
        lines.push_back(l);
    };
    // Products by their names: the GPU's and the price book's server line, not their ids.
    const std::string perServer = std::to_string(r.cluster.gpusPerNode);
    Bilingual server{label(Lang::En, msg::kQuoteServerConfig, {perServer, gpuName.en}),
                     label(Lang::Zh, msg::kQuoteServerConfig, {perServer, gpuName.zh})};
    if (!r.purchaseName.empty()) {
        server.en += "; " + r.purchaseName;
        server.zh += "；" + (r.purchaseNameZh.empty() ? r.purchaseName : r.purchaseNameZh);
    }
    add("buy.servers", msg::kQuoteItemServers, server, nodes, msg::kQuoteUnitServer, c.servers);
    add("buy.switches", msg::kQuoteItemSwitches,
        bilingual(msg::kQuoteFabricTiers, {std::to_string(c.network.tiers)}),
        static_cast<double>(c.network.switches), msg::kQuoteUnitSwitch, c.switches);
    add("buy.optics", msg::kQuoteItemOptics,
        bilingual(msg::kQuoteNPorts, {formatGrouped(static_cast<double>(c.network.ports), 0)}),
        static_cast<double>(c.network.ports * c.network.tiers), msg::kQuoteUnitPortTier, c.optics);
    add("buy.frontend", msg::kQuoteItemFrontend, {}, nodes, msg::kQuoteUnitNode, c.frontend);
    const std::string tb = formatNumber(c.storageTb) + " TB";
    add("buy.storage", msg::kQuoteItemStorage, {tb, tb}, c.storageTb, msg::kQuoteUnitTb, c.storage);
    add("buy.other", msg::kQuoteItemOtherHw, {}, 1, msg::kQuoteUnitLot, c.other);
    return lines;
}

struct OpexLine {
    const char* key;
    const MessageId<0>& label;
    TaxCategory category;
    Money cost::OpexMonth::*member;
    // Priced by the month (colocation per kW- or cabinet-month, other monthly costs): the engine
    // accrues each month's bill, so the year prints as its months × the monthly price, the amount
    // those bills add up to; the others accrue as twelfths of a yearly value and print as one year.
    bool monthly = false;
};

// Electricity is a sale of goods (13 %), colocation an IDC value-added telecom service (6 %),
// maintenance repair work (13 %), insurance a financial service (6 %); in-house staff is payroll.
constexpr OpexLine kOpexLines[] = {
    {"energy", msg::kQuoteItemEnergy, TaxCategory::Goods, &cost::OpexMonth::energy},
    {"colo", msg::kQuoteItemColo, TaxCategory::Service, &cost::OpexMonth::colo, true},
    {"staff", msg::kQuoteItemStaff, TaxCategory::Exempt, &cost::OpexMonth::staff},
    {"maintenance", msg::kQuoteItemMaintenance, TaxCategory::Repair, &cost::OpexMonth::maintenance},
    {"insurance", msg::kQuoteItemInsurance, TaxCategory::Service, &cost::OpexMonth::insurance},
    {"software", msg::kQuoteItemSoftware, TaxCategory::Service, &cost::OpexMonth::software},
    {"other", msg::kQuoteItemOtherOpex, TaxCategory::Service, &cost::OpexMonth::other, true},
};

// One line per cost and year of the horizon (a last part-year is one lot).
std::vector<LineItem> operatingLines(const cost::CostReport& r, const TaxSettings& tax) {
    std::vector<LineItem> lines;
    const std::size_t months = r.opexMonths.size();
    for (std::size_t start = 0, year = 1; start < months; start += 12, ++year) {
        const std::size_t end = std::min(months, start + 12);
        for (const OpexLine& kind : kOpexLines) {
            Money sum;
            for (std::size_t k = start; k < end; ++k)
                sum += r.opexMonths[k].*kind.member;
            if (sum == Money())
                continue;
            const std::string y = std::to_string(year);
            const bool fullYear = end - start == 12;
            std::string key = "buy." + std::string(kind.key) + ".y" + y;
            LineItem l =
                kind.monthly
                    ? exactOrLot(std::move(key), bilingual(kind.label), {}, static_cast<double>(end - start),
                                 bilingual(msg::kQuoteUnitMonth), sum, kind.category, tax)
                    : makeLine(std::move(key), bilingual(kind.label), {}, 1,
                               bilingual(fullYear ? msg::kQuoteUnitYear : msg::kQuoteUnitLot), sum, 0,
                               kind.category, tax);
            l.name = {l.name.en + " (" + label(Lang::En, msg::kQuoteYearN, {y}) + ")",
                      l.name.zh + "（" + label(Lang::Zh, msg::kQuoteYearN, {y}) + "）"};
            lines.push_back(l);
        }
    }
    return lines;
}

}  // namespace

QuoteOption buyOption(const cost::CostReport& r, const TaxSettings& tax, const Bilingual& gpuName) {
    QuoteOption o{"buy", bilingual(msg::kQuoteOptionBuySupply), {}, {}, Money()};
    addGroup(o, "hardware", msg::kQuoteGroupHardware, hardwareLines(r, tax, gpuName));
    if (r.capex.installation != Money())
        addGroup(o, "installation", msg::kQuoteGroupInstallation,
                 {makeLine("buy.installation", bilingual(msg::kQuoteItemInstallation), {}, 1,
                           bilingual(msg::kQuoteUnitLot), r.capex.installation, 0, TaxCategory::Installation,
                           tax)});
    return o;
}

TaxSettings thirdPartyTax(TaxSettings tax) {
    tax.smallScaleTaxpayer = false;
    tax.smallScaleRate.reset();
    return tax;
}

std::optional<QuoteOption> runningCostEstimate(const cost::CostReport& r, const TaxSettings& tax) {
    const TaxSettings thirdParty = thirdPartyTax(tax);
    const std::string months = std::to_string(r.horizonMonths);
    QuoteOption o{"running", bilingual(msg::kQuoteOptionRunning, {months}), {}, {}, Money()};
    o.estimate = true;
    addGroup(o, "operations", msg::kQuoteGroupOperations, operatingLines(r, thirdParty));
    // With a loan the cash by the horizon differs from capex + opex by the payments less the principal.
    const Money financing = r.buyTotal - r.capex.capex - r.opexTotal;
    if (financing != Money())
        addGroup(o, "financing", msg::kQuoteGroupFinancing,
                 {makeLine("buy.loan", bilingual(msg::kQuoteItemLoan), {}, 1, bilingual(msg::kQuoteUnitLot),
                           financing, 0, TaxCategory::Exempt, thirdParty)});
    if (o.groups.empty())
        return std::nullopt;
    return o;
}

}  // namespace clusterplan::quote
