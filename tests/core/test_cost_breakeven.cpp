// Break-even months found by the engine equal a brute-force month-by-month scan written here
// from the formulas of ownership.h, renting.h and cost_curves.h in plain doubles (no engine code),
// over a grid of
// prices, contract terms, warranty steps, resale and loans; plus the closed form for constant
// flows and "never within N months".
#include <cmath>
#include <optional>

#include "test_cost_support.h"

using namespace clusterplan::cost;
using namespace clusterplan::cost::test;

namespace {

struct Case {
    double rent;  // per server-month
    bool prepay;  // yearly prepay at 85 % with −100/month from the renewal
    double warrantyYears;
    double maintenanceAfter;  // per year of HW
    double residual;          // at 36 months
    double loanShare;
    double utilization;
};

struct Scan {
    std::optional<int> gross, net, pv;
    double grossGap = 1e18, netGap = 1e18, pvGap = 1e18;  // |rent − own| at the nearest month
};

// Example 1's server: node 1,200,000, 6.5 kW, PUE 1.4, ¥0.65/kWh, ¥800/kW-month, 0.1 FTE at ¥400k,
// 2 %/yr in warranty, install 2 %, h0 0.15, 5 % discount rate, loan rate 6 % over 36 months.
Scan bruteForce(const Case& c, int search) {
    const double hw = 1'200'000, capex = hw * 1.02;
    const double energy = 6.5 * (c.utilization * 0.8 + (1 - c.utilization) * 0.25) * 1.05 * 1.4 * 730 * 0.65;
    const double fixed = energy + 6.5 * 1.05 * 800 + 0.1 * 400'000 / 12;
    const double principal = capex * c.loanShare, rm = 0.06 / 12, n = 36;
    const double pmt = c.loanShare > 0 ? principal * rm / (1 - std::pow(1 + rm, -n)) : 0;
    auto balance = [&](int m) {
        if (c.loanShare <= 0 || m >= n)
            return 0.0;
        const double g = std::pow(1 + rm, m);
        return principal * g - pmt * (g - 1) / rm;
    };
    auto rv = [&](int m) { return hw * 0.85 * std::pow(c.residual / 0.85, m / 36.0); };
    auto accrued = [&](int k) { return c.prepay ? c.rent * 0.85 - (k >= 12 ? 100 : 0) : c.rent; };
    const double v = 1 / std::pow(1.05, 1 / 12.0);
    Scan s;
    double own = capex - principal, rent = 0, ownPvFlows = capex - principal, rentPv = 0;
    for (int m = 1; m <= search; ++m) {
        const int k = m - 1;
        const double maint = (k < c.warrantyYears * 12 ? 0.02 : c.maintenanceAfter) * hw / 12;
        own += fixed + maint + (k < n ? pmt : 0);
        ownPvFlows += (fixed + maint) * std::pow(v, k) + (k < n ? pmt * std::pow(v, k + 1) : 0);
        rent += accrued(k);
        // Renting discounted as it accrues: a year's prepayment counted whole at month 1 would put
        // the discounted break-even before any month of service was compared.
        rentPv += accrued(k) * std::pow(v, k);
        const double ownNet = own - rv(m) + balance(m);
        const double ownPv = ownPvFlows - (rv(m) - balance(m)) * std::pow(v, m);
        s.grossGap = std::min(s.grossGap, std::fabs(rent - own));
        s.netGap = std::min(s.netGap, std::fabs(rent - ownNet));
        s.pvGap = std::min(s.pvGap, std::fabs(rentPv - ownPv));
        if (!s.gross && rent >= own)
            s.gross = m;
        if (!s.net && rent >= ownNet)
            s.net = m;
        if (!s.pv && rentPv >= ownPv)
            s.pv = m;
    }
    return s;
}

CostReport engine(const Case& c, int search) {
    CostInputs in = example1();
    in.utilization = c.utilization;
    in.rentPrice = c.rent;
    in.rentTerm = c.prepay ? "yearly-prepay" : "monthly";
    in.breakevenSearchMonths = search;
    in.sensitivityRange = 0;  // not needed here
    in.overrides["warranty_years"] = c.warrantyYears;
    in.overrides["maintenance_after_warranty"] = c.maintenanceAfter;
    in.overrides["residual_at_36_months"] = c.residual;
    in.overrides["loan_share"] = c.loanShare;
    in.overrides["loan_rate"] = 0.06;
    return report(in, cluster("a100-sxm-80gb", 1, 400));
}

}  // namespace

