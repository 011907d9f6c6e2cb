// Formats of the phased plan (see phases_format.h).
#include "core/phases/phases_format.h"

#include <cmath>

#include "core/phases/messages_phases.h"
#include "core/util/csv_write.h"
#include "core/util/json_write.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

using cost::Money;

void writeTotals(json::Writer& w, std::string_view key, const std::optional<PlanTotals>& t) {
    if (!t) {
        w.null(key);
        return;
    }
    w.beginObject(key).value("description", t->description).value("cost", t->cost.units());
    w.value("tokens", std::round(t->tokens));
    if (t->perMillionTokens)
        w.value("per_million_tokens", roundedTo(*t->perMillionTokens, 4));
    else
        w.null("per_million_tokens");
    w.endObject();
}

void writePhase(json::Writer& w, const PhaseResult& r) {
    const PhaseSetup& p = r.setup;
    w.beginObject().value("name", p.name).value("months", p.months).value("start_month", p.start);
    w.value("cost", r.cost.total.units()).value("tokens", std::round(r.training.tokens));
    w.value("fits", r.training.fits);
    w.value("gpu", p.cluster.gpu);
    if (p.slice)
        w.value("slice_fraction", p.slice->fraction);
    else
        w.value("gpus", p.cluster.gpus())
            .value("nodes", p.cluster.nodes)
            .value("gpus_per_node", p.cluster.gpusPerNode);
    w.value("acquire", p.acquire == Acquire::Buy ? "buy" : "rent");
    if (p.acquire == Acquire::Rent)
        w.value("offer", r.cost.offerId).value("term", r.cost.termId).value("gpus_rented", r.cost.gpusRented);
    else
        w.value("purchase", r.cost.purchaseId);
    w.value("model", r.training.model).value("params", r.training.params);
    if (p.tokens)
        w.value("tokens_goal", *p.tokens);
    else
        w.null("tokens_goal");
    w.value("reached_goal", r.training.reachedGoal);
    w.value("tokens_per_s", roundedTo(r.training.tokensPerSecond, 2));
    w.value("days", roundedTo(r.training.trainingDays, 3));
    w.value("memory_gib", roundedTo(r.training.memoryGib, 3))
        .value("capacity_gib", roundedTo(r.training.capacityGib, 3));
    w.value("cumulative_cost", r.cumulativeCost.units())
        .value("cumulative_tokens", std::round(r.cumulativeTokens));
    if (p.acquire == Acquire::Rent)
        w.value("contract_rules", r.cost.contractRules).value("contract_source", r.cost.contractSource);
    w.beginArray("events");
    for (const auto& e : r.cost.events)
        w.value("", e.text);
    w.endArray();
    w.endObject();
}

std::string tokensText(double tokens) {
    if (tokens >= units::kBillion)
        return formatFixed(tokens / units::kBillion, 2) + " B";
    if (tokens >= 1e6)
        return formatFixed(tokens / 1e6, 2) + " M";
    return formatFixed(tokens, 0);
}

std::string perMillionText(const std::optional<double>& x, cost::Currency c) {
    return x ? std::string(cost::currencySymbol(c)) + formatFixed(*x, 2) : "-";
}

// `s` and spaces to `width` columns (at least one space). A Chinese character or full-width mark
// (UTF-8 lead byte 0xE3-0xE9: U+3000-U+9FFF; 0xEF: U+F000-U+FFFF, the full-width forms) takes two.
std::string pad(std::string s, std::size_t width) {
    std::size_t n = 0;
    for (const char ch : s) {
        const auto byte = static_cast<unsigned char>(ch);
        if ((byte & 0xC0) != 0x80)
            n += (byte >= 0xE3 && byte <= 0xE9) || byte == 0xEF ? 2 : 1;
    }
    s.append(n < width ? width - n : 1, ' ');
    return s;
}

// The phased plan's text in one language: its words from the message catalog, the numbers as they are.
class PhasesText {
public:
    explicit PhasesText(Lang lang) : m_lang(lang) {}
    [[nodiscard]] std::string say(const Message& m) const { return messageText(m, m_lang); }
    [[nodiscard]] std::string label(const MessageId<0>& id) const { return pad(say(makeMessage(id)), 14); }
    [[nodiscard]] Lang lang() const { return m_lang; }

private:
    Lang m_lang;
};

