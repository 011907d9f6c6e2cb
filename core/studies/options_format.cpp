#include "core/studies/options_format.h"

#include <cmath>
#include <sstream>

#include "core/search/messages_search.h"
#include "core/util/csv_write.h"
#include "core/util/json_write.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

std::string optionsLabel(const MessageId<0>& id, Lang lang) {
    return messageText(makeMessage(id), lang);
}

std::string optionsMoney(const OptionsStudy& st, cost::Money m) {
    return cost::formatMoney(m, st.currency);
}

std::string optionsDaysText(double days) {
    return std::isfinite(days) ? formatFixed(days, 1) : std::string("-");
}

std::string optionsMarks(const OptionsStudy& st, std::size_t i) {
    const OptionRow& r = st.rows[i];
    std::string m;
    m += st.recommended == i ? "R" : " ";
    m += r.pareto ? "*" : " ";
    m += r.calibrated ? " " : "~";
    return m;
}

// Columns `text` takes on a terminal: a CJK character two, a UTF-8 continuation byte none.
std::size_t textColumns(const std::string& text) {
    std::size_t cols = 0;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c & 0xC0) != 0x80)
            cols += c >= 0xE0 ? 2 : 1;
    }
    return cols;
}

std::string padColumnsRight(const std::string& text, std::size_t width) {
    const std::size_t cols = textColumns(text);
    return cols >= width ? text + " " : text + std::string(width - cols, ' ');
}

std::string padColumnsLeft(const std::string& text, std::size_t width) {
    const std::size_t cols = textColumns(text);
    return cols >= width ? " " + text : std::string(width - cols, ' ') + text;
}

std::string optionsTargetLine(const OptionsStudy& st, Lang lang) {
    const std::string deadline =
        st.target.deadlineDays > 0
            ? messageText(makeMessage(msg::kOptionsDays, {formatNumber(st.target.deadlineDays)}), lang)
            : optionsLabel(msg::kOptionsNoDeadline, lang);
    const std::string budget = st.target.budget ? optionsMoney(st, cost::Money::fromUnits(*st.target.budget))
                                                : optionsLabel(msg::kOptionsNoDeadline, lang);
    return messageText(makeMessage(msg::kOptionsTarget, {formatGrouped(st.tokens, 0), deadline, budget}),
                       lang);
}

}  // namespace

std::string acquireText(Acquire acquire, Lang lang) {
    return optionsLabel(acquire == Acquire::Rent ? msg::kOptionsRent : msg::kOptionsBuy, lang);
}

std::string optionSizeText(OptionSize size, Lang lang) {
    return optionsLabel(size == OptionSize::SmallestFit ? msg::kOptionsSizeFit : msg::kOptionsSizeDeadline,
                        lang);
}

