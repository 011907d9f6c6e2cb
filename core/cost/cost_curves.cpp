// Cumulative cost curves and break-even search; formulas in cost_curves.h.
#include "core/cost/cost_curves.h"

#include <cmath>

#include "core/util/as_double.h"

namespace clusterplan::cost {

double monthlyDiscountFactor(double annualRate) {
    const double monthly = std::pow(1.0 + annualRate, 1.0 / 12.0) - 1.0;
    return 1.0 / (1.0 + monthly);
}

CostCurves buildOwnCurves(const CostModel& model, double utilization, int months) {
    CostCurves c;
    c.own = buildOwnSchedule(model.params, model.cluster, model.network, utilization, months);
    const OwnSchedule& s = c.own;
    const double v = monthlyDiscountFactor(model.params.discountRate);
    c.ownGross.resize(monthIndex(months) + 1);
    c.ownNet.resize(monthIndex(months) + 1);
    c.ownPv.resize(monthIndex(months) + 1);
    Money gross = s.cashAtStart;
    double pv = s.cashAtStart.units();
    double vk = 1.0;  // v^m
    for (int m = 0; m <= months; ++m) {
        c.ownGross[monthIndex(m)] = gross;
        c.ownNet[monthIndex(m)] = gross - s.residual[monthIndex(m)] + s.loanBalance[monthIndex(m)];
        c.ownPv[monthIndex(m)] = pv - (s.residual[monthIndex(m)] - s.loanBalance[monthIndex(m)]).units() * vk;
        if (m == months)
            break;
        const Money opex = s.opex[monthIndex(m)].total();
        const Money loan = m < s.loanMonths ? s.loanPayment : Money();
        gross += opex + loan;
        pv += opex.units() * vk + loan.units() * vk * v;
        vk *= v;
    }
    return c;
}

void addRentCurves(CostCurves& c, const RentSchedule& rent, double annualRate) {
    const int months = static_cast<int>(rent.cash.size());
    const double v = monthlyDiscountFactor(annualRate);
    c.rentCash.assign(monthIndex(months) + 1, Money());
    c.rentAccrued.assign(monthIndex(months) + 1, Money());
    c.rentPv.assign(monthIndex(months) + 1, 0.0);
    c.rentAccruedPv.assign(monthIndex(months) + 1, 0.0);
    double pv = 0, accruedPv = 0;
    double vk = 1.0;
    const double deposit = rent.deposit.units();
    for (int m = 1; m <= months; ++m) {
        c.rentCash[monthIndex(m)] = c.rentCash[monthIndex(m - 1)] + rent.cash[monthIndex(m - 1)];
        c.rentAccrued[monthIndex(m)] = c.rentAccrued[monthIndex(m - 1)] + rent.accrued[monthIndex(m - 1)];
        pv += rent.cash[monthIndex(m - 1)].units() * vk;
        accruedPv += rent.accrued[monthIndex(m - 1)].units() * vk;
        vk *= v;
        c.rentPv[monthIndex(m)] = pv + deposit * (1.0 - vk);
        c.rentAccruedPv[monthIndex(m)] = accruedPv + deposit * (1.0 - vk);
    }
    c.rent = rent;
}

CostCurves buildCurves(const CostModel& model, const RentOffer& offer, const RentTerm& term, int months) {
    CostCurves c = buildOwnCurves(model, model.utilization, months);
    const RentSchedule rent = buildRentSchedule(offer, term, model.rentAdjustments(), model.cluster.gpus,
                                                model.utilization, months);
    addRentCurves(c, rent, model.params.discountRate);
    return c;
}

BreakEven findBreakEven(const CostCurves& c, int last) {
    BreakEven b;
    for (int m = 1; m <= last && m <= c.months(); ++m) {
        if (!b.gross && c.rentAccrued[monthIndex(m)] >= c.ownGross[monthIndex(m)])
            b.gross = m;
        if (!b.net && c.rentAccrued[monthIndex(m)] >= c.ownNet[monthIndex(m)])
            b.net = m;
        if (!b.pv && c.rentAccruedPv[monthIndex(m)] >= c.ownPv[monthIndex(m)])
            b.pv = m;
    }
    return b;
}

Headline headline(const CostModel& model) {
    const CostCurves c = buildCurves(model, model.offer, model.term, model.searchMonths);
    const auto t = monthIndex(model.horizonMonths);
    Headline h;
    h.breakeven = findBreakEven(c, model.searchMonths).gross;
    h.buyNet = c.ownNet[t];
    h.rent = c.rentAccrued[t];
    h.pvBuy = c.ownPv[t];
    h.pvRent = c.rentPv[t];
    return h;
}

}  // namespace clusterplan::cost