TEST_CASE("engine break-even equals a brute-force scan", "[cost][breakeven]") {
    constexpr int kSearch = 240;
    int compared = 0, found = 0;
    for (double rent : {16'000.0, 19'000.0, 24'000.0, 30'000.0, 41'000.0, 60'000.0})
        for (bool prepay : {false, true})
            for (double warranty : {0.0, 1.0, 3.0})
                for (double after : {0.02, 0.08, 0.25})
                    for (double residual : {0.05, 0.15})
                        for (double loan : {0.0, 0.6})
                            for (double u : {0.3, 0.9}) {
                                const Case c{rent, prepay, warranty, after, residual, loan, u};
                                const Scan s = bruteForce(c, kSearch);
                                // A crossing within a few cents could go either way after rounding
                                // each monthly line to the cent; such near-ties are not compared.
                                if (s.grossGap < 1 || s.netGap < 1 || s.pvGap < 1)
                                    continue;
                                const CostReport r = engine(c, kSearch);
                                INFO("rent " << rent << " prepay " << prepay << " warranty " << warranty
                                             << " after " << after << " residual " << residual << " loan "
                                             << loan << " u " << u);
                                CHECK(r.breakeven.gross == s.gross);
                                CHECK(r.breakeven.net == s.net);
                                CHECK(r.breakeven.pv == s.pv);
                                ++compared;
                                found += s.gross ? 1 : 0;
                            }
    // The grid must exercise both outcomes, and nearly every case is compared.
    CHECK(compared > 500);
    CHECK(found > 100);
    CHECK(compared - found > 50);
}

TEST_CASE("break-even within the horizon is the first crossing of the monthly curves", "[cost][breakeven]") {
    CostInputs in = example1();
    in.rentPrice = 60'000;
    const CostReport r = report(in, cluster("a100-sxm-80gb", 1, 400));
    REQUIRE(r.breakeven.gross);
    REQUIRE(*r.breakeven.gross <= r.horizonMonths);
    int first = -1;
    for (const auto& m : r.monthly)
        if (m.month > 0 && m.rentAccrued >= m.buy) {
            first = m.month;
            break;
        }
    CHECK(first == *r.breakeven.gross);
    // Constant flows: ceil(Capex / (R − O)) = ceil(1,224,000 / 46,203) = 27.
    CHECK(*r.breakeven.gross == static_cast<int>(std::ceil(1'224'000.0 / (60'000 - 13'797.0))));
}

TEST_CASE("never within N months when rent does not exceed opex", "[cost][breakeven]") {
    CostInputs in = example1();
    in.rentPrice = 13'000;  // below the 13,797 monthly opex: buying never catches up
    in.breakevenSearchMonths = 200;
    const CostReport r = report(in, cluster("a100-sxm-80gb", 1, 400));
    CHECK_FALSE(r.breakeven.gross);
    CHECK_FALSE(r.breakeven.net);
    CHECK_FALSE(r.breakeven.pv);
    CHECK_FALSE(r.maxCapexGross);
    CHECK_FALSE(r.breakevenUtilization);
    CHECK(r.searchMonths == 200);
    clusterplan::json::Writer w;
    w.beginObject();
    writeCostJson(w, r);
    w.endObject();
    CHECK(w.str().find("\"breakeven_month\": null") != std::string::npos);
    CHECK(w.str().find("\"breakeven_within_horizon\": false") != std::string::npos);
}

TEST_CASE("the warranty step moves break-even past the constant-flow estimate", "[cost][breakeven]") {
    CostInputs constant = example2();
    CostInputs stepped = example2();
    stepped.overrides["maintenance_after_warranty"] = 0.08;  // the built-in default after 3 years
    const auto facts = cluster("h100-sxm-80gb", 8);
    CHECK(report(constant, facts).breakeven.gross == 43);
    // From month 36 maintenance is 4 × 4,370: 412,691 left at 50,442/month → month 45.
    CHECK(report(stepped, facts).breakeven.gross == 45);
}
