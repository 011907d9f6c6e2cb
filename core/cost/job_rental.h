#pragma once
// The rental a customer signs for one training job, as a quote bills it: the whole cluster for
// the job's wall time (its budgeted GPU-hours over the cluster's GPUs, so interruptions,
// checkpoints and restarts are in it), rounded up to whole contract terms of the offer; an hourly
// offer on a one-month term bills the hours themselves. Of the offer's terms, the one that bills the
// job least (a 2-day job is not sold a yearly prepay). Same schedule, discounts, credits, drift,
// support uplift, add-ons and setup fee as the rent-vs-buy curves (renting.h).
#include <cstdint>
#include <optional>
#include <vector>

#include "core/cost/cost_model.h"
#include "core/cost/money.h"
#include "core/cost/rent_offer.h"
#include "core/cost/unit_price.h"

namespace clusterplan::cost {

// The rental's parts as a quote prints them. The job is invoiced per billing period (a prepaid
// term, or a month; an hourly offer's hours are one period), so each part is rounded to the cent
// once per period and the parts are the sums of those: what the period invoices, the rent
// schedule and the quote's lines add up to.
struct JobRentalParts {
    // The offer's list price per unit (per hour for hourly offers), to four decimals as listed;
    // derived (unit_price.h) when the offer's price has more, e.g. converted to another currency.
    UnitPrice unitPrice;
    double quantity = 0;        // unit-months, or GPU-hours billed (hourly offers)
    double periodQuantity = 0;  // of which one billing period's (all of them for hourly offers)
    // Per period: r(periodQuantity × unit price × (1 − term discount)), at the listed price; at a
    // derived price, at the offer's unrounded price, as the rent schedule bills it.
    std::vector<Money> periods;
    Money discounted;           // the periods' sum
    Money volumeDiscount;       // ≤ 0
    Money credit;               // ≤ 0: renewal or repurchase credits
    double creditQuantity = 0;  // unit- (or GPU-) months credited
    Money drift;                // renewals at the drifted list price
    Money support;              // support uplift on the net rent
    Money addons;               // add-ons per month
    Money setup;                // one-time setup fee
    [[nodiscard]] Money total() const;
    bool operator==(const JobRentalParts&) const = default;
};

struct JobRental {
    RentTerm term;           // the offer's term the job is billed on
    double wallHours = 0;    // the job: budgeted GPU-hours ÷ the cluster's GPUs
    int months = 0;          // billed months: whole terms (hourly offers: the months spanned)
    double billedHours = 0;  // hours billed per rented GPU (hourly spot offers: more than the wall time)
    bool byTheHour = false;  // an hourly offer on a one-month term: the hours used are billed
    std::int64_t units = 0;  // servers, cards or slices rented
    std::int64_t gpus = 0;   // full-GPU equivalent
    JobRentalParts parts;
    Money amount;  // excluding VAT: parts.total(), what the quote's rental lines add up to
    bool operator==(const JobRental&) const = default;
};

// nullopt when the job has no length (no GPU-hours) or the cluster no GPUs.
std::optional<JobRental> jobRental(const CostModel& model, double runGpuHours);

}  // namespace clusterplan::cost
