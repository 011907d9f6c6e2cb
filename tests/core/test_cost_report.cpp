// Exact money, the network bill of materials, report output (JSON keys, exact totals, CSV and
// text), currency conversion, loans, deposits, the training run's cost and the sensitivity table.
#include <boost/json.hpp>
#include <cmath>

#include "core/cost/cost_format.h"
#include "core/cost/cost_model.h"
#include "core/cost/network_bom.h"
#include "core/cost/renting.h"
#include "core/cost/unit_price.h"
#include "test_cost_support.h"

using namespace clusterplan;
using namespace clusterplan::cost;
using namespace clusterplan::cost::test;
using Catch::Matchers::WithinAbs;

namespace {

std::string costJson(const CostReport& r) {
    json::Writer w;
    w.beginObject();
    writeCostJson(w, r);
    w.endObject();
    return w.str();
}

}  // namespace

TEST_CASE("money is exact to the cent", "[cost][money]") {
    Money total;
    for (int i = 0; i < 10; ++i)
        total += Money::fromUnits(0.1);  // ten dimes: 1.00, not 0.9999999999999999
    CHECK(total == Money::fromUnits(1.0));
    CHECK(total.toString() == "1.00");
    CHECK(Money::fromUnits(2.675).toString() == "2.68");  // half away from zero on the cent
    CHECK(Money::fromUnits(-1234567.891).toString() == "-1234567.89");
    CHECK(Money::fromUnits(0.07).toString() == "0.07");
    CHECK(formatMoney(Money::fromUnits(1'224'000), Currency::Cny) == "¥1,224,000.00");
    CHECK(formatMoney(Money::fromUnits(-196'309.5), Currency::Usd) == "-$196,309.50");
    CHECK(formatMoney(Money::fromUnits(999.99), Currency::Usd) == "$999.99");
    CHECK(Money::fromUnits(1e20).saturated());
    CHECK((Money::fromUnits(1e20) + Money::fromUnits(1e20)).saturated());
    CHECK(Money::fromUnits(std::nan("")) == Money());
    CHECK(conversionFactor(Currency::Usd, Currency::Cny, 7.2) == 7.2);
}

TEST_CASE("network switches and tiers from the cluster size", "[cost][network]") {
    // Latent Space's Aug-2024 cluster spreadsheet: 8 for 64 nodes, 48 for 1,024 GPUs, 2,560 for
    // 32,768, 5,120 for 65,536.
    struct Case {
        std::int64_t gpus, switches;
        int tiers;
    };
    for (const Case& c : {Case{8, 0, 0}, Case{16, 1, 1}, Case{64, 1, 1}, Case{72, 8, 1}, Case{512, 8, 1},
                          Case{520, 26, 2}, Case{1024, 48, 2}, Case{2048, 96, 2}, Case{2056, 161, 3},
                          Case{32768, 2560, 3}, Case{65536, 5120, 3}}) {
        INFO(c.gpus << " GPUs");
        auto bom = networkBom(c.gpus, (c.gpus + 7) / 8, 8);
        REQUIRE(bom.ok());
        CHECK(bom->switches == c.switches);
        CHECK(bom->tiers == c.tiers);
        CHECK(bom->opticTiers == c.gpus * c.tiers);
    }
    CHECK_FALSE(networkBom(65544, 8193, 8).ok());
}

TEST_CASE("plan JSON has the cost keys and exact totals", "[cost][report]") {
    const CostReport r = report(example1(), cluster("a100-sxm-80gb", 1, 400), examples(), 100'000.0, 5e9);
    const std::string text = costJson(r);
    auto parsed = json::parseText(text, "cost");
    REQUIRE(parsed.ok());
    const auto& o = parsed.value().as_object();
    for (const char* key :
         {"currency", "horizon_months", "rent_total", "buy_total", "breakeven_month", "breakeven_utilization",
          "run_cost_rent", "run_cost_buy", "per_million_tokens", "monthly", "pv_rent", "pv_buy", "buy_net",
          "sensitivity", "options", "parameters"})
        CHECK(o.contains(key));
    CHECK(o.at("currency").as_string() == "CNY");
    CHECK(o.at("horizon_months").as_int64() == 36);
    CHECK(o.at("breakeven_month").as_int64() == 76);
    const auto& monthly = o.at("monthly").as_array();
    REQUIRE(monthly.size() == 37);
    for (const auto& m : monthly)
        for (const char* key : {"month", "rent", "buy", "buy_net"})
            CHECK(m.as_object().contains(key));
    // Amounts appear in the JSON text exactly as the cents print, e.g. "buy_net": 542866.08.
    CHECK(text.find("\"buy_net\": " + r.monthly[6].buyNet.toString()) != std::string::npos);
    CHECK(text.find("\"rent_total\": 1080000,") != std::string::npos);
    // Totals are exact sums of the monthly lines.
    Money opex;
    for (int k = 0; k < 36; ++k)
        opex += r.monthly[static_cast<std::size_t>(k + 1)].buy - r.monthly[static_cast<std::size_t>(k)].buy;
    CHECK(opex == r.opexTotal);
    CHECK(r.buyTotal == r.capex.capex + r.opexTotal);
    CHECK(r.capex.hardware == r.capex.servers + r.capex.switches + r.capex.optics + r.capex.frontend +
                                  r.capex.storage + r.capex.other);
    CHECK(r.firstMonthOpex.total() == r.firstMonthOpex.energy + r.firstMonthOpex.colo +
                                          r.firstMonthOpex.staff + r.firstMonthOpex.maintenance +
                                          r.firstMonthOpex.insurance);
}

TEST_CASE("CSV and text forms", "[cost][report]") {
    CostInputs in = example1();
    in.rentTerm = "yearly-prepay";
    const CostReport r = report(in, cluster("a100-sxm-80gb", 1, 400));
    const std::string csv = costToCsv(r);
    CHECK(csv.rfind("month,rent,rent_accrued,buy,buy_net,rent_pv,buy_pv\n", 0) == 0);
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 38);
    // Own: capex 1,224,000 + 3 years of opex, each year exactly its yearly value (staff 40,000.00,
    // not 12 × 3,333.33; energy over 8,760 h, not 12 rounded months).
    CHECK(csv.find("\n36,915600.00,915600.00,1720692.27,1540692.27,") != std::string::npos);
    CHECK(csv.find("\n13,610800.00,331400.00,") !=
          std::string::npos);  // second prepaid year paid at month 12
    const std::string text = costToText(r);
    CHECK(text.find("¥1,224,000.00") != std::string::npos);
    CHECK(text.find("month 106") != std::string::npos);
    CHECK(text.find("1 server)") != std::string::npos);
}

TEST_CASE("report currency converts every price at the editable rate", "[cost][report]") {
    const auto facts = cluster("h100-sxm-80gb", 8);
    const CostReport usd = report(example2(), facts);
    CostInputs cnyInputs = example2();
    cnyInputs.currency = Currency::Cny;
    cnyInputs.cnyPerUsd = 7.2;
    const CostReport cny = report(cnyInputs, facts);
    CHECK(cny.currency == Currency::Cny);
    near(cny.capex.capex, usd.capex.capex.units() * 7.2, 0.01);
    // Each of the 5 opex lines × 36 months rounds to the cent in USD and to the fen in CNY.
    near(cny.buyTotal, usd.buyTotal.units() * 7.2, 36 * 5 * (0.005 * 7.2 + 0.005));
    near(cny.rentTotal, usd.rentTotal.units() * 7.2, 0.5);
    CHECK(cny.breakeven.gross == usd.breakeven.gross);
    cnyInputs.cnyPerUsd = 7.0;
    near(report(cnyInputs, facts).capex.capex, usd.capex.capex.units() * 7.0, 0.01);
}

namespace {

void nearValue(double actual, double expected, double tolerance) {
    CHECK_THAT(actual, WithinAbs(expected, tolerance));
}

// Every money field of an offer and of its terms is `cny` divided by the rate.
void checkConverted(const RentOffer& usd, const RentOffer& cny, double rate) {
    INFO(usd.id);
    nearValue(usd.price, cny.price / rate, 1e-9);
    REQUIRE(usd.priceLow.has_value() == cny.priceLow.has_value());
    if (cny.priceLow)
        nearValue(*usd.priceLow, *cny.priceLow / rate, 1e-9);
    REQUIRE(usd.priceHigh.has_value() == cny.priceHigh.has_value());
    if (cny.priceHigh)
        nearValue(*usd.priceHigh, *cny.priceHigh / rate, 1e-9);
    nearValue(usd.deposit, cny.deposit / rate, 1e-9);
    nearValue(usd.setupFee, cny.setupFee / rate, 1e-9);
    REQUIRE(usd.terms.size() == cny.terms.size());
    for (std::size_t i = 0; i < cny.terms.size(); ++i)
        nearValue(usd.terms[i].renewalCredit, cny.terms[i].renewalCredit / rate, 1e-9);
}

}  // namespace

// A USD quote of the China book charged its ¥100/server-month repurchase credit as $100,
// because the chosen term was copied before the offer was converted. Every money field of the
// book's parameters, the chosen offer, its chosen term and every offer listed must convert.
TEST_CASE("a report in another currency converts every money field of book, offer and term",
          "[cost][report]") {
    CostInputs cnyInputs;
    cnyInputs.priceBook = "cn-seed-2026";
    cnyInputs.rentOffer = "yiwan-a100-8x-server";
    cnyInputs.rentTerm = "yearly-prepay";  // 85折, ¥100 off per server-month from the renewal
    cnyInputs.horizonMonths = 36;
    cnyInputs.cnyPerUsd = 7.2;
    CostInputs usdInputs = cnyInputs;
    usdInputs.currency = Currency::Usd;
    const auto facts = cluster("a100-sxm-80gb", 4, 400);
    const auto cny = resolveCostModel(cnyInputs, builtinBooks(), facts);
    const auto usd = resolveCostModel(usdInputs, builtinBooks(), facts);
    REQUIRE(cny.ok());
    REQUIRE(usd.ok());
    const double rate = 7.2;
    for (const auto& spec : parameterSpecs())
        if (spec.money) {
            INFO(spec.key);
            nearValue(getParameter(usd.value().params, spec), getParameter(cny.value().params, spec) / rate,
                      1e-9);
        }
    REQUIRE(cny.value().term.renewalCredit == 100);
    nearValue(usd.value().term.renewalCredit, 100 / rate, 1e-9);
    checkConverted(usd.value().offer, cny.value().offer, rate);
    REQUIRE(usd.value().offers.size() == cny.value().offers.size());
    for (std::size_t i = 0; i < cny.value().offers.size(); ++i)
        checkConverted(usd.value().offers[i], cny.value().offers[i], rate);
    // And so the rent paid over the horizon is the CNY figure at the rate (each month rounds to the
    // cent in USD and to the fen in CNY).
    const CostReport cnyReport = report(cnyInputs, facts, builtinBooks());
    const CostReport usdReport = report(usdInputs, facts, builtinBooks());
    near(usdReport.rentTotal, cnyReport.rentTotal.units() / rate, 36 * (0.005 + 0.005 / rate));
}

TEST_CASE("a loan spreads capex and the balance owed counts in the net view", "[cost][report]") {
    const auto facts = cluster("h100-sxm-80gb", 8);
    CostInputs loan = example2();
    loan.overrides["loan_share"] = 1.0;
    loan.overrides["loan_rate"] = 0.0;
    loan.overrides["loan_term_months"] = 36;
    const CostReport cash = report(example2(), facts);
    const CostReport financed = report(loan, facts);
    CHECK(financed.monthly[0].buy == Money());
    near(financed.loanPayment, cash.capex.capex.units() / 36, 0.01);
    near(financed.buyTotal, cash.buyTotal.units(), 1.0);  // interest-free: same cash after 36 months
    CHECK(financed.loanOutstanding == Money());
    near(financed.monthly[12].buyNet, cash.monthly[12].buyNet.units(), 1.0);  // balance owed added back
    loan.overrides["loan_rate"] = 0.10;
    const CostReport interest = report(loan, facts);
    CHECK(interest.buyTotal > cash.buyTotal);
    CHECK(interest.monthly[12].buyNet > cash.monthly[12].buyNet);
}

TEST_CASE("deposits count only in present value", "[cost][report]") {
    const auto facts = cluster("a100-sxm-80gb", 1, 400);
    CostInputs in = example1();
    RentOffer offer = *examples().book("test-example-1-cn")->offer("a100-8x-server");
    const CostReport plain = report(in, facts);
    offer.deposit = 60'000;
    in.customRent = offer;
    const CostReport deposit = report(in, facts);
    CHECK(deposit.rentTotal == plain.rentTotal);
    // −D at m = 0, +D at 36 months: D (1 − 1.05^−3) = 60,000 × 0.136162.
    near(deposit.pvRent - plain.pvRent, 60'000 * (1 - std::pow(1.05, -3)), 0.02);
}

TEST_CASE("the training run costs its GPU-hours at the utilised rates", "[cost][report]") {
    const auto facts = cluster("h100-sxm-80gb", 8);
    // On demand released when idle: the run pays the hourly price, 100,000 × $2.99.
    const CostReport r = report(example2("lambda-2.99"), facts, examples(), 100'000.0, 1e10);
    near(*r.runCostRent, 299'000, 0.01);
    CHECK_THAT(*r.perMillionTokensRent, WithinAbs(29.9, 1e-9));
    // Owned: (Own(T) − RV(T)) / (N_g × 730 × T) ÷ u per useful GPU-hour (rent_vs_buy.h).
    near(*r.runCostBuy, 100'000.0 * r.buyNetTotal.units() / (64 * 730 * 36 * 0.8), 0.01);
    near(*r.runCostBuy, 100'000.0 * 2.35, 500);  // $2.35 per utilised GPU-hour (worked Example 2)
    CHECK_THAT(*r.perMillionTokensBuy, WithinAbs(r.runCostBuy->units() / 1e4, 1e-9));
    // Unknown GPU-hours: no run cost.
    const CostReport none = report(example2(), facts);
    CHECK_FALSE(none.runCostRent);
    CHECK_FALSE(none.perMillionTokensBuy);
}

TEST_CASE("sensitivity: each input ±20 %, sorted for a tornado chart", "[cost][sensitivity]") {
    const CostReport r = report(example1(), cluster("a100-sxm-80gb", 1, 400));
    REQUIRE(r.sensitivity.size() >= 8);
    for (std::size_t i = 1; i < r.sensitivity.size(); ++i)
        CHECK(r.sensitivity[i - 1].swing() >= r.sensitivity[i].swing());
    auto row = [&](const std::string& input) -> const SensitivityRow& {
        for (const auto& s : r.sensitivity)
            if (s.input == input)
                return s;
        FAIL("no row " << input);
        return r.sensitivity.front();
    };
    const SensitivityRow& node = row("node_price");
    CHECK(node.low == 960'000);
    CHECK(node.high == 1'440'000);
    // Break-even at constant flows: ceil(1.02 × HW / (30,000 − opex)), maintenance scaling with HW.
    CHECK(node.breakevenLow == static_cast<int>(std::ceil(979'200 / (30'000 - 13'797 + 400.0))));
    CHECK(node.breakevenHigh == static_cast<int>(std::ceil(1'468'800 / (30'000 - 13'797 - 400.0))));
    const SensitivityRow& rent = row("rent_price");
    CHECK(rent.breakevenLow == static_cast<int>(std::ceil(1'224'000 / (24'000 - 13'797.0))));
    CHECK(rent.breakevenHigh == static_cast<int>(std::ceil(1'224'000 / (36'000 - 13'797.0))));
    near(rent.rentHigh, 36 * 36'000);
    // The two largest swings in this example are the two prices.
    CHECK(((r.sensitivity[0].input == "node_price" && r.sensitivity[1].input == "rent_price") ||
           (r.sensitivity[0].input == "rent_price" && r.sensitivity[1].input == "node_price")));
    // Inputs with no effect (no switches in one server) get no row; utilisation is capped at 1.
    for (const auto& s : r.sensitivity)
        CHECK(s.input != "switch_price");
    CostInputs busy = example1();
    busy.utilization = 0.9;
    const CostReport b = report(busy, cluster("a100-sxm-80gb", 1, 400));
    for (const auto& s : b.sensitivity)
        if (s.input == "utilization")
            CHECK(s.high == 1.0);
}

TEST_CASE("rent adjustments: discount order, credit cap, drift inside contracts, spot", "[cost][renting]") {
    RentOffer server;
    server.id = "s";
    server.unit = RentUnit::ServerMonth;
    server.gpusPerUnit = 8;
    server.price = 10'000;
    RentTerm yearly{"y", "Yearly", 12, 0.15, true, 100, CreditPer::Unit, true, ""};
    // List → term % → volume % → fixed credits (renting.h): 10,000 × 0.85 × 0.9 − 100.
    RentAdjustments adj;
    adj.volumeDiscount = 0.10;
    RentSchedule s = buildRentSchedule(server, yearly, adj, 16, 1.0, 24);
    CHECK(s.units == 2);
    CHECK(s.accrued[0] == Money::fromUnits(2 * 7'650));
    CHECK(s.accrued[12] == Money::fromUnits(2 * 7'650 - 200));
    CHECK(s.cash[0] == Money::fromUnits(12 * 2 * 7'650));
    CHECK(s.cash[1] == Money());
    // A credit larger than the price is capped: the month costs nothing, never less.
    yearly.renewalCredit = 1e6;
    CHECK(buildRentSchedule(server, yearly, {}, 8, 1.0, 24).accrued[13] == Money());
    // Floating monthly prices drift every month; a 12-month contract holds its price for the year.
    adj = {};
    adj.driftPerYear = 0.10;
    const RentSchedule floating = buildRentSchedule(server, RentTerm{}, adj, 8, 1.0, 25);
    near(floating.accrued[6], 10'000 * std::pow(1.1, 0.5), 0.01);
    near(floating.accrued[24], 12'100, 0.01);
    RentTerm contract{"c", "Contract", 12, 0, false, 0, CreditPer::Unit, true, ""};
    const RentSchedule fixed = buildRentSchedule(server, contract, adj, 8, 1.0, 25);
    CHECK(fixed.accrued[11] == Money::fromUnits(10'000));
    near(fixed.accrued[12], 11'000, 0.01);
    // Hourly billing: reserved pays every hour, released on-demand the used ones, spot the used
    // ones plus the work lost to interruptions.
    RentOffer hourly;
    hourly.id = "h";
    hourly.price = 2.0;
    CHECK(buildRentSchedule(hourly, RentTerm{}, {}, 8, 0.5, 1).accrued[0] == Money::fromUnits(8 * 2.0 * 730));
    hourly.billing = Billing::OnDemand;
    CHECK(buildRentSchedule(hourly, RentTerm{}, {}, 8, 0.5, 1).accrued[0] == Money::fromUnits(8 * 2.0 * 730));
    hourly.releasedWhenIdle = true;
    CHECK(buildRentSchedule(hourly, RentTerm{}, {}, 8, 0.5, 1).accrued[0] == Money::fromUnits(8 * 2.0 * 365));
    hourly.billing = Billing::Spot;
    hourly.interruptionLoss = 0.2;
    CHECK(buildRentSchedule(hourly, RentTerm{}, {}, 8, 0.5, 1).accrued[0] ==
          Money::fromUnits(8 * 2.0 * 365 / 0.8));
    // Support uplift and add-ons; setup fee in the first month only.
    RentOffer card;
    card.id = "c";
    card.unit = RentUnit::GpuMonth;
    card.price = 1'000;
    card.setupFee = 500;
    adj = {};
    adj.supportUplift = 0.05;
    adj.addonsPerMonth = 30;
    const RentSchedule extras = buildRentSchedule(card, RentTerm{}, adj, 2, 1.0, 2);
    CHECK(extras.accrued[0] == Money::fromUnits(2'000 * 1.05 + 30 + 500));
    CHECK(extras.accrued[1] == Money::fromUnits(2'000 * 1.05 + 30));
}

// A price book that sells a GPU's servers but rents none of them (the China book and the H800),
// or rents a GPU but sells none of its servers (the China book and the RTX 3090): the cost model
// prices the half the book has, exactly as that half is priced beside the other, and names the
// half it lacks instead of failing.
namespace {

RentOffer anyRent(const std::string& gpu, double perGpuHour) {
    RentOffer r;
    r.id = "quote";
    r.name = "a customer's quote";
    r.gpus = {gpu};
    r.price = perGpuHour;
    r.source = "test";
    r.asOf = "2026-12";
    return r;
}

}  // namespace

TEST_CASE("a book that sells a GPU's servers but rents none prices the purchase alone", "[cost][half]") {
    CostInputs in;
    in.priceBook = "cn-seed-2026";
    const ClusterFacts facts = cluster("h800-sxm-80gb", 4);
    const CostReport half = report(in, facts, builtinBooks(), 40'000.0, 1e10);
    REQUIRE(half.notOffered);
    CHECK(half.notOffered->half == CostHalf::Rent);
    CHECK(half.notOffered->reason.id == "cost.rent_not_offered");
    CHECK_FALSE(half.rentPriced());
    CHECK(half.buyPriced());
    CHECK(half.purchaseId == builtinBooks().book("cn-seed-2026")->purchaseFor("h800-sxm-80gb")->id);
    CHECK(half.capex.capex > Money());
    // Renting is not offered: no rent, no run rented, no comparison of the two.
    CHECK_FALSE(half.runCostRent);
    CHECK_FALSE(half.jobRental);
    CHECK(half.rentAccruedTotal == Money());
    CHECK(half.options.empty());
    CHECK(half.sensitivity.empty());
    CHECK_FALSE(half.breakeven.gross);
    CHECK_FALSE(half.maxNodePriceNet);
    // Owning as computed beside a rent of any price.
    for (const double rent : {1.0, 9.5}) {
        INFO("beside a rent of " << rent << " per GPU-hour");
        CostInputs both = in;
        both.customRent = anyRent("h800-sxm-80gb", rent);
        const CostReport full = report(both, facts, builtinBooks(), 40'000.0, 1e10);
        REQUIRE_FALSE(full.notOffered);
        CHECK(half.capex.capex == full.capex.capex);
        CHECK(half.buyTotal == full.buyTotal);
        CHECK(half.buyNetTotal == full.buyNetTotal);
        CHECK(half.pvBuy == full.pvBuy);
        CHECK(half.opexTotal == full.opexTotal);
        REQUIRE(half.runCostBuy);
        CHECK(*half.runCostBuy == *full.runCostBuy);
        CHECK(half.perMillionTokensBuy == full.perMillionTokensBuy);
        REQUIRE(half.monthly.size() == full.monthly.size());
        for (std::size_t m = 0; m < half.monthly.size(); ++m)
            CHECK(half.monthly[m].buyNet == full.monthly[m].buyNet);
    }
    // The text prints the purchase and says, in the reader's language, that nothing is rented.
    const std::string en = costToText(half, Lang::En);
    CHECK(en.find("Rent: not offered") != std::string::npos);
    CHECK(en.find("No rental offer: China: GPU rental and self-build prices") != std::string::npos);
    CHECK(en.find(formatMoney(half.capex.capex, half.currency)) != std::string::npos);
    CHECK(en.find("Break-even") == std::string::npos);
    const std::string zh = costToText(half, Lang::Zh);
    CHECK(zh.find("无租用报价：国内 GPU 租用与自建价格（一万网络，2026 年） 不出租 h800-sxm-80gb") !=
          std::string::npos);
    // JSON: which half is missing, and its totals null rather than 0.
    const auto j = boost::json::parse(costJson(half)).as_object();
    CHECK(j.at("not_offered").at("half").as_string() == "rent");
    CHECK(j.at("rent_total").is_null());
    CHECK(j.at("buy_net").as_double() == half.buyNetTotal.units());
}

TEST_CASE("a book that rents a GPU but sells none of its servers prices the rental alone", "[cost][half]") {
    CostInputs in;
    in.priceBook = "cn-seed-2026";
    const ClusterFacts facts = cluster("rtx-3090-24gb", 1, 350);
    const CostReport half = report(in, facts, builtinBooks(), 2'000.0, 1e9);
    REQUIRE(half.notOffered);
    CHECK(half.notOffered->half == CostHalf::Buy);
    CHECK(half.notOffered->reason.id == "cost.purchase_not_offered");
    CHECK(half.rentPriced());
    CHECK_FALSE(half.buyPriced());
    CHECK(half.capex.capex == Money());
    CHECK(half.buyNetTotal == Money());
    CHECK_FALSE(half.runCostBuy);
    CHECK(half.sensitivity.empty());
    CHECK(half.purchaseId.empty());
    // Renting as computed beside a purchase of any price.
    for (const double price : {50'000.0, 400'000.0}) {
        INFO("beside a server price of " << price);
        CostInputs both = in;
        both.overrides["node_price"] = price;
        const CostReport full = report(both, facts, builtinBooks(), 2'000.0, 1e9);
        REQUIRE_FALSE(full.notOffered);
        CHECK(half.offer.id == full.offer.id);
        CHECK(half.rentTotal == full.rentTotal);
        CHECK(half.rentAccruedTotal == full.rentAccruedTotal);
        CHECK(half.pvRent == full.pvRent);
        REQUIRE(half.runCostRent);
        CHECK(*half.runCostRent == *full.runCostRent);
        REQUIRE(half.options.size() == full.options.size());
        for (std::size_t i = 0; i < half.options.size(); ++i)
            CHECK(half.options[i].totalAccrued == full.options[i].totalAccrued);
    }
    const std::string en = costToText(half, Lang::En);
    CHECK(en.find("Buy: not offered") != std::string::npos);
    CHECK(en.find("No purchase offer:") != std::string::npos);
    CHECK(en.find("Buying (capex at month 0)") == std::string::npos);
    CHECK(en.find(formatMoney(*half.runCostRent, half.currency)) != std::string::npos);
    // The CSV leaves the buy columns empty.
    const std::string csv = costToCsv(half);
    CHECK(csv.find("\n1," + half.monthly[1].rent.toString() + "," + half.monthly[1].rentAccrued.toString() +
                   ",,,") != std::string::npos);
}

TEST_CASE("resolving a cost model prices one half only when asked to", "[cost][half]") {
    // Callers that need both halves (or the half they asked for) resolve with OneHalf::Refused.
    CostInputs in;
    in.priceBook = "cn-seed-2026";
    auto model = resolveCostModel(in, builtinBooks(), cluster("h800-sxm-80gb", 1));
    REQUIRE_FALSE(model.ok());
    CHECK(model.error().where == "cost.rent_offer");
    model = resolveCostModel(in, builtinBooks(), cluster("h800-sxm-80gb", 1), OneHalf::Priced);
    REQUIRE(model.ok());
    REQUIRE(model.value().notOffered);
    // A GPU the book neither rents nor sells: no half to price.
    model = resolveCostModel(in, builtinBooks(), cluster("mi300x-192gb", 1), OneHalf::Priced);
    REQUIRE_FALSE(model.ok());
    CHECK(model.error().where == "cost.overrides.node_price");
}

TEST_CASE("a unit price keeps the price list's decimals, up to four, and rounds an amount once",
          "[cost][money]") {
    CHECK(UnitPrice::fromUnits(4.916).ticks() == 49'160);
    CHECK_FALSE(UnitPrice::fromUnits(4.916).derived());
    CHECK(UnitPrice::fromUnits(4.916).toString() == "4.916");
    CHECK(UnitPrice::fromUnits(1.8).toString() == "1.80");
    CHECK(UnitPrice::fromUnits(-100).toString() == "-100.00");
    CHECK(formatGroupedPrice(UnitPrice::fromUnits(63'296.1234)) == "63,296.1234");
    CHECK(formatUnitPrice(UnitPrice::fromUnits(7.912), Currency::Usd) == "$7.912");
    // A yuan price in dollars has more decimals than a price list writes: shown to four, derived.
    const UnitPrice converted = UnitPrice::fromUnits(30'000 / 7.2);
    CHECK(converted.derived());
    CHECK(converted.toString() == "4166.6667");
    // An amount is rounded once, half away from zero, in decimal: 1 × 1.005 is 100.5 cents (the
    // binary product 100.49999999999999 rounded to 100), 3 × 0.125 × (1 − 0.5) is 18.75 cents.
    CHECK(UnitPrice::fromUnits(1.005).amount(1) == Money::fromCents(101));
    CHECK(UnitPrice::fromUnits(-1.005).amount(1) == Money::fromCents(-101));
    CHECK(UnitPrice::fromUnits(0.125).amount(3, 0.5) == Money::fromCents(19));
    CHECK(UnitPrice::fromMoney(Money::fromCents(-12'345)).toString() == "-123.45");
    CHECK(UnitPrice::fromUnits(std::nan("")) == UnitPrice());
    CHECK(UnitPrice::fromUnits(1e30).amount(1e10).saturated());
    CHECK(UnitPrice::fromMoney(Money::fromUnits(1e20)).ticks() == UnitPrice::kMaxTicks);
    CHECK(formatMoney(Money::fromUnits(-1e20), Currency::Usd) == "-$1,000,000,000,000,000.00");
}

TEST_CASE("a GPU-hour listed at $4.916 bills $4.916, the rent schedule's price", "[cost][job]") {
    // AWS Capacity Blocks p5 (8×H100): $4.916 per GPU-hour (AWS Capacity Blocks pricing page,
    // late 2024; the US book's aws-p5-capacity-block). 2,731.76 GPU-hours on 8 GPUs bill
    // 2,731.76 × 4.916 = 13,429.33216 → $13,429.33; at the cent-rounded $4.92 they billed
    // 2,731.76 × 4.92 = 13,440.2592 → $13,440.26, 0.08 % more than the schedule's price.
    CostInputs in;
    in.priceBook = "us-2026";
    in.rentOffer = "aws-p5-capacity-block";
    const auto model = resolveCostModel(in, builtinBooks(), cluster("h100-sxm-80gb", 1));
    REQUIRE(model.ok());
    const CostModel& m = model.value();
    REQUIRE(m.offer.price == 4.916);
    REQUIRE(m.cluster.gpus == 8);
    const auto job = jobRental(m, 2'731.76);
    REQUIRE(job);
    REQUIRE(job->byTheHour);
    CHECK(job->parts.unitPrice == UnitPrice::fromTicks(49'160));
    CHECK_THAT(job->parts.quantity, WithinAbs(2'731.76, 1e-9));
    CHECK(job->parts.discounted == Money::fromCents(1'342'933));
    CHECK(job->amount == Money::fromCents(1'342'933));
    // A month of the whole cluster, 730 h × 8 GPUs = 5,840 GPU-hours, bills what the rent
    // schedule accrues for that month: 5,840 × 4.916 = $28,709.44 (at $4.92: $28,732.80).
    const auto month = jobRental(m, 5'840);
    REQUIRE(month);
    const RentSchedule schedule = buildRentSchedule(m.offer, month->term, m.rentAdjustments(), 8, 1.0, 1);
    REQUIRE(schedule.accrued.size() == 1);
    CHECK(schedule.accrued[0] == Money::fromCents(2'870'944));
    CHECK(month->amount == schedule.accrued[0]);
    // The cost JSON's job_rental: the same price, quantity and amount.
    const auto report = computeCost(m, 2'731.76, 1e9);
    REQUIRE(report.ok());
    const auto doc = boost::json::parse(costJson(report.value()));
    const auto& rental = doc.at("job_rental").as_object();
    CHECK(rental.at("unit_price").to_number<double>() == 4.916);
    CHECK_FALSE(rental.at("unit_price_derived").as_bool());
    CHECK(rental.at("quantity").to_number<double>() == 2'731.76);
    CHECK(rental.at("amount").to_number<double>() == 13'429.33);
}

TEST_CASE("an hourly bill's printed quantity times its printed price is its amount", "[cost][job]") {
    // The quote prints a GPU-hour quantity to three decimals. 8 GPUs for 326.80772 h are
    // 2,614.46176 GPU-hours: unrounded at $4.916 they make 12,852.69401 → $12,852.69, while the
    // printed 2,614.462 × 4.916 = 12,852.695192 → $12,852.70. The bill counts the printed quantity.
    CostInputs in;
    in.priceBook = "us-2026";
    in.rentOffer = "aws-p5-capacity-block";
    const auto model = resolveCostModel(in, builtinBooks(), cluster("h100-sxm-80gb", 1));
    REQUIRE(model.ok());
    const auto job = jobRental(model.value(), 2'614.46176);
    REQUIRE(job);
    REQUIRE(job->byTheHour);
    CHECK_THAT(job->parts.quantity, WithinAbs(2'614.462, 1e-9));
    CHECK(job->amount == Money::fromCents(1'285'270));
    CHECK_THAT(job->billedHours * 8, WithinAbs(2'614.462, 1e-9));
}
