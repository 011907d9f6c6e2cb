// The phased plan and its two plain plans (see phased_plan.h).
#include "core/phases/phased_plan.h"

#include "core/catalog/phase_check.h"
#include "core/phases/messages_phases.h"
#include "core/util/as_double.h"

namespace clusterplan {

namespace {

using cost::Money;

std::optional<double> perMillion(Money cost, double tokens) {
    if (!(tokens > 0))
        return std::nullopt;
    return cost.units() / (tokens / 1e6);
}

// Cumulative cost and tokens, months 0 .. n, from per-month amounts.
// Cumulative cost and tokens after m months, m = 0 .. T; what is paid as month m starts (a
// purchase's capex) counts at m, so buying shows its outlay at month 0, not a month later.
void cumulate(const PhaseCosts& costs, const std::vector<double>& tokens, std::vector<Money>& sumCost,
              std::vector<double>& sumTokens) {
    const std::size_t months = costs.months.size();
    sumCost.assign(months + 1, Money());
    sumTokens.assign(months + 1, 0.0);
    Money spent;
    for (std::size_t m = 0; m < months; ++m) {
        sumCost[m] = spent + costs.upfront[m];
        spent += costs.months[m];
        sumTokens[m + 1] = sumTokens[m] + tokens[m];
    }
    sumCost[months] = spent;
}

struct PlainPlan {
    PlanTotals totals;
    std::vector<Money> cost;  // cumulative, months 0 .. T
    std::vector<double> tokens;
};

// The final phase's cluster and model over all the months, rented or bought.
Result<PlainPlan> plainPlan(const Scenario& s, const std::vector<PhaseSetup>& phases, Acquire acquire,
                            EngineSession& session, const PhaseInputs& resolved) {
    PhaseSetup whole = phases.back();
    whole.index = phases.size() - 1;
    whole.start = 0;
    whole.months = 0;
    for (const PhaseSetup& p : phases)
        whole.months += p.months;
    whole.acquire = acquire;
    if (acquire == Acquire::Buy || phases.back().acquire == Acquire::Buy) {
        whole.offer.clear();
        whole.term.clear();
    }
    whole.tokens.reset();
    double goal = 0;
    bool allGoals = true;
    for (const PhaseSetup& p : phases) {
        allGoals = allGoals && p.tokens.has_value();
        goal += p.tokens.value_or(0);
    }
    if (allGoals)
        whole.tokens = goal;
    auto training = trainPhase(s, whole, session, resolved);
    if (!training)
        return training.error();
    auto costs = costPhases(s, {whole}, resolved);
    if (!costs)
        return costs.error();
    PlainPlan plan;
    plan.totals.cost = costs->phases.front().total;
    plan.totals.tokens = training->tokens;
    plan.totals.perMillionTokens = perMillion(plan.totals.cost, plan.totals.tokens);
    const PhaseCost& pc = costs->phases.front();
    plan.totals.description =
        acquire == Acquire::Buy
            ? "buy the final cluster at month 0" +
                  (pc.purchaseId.empty() ? std::string() : " (" + pc.purchaseId + ")")
            : "rent the final cluster from month 0 (" + pc.offerId + ", " + pc.termId + ")";
    cumulate(*costs, training->tokensByMonth, plan.cost, plan.tokens);
    return plan;
}

}  // namespace

Result<PhasedPlan> planPhases(const Scenario& s, const Catalog& catalog) {
    if (s.phases.empty())
        return Error{"phases", "the scenario has no phases"};
    if (auto e = checkPhases(s, catalog))
        return *e;
    EngineSession session(catalog);  // every phase's plan, and the plain plans compared with them
    const PhaseInputs resolved = resolvePhaseInputs(s, catalog);
    const std::vector<PhaseSetup> setups = phaseSetups(s);
    PhasedPlan plan;
    plan.utilization = s.cost.utilization;
    auto costs = costPhases(s, setups, resolved);
    if (!costs)
        return costs.error();
    plan.currency = costs->currency;
    std::vector<double> tokensByMonth;
    for (std::size_t i = 0; i < setups.size(); ++i) {
        auto training = trainPhase(s, setups[i], session, resolved);
        if (!training)
            return training.error();
        PhaseResult r{setups[i], std::move(training).value(), costs->phases[i], Money(), 0.0};
        tokensByMonth.insert(tokensByMonth.end(), r.training.tokensByMonth.begin(),
                             r.training.tokensByMonth.end());
        plan.total.cost += r.cost.total;
        plan.total.tokens += r.training.tokens;
        r.cumulativeCost = plan.total.cost;
        r.cumulativeTokens = plan.total.tokens;
        if (!r.training.fits)
            plan.notes.push_back(
                makeMessage(msg::kPhasesNoteDoesNotFit,
                            {r.setup.name, std::to_string(static_cast<int>(r.training.memoryGib + 0.5)),
                             std::to_string(static_cast<int>(r.training.capacityGib + 0.5))}));
        if (!r.setup.slice && r.cost.gpusRented > r.setup.gpus())
            plan.notes.push_back(
                makeMessage(msg::kPhasesNoteWholeServers, {r.setup.name, std::to_string(r.cost.gpusRented),
                                                           std::to_string(r.setup.gpus()), r.cost.offerId}));
        plan.months += r.setup.months;
        plan.phases.push_back(std::move(r));
    }
    plan.total.description = "phased plan";
    plan.total.perMillionTokens = perMillion(plan.total.cost, plan.total.tokens);
    std::vector<Money> phasedCost;
    std::vector<double> phasedTokens;
    cumulate(*costs, tokensByMonth, phasedCost, phasedTokens);
    std::optional<PlainPlan> rent, buy;
    if (auto r = plainPlan(s, setups, Acquire::Rent, session, resolved))
        rent = std::move(r).value();
    else
        plan.notes.push_back(makeNestedMessage(msg::kPhasesNoteRentNotPriced, {errorLine(r.error())}));
    if (setups.back().slice)
        plan.notes.push_back(makeMessage(msg::kPhasesNoteSliceNoBuy));
    else if (auto b = plainPlan(s, setups, Acquire::Buy, session, resolved))
        buy = std::move(b).value();
    else
        plan.notes.push_back(makeNestedMessage(msg::kPhasesNoteBuyNotPriced, {errorLine(b.error())}));
    if (rent)
        plan.rentFinal = rent->totals;
    if (buy)
        plan.buyFinal = buy->totals;
    for (int m = 0; m <= plan.months; ++m) {
        PhasedMonth pm;
        pm.month = m;
        pm.phased = phasedCost[monthIndex(m)];
        pm.phasedTokens = phasedTokens[monthIndex(m)];
        if (rent) {
            pm.rentFinal = rent->cost[monthIndex(m)];
            pm.rentFinalTokens = rent->tokens[monthIndex(m)];
        }
        if (buy) {
            pm.buyFinal = buy->cost[monthIndex(m)];
            pm.buyFinalTokens = buy->tokens[monthIndex(m)];
        }
        plan.monthly.push_back(pm);
    }
    return plan;
}

}  // namespace clusterplan
