#include "core/cost/job_rental.h"

#include <algorithm>
#include <cmath>

#include "core/cost/renting.h"

namespace clusterplan::cost {

namespace {

// The job on one term: whole terms of months, or for an hourly offer on a one-month term the
// hours themselves (each month's charge is linear in its hours; the setup fee is charged once).
JobRental onTerm(const CostModel& m, const RentTerm& term, double wallHours) {
    JobRental j;
    j.term = term;
    j.wallHours = wallHours;
    const int termMonths = std::max(1, term.months);
    const int spanned = std::max(1, static_cast<int>(std::ceil(wallHours / kHoursPerMonth - 1e-9)));
    const bool hourly = m.offer.unit == RentUnit::GpuHour && termMonths == 1;
    j.months = hourly ? spanned : (spanned + termMonths - 1) / termMonths * termMonths;
    // The GPUs run the whole job: every rented hour is busy (utilisation 1).
    const RentSchedule s =
        buildRentSchedule(m.offer, term, m.rentAdjustments(), m.cluster.gpus, 1.0, j.months);
    j.units = s.units;
    j.gpus = s.gpusRented;
    const Money setup = Money::fromUnits(m.offer.setupFee);
    for (int k = 0; k < j.months; ++k) {
        Money month = s.accrued[static_cast<std::size_t>(k)];
        if (k == 0)
            month -= setup;
        if (hourly) {
            const double hoursInMonth = std::clamp(wallHours - kHoursPerMonth * k, 0.0, kHoursPerMonth);
            month = Money::fromUnits(month.units() * hoursInMonth / kHoursPerMonth);
        }
        j.amount += month;
    }
    j.amount += setup;
    j.billedHours = hourly ? wallHours : kHoursPerMonth * j.months;
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
