// Formats of the phased plan (see phases_format.h).
#include "core/phases/phases_format.h"

#include <cmath>

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

std::string pad(std::string s, std::size_t width) {
    std::size_t n = 0;
    for (const char ch : s)
        n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80 ? 1 : 0;
    s.append(n < width ? width - n : 1, ' ');
    return s;
}

}  // namespace

std::string phaseHardware(const PhaseSetup& p) {
    if (p.slice) {
        const double inverse = 1.0 / p.slice->fraction;
        if (std::abs(inverse - std::round(inverse)) < 1e-9)
            return "1/" + formatNumber(std::round(inverse)) + " of " + p.cluster.gpu;
        return formatNumber(p.slice->fraction) + " of " + p.cluster.gpu;
    }
    return std::to_string(p.cluster.gpus()) + " × " + p.cluster.gpu + " (" + std::to_string(p.cluster.nodes) +
           (p.cluster.nodes == 1 ? " node)" : " nodes)");
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
        w.value("", n);
    w.endArray();
    w.endObject();
    return w.str();
}

std::string phasesToText(const PhasedPlan& plan) {
    const auto money = [&](Money m) { return cost::formatMoney(m, plan.currency); };
    std::string out = "Phased plan over " + std::to_string(plan.months) + " months (utilisation " +
                      formatFixed(plan.utilization * 100.0, 0) + " %)\n\n";
    for (const auto& r : plan.phases) {
        const PhaseSetup& p = r.setup;
        out += "Phase " + std::to_string(p.index + 1) + ": " + p.name + " (months " +
               std::to_string(p.start) + "-" + std::to_string(p.start + p.months) + ")\n";
        out += "  " + pad("runs on", 14) + phaseHardware(p) + ", " +
               (p.acquire == Acquire::Buy ? "bought" : "rented");
        out += p.acquire == Acquire::Rent ? " (" + r.cost.offerId + ", " + r.cost.termId + ")\n" : "\n";
        out += "  " + pad("trains", 14) + r.training.model + ": " + tokensText(r.training.tokens) +
               " tokens in " + formatFixed(r.training.trainingDays, 1) + " days at " +
               formatFixed(r.training.tokensPerSecond, 0) + " tokens/s" +
               (r.training.fits ? ""
                                : " (does not fit: " + formatFixed(r.training.memoryGib, 1) + " of " +
                                      formatFixed(r.training.capacityGib, 1) + " GiB)") +
               "\n";
        out +=
            "  " + pad("costs", 14) + money(r.cost.total) + " (cumulative " + money(r.cumulativeCost) + ")\n";
        for (const auto& e : r.cost.events)
            out += "  " + pad("contract", 14) + e.text + "\n";
        if (!r.cost.events.empty() && !r.cost.contractSource.empty())
            out += "  " + pad("rules", 14) + r.cost.contractRules + ": " + r.cost.contractSource + "\n";
        out += "\n";
    }
    out += pad("", 34) + pad("cost", 20) + pad("tokens", 12) + "per million tokens\n";
    const auto row = [&](const std::string& label, const std::optional<PlanTotals>& t) {
        if (!t) {
            out += pad(label, 34) + "not priced\n";
            return;
        }
        out += pad(label, 34) + pad(money(t->cost), 20) + pad(tokensText(t->tokens), 12) +
               perMillionText(t->perMillionTokens, plan.currency) + "\n";
    };
    row("Phased plan", plan.total);
    row("Rent the final cluster (month 0)", plan.rentFinal);
    row("Buy the final cluster (month 0)", plan.buyFinal);
    for (const auto& n : plan.notes)
        out += "\nNote: " + n;
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
