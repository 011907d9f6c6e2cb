#pragma once
// Cumulative curves and break-even months:
//   Own(m)    = (1 − φ)·Capex + Σ_{k<m} (O_k + PMT_k)                      gross cash
//   OwnNet(m) = Own(m) − RV(m) + loan balance(m)                           "if I sold at month m"
//   OwnPV(m)  = (1 − φ)·Capex + Σ_{k<m} (O_k v^k + PMT_k v^(k+1)) − (RV(m) − balance(m)) v^m
//   Rent(m)   = Σ_{k<m} cash_k,  RentAccrued(m) = Σ_{k<m} accrued_k
//   RentPV(m) = Σ_{k<m} cash_k v^k + D (1 − v^m)                           deposit, PV only
//   RentAccruedPV(m) = Σ_{k<m} accrued_k v^k + D (1 − v^m)
//   v = 1 / (1 + i_m), i_m = (1 + i)^(1/12) − 1
// Break-even (gross) m* = min{ m ≥ 1 : RentAccrued(m) ≥ Own(m) }; net: ≥ OwnNet(m); discounted:
// RentAccruedPV(m) ≥ OwnPV(m). Accrual for every break-even, cash for the PV totals (renting.h,
// prepay): a yearly prepayment counted whole at month 1 against owning's first month net of resale
// made the discounted break-even "month 1" where neither the cash nor the net one ever comes.
#include <optional>
#include <vector>

#include "core/cost/cost_model.h"
#include "core/cost/ownership.h"
#include "core/cost/renting.h"

namespace clusterplan::cost {

struct CostCurves {
    OwnSchedule own;
    RentSchedule rent;
    std::vector<Money> ownGross, ownNet, rentCash, rentAccrued;  // m = 0 .. months
    std::vector<double> ownPv, rentPv, rentAccruedPv;            // m = 0 .. months
    [[nodiscard]] int months() const { return static_cast<int>(ownGross.size()) - 1; }
};

struct BreakEven {
    std::optional<int> gross;  // nullopt: never within the months searched
    std::optional<int> net;
    std::optional<int> pv;
};

[[nodiscard]] double monthlyDiscountFactor(double annualRate);  // v

CostCurves buildCurves(const CostModel& model, const RentOffer& offer, const RentTerm& term, int months);
// Own curves only, for a given utilisation (rent vectors left empty).
CostCurves buildOwnCurves(const CostModel& model, double utilization, int months);
// Cumulates a rent schedule into `curves` (rentCash, rentAccrued, rentPv, rentAccruedPv).
void addRentCurves(CostCurves& curves, const RentSchedule& rent, double annualRate);

// First month m in 1..last (last ≤ months()) where rent ≥ own.
[[nodiscard]] BreakEven findBreakEven(const CostCurves& curves, int last);

// The headline numbers for one model (used by the sensitivity analysis and the options table).
struct Headline {
    std::optional<int> breakeven;  // gross, within the search months
    Money buyNet;                  // OwnNet(T)
    Money rent;                    // RentAccrued(T)
    double pvBuy = 0;
    double pvRent = 0;
};
Headline headline(const CostModel& model);

}  // namespace clusterplan::cost
