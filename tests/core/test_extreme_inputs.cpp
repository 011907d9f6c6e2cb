// Extreme but valid inputs (tests/data/extreme/): 1 GPU, 1,000,000 GPUs, 1,048,576-token
// sequences, a global batch of 10^7, 1,000 layers, and all of them at once. Every CLI command
// answers (exit 0) or says why it stops (exit 2 with the reason), the layout search says when its
// bound cut the space, and every JSON output parses. Speed and memory are measured by
// tests/bench/extreme_inputs.sh, not asserted here.
#include <boost/json.hpp>
#include <regex>

#include "cli_runner.h"
#include "core/calibration/evaluate.h"
#include "core/report/plan_format.h"
#include "core/search/search_format.h"
#include "core/studies/scaling_study.h"
#include "core/util/number_format.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

const std::string kExtreme = std::string(CLUSTERPLAN_TEST_DATA) + "/extreme/";

const char* const kFiles[] = {"one-gpu.json",           "million-gpus.json",    "million-token-sequence.json",
                              "ten-million-batch.json", "thousand-layers.json", "everything-at-once.json"};

// How printf and std::to_string spell NaN and infinity.
const std::regex kNonFinite(R"(\b-?(nan|inf|NaN|Infinity)\b)");

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

void requireJson(const std::string& text) {
    boost::system::error_code ec;
    boost::json::parse(text, ec);
    INFO(text.substr(0, 2000));
    REQUIRE(!ec);
}

Scenario load(const std::string& name) {
    auto s = loadScenarioFile(kExtreme + name, test::catalog());
    INFO(name);
    REQUIRE(s);
    return s.value();
}

}  // namespace

TEST_CASE("every command completes on every extreme input", "[extreme][cli]") {
    for (const char* file : kFiles) {
        for (const char* command : {"evaluate", "search", "scale", "cost"}) {
            const auto r = test::runCli(std::string(command) + " " + kExtreme + file + " --format text");
            INFO(command << " " << file << "\n" << r.out.substr(0, 3000));
            if (r.status == 2) {
                // Only the price model may stop, and it must say why: a million GPUs need more
                // than the three switch tiers the bill of materials prices.
                CHECK(std::string(command) == "cost");
                CHECK(contains(r.out, "switch"));
            } else {
                CHECK(r.status == 0);
            }
            CHECK_FALSE(std::regex_search(r.out, kNonFinite));
        }
    }
}

TEST_CASE("the largest search is bounded and says so", "[extreme][search]") {
    const Scenario s = load("everything-at-once.json");
    const SearchResult r = searchLayouts(s, test::catalog());
    CHECK(r.spaceSize > kDefaultMaxLayouts);
    CHECK(r.evaluated <= kDefaultMaxLayouts);
    REQUIRE(r.boundNote);
    static_assert(kDefaultMaxLayouts == 20'000, "the grouped text below spells the bound");
    CHECK(contains(r.boundNote->text, "bound of 20,000"));
    CHECK(contains(searchToText(r, 5), r.boundNote->text));
    requireJson(searchToJson(r, 20));
    const auto cli = test::runCli("search " + kExtreme + "everything-at-once.json --format csv");
    CHECK(cli.status == 0);
    CHECK(contains(cli.out, "clusterplan-cli: note: The open layout keys allow"));
}

TEST_CASE("a search within the bound is exhaustive and has no note", "[extreme][search]") {
    const SearchResult r = searchLayouts(load("one-gpu.json"), test::catalog());
    CHECK(r.spaceSize <= kDefaultMaxLayouts);
    CHECK_FALSE(r.boundNote);
    CHECK(r.evaluated > 0);
}

TEST_CASE("a bounded search keeps its plan note and the scaling study shares its bound",
          "[extreme][search]") {
    const Scenario s = load("everything-at-once.json");
    const auto plan = evaluate(s, test::catalog());
    REQUIRE(plan);
    bool noted = false;
    for (const auto& n : plan->notes)
        noted = noted || contains(n.text, "bound of");
    CHECK(noted);
    requireJson(planToJson(plan.value()));
    const ScalingReport scale = scalingStudy(s, test::catalog(), s.cluster.gpus(), 30);
    REQUIRE_FALSE(scale.notes.empty());
    CHECK(contains(scale.notes.front().text,
                   formatGrouped(static_cast<double>(kScalingLayoutBudget), 0) + " in all"));
    requireJson(scalingToJson(scale));
}

TEST_CASE("every extreme input evaluates to a finite plan", "[extreme]") {
    for (const char* file : kFiles) {
        INFO(file);
        const auto plan = evaluate(load(file), test::catalog());
        REQUIRE(plan);
        requireJson(planToJson(plan.value()));  // the writer throws on NaN or infinity
    }
}
