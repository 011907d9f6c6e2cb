#include "core/cost/job_rental.h"

#include <algorithm>
#include <cmath>

#include "core/cost/ownership.h"
#include "core/cost/renting.h"

namespace clusterplan::cost {

Money JobRentalParts::total() const {
    return discounted + volumeDiscount + credit + drift + support + addons + setup;
}

namespace {

// The job on one term: whole terms of months, or for an hourly offer on a one-month term the
// hours themselves. Month k of the job is billed as renting.h's buildRentSchedule bills it, times
// the share of the month the job runs (hourly offers): list (drifted at each renewal) × (1 − term
// discount) × (1 − volume discount) − credits (capped at that), × (1 + support uplift), + add-ons.
// Each part is summed unrounded over a billing period's months and rounded once per period, as
// that period's invoice rounds it (a yearly prepay over 24 months is two invoices of
// r(12 × 28,888.88 × 0.88) = 305,066.57, 610,133.14 in all, not r(24 × …) = 610,133.15); an
// hourly offer's hours are one period.
JobRental onTerm(const CostModel& m, const RentTerm& term, double wallHours) {
    const RentOffer& o = m.offer;
    const RentAdjustments adj = m.rentAdjustments();
    JobRental j;
    j.term = term;
    j.wallHours = wallHours;
    const int termMonths = std::max(1, term.months);
    const int spanned = std::max(1, static_cast<int>(std::ceil(wallHours / kHoursPerMonth - 1e-9)));
    const bool hourly = o.unit == RentUnit::GpuHour && termMonths == 1;
    j.months = hourly ? spanned : (spanned + termMonths - 1) / termMonths * termMonths;
    j.units = unitsFor(o, m.cluster.gpus);
    j.gpus = gpusFor(o, j.units);
    // The GPUs run the whole job: every rented hour is busy (utilisation 1).
    const double share = billedShare(o, 1.0);
    const double units = static_cast<double>(j.units);
    const double creditUnits = static_cast<double>(term.creditPer == CreditPer::Gpu ? j.gpus : j.units);
    const double perUnitMonth = o.unit == RentUnit::GpuHour ? kHoursPerMonth * share : 1.0;

    JobRentalParts& p = j.parts;
    // An hourly bill counts its unit-hours to the thousandth, as the quote prints the quantity, so
    // the printed quantity times the printed price is the printed amount (2,614.462 GPU-hours at
    // $4.916 bill $12,852.70; the unrounded 2,614.4618 would bill $12,852.69 under that line).
    const double billedWall = hourly && units * share > 0
                                  ? std::round(units * wallHours * share * 1000.0) / 1000.0 / (units * share)
                                  : wallHours;
    j.billedHours = hourly ? billedWall * share : kHoursPerMonth * share * j.months;
    j.byTheHour = hourly;
    p.unitPrice = UnitPrice::fromUnits(o.price);
    p.quantity = o.unit == RentUnit::GpuHour ? units * j.billedHours : units * j.months;
    p.periodQuantity = hourly ? p.quantity : p.quantity / (j.months / termMonths);
    const int periodMonths = hourly ? j.months : termMonths;

    double drift = 0, volume = 0, credit = 0, creditQuantity = 0, support = 0, addons = 0;
    for (int k = 0; k < j.months; ++k) {
        const double inMonth =
            hourly ? std::clamp(billedWall - kHoursPerMonth * k, 0.0, kHoursPerMonth) / kHoursPerMonth : 1.0;
        const int termIndex = k / termMonths;
        const double growth = std::pow(1.0 + adj.driftPerYear, termIndex * termMonths / 12.0);
        const double base = units * o.price * perUnitMonth * inMonth * (1.0 - term.discount);
        const double discounted = base * growth * (1.0 - adj.volumeDiscount);
        const bool creditNow = !term.creditFromRenewal || termIndex >= 1;
        const double monthCredit =
            creditNow ? std::min(term.renewalCredit * creditUnits * inMonth, discounted) : 0.0;
        drift += base * (growth - 1.0);
        volume -= base * growth * adj.volumeDiscount;
        credit -= monthCredit;
        creditQuantity += creditNow ? creditUnits * inMonth : 0.0;
        support += (discounted - monthCredit) * adj.supportUplift;
        addons += adj.addonsPerMonth * inMonth;
        if ((k + 1) % periodMonths != 0 && k + 1 != j.months)
            continue;
        // The period's invoice: its rent at list with the term's discount, as the quote's line
        // computes it: at the listed price to four decimals ($4.916 a GPU-hour, not $4.92), or at a
        // derived price's unrounded value as the rent schedule does (12 × ¥30,000 / 7.2 × 0.8 =
        // $40,000.00, where 12 × $4,166.67 × 0.8 made $40,000.03); each other part rounded once.
        p.periods.push_back(p.unitPrice.derived()
                                ? Money::fromUnits(p.periodQuantity * o.price * (1.0 - term.discount))
                                : p.unitPrice.amount(p.periodQuantity, term.discount));
        p.discounted += p.periods.back();
        p.volumeDiscount += Money::fromUnits(volume);
        p.credit += Money::fromUnits(credit);
        p.drift += Money::fromUnits(drift);
        p.support += Money::fromUnits(support);
        p.addons += Money::fromUnits(addons);
        drift = volume = credit = support = addons = 0;
    }
    p.creditQuantity = creditQuantity;
    p.setup = Money::fromUnits(o.setupFee);
    j.amount = p.total();
    return j;
}

}  // namespace

std::optional<JobRental> jobRental(const CostModel& m, double runGpuHours) {
    if (!(runGpuHours > 0) || m.cluster.gpus <= 0)
        return std::nullopt;
    const double wallHours = runGpuHours / static_cast<double>(m.cluster.gpus);
    std::optional<JobRental> best;
    for (const RentTerm& term : m.offer.terms) {
        JobRental j = onTerm(m, term, wallHours);
        if (!best || j.amount < best->amount)
            best = std::move(j);
    }
    return best;
}

}  // namespace clusterplan::cost
