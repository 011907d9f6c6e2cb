#pragma once
// Shared helpers for the cost engine tests: the fixture price books (tests/data/cost-examples-*.json,
// the inputs of the worked examples in test_cost_examples.cpp), cluster facts and report shortcuts.
#include <catch2/catch.hpp>

#include "core/cost/cost_json.h"
#include "core/cost/rent_vs_buy.h"

namespace clusterplan::cost::test {

inline PriceBooks exampleBooks() {
    PriceBooks books;
    for (const char* file : {"/cost-examples-cn.json", "/cost-examples-us.json"}) {
        auto merged = books.mergeFile(std::string(CLUSTERPLAN_TEST_DATA) + file);
        REQUIRE(merged.ok());
    }
    REQUIRE(books.diagnostics().empty());
    return books;
}

inline const PriceBooks& examples() {
    static const PriceBooks books = exampleBooks();
    return books;
}

inline const PriceBooks& builtinBooks() {
    static const PriceBooks books = PriceBooks::builtin();
    return books;
}

inline ClusterFacts cluster(const std::string& gpu, std::int64_t nodes, double tdpW = 700) {
    return ClusterFacts{gpu, nodes * 8, nodes, 8, tdpW};
}

inline CostReport report(const CostInputs& in, const ClusterFacts& facts,
                         const PriceBooks& books = examples(),
                         std::optional<double> runGpuHours = std::nullopt, double tokens = 0) {
    auto r = computeCost(in, books, facts, runGpuHours, tokens);
    if (!r.ok())
        FAIL(r.error().toString());
    return r.value();
}

// Example 1 (China, CNY) and Examples 2-3 (US, USD) inputs.
inline CostInputs example1() {
    CostInputs in;
    in.priceBook = "test-example-1-cn";
    in.utilization = 0.75;
    return in;
}

inline CostInputs example2(const std::string& offer = "reserved-2.00") {
    CostInputs in;
    in.priceBook = "test-example-2-us";
    in.utilization = 0.80;
    in.rentOffer = offer;
    return in;
}

// The worked examples round amounts to whole units: within one unit.
inline void near(Money actual, double expected, double tolerance = 1.0) {
    CHECK_THAT(actual.units(), Catch::Matchers::WithinAbs(expected, tolerance));
}

}  // namespace clusterplan::cost::test
