// A scenario's `cost` object: strict reading with key paths and allowed ranges (negative prices,
// 0 months, utilisation outside 0-1, discounts of 100 % or more), the same checks for values set
// in code (UI), errors from computeCost instead of crashes, and a write/read round trip.
#include <boost/json.hpp>

#include "core/cost/currency_switch.h"
#include "core/util/atomic_file.h"
#include "test_cost_support.h"

using namespace clusterplan;
using namespace clusterplan::cost;
using namespace clusterplan::cost::test;

namespace {

std::string fixture(const char* name) {
    auto text = readTextFile(std::string(CLUSTERPLAN_TEST_DATA) + "/" + name, 1 << 20);
    REQUIRE(text.ok());
    return text.value();
}

// Reads `value` as the scenario's "cost" object; returns the error, if any.
std::optional<Error> readError(const boost::json::value& value, CostInputs& in) {
    try {
        json::ObjectReader r(value, "cost");
        readCostInputs(r, in);
        return std::nullopt;
    } catch (const json::InputError& e) {
        return e.error;
    }
}

}  // namespace

TEST_CASE("a cost object is read into CostInputs", "[cost][inputs]") {
    auto parsed = json::parseText(fixture("cost-scenario.json"), "cost-scenario.json");
    REQUIRE(parsed.ok());
    CostInputs in;
    REQUIRE_FALSE(readError(parsed.value(), in));
    CHECK(in.priceBook == "cn-seed-2026");
    CHECK(in.rentOffer == "yiwan-a100-8x-server");
    CHECK(in.rentTerm == "yearly-prepay");
    CHECK(*in.rentPrice == 28'000);
    CHECK(*in.currency == Currency::Usd);
    CHECK(in.cnyPerUsd == 7.1);
    CHECK(in.horizonMonths == 48);
    CHECK(in.breakevenSearchMonths == 180);
    CHECK(in.utilization == 0.6);
    CHECK(*in.discountRate == 0.07);
    CHECK(in.sensitivityRange == 0.25);
    CHECK(in.overrides.at("pue") == 1.25);
    CHECK(in.overrides.at("node_price") == 1'100'000);

    // The overrides reach the model: node price in CNY, reported in USD at 7.1.
    const CostReport r = report(in, cluster("a100-sxm-80gb", 1, 400), builtinBooks());
    CHECK(r.currency == Currency::Usd);
    near(r.capex.servers, 1'100'000 / 7.1, 0.01);
    CHECK(r.monthly.size() == 49);
    CHECK(r.discountRate == 0.07);
    bool overridden = false;
    for (const auto& p : r.parameters)
        if (p.key == "pue")
            overridden = p.origin == "override" && p.value == 1.25;
    CHECK(overridden);
}

TEST_CASE("invalid cost inputs name the key path and the allowed range", "[cost][inputs]") {
    auto parsed = json::parseText(fixture("cost-invalid-inputs.json"), "cost-invalid-inputs.json");
    REQUIRE(parsed.ok());
    const auto& cases = parsed.value().at("cases").as_array();
    REQUIRE(cases.size() >= 15);
    for (const auto& c : cases) {
        const std::string where(c.at("where").as_string());
        const std::string message(c.at("message").as_string());
        INFO(where << ": " << message);
        CostInputs in;
        const auto error = readError(c.at("cost"), in);
        REQUIRE(error);
        CHECK(error->where == where);
        CHECK(error->message.find(message) != std::string::npos);
    }
}

TEST_CASE("values set in code are checked the same way, never computed into NaN", "[cost][inputs]") {
    const ClusterFacts facts = cluster("a100-sxm-80gb", 1, 400);
    struct Bad {
        void (*apply)(CostInputs&);
        const char* where;
        const char* message;
    };
    for (const Bad& b : {
             Bad{[](CostInputs& in) { in.utilization = 1.5; }, "cost.utilization",
                 "is 1.5, allowed range 0 to 1"},
             Bad{[](CostInputs& in) { in.horizonMonths = 0; }, "cost.horizon_months",
                 "is 0, allowed range 1 to 600"},
             Bad{[](CostInputs& in) { in.utilization = std::nan(""); }, "cost.utilization",
                 "must be a finite number"},
             Bad{[](CostInputs& in) { in.overrides["node_price"] = -1; }, "cost.overrides.node_price",
                 "is -1, allowed range 0 to"},
             Bad{[](CostInputs& in) { in.overrides["rent_volume_discount"] = 1.0; },
                 "cost.overrides.rent_volume_discount", "allowed range 0 to below 1"},
             Bad{[](CostInputs& in) { in.overrides["no_such_key"] = 1.0; }, "cost.overrides.no_such_key",
                 "unknown parameter"},
             Bad{[](CostInputs& in) { in.rentPrice = -30'000; }, "cost.rent_price",
                 "is -30000, allowed range 0 to"},
             Bad{[](CostInputs& in) { in.priceBook = "cn-seed"; }, "cost.price_book", "cn-seed-2026"},
             Bad{[](CostInputs& in) { in.rentOffer = "nope"; }, "cost.rent_offer", "unknown rent offer"},
             Bad{[](CostInputs& in) { in.rentTerm = "weekly"; }, "cost.rent_term", "weekly"},
             Bad{[](CostInputs& in) { in.overrides["residual_at_36_months"] = 0.9; },
                 "cost.overrides.residual_at_36_months", "resale value cannot rise"},
         }) {
        CostInputs in;
        b.apply(in);
        INFO(b.where);
        auto r = computeCost(in, builtinBooks(), facts, std::nullopt, 0);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().where == b.where);
        CHECK(r.error().message.find(b.message) != std::string::npos);
    }
    // Cluster facts and run inputs.
    auto r = computeCost(CostInputs{}, builtinBooks(), ClusterFacts{"a100-sxm-80gb", 0, 1, 8, 400},
                         std::nullopt, 0);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "cluster.gpus");
    r = computeCost(CostInputs{}, builtinBooks(), facts, -5.0, 1e9);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "run_gpu_hours");
    // A GPU the book cannot price: the message says what to set.
    r = computeCost(CostInputs{}, builtinBooks(), cluster("mi300x-192gb", 1), std::nullopt, 0);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "cost.overrides.node_price");
    // More GPUs than three switch tiers hold.
    CostInputs us;
    us.priceBook = "us-2026";
    r = computeCost(us, builtinBooks(), cluster("h100-sxm-80gb", 8193), std::nullopt, 0);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "cluster");
    CHECK(r.error().message.find("three tiers") != std::string::npos);
}

