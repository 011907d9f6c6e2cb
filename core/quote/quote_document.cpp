#include "core/quote/quote_document.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "core/cost/run_outlay.h"
#include "core/perf/messages_perf.h"
#include "core/quote/messages_quote.h"
#include "core/quote/offer_names.h"
#include "core/quote/quote_json.h"
#include "core/report/messages_plan.h"
#include "core/report/plan_format.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

namespace clusterplan::quote {

using cost::Money;

namespace {

// Days since 1970-01-01 and back (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms").
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

std::string civilFromDays(std::int64_t z) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    const std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02u", static_cast<long long>(y), m, d);
    return buf;
}

Verdict verdictOf(const Plan& p) {
    Verdict v;
    v.model = p.scenario.model.name;
    const auto& cluster = p.scenario.cluster;
    const std::string nodes = formatGrouped(static_cast<double>(cluster.nodes), 0),
                      perNode = std::to_string(cluster.gpusPerNode),
                      gpus = formatGrouped(static_cast<double>(cluster.gpus()), 0);
    v.cluster = {
        label(Lang::En, msg::kQuoteVerdictCluster, {nodes, perNode, p.gpu.displayName(Lang::En), gpus}),
        label(Lang::Zh, msg::kQuoteVerdictCluster, {nodes, perNode, p.gpu.displayName(Lang::Zh), gpus})};
    const std::string microBatch = std::to_string(p.layout.microBatch),
                      zero = std::to_string(p.layout.zeroStage);
    v.layout = {label(Lang::En, msg::kQuoteVerdictLayout, {documentLayoutText(p.layout), microBatch, zero}),
                label(Lang::Zh, msg::kQuoteVerdictLayout,
                      {documentLayoutText(p.layout, Lang::Zh), microBatch, zero})};
    const Bilingual recompute = bilingual(recomputeLabel(p.layout.recompute));
    v.layout.en += ", " + recompute.en;
    v.layout.zh += "，" + recompute.zh;
    v.fits = p.memory.fits();
    v.memoryBytes = p.memory.total();
    v.capacityBytes = p.memory.capacity;
    if (!v.fits)
        v.reason = bilingual(msg::kQuoteNeedsMemory, {formatGibTenths(gibTenths(v.memoryBytes)),
                                                      formatGibTenths(gibTenths(v.capacityBytes))});
    const TrainingSpec& t = p.scenario.training;
    v.method = t.method;
    v.loraRank = t.lora.rank;
    v.loraAlpha = t.lora.alpha;
    v.loraDropout = t.lora.dropout;
    v.loraTargets = loraTargetList(t.lora.targets) + (t.lora.trainableEmbeddings ? " + embeddings" : "");
    v.frozenLayers = t.frozenLayers;
    v.trainableParams = p.trainable.trainable;
    v.totalParams = p.params.total;
    v.offload = p.layout.offload;
    v.hostBytesPerNode = p.memory.host.total() * static_cast<double>(p.scenario.cluster.gpusPerNode);
    v.hostCapacityBytes = p.host.memoryGib * units::kGiB;
    v.hostFits = p.memory.host.fits();
    v.tokensPerSecond = p.perf.tokensPerSecond;
    v.mfu = p.perf.mfu;
    v.trainDays = p.run.wallDays;  // budgeted days (run/run_length.h): what the quote prices
    v.layoutSet = !p.search;
    v.gpus = cluster.gpus();
    if (!p.cost)
        return v;
    const cost::CostReport& c = *p.cost;
    v.hasCost = true;
    v.runCostRent = c.runCostRent;
    v.jobRental = c.jobRental;
    v.runCostBuy = c.runCostBuy;
    v.utilization = c.utilization;
    v.horizonTerm = termName(c.offer, c.term);
    if (c.jobRental)
        v.jobTerm = termName(c.offer, c.jobRental->term);
    if (const auto outlay = cost::ownCashOutlayForRun(c)) {
        v.runMonths = outlay->months;
        v.runCashBuy = outlay->cash;
    }
    v.rentTotal = c.rentAccruedTotal;
    v.buyTotal = c.buyTotal;
    v.buyNetTotal = c.buyNetTotal;
    v.breakevenMonth = c.breakeven.gross;
    v.breakevenNetMonth = c.breakeven.net;
    v.horizonMonths = c.horizonMonths;
    v.searchMonths = c.searchMonths;
    v.buyCheaper = c.buyCheaper();
    return v;
}

}  // namespace

std::string addDays(const std::string& iso, std::int64_t days) {
    if (!isIsoDate(iso))
        return iso;
    const auto y = std::stoll(iso.substr(0, 4));
    const auto m = static_cast<unsigned>(std::stoul(iso.substr(5, 2)));
    const auto d = static_cast<unsigned>(std::stoul(iso.substr(8, 2)));
    return civilFromDays(daysFromCivil(y, m, d) + days);
}

