// Renting month by month; formulas and sources in renting.h.
#include "core/cost/renting.h"

#include <algorithm>
#include <cmath>

#include "core/cost/ownership.h"

namespace clusterplan::cost {

const char* toString(RentUnit unit) {
    switch (unit) {
    case RentUnit::GpuHour:
        return "gpu_hour";
    case RentUnit::GpuMonth:
        return "gpu_month";
    case RentUnit::ServerMonth:
        return "server_month";
    case RentUnit::SliceMonth:
        return "slice_month";
    }
    return "gpu_hour";
}

const char* toString(Billing billing) {
    switch (billing) {
    case Billing::Reserved:
        return "reserved";
    case Billing::OnDemand:
        return "on_demand";
    case Billing::Spot:
        return "spot";
    }
    return "reserved";
}

const char* toString(CreditPer per) {
    return per == CreditPer::Gpu ? "gpu" : "unit";
}

const char* toString(AddCards rule) {
    return rule == AddCards::OriginalDiscount ? "original_discount" : "list_price";
}

const char* toString(EarlyExit rule) {
    return rule == EarlyExit::ProRataRefund ? "pro_rata_refund" : "no_refund";
}

double listPerGpuMonth(const RentOffer& o) {
    switch (o.unit) {
    case RentUnit::GpuHour:
        return o.price * kHoursPerMonth;
    case RentUnit::GpuMonth:
        return o.price;
    case RentUnit::ServerMonth:
        return o.price / o.gpusPerUnit;
    case RentUnit::SliceMonth:
        return o.price * o.slicesPerGpu;
    }
    return o.price;
}

double listPerGpuHour(const RentOffer& o) {
    return o.unit == RentUnit::GpuHour ? o.price : listPerGpuMonth(o) / kHoursPerMonth;
}

std::int64_t unitsFor(const RentOffer& o, std::int64_t gpus) {
    switch (o.unit) {
    case RentUnit::GpuHour:
    case RentUnit::GpuMonth:
        return gpus;
    case RentUnit::ServerMonth:
        return (gpus + o.gpusPerUnit - 1) / o.gpusPerUnit;
    case RentUnit::SliceMonth:
        return gpus * o.slicesPerGpu;
    }
    return gpus;
}

std::int64_t gpusFor(const RentOffer& o, std::int64_t units) {
    return o.unit == RentUnit::ServerMonth  ? units * o.gpusPerUnit
           : o.unit == RentUnit::SliceMonth ? units / o.slicesPerGpu
                                            : units;
}

double billedShare(const RentOffer& o, double u) {
    if (o.unit != RentUnit::GpuHour)
        return 1.0;
    switch (o.billing) {
    case Billing::Reserved:
        return 1.0;
    case Billing::OnDemand:
        return o.releasedWhenIdle ? u : 1.0;
    case Billing::Spot:
        return u / (1.0 - o.interruptionLoss);
    }
    return 1.0;
}

namespace {

// One month of term `termIndex` at list price `price`: discounted list minus credits (capped).
double monthNet(const RentOffer& o, const RentTerm& t, std::int64_t units, int termIndex, double price,
                double share, double volumeDiscount) {
    double list = static_cast<double>(units) * price;
    if (o.unit == RentUnit::GpuHour)
        list *= kHoursPerMonth * share;
    const double discounted = list * (1.0 - t.discount) * (1.0 - volumeDiscount);
    const bool creditNow = !t.creditFromRenewal || termIndex >= 1;
    const double creditUnits = static_cast<double>(t.creditPer == CreditPer::Gpu ? gpusFor(o, units) : units);
    const double credit = creditNow ? std::min(t.renewalCredit * creditUnits, discounted) : 0.0;
    return discounted - credit;
}

}  // namespace

Money termPrice(const RentOffer& o, const RentTerm& t, std::int64_t units, int termIndex, double u) {
    const double month = monthNet(o, t, units, termIndex, o.price, billedShare(o, u), 0.0);
    return Money::fromUnits(month).times(t.months);
}

RentSchedule buildRentSchedule(const RentOffer& o, const RentTerm& t, const RentAdjustments& adj,
                               std::int64_t gpus, double u, int months) {
    RentSchedule s;
    s.units = unitsFor(o, gpus);
    s.gpusRented = gpusFor(o, s.units);
    s.deposit = Money::fromUnits(o.deposit * static_cast<double>(s.units));
    const int termMonths = std::max(1, t.months);
    // Accrue whole terms so that a prepaid term that runs past the horizon is paid in full.
    const int covered = (months + termMonths - 1) / termMonths * termMonths;
    std::vector<Money> accrued(static_cast<std::size_t>(covered));
    const double share = billedShare(o, u);
    // Rounded where the billing rounds: a month billed monthly is an invoice of its own; a prepaid
    // term is one invoice for all its months, which its months' accruals split to the cent (a CNY
    // book's ¥306,000 year in USD is one invoice of $42,500.00, not twelve rounded months'
    // $42,500.04).
    double termSum = 0;
    Money termBilled;
    for (int k = 0; k < covered; ++k) {
        const int termIndex = k / termMonths;
        const int termStart = termIndex * termMonths;
        const double price = o.price * std::pow(1.0 + adj.driftPerYear, termStart / 12.0);
        double amount = monthNet(o, t, s.units, termIndex, price, share, adj.volumeDiscount);
        amount *= 1.0 + adj.supportUplift;
        amount += adj.addonsPerMonth;
        if (k == 0)
            amount += o.setupFee;
        if (!t.prepay) {
            accrued[static_cast<std::size_t>(k)] = Money::fromUnits(amount);
            continue;
        }
        if (k == termStart) {
            termSum = 0;
            termBilled = Money();
        }
        termSum += amount;
        const Money billed = Money::fromUnits(termSum);
        accrued[static_cast<std::size_t>(k)] = billed - termBilled;
        termBilled = billed;
    }
    s.cash.assign(static_cast<std::size_t>(months), Money());
    for (int k = 0; k < covered; ++k) {
        const int payAt = t.prepay ? k / termMonths * termMonths : k;
        if (payAt < months)
            s.cash[static_cast<std::size_t>(payAt)] += accrued[static_cast<std::size_t>(k)];
    }
    accrued.resize(static_cast<std::size_t>(months));
    s.accrued = std::move(accrued);
    return s;
}

}  // namespace clusterplan::cost
