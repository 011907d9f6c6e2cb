// Rent vs buy answers (see rent_vs_buy.h for the formulas).
#include "core/cost/rent_vs_buy.h"

#include <cmath>

#include "core/cost/messages_cost.h"
#include "core/util/as_double.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"

namespace clusterplan::cost {

namespace {

double availableGpuHours(const CostModel& m) {
    return static_cast<double>(m.cluster.gpus) * kHoursPerMonth * m.horizonMonths;
}

// u* = C0 / (Rent_T(u = 1) − C1), with Own_T(u) = C0 + C1·u (net of resale).
std::optional<double> breakevenUtilization(const CostModel& m, const RentOffer& offer, const RentTerm& term) {
    const int t = m.horizonMonths;
    const double c0 = buildOwnCurves(m, 0.0, t).ownNet[monthIndex(t)].units();
    const double c1 = buildOwnCurves(m, 1.0, t).ownNet[monthIndex(t)].units() - c0;
    const RentSchedule full = buildRentSchedule(offer, term, m.rentAdjustments(), m.cluster.gpus, 1.0, t);
    Money rentFull;
    for (const Money month : full.accrued)
        rentFull += month;
    const double denominator = rentFull.units() - c1;
    if (denominator <= 0)
        return std::nullopt;
    const double u = c0 / denominator;
    if (!(u >= 0 && u <= 1))
        return std::nullopt;
    return u;
}

// Highest server price at which owning costs no more than renting by the horizon; everything
// owned is affine in the price, so the root follows from two evaluations.
std::optional<Money> maxNodePrice(const CostModel& m, Money rentAtHorizon, bool net) {
    const int t = m.horizonMonths;
    auto excess = [&](double price) {
        CostModel priced = m;
        priced.params.nodePrice = price;
        const CostCurves c = buildOwnCurves(priced, m.utilization, t);
        return (net ? c.ownNet[monthIndex(t)] : c.ownGross[monthIndex(t)]).units() - rentAtHorizon.units();
    };
    const double p1 = m.params.nodePrice > 0 ? m.params.nodePrice : 1.0;
    const double f0 = excess(0.0);
    const double f1 = excess(p1);
    if (f1 <= f0)
        return std::nullopt;
    const double root = -f0 * p1 / (f1 - f0);
    if (root <= 0)
        return std::nullopt;
    return Money::fromUnits(root);
}

std::optional<Money> positive(Money amount) {
    return amount > Money() ? std::optional<Money>(amount) : std::nullopt;
}

RentOptionResult option(const CostModel& m, const CostCurves& own, const RentOffer& offer,
                        const RentTerm& term) {
    CostCurves c = own;
    const RentSchedule rent =
        buildRentSchedule(offer, term, m.rentAdjustments(), m.cluster.gpus, m.utilization, m.searchMonths);
    addRentCurves(c, rent, m.params.discountRate);
    const auto t = monthIndex(m.horizonMonths);
    RentOptionResult r;
    r.offerId = offer.id;
    r.termId = term.id;
    r.name = offer.name + (offer.terms.size() > 1 ? ", " + term.name : "");
    r.source = offer.source;
    r.asOf = offer.asOf;
    r.listPerGpuHour = listPerGpuHour(offer);
    r.effectivePerGpuHour = c.rentAccrued[t].units() / availableGpuHours(m);
    r.firstMonth = rent.accrued.empty() ? Money() : rent.accrued.front();
    r.total = c.rentCash[t];
    r.totalAccrued = c.rentAccrued[t];
    r.pv = Money::fromUnits(c.rentPv[t]);
    r.breakeven = findBreakEven(c, m.searchMonths);
    r.breakevenUtilization = breakevenUtilization(m, offer, term);
    return r;
}

void fillTotals(CostReport& r, const CostModel& m, const CostCurves& c) {
    const int t = m.horizonMonths;
    r.rentTotal = c.rentCash[monthIndex(t)];
    r.rentAccruedTotal = c.rentAccrued[monthIndex(t)];
    r.buyTotal = c.ownGross[monthIndex(t)];
    r.buyNetTotal = c.ownNet[monthIndex(t)];
    r.pvRent = Money::fromUnits(c.rentPv[monthIndex(t)]);
    r.pvBuy = Money::fromUnits(c.ownPv[monthIndex(t)]);
    r.residualAtHorizon = c.own.residual[monthIndex(t)];
    r.loanOutstanding = c.own.loanBalance[monthIndex(t)];
    for (int k = 0; k < t; ++k) {
        r.opexTotal += c.own.opex[monthIndex(k)].total();
        r.opexMonths.push_back(c.own.opex[monthIndex(k)]);
    }
    for (int mo = 0; mo <= t; ++mo)
        r.monthly.push_back({mo, c.rentCash[monthIndex(mo)], c.rentAccrued[monthIndex(mo)],
                             c.ownGross[monthIndex(mo)], c.ownNet[monthIndex(mo)],
                             Money::fromUnits(c.rentPv[monthIndex(mo)]),
                             Money::fromUnits(c.ownPv[monthIndex(mo)])});
}

void fillDerived(CostReport& r, const CostModel& m) {
    const double t = m.horizonMonths;
    r.maxCapexGross = positive(r.rentAccruedTotal - r.opexTotal);
    r.maxCapexNet = positive(r.rentAccruedTotal - r.opexTotal + r.residualAtHorizon);
    r.maxNodePriceGross = maxNodePrice(m, r.rentAccruedTotal, false);
    r.maxNodePriceNet = maxNodePrice(m, r.rentAccruedTotal, true);
    r.minRentGross = Money::fromUnits(r.buyTotal.units() / t);
    r.minRentNet = Money::fromUnits(r.buyNetTotal.units() / t);
    const double hours = availableGpuHours(m);
    r.buyPerGpuHour = r.buyNetTotal.units() / hours;
    r.rentPerGpuHour = r.rentAccruedTotal.units() / hours;
    if (m.utilization > 0) {
        r.buyPerUtilizedGpuHour = r.buyPerGpuHour / m.utilization;
        r.rentPerUtilizedGpuHour = r.rentPerGpuHour / m.utilization;
    }
}

void fillRun(CostReport& r, const CostModel& m, std::optional<double> runGpuHours, double tokens) {
    r.runGpuHours = runGpuHours;
    r.trainingTokens = tokens;
    if (!runGpuHours)
        return;
    if (!r.buyPerUtilizedGpuHour) {
        r.notes.push_back(makeMessage(msg::kCostZeroUtilisation));
        return;
    }
    r.jobRental = jobRental(m, *runGpuHours);
    const Money rentAtAverage = Money::fromUnits(*runGpuHours * *r.rentPerUtilizedGpuHour);
    r.runCostRent = r.jobRental ? r.jobRental->amount : rentAtAverage;
    r.runCostBuy = Money::fromUnits(*runGpuHours * *r.buyPerUtilizedGpuHour);
    if (tokens > 0) {
        r.perMillionTokensRent = rentAtAverage.units() / (tokens / 1e6);
        r.perMillionTokensBuy = r.runCostBuy->units() / (tokens / 1e6);
    }
}

// Leaves out the half the price book does not offer, and every figure that compares the two.
void leaveOutMissingHalf(CostReport& r) {
    if (!r.notOffered)
        return;
    r.breakeven = {};
    r.breakevenUtilization.reset();
    r.maxCapexGross.reset();
    r.maxCapexNet.reset();
    r.maxNodePriceGross.reset();
    r.maxNodePriceNet.reset();
    r.sensitivity.clear();
    if (r.notOffered->half == CostHalf::Rent) {
        r.offer = {};
        r.term = {};
        r.rentUnits = r.rentGpus = 0;
        r.rentDeposit = r.rentTotal = r.rentAccruedTotal = r.pvRent = {};
        r.rentPerGpuHour = 0;
        r.rentPerUtilizedGpuHour.reset();
        r.runCostRent.reset();
        r.jobRental.reset();
        r.perMillionTokensRent.reset();
        r.options.clear();
        for (auto& p : r.monthly)
            p.rent = p.rentAccrued = p.rentPv = {};
        return;
    }
    r.purchaseId.clear();
    r.purchaseName.clear();
    r.purchaseNameZh.clear();
    r.capex = {};
    r.firstMonthOpex = {};
    r.nodeMaxKw = r.itAverageKw = r.contractKw = r.fte = 0;
    r.loanPayment = r.depreciationPerMonth = r.opexTotal = r.residualAtHorizon = r.loanOutstanding = {};
    r.opexMonths.clear();
    r.buyTotal = r.buyNetTotal = r.pvBuy = r.minRentGross = r.minRentNet = {};
    r.buyPerGpuHour = 0;
    r.buyPerUtilizedGpuHour.reset();
    r.runCostBuy.reset();
    r.perMillionTokensBuy.reset();
    for (auto& o : r.options) {
        o.breakeven = {};
        o.breakevenUtilization.reset();
    }
    for (auto& p : r.monthly)
        p.buy = p.buyNet = p.buyPv = {};
}

bool anySaturated(const CostReport& r) {
    for (const auto& p : r.monthly)
        if (p.rent.saturated() || p.rentAccrued.saturated() || p.buy.saturated() || p.buyNet.saturated())
            return true;
    return r.capex.capex.saturated();
}

}  // namespace

Result<CostReport> computeCost(const CostModel& m, std::optional<double> runGpuHours, double trainingTokens) {
    if (runGpuHours && !(std::isfinite(*runGpuHours) && *runGpuHours >= 0 && *runGpuHours <= 1e15))
        return inputError("run_gpu_hours", msg::kErrorRange, {formatNumber(*runGpuHours), "0", "1e15"});
    if (!(std::isfinite(trainingTokens) && trainingTokens >= 0 && trainingTokens <= 1e18))
        return inputError("training.tokens", msg::kErrorRange, {formatNumber(trainingTokens), "0", "1e18"});
    const CostCurves c = buildCurves(m, m.offer, m.term, m.searchMonths);
    CostReport r;
    r.currency = m.currency;
    r.bookCurrency = m.bookCurrency;
    r.cnyPerUsd = m.cnyPerUsd;
    r.priceBookId = m.priceBookId;
    r.priceBookName = m.priceBookName;
    r.purchaseId = m.purchaseId;
    r.purchaseName = m.purchaseName;
    r.purchaseNameZh = m.purchaseNameZh;
    r.cluster = m.cluster;
    r.horizonMonths = m.horizonMonths;
    r.searchMonths = m.searchMonths;
    r.utilization = m.utilization;
    r.discountRate = m.params.discountRate;
    r.capex = c.own.capex;
    r.firstMonthOpex = c.own.opex.front();
    r.nodeMaxKw = c.own.nodeMaxKw;
    r.itAverageKw = c.own.itAverageKw;
    r.contractKw = c.own.contractKw;
    r.fte = c.own.fte;
    r.loanPayment = c.own.loanPayment;
    r.depreciationPerMonth = c.own.depreciationPerMonth;
    r.offer = m.offer;
    r.term = m.term;
    r.rentUnits = c.rent.units;
    r.rentGpus = c.rent.gpusRented;
    r.rentDeposit = c.rent.deposit;
    fillTotals(r, m, c);
    r.breakeven = findBreakEven(c, m.searchMonths);
    r.breakevenUtilization = breakevenUtilization(m, m.offer, m.term);
    fillDerived(r, m);
    r.notes = m.notes;
    fillRun(r, m, runGpuHours, trainingTokens);
    for (const RentOffer& offer : m.offers)
        for (const RentTerm& term : offer.terms)
            r.options.push_back(option(m, c, offer, term));
    r.sensitivity = sensitivity(m, m.sensitivityRange);
    r.parameters = m.origins;
    r.notOffered = m.notOffered;
    r.priceBookNameZh = m.priceBookNameZh;
    leaveOutMissingHalf(r);
    if (anySaturated(r))
        return inputError("cost", msg::kErrorCostTooLarge, {formatNumber(Money::kMaxUnits)});
    return r;
}

Result<CostReport> computeCost(const CostInputs& inputs, const PriceBooks& books, const ClusterFacts& cluster,
                               std::optional<double> runGpuHours, double trainingTokens) {
    auto model = resolveCostModel(inputs, books, cluster, OneHalf::Priced);
    if (!model)
        return model.error();
    // A scenario that names no term compares renting and owning over the horizon on the term the
    // job is billed on, so that the quote's 36-month rent, its break-even and its bill rest on one
    // contract (a custom offer billed yearly was compared on its first, monthly, term: ¥128,400.12
    // more rent over 36 months and a break-even the billed term never reaches). A named term is the
    // customer's: it stays, and the quote names both.
    if (inputs.rentTerm.empty() && runGpuHours && std::isfinite(*runGpuHours) && *runGpuHours > 0 &&
        *runGpuHours <= 1e15)
        if (const auto job = jobRental(model.value(), *runGpuHours))
            model.value().term = job->term;
    return computeCost(model.value(), runGpuHours, trainingTokens);
}

}  // namespace clusterplan::cost