std::string formatDate(const std::string& date, Lang lang) {
    // "2026", "2026-11" or "2026-11-30"; anything else (a range, a quarter) as written.
    const auto digit = [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)) != 0; };
    const bool year = date.size() >= 4 && std::all_of(date.begin(), date.begin() + 4, digit);
    if (lang == Lang::En || !year)
        return date;
    const auto part = [&](std::size_t at) { return std::to_string(std::stoi(date.substr(at, 2))); };
    if (date.size() == 4)
        return date + "年";
    if (date.size() == 7 && date[4] == '-' && digit(date[5]) && digit(date[6]))
        return date.substr(0, 4) + "年" + part(5) + "月";
    if (isIsoDate(date))
        return date.substr(0, 4) + "年" + part(5) + "月" + part(8) + "日";
    return date;
}

namespace {

// A printed credit carries the minus sign (U+2212), not a hyphen; files for machines (CSV, JSON)
// keep ASCII.
std::string withMinusSign(std::string s) {
    if (!s.empty() && s.front() == '-')
        s.replace(0, 1, "\u2212");
    return s;
}

// "$1,224.50" → "USD 1,224.50" in English.
std::string printed(std::string s, cost::Currency currency, Lang lang) {
    if (lang == Lang::En) {
        const std::string symbol(cost::currencySymbol(currency));
        const std::size_t at = s.find(symbol);
        s.replace(at, symbol.size(), std::string(cost::currencyCode(currency)) + " ");
    }
    return withMinusSign(std::move(s));
}

}  // namespace

std::string formatAmount(cost::UnitPrice price, cost::Currency currency, Lang lang) {
    return printed(cost::formatUnitPrice(price, currency), currency, lang);
}

std::string formatAmount(Money amount, cost::Currency currency, Lang lang) {
    return printed(cost::formatMoney(amount, currency), currency, lang);
}

std::string formatPlain(cost::UnitPrice price) {
    return withMinusSign(cost::formatGroupedPrice(price));
}

std::string formatPlain(Money amount) {
    return withMinusSign(cost::groupThousands(amount.toString()));
}

double gibTenths(double bytes) {
    return std::round(bytes / units::kGiB * 10) / 10;
}

std::string formatGibTenths(double gib) {
    return formatFixed(gib, 1) + " GiB";
}

std::string formatRate(double rate, Lang lang) {
    return formatNumber(std::round(rate * 10000) / 100) + (lang == Lang::Zh ? "%" : " %");
}

QuoteDocument buildQuoteDocument(const Plan& plan, const std::string& today,
                                 const std::optional<Accuracy>& accuracy) {
    QuoteDocument doc;
    doc.info = plan.scenario.quote.value_or(QuoteInfo{});
    doc.date = doc.info.date.empty() ? today : doc.info.date;
    doc.validUntil = addDays(doc.date, doc.info.validDays);
    doc.info.tax = taxOn(doc.info.tax, doc.date);  // the small-scale rate in force on that day
    doc.verdict = verdictOf(plan);
    doc.accuracy = accuracy;
    doc.notes = plan.notes;
    // Why the band is wide when the stack was never fitted (or only on another GPU generation):
    // the customer reads it beside the accuracy the quote states.
    for (const Message& note : plan.perf.notes)
        for (const std::string_view novelty : {msg::kBandUnseenStack.id, msg::kBandUnseenOtherStack.id,
                                               msg::kBandUnfittedRuns.id, msg::kBandUnseenGeneration.id})
            if (note.id == novelty)
                doc.notes.push_back(note);
    if (plan.cost) {
        doc.currency = plan.cost->currency;
        doc.rent = rentOption(*plan.cost, doc.info.tax);
        doc.buy = buyOption(*plan.cost, doc.info.tax,
                            {plan.gpu.displayName(Lang::En), plan.gpu.displayName(Lang::Zh)});
        doc.running = runningCostEstimate(*plan.cost, doc.info.tax);
        doc.prices = customerPrices(*plan.cost);
        doc.notes.insert(doc.notes.end(), plan.cost->notes.begin(), plan.cost->notes.end());
    } else if (plan.costError) {
        doc.costError = plan.costError;
    }
    return doc;
}

std::string documentLayoutText(const Layout& layout, Lang lang) {
    std::string text = layoutText(layout);
    const auto replaceAll = [&text](std::string_view from, std::string_view to) {
        for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
            text.replace(at, from.size(), to);
    };
    replaceAll(" x ", " × ");
    if (lang == Lang::Zh)
        replaceAll(", ", "，");
    return text;
}

}  // namespace clusterplan::quote