std::string hardwareText(const PhaseSetup& p, Lang lang) {
    if (p.slice) {
        const double inverse = 1.0 / p.slice->fraction;
        const std::string part = std::abs(inverse - std::round(inverse)) < 1e-9
                                     ? "1/" + formatNumber(std::round(inverse))
                                     : formatNumber(p.slice->fraction);
        return messageText(makeMessage(msg::kPhasesTextSlice, {part, p.cluster.gpu}), lang);
    }
    const std::string gpus = std::to_string(p.cluster.gpus());
    return messageText(
        p.cluster.nodes == 1
            ? makeMessage(msg::kPhasesTextOneNode, {gpus, p.cluster.gpu})
            : makeMessage(msg::kPhasesTextNodes, {gpus, p.cluster.gpu, std::to_string(p.cluster.nodes)}),
        lang);
}

// The contract's rules: in English the keys and values the JSON writes ("add_cards list_price,
// early_exit no_refund") and the price book's statement of them; in another language the rules as
// sentences, and the statement (the price book's own words) or that the book states none.
std::string rulesText(const PhaseCost& c, const PhasesText& t) {
    if (t.lang() == Lang::En || c.contractTerms.size() < 2)
        return t.say(makeMessage(msg::kPhasesTextRulesSource, {c.contractRules, c.contractSource}));
    const std::string terms = t.say(
        makeMessage(msg::kPhasesTextRulesTerms, {t.say(c.contractTerms[0]), t.say(c.contractTerms[1])}));
    const std::string source = c.contractTerms.size() > 2 ? t.say(c.contractTerms[2]) : c.contractSource;
    return t.say(makeMessage(msg::kPhasesTextRulesSource, {terms, source}));
}

}  // namespace

std::string phaseHardware(const PhaseSetup& p) {
    return hardwareText(p, Lang::En);
}

std::string phasesToJson(const PhasedPlan& plan) {
    json::Writer w;
    w.beginObject().value("schema", kPhasesSchema);
    w.value("currency", cost::currencyCode(plan.currency)).value("utilization", plan.utilization);
    w.value("months", plan.months);
    w.beginArray("phases");
    for (const auto& r : plan.phases)
        writePhase(w, r);
    w.endArray();
    writeTotals(w, "total", plan.total);
    writeTotals(w, "rent_final", plan.rentFinal);
    writeTotals(w, "buy_final", plan.buyFinal);
    w.beginArray("monthly");
    for (const auto& m : plan.monthly) {
        w.beginObject().value("month", m.month).value("phased_cost", m.phased.units());
        w.value("phased_tokens", std::round(m.phasedTokens));
        w.value("rent_final_cost", m.rentFinal.units())
            .value("rent_final_tokens", std::round(m.rentFinalTokens));
        w.value("buy_final_cost", m.buyFinal.units()).value("buy_final_tokens", std::round(m.buyFinalTokens));
        w.endObject();
    }
    w.endArray();
    w.beginArray("notes");
    for (const auto& n : plan.notes)
        w.value("", n.text);
    w.endArray();
    w.endObject();
    return w.str();
}