TEST_CASE("a GPU without a purchase entry is priced from overrides, power from TDP", "[cost][inputs]") {
    CostInputs in;
    in.priceBook = "us-2026";
    in.overrides["node_price"] = 250'000;
    RentOffer rent;
    rent.id = "quote";
    rent.gpus = {"mi300x-192gb"};
    rent.price = 2.5;
    in.customRent = rent;
    const CostReport r = report(in, cluster("mi300x-192gb", 2, 750), builtinBooks());
    near(r.capex.servers, 500'000);
    CHECK(r.nodeMaxKw == Approx(8 * 0.75 * 10.2 / 5.6));
    CHECK_FALSE(r.notes.empty());
}

TEST_CASE("cost inputs round-trip through JSON", "[cost][inputs]") {
    CostInputs in;
    in.priceBook = "us-2026";
    in.rentOffer = "h100-reserved-3yr";
    in.rentTerm = "3-year";
    in.rentPrice = 1.85;
    in.rentReleasedWhenIdle = false;
    in.currency = Currency::Cny;
    in.cnyPerUsd = 7.25;
    in.horizonMonths = 60;
    in.breakevenSearchMonths = 240;
    in.utilization = 0.9;
    in.discountRate = 0.08;
    in.sensitivityRange = 0.1;
    in.overrides = {{"pue", 1.2}, {"loan_share", 0.5}};
    RentOffer custom;
    custom.id = "my-quote";
    custom.name = "My quote";
    custom.gpus = {"h100-sxm-80gb"};
    custom.unit = RentUnit::ServerMonth;
    custom.gpusPerUnit = 8;
    custom.price = 90'000;
    custom.priceLow = 85'000;
    custom.terms = {RentTerm{},
                    RentTerm{"two-year", "Two years", 24, 0.1, true, 50, CreditPer::Gpu, false, "n"}};
    custom.deposit = 10'000;
    custom.setupFee = 500;
    in.customRent = custom;

    json::Writer w;
    w.beginObject();
    writeCostInputs(w, in);
    w.endObject();
    auto parsed = json::parseText(w.str(), "written");
    REQUIRE(parsed.ok());
    CostInputs back;
    REQUIRE_FALSE(readError(parsed.value(), back));
    CHECK(back == in);
    CHECK(back.customRent->terms[1] == custom.terms[1]);
}

// Switching to a price book in another currency converts what the user typed, at the
// scenario's own exchange rate, instead of reading ¥ as $.
TEST_CASE("a currency switch converts typed amounts, not shares", "[cost][inputs][currency]") {
    CostInputs in;
    in.cnyPerUsd = 7.2;
    in.rentPrice = 72;
    RentOffer quote;
    quote.id = "my-quote";
    quote.price = 27'000;
    quote.priceLow = 25'200;
    quote.deposit = 7'200;
    quote.setupFee = 720;
    quote.terms = {RentTerm{}};
    quote.terms[0].renewalCredit = 100 * 7.2;
    quote.terms[0].discount = 0.15;
    in.customRent = quote;
    in.overrides = {{"node_price", 1'440'000}, {"electricity_per_kwh", 0.72}, {"f_busy", 0.8}};
    in.utilization = 0.6;

    const CostInputs usd = convertTypedAmounts(in, Currency::Cny, Currency::Usd);
    CHECK(*usd.rentPrice == Approx(10));
    CHECK(usd.customRent->price == Approx(3'750));
    CHECK(*usd.customRent->priceLow == Approx(3'500));
    CHECK(usd.customRent->deposit == Approx(1'000));
    CHECK(usd.customRent->setupFee == Approx(100));
    CHECK(usd.customRent->terms[0].renewalCredit == Approx(100));
    CHECK(usd.customRent->terms[0].discount == 0.15);  // a share stays a share
    CHECK(usd.overrides.at("node_price") == Approx(200'000));
    CHECK(usd.overrides.at("electricity_per_kwh") == Approx(0.1));
    CHECK(usd.overrides.at("f_busy") == 0.8);
    CHECK(usd.utilization == 0.6);

    // And back: the round trip gives the typed amounts again; the same currency changes nothing.
    const CostInputs back = convertTypedAmounts(usd, Currency::Usd, Currency::Cny);
    CHECK(back.customRent->price == Approx(27'000));
    CHECK(back.overrides.at("node_price") == Approx(1'440'000));
    CHECK(convertTypedAmounts(in, Currency::Cny, Currency::Cny) == in);
}