std::string optionsToText(const OptionsStudy& st, Lang lang) {
    std::ostringstream out;
    out << optionsLabel(msg::kOptionsTitle, lang) << "\n" << optionsTargetLine(st, lang) << "\n\n";
    out << messageText(st.recommendation, lang) << "\n\n" << optionsLabel(msg::kOptionsRows, lang) << "\n";
    // Each row numbered from 1 (what `report --options-pick` names), then its marks.
    out << padColumnsLeft("#", 3) << "     " << padColumnsRight(optionsLabel(msg::kOptionsColGpu, lang), 24)
        << padColumnsRight(optionsLabel(msg::kOptionsColGpus, lang), 8)
        << padColumnsRight(optionsLabel(msg::kOptionsColWay, lang), 6)
        << padColumnsRight(optionsLabel(msg::kOptionsColOffer, lang), 36)
        << padColumnsLeft(optionsLabel(msg::kOptionsColDays, lang), 8) << "  "
        << padColumnsRight(optionsLabel(msg::kOptionsColBand, lang), 14)
        << padColumnsLeft(optionsLabel(msg::kOptionsColCost, lang), 18)
        << padColumnsLeft(optionsLabel(msg::kOptionsColPerMillion, lang), 14)
        << padColumnsLeft(optionsLabel(msg::kOptionsColMfu, lang), 7)
        << padColumnsLeft(optionsLabel(msg::kOptionsColPower, lang), 8) << "  "
        << optionsLabel(msg::kOptionsColLayout, lang) << "\n";
    for (std::size_t i = 0; i < st.rows.size(); ++i) {
        const OptionRow& r = st.rows[i];
        out << padColumnsLeft(std::to_string(i + 1), 3) << " " << optionsMarks(st, i) << " "
            << padColumnsRight(gpuDisplayName(r, lang), 24) << padColumnsRight(std::to_string(r.gpus), 8)
            << padColumnsRight(acquireText(r.acquire, lang), 6)
            << padColumnsRight(r.priceBook + "/" + r.offer, 36) << padColumnsLeft(optionsDaysText(r.days), 8)
            << "  " << padColumnsRight(optionsDaysText(r.daysLow) + "-" + optionsDaysText(r.daysHigh), 14);
        if (r.priced)
            out << padColumnsLeft(optionsMoney(st, r.cost), 18)
                << padColumnsLeft(cost::formatMoney(cost::Money::fromUnits(r.perMillionTokens), st.currency),
                                  14);
        else  // why there is no price, across the cost and per-token columns
            out << padColumnsLeft(r.priceNote ? messageText(*r.priceNote, lang) : std::string("-"), 32);
        out << padColumnsLeft(formatFixed(100 * r.mfu, 1) + " %", 7)
            // The power comes with the price (the server's maximum from its book): none without one.
            << padColumnsLeft(r.priced ? formatFixed(r.powerKw, 0) : std::string("-"), 8) << "  "
            << r.layoutText << "\n";
        if (r.reason)
            out << "         " << messageText(*r.reason, lang) << "\n";
        if (r.pricingNote)
            out << "         " << messageText(*r.pricingNote, lang) << "\n";
    }
    out << optionsLabel(msg::kOptionsFrontLegend, lang) << "\n\n"
        << optionsLabel(msg::kOptionsGpuTypes, lang) << "\n";
    for (const GpuOptions& g : st.gpus) {
        out << "  " << padColumnsRight(gpuDisplayName(g, lang), 24);
        if (g.smallestFitGpus)
            out << optionsLabel(msg::kOptionsSizeFit, lang) << " " << *g.smallestFitGpus;
        if (g.deadlineGpus)
            out << "; " << optionsLabel(msg::kOptionsSizeDeadline, lang) << " " << *g.deadlineGpus;
        out << "\n";
        if (g.reason)
            out << "    " << messageText(*g.reason, lang) << "\n";
    }
    out << "\n" << optionsLabel(msg::kOptionsNotes, lang) << "\n";
    for (const auto& note : st.notes)
        out << "  " << messageText(note, lang) << "\n";
    return out.str();
}

std::string optionsToJson(const OptionsStudy& st, Lang lang) {
    json::Writer w;
    w.beginObject().value("schema", kOptionsSchema).value("language", langCode(lang));
    w.value("currency", cost::currencyCode(st.currency)).value("cny_per_usd", st.cnyPerUsd);
    w.value("tokens", st.tokens);
    if (st.target.deadlineDays > 0)
        w.value("deadline_days", st.target.deadlineDays);
    else
        w.null("deadline_days");
    if (st.target.budget)
        w.value("budget", *st.target.budget);
    else
        w.null("budget");
    if (st.recommended)
        w.value("recommended", static_cast<std::int64_t>(*st.recommended));
    else
        w.null("recommended");
    w.value("recommendation", messageText(st.recommendation, lang));
    w.beginArray("options");
    for (const OptionRow& r : st.rows) {
        w.beginObject().value("number", static_cast<std::int64_t>(&r - st.rows.data()) + 1);
        w.value("gpu", r.gpu).value("gpu_name", r.gpuName);
        w.value("acquire", r.acquire == Acquire::Rent ? "rent" : "buy").value("price_book", r.priceBook);
        w.value("offer", r.offer).value("offer_name", r.offerName);
        w.value("size", r.size == OptionSize::SmallestFit ? "smallest_fit" : "meets_deadline");
        w.value("gpus", r.gpus).value("nodes", r.nodes).value("gpus_per_node", r.gpusPerNode);
        w.value("layout", r.layoutText);
        w.value("tp", r.layout.tp).value("pp", r.layout.pp).value("dp", r.layout.dp).value("cp", r.layout.cp);
        w.value("ep", r.layout.ep).value("vpp", r.layout.vpp).value("micro_batch", r.layout.microBatch);
        w.value("zero_stage", r.layout.zeroStage).value("recompute", toString(r.layout.recompute));
        if (std::isfinite(r.days))
            w.value("days", r.days).value("days_low", r.daysLow).value("days_high", r.daysHigh);
        else
            w.null("days").null("days_low").null("days_high");
        w.value("tokens_per_s", r.tokensPerSecond).value("mfu", r.mfu);
        w.value("meets_deadline", r.meetsDeadline)
            .value("within_budget", r.withinBudget)
            .value("priced", r.priced);
        if (r.priced) {
            w.value("cost", r.cost.units());
            // A rental from a book that sells no such server has no purchase beside it.
            if (r.halfPriced && r.acquire == Acquire::Rent)
                w.null("purchase").null("tco");
            else
                w.value("purchase", r.purchase.units()).value("tco", r.tco.units());
            w.value("horizon_months", r.horizonMonths).value("per_million_tokens", r.perMillionTokens);
        } else {
            w.null("cost").null("purchase").null("tco").null("horizon_months").null("per_million_tokens");
        }
        if (r.priced)
            w.value("power_kw", r.powerKw);
        else
            w.null("power_kw");
        w.value("profile", r.profile).value("profile_name", r.profileName);
        w.value("calibrated", r.calibrated);
        w.value("pareto", r.pareto);
        if (r.reason)
            w.value("reason", messageText(*r.reason, lang));
        else
            w.null("reason");
        if (r.priceNote)
            w.value("price_note", messageText(*r.priceNote, lang));
        else
            w.null("price_note");
        if (r.pricingNote)
            w.value("pricing_note", messageText(*r.pricingNote, lang));
        else
            w.null("pricing_note");
        w.endObject();
    }
    w.endArray().beginArray("gpu_types");
    for (const GpuOptions& g : st.gpus) {
        w.beginObject()
            .value("gpu", g.gpu)
            .value("gpu_name", g.gpuName)
            .value("gpus_per_node", g.gpusPerNode);
        if (g.smallestFitGpus)
            w.value("smallest_fit_gpus", *g.smallestFitGpus);
        else
            w.null("smallest_fit_gpus");
        if (g.deadlineGpus)
            w.value("deadline_gpus", *g.deadlineGpus);
        else
            w.null("deadline_gpus");
        w.value("searches", static_cast<std::int64_t>(g.probes));
        if (g.reason)
            w.value("reason", messageText(*g.reason, lang));
        else
            w.null("reason");
        w.endObject();
    }
    w.endArray().beginArray("notes");
    for (const auto& note : st.notes)
        w.value("", messageText(note, lang));
    w.endArray().endObject();
    return w.str();
}

