// Text and CSV formatting of a cost report (see cost_format.h).
#include "core/cost/cost_format.h"
#include "core/cost/run_outlay.h"

#include "core/util/message.h"
#include "core/util/number_format.h"

namespace clusterplan::cost {

namespace {

constexpr std::size_t kLabelWidth = 36;

class Text {
public:
    explicit Text(Currency c) : m_currency(c) {}
    void line(const std::string& s = {}) { m_out += s + "\n"; }
    void row(const std::string& label, const std::string& value) {
        // Pads by code points so that "×" and "¥" count as one column.
        std::string padded = "  " + label;
        std::size_t width = 0;
        for (const char ch : padded)
            width += (static_cast<unsigned char>(ch) & 0xC0) != 0x80 ? 1 : 0;
        padded.append(width < kLabelWidth ? kLabelWidth - width : 1, ' ');
        line(padded + value);
    }
    void money(const std::string& label, Money m) { row(label, formatMoney(m, m_currency)); }
    std::string fmt(Money m) const { return formatMoney(m, m_currency); }
    std::string fmt(const std::optional<Money>& m, const char* none) const { return m ? fmt(*m) : none; }
    std::string str() const { return m_out; }

private:
    Currency m_currency;
    std::string m_out;
};

std::string month(const std::optional<int>& m, int search) {
    return m ? "month " + std::to_string(*m) : "never within " + std::to_string(search) + " months";
}

std::string percent(const std::optional<double>& x, int horizon) {
    return x ? formatFixed(*x * 100.0, 1) + " %"
             : "none: owning does not pay back within " + std::to_string(horizon) +
                   " months at any utilisation";
}

std::string count(std::int64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

void owning(Text& t, const CostReport& r) {
    const CapexBreakdown& c = r.capex;
    t.line("Buying (capex at month 0)");
    t.money("servers", c.servers);
    t.money("switches (" + std::to_string(c.network.switches) + ", " +
                count(c.network.tiers, "tier", "tiers") + ")",
            c.switches);
    t.money("optics and cables", c.optics);
    t.money("front-end network", c.frontend);
    t.money("storage (" + formatNumber(c.storageTb) + " TB)", c.storage);
    t.money("other hardware", c.other);
    t.money("hardware", c.hardware);
    t.money("installation", c.installation);
    t.money("capex", c.capex);
    const OpexMonth& o = r.firstMonthOpex;
    t.line("Owning, per month (month 0)");
    t.money("energy (" + formatFixed(r.itAverageKw, 2) + " kW IT average)", o.energy);
    t.money("colocation (" + formatFixed(r.contractKw, 2) + " kW contracted)", o.colo);
    t.money("staff (" + formatFixed(r.fte, 2) + " FTE)", o.staff);
    t.money("maintenance", o.maintenance);
    t.money("insurance", o.insurance);
    if (o.software > Money())
        t.money("software", o.software);
    if (o.other > Money())
        t.money("other", o.other);
    t.money("opex", o.total());
    if (r.loanPayment > Money())
        t.money("loan payment", r.loanPayment);
    t.money("depreciation (accounting)", r.depreciationPerMonth);
}

void answers(Text& t, const CostReport& r) {
    // Every amount excludes VAT; the horizon's rent and the break-even are on the rent term named.
    const bool rent = r.rentPriced();
    const bool buy = r.buyPriced();
    t.line("After " + std::to_string(r.horizonMonths) + " months (excl. VAT" +
           (rent ? "; renting on '" + r.term.name + "')" : ")"));
    if (rent) {
        t.money("rent (paid)", r.rentTotal);
        if (r.rentAccruedTotal != r.rentTotal)
            t.money("rent (accrued)", r.rentAccruedTotal);
    }
    if (buy) {
        t.money("buy (gross cash)", r.buyTotal);
        t.money("resale value", r.residualAtHorizon);
        t.money("buy net of resale", r.buyNetTotal);
    }
    if (rent)
        t.money("present value, rent", r.pvRent);
    if (buy)
        t.money("present value, buy", r.pvBuy);
    if (rent && buy) {
        t.line("Break-even");
        t.row("gross", month(r.breakeven.gross, r.searchMonths));
        t.row("net of resale", month(r.breakeven.net, r.searchMonths));
        t.row("discounted", month(r.breakeven.pv, r.searchMonths));
        t.row("utilisation", percent(r.breakevenUtilization, r.horizonMonths));
        t.row("max capex (opex held)",
              t.fmt(r.maxCapexGross, "none") + " gross, " + t.fmt(r.maxCapexNet, "none") + " net");
        t.row("max server price",
              t.fmt(r.maxNodePriceGross, "none") + " gross, " + t.fmt(r.maxNodePriceNet, "none") + " net");
        t.row("min rent for payback",
              t.fmt(r.minRentGross) + " gross, " + t.fmt(r.minRentNet) + " net per month");
    }
    const std::string sym(currencySymbol(r.currency));
    const auto perGpuHour = [&](const char* label, double available, const std::optional<double>& utilised) {
        t.row(label, sym + formatFixed(available, 2) + " available" +
                         (utilised ? ", " + sym + formatFixed(*utilised, 2) + " utilised" : ""));
    };
    if (buy)
        perGpuHour("buy per GPU-hour", r.buyPerGpuHour, r.buyPerUtilizedGpuHour);
    if (rent)
        perGpuHour("rent per GPU-hour", r.rentPerGpuHour, r.rentPerUtilizedGpuHour);
    if (!r.runGpuHours || (rent && !r.runCostRent) || (buy && !r.runCostBuy))
        return;
    t.line("Training run (" + formatFixed(*r.runGpuHours, 0) + " GPU-hours)");
    if (r.runCostRent) {
        t.money("rented", *r.runCostRent);
        if (r.jobRental)
            t.row("rental billed", formatFixed(r.jobRental->wallHours / 24, 1) + " days of wall time in " +
                                       std::to_string(r.jobRental->months) +
                                       (r.jobRental->months == 1 ? " month of '" : " months of '") +
                                       r.jobRental->term.name + "'");
    }
    if (r.runCostBuy) {
        t.money("owned (share of " + std::to_string(r.horizonMonths) + " months at " +
                    formatFixed(100 * r.utilization, 0) + " % utilisation)",
                *r.runCostBuy);
        if (const auto outlay = ownCashOutlayForRun(r))
            t.money("owned for this run alone (cash, less resale after " + std::to_string(outlay->months) +
                        (outlay->months == 1 ? " month)" : " months)"),
                    outlay->cash);
    }
    const auto perMillion = [&](double x) { return sym + formatFixed(x, 4); };
    if (r.perMillionTokensRent && r.perMillionTokensBuy)
        t.row("per million tokens", perMillion(*r.perMillionTokensRent) + " rented, " +
                                        perMillion(*r.perMillionTokensBuy) +
                                        " owned (at the horizon's average rate)");
    else if (r.perMillionTokensRent || r.perMillionTokensBuy)
        t.row("per million tokens",
              r.perMillionTokensRent
                  ? perMillion(*r.perMillionTokensRent) + " rented (at the horizon's average rate)"
                  : perMillion(*r.perMillionTokensBuy) + " owned (at the horizon's average rate)");
    if (r.runCostRent && r.trainingTokens > 0)
        t.row("per million tokens billed",
              sym + formatFixed(r.runCostRent->units() / (r.trainingTokens / 1e6), 4) + " rented");
}

void tables(Text& t, const CostReport& r) {
    t.line("Rent options (" + std::to_string(r.horizonMonths) + " months)");
    for (const auto& o : r.options)
        t.row(o.offerId + "/" + o.termId,
              t.fmt(o.total) + ", break-even " + month(o.breakeven.gross, r.searchMonths));
    t.line("Sensitivity (±, by swing of rent − own net)");
    for (const auto& s : r.sensitivity)
        t.row(s.input, t.fmt(s.advantageLow) + " .. " + t.fmt(s.advantageHigh) + ", break-even " +
                           month(s.breakevenLow, r.searchMonths) + " .. " +
                           month(s.breakevenHigh, r.searchMonths));
}

}  // namespace

std::string costToText(const CostReport& r, Lang lang) {
    Text t(r.currency);
    t.line("Rent vs buy: " + std::to_string(r.cluster.gpus) + " × " + r.cluster.gpuId + " (" +
           count(r.cluster.nodes, "server", "servers") + "), " + std::to_string(r.horizonMonths) +
           " months, utilisation " + formatFixed(r.utilization * 100.0, 1) + " %, " +
           std::string(currencyCode(r.currency)));
    t.line("Price book: " + r.priceBookId + " (" + r.priceBookName + ")");
    if (r.rentPriced())
        t.line("Rent: " + r.offer.name + ", " + r.term.name + " (" + r.offer.source + ", " + r.offer.asOf +
               ")");
    else
        t.line("Rent: not offered");
    if (!r.buyPriced())
        t.line("Buy: not offered");
    // The half the book does not offer, in a sentence of the reader's language.
    if (r.notOffered)
        t.line(messageText(r.notOffered->reason, lang));
    t.line();
    if (r.buyPriced()) {
        owning(t, r);
        t.line();
    }
    answers(t, r);
    if (r.rentPriced() && r.buyPriced()) {
        t.line();
        tables(t, r);
    }
    for (const auto& n : r.notes)
        t.line("Note: " + n.text);
    return t.str();
}

std::string costToCsv(const CostReport& r) {
    // The half a price book does not offer is left empty, not 0.00.
    const auto cell = [](bool priced, Money m) { return priced ? m.toString() : std::string(); };
    const bool rent = r.rentPriced();
    const bool buy = r.buyPriced();
    std::string out = "month,rent,rent_accrued,buy,buy_net,rent_pv,buy_pv\n";
    for (const auto& p : r.monthly) {
        out += std::to_string(p.month) + "," + cell(rent, p.rent) + "," + cell(rent, p.rentAccrued) + "," +
               cell(buy, p.buy) + "," + cell(buy, p.buyNet) + "," + cell(rent, p.rentPv) + "," +
               cell(buy, p.buyPv) + "\n";
    }
    return out;
}

}  // namespace clusterplan::cost