std::string phasesToText(const PhasedPlan& plan, Lang lang) {
    const PhasesText t(lang);
    const auto money = [&](Money m) { return cost::formatMoney(m, plan.currency); };
    std::string out = t.say(makeMessage(msg::kPhasesTextTitle, {std::to_string(plan.months),
                                                                formatFixed(plan.utilization * 100.0, 0)})) +
                      "\n\n";
    for (const auto& r : plan.phases) {
        const PhaseSetup& p = r.setup;
        out += t.say(makeMessage(msg::kPhasesTextPhase,
                                 {std::to_string(p.index + 1), p.name, std::to_string(p.start),
                                  std::to_string(p.start + p.months)})) +
               "\n";
        const std::string hardware = hardwareText(p, lang);
        out += "  " + t.label(msg::kPhasesTextRunsOn) +
               t.say(p.acquire == Acquire::Buy
                         ? makeMessage(msg::kPhasesTextBought, {hardware})
                         : makeMessage(msg::kPhasesTextRented, {hardware, r.cost.offerId, r.cost.termId})) +
               "\n";
        std::string trains =
            t.say(makeMessage(msg::kPhasesTextTraining, {r.training.model, tokensText(r.training.tokens),
                                                         formatFixed(r.training.trainingDays, 1),
                                                         formatFixed(r.training.tokensPerSecond, 0)}));
        if (!r.training.fits)
            trains = t.say(makeMessage(msg::kPhasesTextNoFit, {trains, formatFixed(r.training.memoryGib, 1),
                                                               formatFixed(r.training.capacityGib, 1)}));
        out += "  " + t.label(msg::kPhasesTextTrains) + trains + "\n";
        out += "  " + t.label(msg::kPhasesTextCosts) +
               t.say(makeMessage(msg::kPhasesTextCost, {money(r.cost.total), money(r.cumulativeCost)})) +
               "\n";
        for (const auto& e : r.cost.events)
            out += "  " + t.label(msg::kPhasesTextContract) + t.say(e) + "\n";
        if (!r.cost.events.empty() && !r.cost.contractSource.empty())
            out += "  " + t.label(msg::kPhasesTextRules) + rulesText(r.cost, t) + "\n";
        out += "\n";
    }
    out += pad("", 34) + pad(t.say(makeMessage(msg::kPhasesTextCostColumn)), 20) +
           pad(t.say(makeMessage(msg::kPhasesTextTokensColumn)), 12) +
           t.say(makeMessage(msg::kPhasesTextPerMillionColumn)) + "\n";
    const auto row = [&](const MessageId<0>& label, const std::optional<PlanTotals>& totals) {
        const std::string name = pad(t.say(makeMessage(label)), 34);
        if (!totals) {
            out += name + t.say(makeMessage(msg::kPhasesTextNotPriced)) + "\n";
            return;
        }
        out += name + pad(money(totals->cost), 20) + pad(tokensText(totals->tokens), 12) +
               perMillionText(totals->perMillionTokens, plan.currency) + "\n";
    };
    row(msg::kPhasesTextPhasedRow, plan.total);
    row(msg::kPhasesTextRentRow, plan.rentFinal);
    row(msg::kPhasesTextBuyRow, plan.buyFinal);
    for (const auto& n : plan.notes)
        out += "\n" + t.say(makeNestedMessage(msg::kPhasesTextNote, {Message(n)}));
    if (!plan.notes.empty())
        out += "\n";
    return out;
}

std::string phasesToCsv(const PhasedPlan& plan) {
    const std::string currency(cost::currencyCode(plan.currency));
    std::string out =
        "row,name,start_month,months,hardware,acquire,offer,model,fits,tokens_per_s,tokens,days,cost_" +
        currency + ",cumulative_cost_" + currency + ",per_million_tokens_" + currency + "\n";
    for (const auto& r : plan.phases) {
        const PhaseSetup& p = r.setup;
        out +=
            "phase," + csvField(p.name) + "," + std::to_string(p.start) + "," + std::to_string(p.months) +
            "," + csvField(phaseHardware(p)) + "," + (p.acquire == Acquire::Buy ? "buy" : "rent") + "," +
            csvField(p.acquire == Acquire::Buy ? r.cost.purchaseId : r.cost.offerId + "/" + r.cost.termId) +
            "," + csvField(r.training.model) + "," + (r.training.fits ? "yes" : "no") + "," +
            csvFixed(r.training.tokensPerSecond, 2, "tokens_per_s") + "," +
            csvFixed(r.training.tokens, 0, "tokens") + "," + csvFixed(r.training.trainingDays, 3, "days") +
            "," + r.cost.total.toString() + "," + r.cumulativeCost.toString() + ",\n";
    }
    const auto row = [&](const char* name, const std::optional<PlanTotals>& t) {
        if (!t)
            return;
        out += std::string(name) + "," + csvField(t->description) + ",0," + std::to_string(plan.months) +
               ",,,,,,," + csvFixed(t->tokens, 0, "tokens") + ",," + t->cost.toString() + "," +
               t->cost.toString() + "," +
               (t->perMillionTokens ? csvFixed(*t->perMillionTokens, 4, "per_million_tokens") : "") + "\n";
    };
    row("total", plan.total);
    row("rent_final", plan.rentFinal);
    row("buy_final", plan.buyFinal);
    return out;
}

}  // namespace clusterplan
