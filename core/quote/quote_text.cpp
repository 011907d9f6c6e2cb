#include "core/quote/quote_text.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/quote/chinese_amount.h"
#include "core/quote/messages_quote.h"
#include "core/quote/offer_names.h"
#include "core/report/plan_format.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"

namespace clusterplan::quote {

using cost::Money;

std::string breakevenText(const Verdict& v, Lang lang) {
    return breakevenText(v.breakevenMonth, v.searchMonths, lang);
}

std::string breakevenText(const std::optional<int>& month, int searchMonths, Lang lang) {
    if (month)
        return label(lang, msg::kQuoteBreakevenMonth, {std::to_string(*month)});
    return label(lang, msg::kQuoteBreakevenNever, {std::to_string(searchMonths)});
}

const MessageId<0>& amountsBasis(const QuoteDocument& d, Lang lang) {
    // A Chinese quote lists 不含税 amounts beside 价税合计 always; an English one may show amounts
    // incl. tax where the customer's practice is to.
    return lang == Lang::En && d.info.tax.englishIncludesTax ? msg::kQuoteAmountsInclTax
                                                             : msg::kQuoteAmountsExclTax;
}

std::vector<Row> coverRows(const QuoteDocument& d, Lang lang) {
    const auto orDraft = [&](const std::string& s) { return s.empty() ? label(lang, msg::kQuoteDraft) : s; };
    // A field the scenario leaves empty shows a dash: a blank value turned the row into a bare
    // heading ("Customer" alone on its line) in the PDF's table.
    const auto orDash = [](const std::string& s) { return s.empty() ? std::string("—") : s; };
    return {{label(lang, msg::kQuoteCompany), orDash(d.info.company)},
            {label(lang, msg::kQuoteCustomer), orDash(d.info.customer)},
            {label(lang, msg::kQuoteContact), orDash(d.info.contact)},
            {label(lang, msg::kQuoteQuoteNumber), orDraft(d.info.number)},
            {label(lang, msg::kQuoteRevision), std::to_string(d.info.revision)},
            {label(lang, msg::kQuoteDate), formatDate(d.date, lang)},
            {label(lang, msg::kQuoteValidUntil), formatDate(d.validUntil, lang)},
            {label(lang, msg::kQuotePreparedBy), orDash(d.info.preparedBy)}};
}

// LoRA / QLoRA / frozen layers and CPU offload change what a customer buys: say so beside the layout.
void addFineTuningRows(std::vector<Row>& rows, const Verdict& v, Lang lang) {
    const std::string rank = std::to_string(v.loraRank), alpha = formatNumber(v.loraAlpha);
    // A dropout above PEFT's default 0 costs activation memory: the verdict names it.
    const std::string dropout = v.loraDropout > 0
                                    ? label(lang, msg::kQuoteLoraDropout, {formatNumber(v.loraDropout)})
                                    : std::string();
    if (v.method == TrainingMethod::Lora)
        rows.push_back({label(lang, msg::kQuoteTrainingMethod),
                        label(lang, msg::kQuoteMethodLora, {rank, alpha, v.loraTargets}) + dropout});
    else if (v.method == TrainingMethod::Qlora)
        rows.push_back({label(lang, msg::kQuoteTrainingMethod),
                        label(lang, msg::kQuoteMethodQlora, {rank, alpha, v.loraTargets}) + dropout});
    else if (v.frozenLayers > 0)
        rows.push_back({label(lang, msg::kQuoteTrainingMethod),
                        v.frozenLayers == 1
                            ? label(lang, msg::kQuoteMethodFrozenOne)
                            : label(lang, msg::kQuoteMethodFrozen, {std::to_string(v.frozenLayers)})});
    // Counts in the reader's units: "207.09 million" / "2.07 亿" (万 below 1 亿).
    const std::string trainable = formatLargeCount(v.trainableParams, lang);
    if (v.method != TrainingMethod::Full || v.frozenLayers > 0)
        rows.push_back({label(lang, msg::kQuoteTrainableParams),
                        trainable + (lang == Lang::Zh ? "（" : " (") +
                            formatFixed(100 * v.trainableParams / v.totalParams, 3) +
                            (lang == Lang::Zh ? "%）" : " %)")});
    if (v.offload != Offload::None)
        rows.push_back(
            {label(lang, msg::kQuoteCpuOffload),
             label(lang,
                   v.offload == Offload::Optimizer ? msg::kQuoteOffloadOptimizer : msg::kQuoteOffloadParams,
                   {formatGib(v.hostBytesPerNode), formatGib(v.hostCapacityBytes),
                    label(lang, v.hostFits ? msg::kQuoteHostFits : msg::kQuoteHostDoesNotFit)})});
}

std::vector<Row> verdictRows(const QuoteDocument& d, Lang lang) {
    const Verdict& v = d.verdict;
    // Memory to 0.1 GiB, halves rounded up as a reader does (79.25 GiB is 79.3, as the memory
    // table's 79.25 reads), and the headroom as the difference of the printed figures.
    const auto tenths = gibTenths;
    const auto gib = formatGibTenths;
    std::vector<Row> rows{
        {label(lang, msg::kQuoteModel), v.model},
        {label(lang, msg::kQuoteCluster), v.cluster.in(lang)},
        {label(lang, v.layoutSet ? msg::kQuoteLayoutSet : msg::kQuoteLayout), v.layout.in(lang)},
        {label(lang, msg::kQuoteMemoryFit),
         gib(tenths(v.memoryBytes)) + " / " + gib(tenths(v.capacityBytes)) +
             (lang == Lang::Zh ? "，" : ", ") +
             (v.fits ? label(lang, msg::kQuoteFits, {gib(tenths(v.capacityBytes) - tenths(v.memoryBytes))})
                     : label(lang, msg::kQuoteDoesNotFit, {v.reason.in(lang)}))},
    };
    addFineTuningRows(rows, v, lang);
    // A layout the customer fixed, when the search finds one clearly faster on the same GPUs: said
    // beside it (a fixed QLoRA layout was 41 % slower than the scaling table's on the same 8 GPUs).
    if (v.layoutSet && d.scaling)
        for (const ScalePoint& p : d.scaling->curve)
            if (p.fits && p.gpus == d.verdict.gpus && v.tokensPerSecond > 0 &&
                p.best.perf.tokensPerSecond > 1.05 * v.tokensPerSecond)
                rows.push_back(
                    {label(lang, msg::kQuoteFasterLayout,
                           {formatGrouped(static_cast<double>(p.gpus), 0),
                            formatFixed(100 * (p.best.perf.tokensPerSecond / v.tokensPerSecond - 1), 0),
                            documentLayoutText(p.best.layout, lang)}),
                     ""});
    rows.insert(
        rows.end(),
        {
            {label(lang, msg::kQuoteTokensPerSecond), formatGrouped(v.tokensPerSecond, 0) + " tokens/s"},
            {label(lang, msg::kQuoteMfu), formatFixed(100 * v.mfu, 1) + (lang == Lang::Zh ? "%" : " %")},
            {label(lang, msg::kQuoteTrainDaysBudgeted),
             label(lang, msg::kQuoteNDays, {formatGrouped(v.trainDays, 1)})},
        });
    if (!v.hasCost)
        return rows;
    const auto money = [&](Money m) { return formatAmount(m, d.currency, lang); };
    // Every amount names its basis: the contract term it is billed on, excl. VAT, cash or net of
    // resale, an amortised share or a cash outlay.
    const std::string months = std::to_string(v.horizonMonths);
    const std::string horizonTerm = v.horizonTerm.in(lang);
    if (v.runCostRent)
        rows.push_back({label(lang, msg::kQuoteRunCostRent, {v.jobRental ? v.jobTerm.in(lang) : horizonTerm}),
                        money(*v.runCostRent)});
    if (v.jobRental)
        rows.push_back({label(lang, msg::kQuoteRentJobNote,
                              {formatFixed(v.jobRental->wallHours / 24, 1),
                               std::to_string(v.jobRental->months), v.jobTerm.in(lang)}),
                        ""});
    if (v.runCostBuy)
        rows.push_back(
            {label(lang, msg::kQuoteRunCostBuy,
                   {months, formatFixed(100 * v.utilization, 0) + (lang == Lang::Zh ? "%" : " %")}),
             money(*v.runCostBuy)});
    // Bought for this run alone, owning costs the purchase less its resale: beside the amortised
    // share, which assumes the cluster goes on working for other jobs over the horizon.
    if (v.runCashBuy)
        rows.push_back({v.runMonths == 1 ? label(lang, msg::kQuoteRunCashBuyOneMonth)
                                         : label(lang, msg::kQuoteRunCashBuy, {std::to_string(v.runMonths)}),
                        money(*v.runCashBuy)});
    rows.push_back({label(lang, msg::kQuoteRentTotal, {months, horizonTerm}), money(v.rentTotal)});
    rows.push_back({label(lang, msg::kQuoteBuyTotal, {months}), money(v.buyTotal)});
    rows.push_back({label(lang, msg::kQuoteBuyNetTotal), money(v.buyNetTotal)});
    // Two crossings, each named: the cash paid, and the cost net of the hardware's resale value (the
    // cost chart's "own, net" line), both against renting on the horizon's term.
    rows.push_back({label(lang, msg::kQuoteBreakevenCash, {horizonTerm}), breakevenText(v, lang)});
    rows.push_back({label(lang, msg::kQuoteBreakevenNet, {horizonTerm}),
                    breakevenText(v.breakevenNetMonth, v.searchMonths, lang)});
    rows.push_back({label(lang, msg::kQuoteVerdict),
                    label(lang, v.buyCheaper ? msg::kQuoteCheaperBuy : msg::kQuoteCheaperRent)});
    return rows;
}

std::vector<Row> totalRows(const QuoteOption& o, cost::Currency currency, Lang lang) {
    const auto money = [&](Money m) { return formatAmount(m, currency, lang); };
    if (o.estimate)  // beside the offer, not signed for: one total and what it is
        return {{label(lang, msg::kQuoteEstimateTotal), money(o.total.gross)},
                {label(lang, msg::kQuoteEstimateNote), ""}};
    std::vector<Row> rows{{label(lang, msg::kQuoteListTotal), money(o.total.list)}};
    if (o.total.discount != Money())
        rows.push_back({label(lang, msg::kQuoteDiscountTotal), money(-o.total.discount)});
    if (o.total.credits != Money())
        rows.push_back({label(lang, msg::kQuoteCreditTotal), money(o.total.credits)});
    rows.push_back({label(lang, msg::kQuoteTotalExcl), money(o.total.amount)});
    rows.push_back({label(lang, msg::kQuoteTotalTax), money(o.total.tax)});
    rows.push_back({label(lang, msg::kQuoteTotalIncl), money(o.total.gross)});
    if (lang == Lang::Zh && currency == cost::Currency::Cny)
        rows.push_back({label(lang, msg::kQuoteTotalUppercase), "人民币" + chineseUppercase(o.total.gross)});
    if (o.deposit != Money())
        rows.push_back({label(lang, msg::kQuoteDepositMemo, {money(o.deposit)}), ""});
    return rows;
}

std::string currencyHeader(cost::Currency currency, Lang lang) {
    if (lang == Lang::Zh)
        return currency == cost::Currency::Cny ? "（元）" : "（美元）";
    return " (" + std::string(cost::currencyCode(currency)) + ")";
}

std::vector<std::string> lineHeader(Lang lang, cost::Currency currency) {
    std::vector<std::string> h;
    const std::string code = currencyHeader(currency, lang);
    for (const MessageId<0>* key :
         {&msg::kQuoteColNo, &msg::kQuoteColItem, &msg::kQuoteColSpec, &msg::kQuoteColQty,
          &msg::kQuoteColUnit, &msg::kQuoteColUnitPrice, &msg::kQuoteColDiscount, &msg::kQuoteColAmount,
          &msg::kQuoteColVatRate, &msg::kQuoteColTax, &msg::kQuoteColGross}) {
        const bool money = key == &msg::kQuoteColUnitPrice || key == &msg::kQuoteColAmount ||
                           key == &msg::kQuoteColTax || key == &msg::kQuoteColGross;
        h.push_back(label(lang, *key) + (money ? code : ""));
    }
    return h;
}

namespace {

// "49,152", "1,234.5": thousands grouped, up to three decimals as the quantity has them.
std::string groupedQuantity(double quantity) {
    const double q = std::round(quantity * 1000) / 1000;
    const std::string shortest = formatNumber(q);
    const std::size_t dot = shortest.find('.');
    return formatGrouped(q, dot == std::string::npos ? 0 : static_cast<int>(shortest.size() - dot - 1));
}

}  // namespace

std::vector<std::string> lineCells(const LineItem& l, std::size_t number, Lang lang) {
    const auto money = [](Money m) { return formatPlain(m); };
    return {std::to_string(number),
            l.name.in(lang),
            l.spec.in(lang),
            groupedQuantity(l.quantity),
            l.unit.in(lang),
            formatPlain(l.unitPrice),  // its decimals as listed: 4.916
            l.discount > 0 ? formatRate(l.discount, lang) : "",
            money(l.amount),
            l.category == TaxCategory::Exempt ? label(lang, msg::kQuoteNotTaxable)
                                              : formatRate(l.vatRate, lang),
            money(l.tax),
            money(l.gross)};
}

std::vector<std::string> assumptionLines(const QuoteDocument& d, Lang lang) {
    std::vector<std::string> out;
    out.push_back(label(lang, msg::kQuoteCurrencyNote, {cost::currencyCode(d.currency)}));
    out.push_back(label(lang, msg::kQuotePricesExclVat));
    out.push_back(label(lang, msg::kQuoteTaxBasis));
    if (d.info.tax.smallScaleTaxpayer)
        out.push_back(label(lang, msg::kQuoteSmallScale,
                            {formatRate(vatRate(d.info.tax, TaxCategory::Service), lang)}));
    if (d.accuracy && d.accuracy->grouped.runs > 0) {
        const GroupedAccuracy& g = d.accuracy->grouped;
        const IndependentAccuracy& i = d.accuracy->independent;
        // Measured figures, printed to the precision they carry: 7.8 %, 94 %, ±19 %.
        const auto percent = [&](double share, int decimals) {
            return formatFixed(100 * share, decimals) + (lang == Lang::Zh ? "%" : " %");
        };
        out.push_back(
            label(lang, msg::kQuoteAccuracyCv,
                  {percent(g.meanAbsError, 1), std::to_string(g.runs), std::to_string(g.groups),
                   percent(g.bandCoverage, 0), percent(g.medianBandHalfWidth, 0), formatDate(g.asOf, lang)}));
        out.push_back(label(lang, msg::kQuoteAccuracyInSample, {percent(g.inSampleMeanAbsError, 1)}));
        out.push_back(
            label(lang, msg::kQuoteAccuracyIndependent,
                  {std::to_string(i.runs), std::to_string(i.sourceFamilies), percent(i.meanAbsError, 1),
                   percent(i.evaluatedMeanAbsError, 0), std::to_string(i.evaluatedRuns),
                   percent(i.medianAbsError, 1), percent(i.bandCoverage, 0), formatDate(i.checked, lang)}));
    }
    out.push_back(label(lang, msg::kQuoteDisclaimer));
    return out;
}

namespace {

// What each prepaid term's invoice comes to, VAT included, so the invoices add up to the quoted
// total to the cent. A term's own rent line (the rental is priced per term when the terms round
// apart, line_items.h) goes to its term; a line billed in every term is shared evenly, the last
// term taking the remainder; the setup fee goes with the first term; renewal credits and drifted
// renewals with the terms after it (or evenly, when the credit starts at once).
std::string termInvoices(const QuoteOption& rent, const cost::JobRental& j, int terms,
                         cost::Currency currency, Lang lang) {
    std::vector<std::int64_t> cents(static_cast<std::size_t>(terms), 0);
    const auto spread = [&](std::int64_t total, int from) {
        const std::int64_t count = terms - from;
        const std::int64_t share = total / count;
        for (int t = from; t < terms; ++t)
            cents[static_cast<std::size_t>(t)] += share;
        cents.back() += total - share * count;
    };
    for (const auto& g : rent.groups)
        for (const auto& l : g.lines) {
            const std::int64_t gross = l.gross.cents();
            if (l.period > 0 && l.period <= terms)
                cents[static_cast<std::size_t>(l.period - 1)] += gross;
            else if (l.key == "rent.setup")
                cents.front() += gross;
            else if ((l.key == "rent.credit" && j.term.creditFromRenewal) || l.key == "rent.drift")
                spread(gross, 1);
            else
                spread(gross, 0);
        }
    std::string list;
    for (int t = 0; t < terms; ++t) {
        if (t > 0)
            list += label(lang, msg::kQuotePayTermJoin);
        list += label(lang, msg::kQuotePayTerm,
                      {std::to_string(t + 1),
                       formatAmount(Money::fromCents(cents[static_cast<std::size_t>(t)]), currency, lang)});
        if (t == 0 && j.parts.setup != Money())
            list += label(lang, msg::kQuotePayTermSetup);
    }
    return label(lang, msg::kQuotePayTerms, {list});
}

}  // namespace

std::vector<std::string> paymentTerms(const QuoteDocument& d, Lang lang) {
    std::vector<std::string> out;
    const auto money = [&](Money m) { return formatAmount(m, d.currency, lang); };
    if (d.rent && d.verdict.jobRental) {
        const cost::JobRental& j = *d.verdict.jobRental;
        const int termMonths = std::max(1, j.term.months);
        const std::string total = money(d.rent->total.gross);
        const int terms = j.months / termMonths;
        if (j.byTheHour) {
            out.push_back(label(lang, msg::kQuotePayHourly, {total}));
        } else if (j.term.prepay) {
            out.push_back(label(lang, msg::kQuotePayPrepaid,
                                {std::to_string(termMonths), std::to_string(terms), total}));
            if (terms > 1)
                out.push_back(termInvoices(*d.rent, j, terms, d.currency, lang));
        } else {
            out.push_back(label(lang, msg::kQuotePayMonthly, {std::to_string(j.months), total}));
        }
        if (j.parts.setup != Money())  // when it is paid, not only how much
            out.push_back(label(lang, msg::kQuotePaySetup, {money(j.parts.setup)}));
        if (d.rent->deposit != Money())
            out.push_back(label(lang, msg::kQuotePayDeposit, {money(d.rent->deposit)}));
    }
    if (d.buy)
        out.push_back(label(lang, msg::kQuotePaySupply, {money(d.buy->total.gross)}));
    return out;
}

std::string priceBasis(const PriceLine& p, Lang lang) {
    return p.asOf.empty() ? label(lang, msg::kQuotePriceSourceUndated, {p.basis.in(lang)})
                          : label(lang, msg::kQuotePriceSource, {p.basis.in(lang), formatDate(p.asOf, lang)});
}

namespace {

// "label: value", with the full-width colon in Chinese.
std::string colon(Lang lang) {
    return lang == Lang::Zh ? "：" : ": ";
}

void writeRows(std::ostream& out, const std::vector<Row>& rows, Lang lang) {
    for (const auto& r : rows)
        out << "  " << r.label << (r.value.empty() ? "" : colon(lang) + r.value) << "\n";
}

void writeOption(std::ostream& out, const QuoteOption& o, cost::Currency currency, Lang lang) {
    out << "\n" << o.title.in(lang) << "\n";
    std::size_t number = 1;
    for (const auto& g : o.groups) {
        out << "  " << g.title.in(lang) << "\n";
        for (const auto& l : g.lines) {
            const auto cells = lineCells(l, number++, lang);
            out << "    ";
            for (std::size_t i = 0; i < cells.size(); ++i)
                out << (i ? " | " : "") << cells[i];
            out << "\n";
        }
        out << "    " << label(lang, msg::kQuoteSubtotal) << colon(lang)
            << formatAmount(g.subtotal.amount, currency, lang) << " + "
            << formatAmount(g.subtotal.tax, currency, lang) << " = "
            << formatAmount(g.subtotal.gross, currency, lang) << "\n";
    }
    writeRows(out, totalRows(o, currency, lang), lang);
}

}  // namespace

std::string quoteToText(const QuoteDocument& d, Lang lang) {
    std::ostringstream out;
    out << label(lang, msg::kQuoteTitle) << "\n";
    writeRows(out, coverRows(d, lang), lang);
    out << "\n" << label(lang, msg::kQuoteVerdict) << "\n";
    writeRows(out, verdictRows(d, lang), lang);
    out << "\n" << label(lang, msg::kQuoteLineItems) << "\n";
    out << "  " << label(lang, amountsBasis(d, lang)) << "\n";
    out << "  ";
    const auto header = lineHeader(lang, d.currency);
    for (std::size_t i = 0; i < header.size(); ++i)
        out << (i ? " | " : "") << header[i];
    out << "\n";
    if (d.costError)
        out << "  " << d.costError->toString() << "\n";
    if (d.rent)
        writeOption(out, *d.rent, d.currency, lang);
    if (d.buy)
        writeOption(out, *d.buy, d.currency, lang);
    if (d.running)
        writeOption(out, *d.running, d.currency, lang);
    out << "\n"
        << label(lang, msg::kQuoteValidity) << "\n  "
        << label(lang, msg::kQuoteValidDays, {std::to_string(d.info.validDays)}) << "\n";
    if (const auto terms = paymentTerms(d, lang); !terms.empty()) {
        out << "\n" << label(lang, msg::kQuotePaymentTerms) << "\n";
        for (const auto& line : terms)
            out << "  " << line << "\n";
    }
    out << "\n" << label(lang, msg::kQuoteAssumptions) << "\n";
    for (const auto& line : assumptionLines(d, lang))
        out << "  " << line << "\n";
    out << "\n" << label(lang, msg::kQuotePrices) << "\n";
    for (const auto& p : d.prices)
        out << "  " << p.name.in(lang) << colon(lang) << p.value.in(lang) << (lang == Lang::Zh ? "（" : " (")
            << priceBasis(p, lang) << (lang == Lang::Zh ? "）" : ")") << "\n";
    out << "  " << label(lang, msg::kQuotePricesNote) << "\n";
    if (!d.info.notes.empty())
        out << "\n" << label(lang, msg::kQuoteNotes) << "\n  " << d.info.notes << "\n";
    out << "\n"
        << label(lang, msg::kQuoteSellerSign) << colon(lang) << "____________    "
        << label(lang, msg::kQuoteCustomerSign) << colon(lang) << "____________\n";
    return out.str();
}

}  // namespace clusterplan::quote
