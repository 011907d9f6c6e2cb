#pragma once
// Rent vs buy: the cost engine's answers for one cluster:
// monthly cumulative cost of renting and of buying (gross, net of resale, present value), the
// break-even month or "never within N months", the break-even utilisation, the highest purchase
// price that pays back within the horizon, the lowest rent at which buying pays back, cost per
// GPU-hour, the cost of a training run from its GPU-hours (rented and owned) and per million
// tokens, every rent option of the price book for the GPU, and the sensitivity table.
//
//   Break-even utilisation: Own_T(u) = C0 + C1·u (C0 = own net cost at u = 0, C1 = the energy that
//     rises with u), compared with paying the offer's rate only for used hours:
//     u* = C0 / (Rent_T(u = 1) − C1); for on-demand offers this is C0 / (N_g r_od h T − C1).
//   Highest purchase price: capex with opex held, Capex_max = Rent_T − Σ O_k (+ RV(T) net), and
//     the highest server price with maintenance, insurance, installation and resale scaling with
//     it (all affine in the price, so two evaluations give the exact root).
//   Lowest rent that makes buying pay back by T: Own(T) / T (gross), OwnNet(T) / T (net).
//   Cost per GPU-hour: total / (N_g × 730 × T); per utilised GPU-hour ÷ u. A training run of H
//     GPU-hours costs H × the per-utilised-GPU-hour cost (its hours are useful work).
#include <optional>
#include <string>
#include <vector>

#include "core/cost/cost_curves.h"
#include "core/cost/cost_inputs.h"
#include "core/cost/cost_model.h"
#include "core/cost/job_rental.h"
#include "core/cost/price_book.h"
#include "core/cost/sensitivity.h"
#include "core/util/message.h"

namespace clusterplan::cost {

struct MonthPoint {
    int month = 0;
    Money rent;         // rent paid (cash) by month m
    Money rentAccrued;  // rent accrued by month m (prepaid terms spread over their months)
    Money buy;          // own, gross cash
    Money buyNet;       // own net of resale value (and of the loan still owed)
    Money rentPv;
    Money buyPv;
};

struct RentOptionResult {
    std::string offerId;
    std::string termId;
    std::string name;
    std::string source;
    std::string asOf;
    double listPerGpuHour = 0;
    double effectivePerGpuHour = 0;  // accrued rent over the horizon / available GPU-hours
    Money firstMonth;                // accrued cost of month 0
    Money total;                     // cash paid by the horizon
    Money totalAccrued;
    Money pv;
    BreakEven breakeven;
    std::optional<double> breakevenUtilization;
};

struct CostReport {
    Currency currency = Currency::Cny;
    Currency bookCurrency = Currency::Cny;
    double cnyPerUsd = 7.2;
    std::string priceBookId;
    std::string priceBookName;
    std::string purchaseId;
    std::string purchaseName, purchaseNameZh;
    ClusterFacts cluster;
    int horizonMonths = 36;
    int searchMonths = 120;
    double utilization = 0;
    double discountRate = 0;
    // Owning
    CapexBreakdown capex;
    OpexMonth firstMonthOpex;
    double nodeMaxKw = 0, itAverageKw = 0, contractKw = 0, fte = 0;
    Money loanPayment;
    Money depreciationPerMonth;
    Money opexTotal;                    // Σ_{k<T} O_k
    std::vector<OpexMonth> opexMonths;  // O_k by line, k < T (a quote's yearly lines)
    Money residualAtHorizon;
    Money loanOutstanding;
    // Renting (the chosen offer and term)
    RentOffer offer;
    RentTerm term;
    std::int64_t rentUnits = 0;
    std::int64_t rentGpus = 0;
    Money rentDeposit;  // refundable, paid at m = 0
    // Totals at the horizon
    Money rentTotal, rentAccruedTotal, buyTotal, buyNetTotal, pvRent, pvBuy;
    // The verdict at the horizon, one rule for the window, the quote and the CLI: the rent accrued
    // against the owned cost net of resale. buyAdvantage() is what buying saves (negative: what
    // renting saves).
    [[nodiscard]] Money buyAdvantage() const { return rentAccruedTotal - buyNetTotal; }
    [[nodiscard]] bool buyCheaper() const { return buyNetTotal < rentAccruedTotal; }
    BreakEven breakeven;
    std::optional<double> breakevenUtilization;
    std::optional<Money> maxCapexGross, maxCapexNet, maxNodePriceGross, maxNodePriceNet;
    Money minRentGross, minRentNet;  // per month
    double buyPerGpuHour = 0, rentPerGpuHour = 0;
    std::optional<double> buyPerUtilizedGpuHour, rentPerUtilizedGpuHour;
    // The training run
    std::optional<double> runGpuHours;
    double trainingTokens = 0;
    // Renting: the rental the job is billed (job_rental.h: its wall time in whole terms of the
    // offer), the figure the verdict and the quote call the run's cost. Owning: its GPU-hours at the
    // owned cost per utilised GPU-hour over the horizon (the cluster stays and runs other jobs).
    std::optional<Money> runCostRent, runCostBuy;
    std::optional<JobRental> jobRental;
    // Per million tokens, both at the horizon's average cost per utilised GPU-hour: the rate at
    // which layouts are compared (search/candidate_cost.h), not a bill.
    std::optional<double> perMillionTokensRent, perMillionTokensBuy;
    std::vector<MonthPoint> monthly;  // m = 0 .. horizon
    std::vector<RentOptionResult> options;
    std::vector<SensitivityRow> sensitivity;
    std::vector<ParameterOrigin> parameters;
    std::vector<Message> notes;
    // A book that offers only one half for this GPU: the other half's figures are zero or empty
    // (rent: offer, totals, options, run cost rented; buy: capex, opex, totals, run cost owned), and
    // so is everything that compares the two (break-even, sensitivity, the limits).
    std::optional<NotOffered> notOffered;
    std::string priceBookNameZh;
    [[nodiscard]] bool rentPriced() const { return !notOffered || notOffered->half != CostHalf::Rent; }
    [[nodiscard]] bool buyPriced() const { return !notOffered || notOffered->half != CostHalf::Buy; }
};

// runGpuHours: GPU-hours of the training run from the performance model (nullopt if unknown);
// trainingTokens: tokens it trains on. Errors name the key ("cost.utilization", "run_gpu_hours").
// A price book that rents this GPU but sells no such server (or the reverse) gives the half it has,
// with `notOffered` set; a book that offers neither half is an error.
Result<CostReport> computeCost(const CostInputs& inputs, const PriceBooks& books, const ClusterFacts& cluster,
                               std::optional<double> runGpuHours, double trainingTokens);
// The same from an already resolved model (the sensitivity and option tables re-use it).
Result<CostReport> computeCost(const CostModel& model, std::optional<double> runGpuHours,
                               double trainingTokens);

}  // namespace clusterplan::cost