std::string optionsToCsv(const OptionsStudy& st, Lang lang) {
    std::ostringstream out;
    out << "gpu,acquire,price_book,offer,size,gpus,nodes,gpus_per_node,days,days_low,days_high,tokens_per_s,"
           "mfu,"
           "cost,purchase,tco,per_million_tokens,currency,power_kw,profile,calibrated,pareto,recommended,"
           "meets_deadline,within_budget,layout,reason\n";
    for (std::size_t i = 0; i < st.rows.size(); ++i) {
        const OptionRow& r = st.rows[i];
        const auto num = [](double v, int d, std::string_view col) {
            return std::isfinite(v) ? csvFixed(v, d, col) : std::string();
        };
        out << csvField(r.gpu) << "," << (r.acquire == Acquire::Rent ? "rent" : "buy") << ","
            << csvField(r.priceBook) << "," << csvField(r.offer) << ","
            << (r.size == OptionSize::SmallestFit ? "smallest_fit" : "meets_deadline") << "," << r.gpus << ","
            << r.nodes << "," << r.gpusPerNode << "," << num(r.days, 2, "days") << ","
            << num(r.daysLow, 2, "days_low") << "," << num(r.daysHigh, 2, "days_high") << ","
            << num(r.tokensPerSecond, 1, "tokens_per_s") << "," << num(r.mfu, 4, "mfu") << ",";
        if (r.priced && r.halfPriced && r.acquire == Acquire::Rent)
            out << r.cost.toString() << ",,," << num(r.perMillionTokens, 4, "per_million_tokens");
        else if (r.priced)
            out << r.cost.toString() << "," << r.purchase.toString() << "," << r.tco.toString() << ","
                << num(r.perMillionTokens, 4, "per_million_tokens");
        else
            out << ",,,";
        out << "," << cost::currencyCode(st.currency) << ","
            << (r.priced ? num(r.powerKw, 1, "power_kw") : std::string()) << "," << csvField(r.profile) << ","
            << (r.calibrated ? "true" : "false") << "," << (r.pareto ? "true" : "false") << ","
            << (st.recommended == i ? "true" : "false") << "," << (r.meetsDeadline ? "true" : "false") << ","
            << (r.withinBudget ? "true" : "false") << "," << csvField(r.layoutText) << ","
            << csvField(r.reason ? messageText(*r.reason, lang) : std::string()) << "\n";
    }
    return out.str();
}

}  // namespace clusterplan
