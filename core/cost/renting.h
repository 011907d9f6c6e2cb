#pragma once
// Renting, month by month (the offers and their sources are in the price books):
//   hourly:   R_m = units × r × 730 h × billed share   (reserved 1; on-demand u if capacity is
//             released when idle, else 1; spot u / (1 − interruption loss))
//   monthly:  R_m = units × p_month                    (per GPU, per server, per slice)
//   then      × (1 − d_term) × (1 − d_volume) − credits (capped at the discounted amount)
//             × (1 + support uplift) + add-ons; one-time setup in month 0
//   prepay:   cash A = the whole term at its start; accrual A / L_t per month
//   drift:    r(m) = r0 (1 + g)^(s/12), s = start month of the contract term (fixed inside it)
//   deposit:  −D at m = 0, +D at the end (PV only)
// Quotes normalise to per GPU-month and per GPU-hour: per-server ÷ GPUs per server, slices ×
// slices per card (a 1/20 slice at ¥900 is ¥18,000 per card-month, 6.4× the ¥2,800 card).
#include <cstdint>
#include <vector>

#include "core/cost/money.h"
#include "core/cost/rent_offer.h"

namespace clusterplan::cost {

struct RentAdjustments {
    double volumeDiscount = 0;
    double driftPerYear = 0;
    double supportUplift = 0;
    double addonsPerMonth = 0;
};

struct RentSchedule {
    std::int64_t units = 0;       // servers, cards, slices or GPU-hours' GPUs rented
    std::int64_t gpusRented = 0;  // full-GPU equivalent (server granularity can round up)
    std::vector<Money> accrued;   // cost of month k, k = 0 .. months−1
    std::vector<Money> cash;      // paid at the start of month k (a prepaid term: all of it)
    Money deposit;                // total deposit D
};

// List price of one GPU for one month (730 h) before any discount, and per GPU-hour.
[[nodiscard]] double listPerGpuMonth(const RentOffer& offer);
[[nodiscard]] double listPerGpuHour(const RentOffer& offer);
// Units to rent for `gpus` GPUs, and the GPUs they give.
[[nodiscard]] std::int64_t unitsFor(const RentOffer& offer, std::int64_t gpus);
[[nodiscard]] std::int64_t gpusFor(const RentOffer& offer, std::int64_t units);
// Share of the month's hours billed (1 for monthly units and reserved hours).
[[nodiscard]] double billedShare(const RentOffer& offer, double utilization);

// What one contract term costs as written: list × months × (1 − discount) − credits, for `units`
// units and term number `termIndex` (0 = first purchase, 1.. = renewals), without drift.
// Seed: 8×A100 server ¥25,000/month yearly prepay → ¥255,000; renewal with −¥100/month → ¥253,800.
[[nodiscard]] Money termPrice(const RentOffer& offer, const RentTerm& term, std::int64_t units, int termIndex,
                              double utilization = 1.0);

RentSchedule buildRentSchedule(const RentOffer& offer, const RentTerm& term, const RentAdjustments& adj,
                               std::int64_t gpus, double utilization, int months);

}  // namespace clusterplan::cost
