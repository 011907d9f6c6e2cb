// Phased plans: one phase is the plain plan to the cent; the seed article's
// path (slice → server → cluster) costs the seed's prices as written; each contract rule changes
// the total by the amount its event states; bad phases are refused with their key path.
#include <boost/json.hpp>

#include "cli_runner.h"
#include "core/calibration/evaluate.h"
#include "core/phases/phased_plan.h"
#include "core/phases/phases_format.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinRel;
using clusterplan::cost::Money;

namespace {

const std::string kExample =
    std::string(CLUSTERPLAN_TEST_DATA) + "/../../resources/scenarios/seed-path-phases.json";

Money yuan(double amount) {
    return Money::fromUnits(amount);
}

Scenario example() {
    auto s = loadScenarioFile(kExample, test::catalog());
    REQUIRE(s.ok());
    return s.value();
}

PhasedPlan phased(const Scenario& s) {
    auto p = planPhases(s, test::catalog());
    if (!p)
        FAIL(p.error().toString());
    return p.value();
}

// A scenario's JSON with "phases" replaced by `phases` (a JSON array).
Result<Scenario> withPhases(const std::string& phases) {
    const std::string text = R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"},
        "cluster": {"gpu": "a100-sxm-80gb", "gpus_per_node": 8, "nodes": 1}, "phases": )" +
                             phases + "}";
    return parseScenario(text, test::catalog(), "phases-test");
}

PhaseSpec phase(const std::string& name, std::int64_t months) {
    PhaseSpec p;
    p.name = name;
    p.months = months;
    return p;
}

bool hasEventWith(const PhaseResult& r, const std::string& text) {
    for (const auto& e : r.cost.events)
        if (e.text.find(text) != std::string::npos)
            return true;
    return false;
}

}  // namespace

TEST_CASE("one phase equals the plain plan exactly", "[phases]") {
    Scenario s = defaultScenario(test::catalog());
    s.cost.horizonMonths = 36;
    auto plain = evaluate(s, test::catalog());
    REQUIRE(plain.ok());
    REQUIRE(plain->cost);

    SECTION("rented") {
        s.phases.push_back(phase("all of it", 36));
        const PhasedPlan p = phased(s);
        REQUIRE(p.phases.size() == 1);
        CHECK(p.phases[0].cost.total == plain->cost->rentTotal);
        CHECK(p.total.cost == plain->cost->rentTotal);
        CHECK(p.rentFinal->cost == p.total.cost);
        // Tokens: tokens/s × utilisation × 36 months of 730 h (cost/ownership.h).
        const double tokens = plain->perf.tokensPerSecond * 0.75 * 36 * 730 * 3600;
        CHECK_THAT(p.total.tokens, WithinRel(tokens, 1e-9));
        CHECK(p.rentFinal->tokens == p.total.tokens);
        CHECK(p.phases[0].training.fits == plain->memory.fits());
        CHECK(p.monthly.back().phased == p.total.cost);
    }
    SECTION("bought") {
        PhaseSpec buy = phase("all of it", 36);
        buy.acquire = Acquire::Buy;
        s.phases.push_back(buy);
        const PhasedPlan p = phased(s);
        CHECK(p.total.cost == plain->cost->buyNetTotal);
        CHECK(p.buyFinal->cost == plain->cost->buyNetTotal);
    }
    SECTION("a prepaid yearly term ending part-way is paid in whole, as the cost report's rent paid") {
        s.cost.rentOffer = "yiwan-a100-8x-server";
        s.cost.rentTerm = "yearly-prepay";
        s.cost.horizonMonths = 30;
        auto plain30 = evaluate(s, test::catalog());
        REQUIRE(plain30.ok());
        s.phases.push_back(phase("30 months", 30));
        const PhasedPlan p = phased(s);
        CHECK(p.total.cost == plain30->cost->rentTotal);
        // Seed §3 #1: ¥30,000 × 85 % × 12, then two renewals with −¥100/month (同账户复购).
        CHECK(p.total.cost == yuan(306'000 + 2 * 304'800));
    }
}

TEST_CASE("slice, cards, server, cluster: the seed's prices as written", "[phases]") {
    SECTION("the seed's small offers, one month each") {
        // Seed §3 #3: "A100切片（1/20起，¥900/月）、RTX 3090整卡（¥1750/月）、A100整卡（¥2500/月）".
        auto s = withPhases(R"([
            {"name": "slice", "months": 1, "slice": {"gpu": "a100-sxm-80gb", "fraction": 0.05}},
            {"name": "3090", "months": 1, "cluster": {"gpu": "rtx-3090-24gb", "gpus_per_node": 1, "nodes": 1},
             "offer": "yiwan-cloud-rtx3090-card", "model": {"preset": "qwen2.5-7b"}},
            {"name": "A100", "months": 1, "cluster": {"gpu": "a100-sxm-80gb"}, "offer": "yiwan-cloud-a100-card"}])");
        REQUIRE(s.ok());
        const PhasedPlan p = phased(s.value());
        CHECK(p.phases[0].cost.total == yuan(900));
        CHECK(p.phases[1].cost.total == yuan(1750));
        CHECK(p.phases[2].cost.total == yuan(2500));
        CHECK(p.total.cost == yuan(900 + 1750 + 2500));
        CHECK(p.phases[1].training.model == "Qwen2.5 7B");
    }
    SECTION("the README example: a slice, one 8× A100 server, then eight") {
        const PhasedPlan p = phased(example());
        REQUIRE(p.phases.size() == 3);
        CHECK(p.months == 24);
        CHECK(p.phases[0].cost.total == yuan(3 * 900));
        // Seed §3 #1: "8卡…整机月付约¥2.5-3.5万，年付85折" (midpoint ¥30,000): 9 months at ¥25,500.
        CHECK(p.phases[1].cost.total == yuan(9 * 25'500));
        // Month 9 of the contract: 7 more servers at the original discount (陷阱五 ①) until the
        // term ends, then 12 renewed months at ¥25,400 (−¥100/month, 同账户复购) of which the last
        // 3 are lost when the plan ends (no refund).
        CHECK(p.phases[2].cost.total == yuan(8 * 25'500 * 3 + 8 * 25'400 * 9 + 8 * 25'400 * 3));
        CHECK(hasEventWith(p.phases[2], "adds 56 GPUs mid-term at the original discount"));
        CHECK(hasEventWith(p.phases[2], "no refund, ¥609,600.00 lost"));
        CHECK(p.total.cost == yuan(2'700 + 229'500 + 3'050'400));
        // Renting the eight servers from month 0: two prepaid years.
        CHECK(p.rentFinal->cost == yuan(8 * 25'500 * 12 + 8 * 25'400 * 12));
        REQUIRE(p.buyFinal);
        CHECK(p.phases[0].training.fits);
        CHECK(p.phases[1].training.fits);
        CHECK(p.phases[2].training.fits);
        CHECK(p.phases[0].training.tokens > 0);
        CHECK(p.total.perMillionTokens);
        CHECK(p.monthly.size() == 25);
        CHECK(p.monthly[3].phased == yuan(2'700));
    }
}

TEST_CASE("contract rules change the totals by the amounts they state", "[phases]") {
    const Scenario base = example();
    const PhasedPlan before = phased(base);
    SECTION("pro-rata refund on early exit") {
        Scenario s = base;
        s.phases[2].contract =
            cost::ContractRules{cost::AddCards::OriginalDiscount, cost::EarlyExit::ProRataRefund, "test"};
        const PhasedPlan after = phased(s);
        CHECK(hasEventWith(after.phases[2], "pro-rata refund of ¥609,600.00"));
        CHECK(before.total.cost - after.total.cost == yuan(8 * 25'400 * 3));
    }
    SECTION("cards added mid-term at list price") {
        Scenario s = base;
        s.phases[2].contract =
            cost::ContractRules{cost::AddCards::ListPrice, cost::EarlyExit::NoRefund, "test"};
        const PhasedPlan after = phased(s);
        // 7 servers for the term's last 3 months at ¥30,000 instead of ¥25,500.
        CHECK(hasEventWith(after.phases[2], "¥94,500.00 more than at the term's discount"));
        CHECK(after.total.cost - before.total.cost == yuan(7 * 4'500 * 3));
    }
    SECTION("dropping servers mid-term forfeits their prepaid months") {
        Scenario s = base;
        PhaseSpec smaller = phase("back to one server", 3);
        smaller.cluster = s.cluster;  // 1 node
        smaller.offer = "yiwan-a100-8x-server";
        smaller.term = "yearly-prepay";
        s.phases.back().months = 6;  // contract months 9-14: leaves 7 servers at month 15
        s.phases.push_back(smaller);
        const PhasedPlan after = phased(s);
        // 7 servers × ¥25,400 × the 9 months left of the second term.
        CHECK(hasEventWith(after.phases[2], "drops 56 GPUs 9 months before its prepaid term ends: no refund, "
                                            "¥1,600,200.00 lost"));
        CHECK(after.phases[2].cost.total == yuan(8 * 25'500 * 3 + 8 * 25'400 * 3 + 7 * 25'400 * 9));
    }
    SECTION("bought servers are sold at their resale value when the plan moves on") {
        auto s = withPhases(R"([{"name": "own", "months": 12, "acquire": "buy"},
                                {"name": "rent", "months": 12}])");
        REQUIRE(s.ok());
        const PhasedPlan p = phased(s.value());
        Scenario plain = s.value();
        plain.phases.clear();
        plain.cost.horizonMonths = 12;
        auto report = evaluate(plain, test::catalog());
        REQUIRE(report.ok());
        // Own net of resale at 12 months (cost/ownership.h: RV(m) = HW × (1 − h0) × (ρ/(1 − h0))^(m/36)).
        CHECK(p.phases[0].cost.total == report->cost->buyNetTotal);
        CHECK(hasEventWith(
            p.phases[0], cost::formatMoney(report->cost->residualAtHorizon, cost::Currency::Cny) + " back"));
        CHECK(p.phases[1].cost.total == yuan(12 * 30'000));
    }
}

TEST_CASE("bad phases are refused with the key path", "[phases]") {
    const auto refused = [](const std::string& phases, const std::string& where) {
        auto s = withPhases(phases);
        REQUIRE_FALSE(s.ok());
        CHECK(s.error().where == where);
        return s.error().message;
    };
    CHECK_THAT(refused(R"([{"name": "a", "months": -2}])", "phases[0].months"),
               Contains("allowed range 1 to 600"));
    refused(R"([{"name": "a", "months": 0}])", "phases[0].months");
    refused(R"([{"name": "a", "months": 2}, {"name": "b", "months": 2, "cluster": {"nodes": 0}}])",
            "phases[1].cluster.nodes");
    refused(R"([{"name": "a", "months": 2, "cluster": {"gpus_per_node": 0}}])",
            "phases[0].cluster.gpus_per_node");
    CHECK_THAT(refused(R"([{"name": "a", "months": 2, "offer": "yiwan-a100-8x-servr"}])", "phases[0].offer"),
               Contains("yiwan-a100-8x-server"));
    refused(R"([{"name": "a", "months": 2, "offer": "yiwan-h100-8x-server"}])", "phases[0].offer");
    refused(R"([{"name": "a", "months": 2, "offer": "yiwan-a100-8x-server", "term": "weekly"}])",
            "phases[0].term");
    refused(R"([{"name": "a", "months": 2, "slice": {"gpu": "a100-sxm-80gb", "fraction": 0}}])",
            "phases[0].slice.fraction");
    refused(R"([{"name": "a", "months": 2, "slice": {"gpu": "a100-sxm-80gb", "fraction": 0.07}}])",
            "phases[0].slice.fraction");
    refused(
        R"([{"name": "a", "months": 2, "slice": {"gpu": "a100-sxm-80gb", "fraction": 0.05}, "acquire": "buy"}])",
        "phases[0].acquire");
    refused(R"([{"name": "a", "months": 2, "tokenz": 5}])", "phases[0].tokenz");
    // A custom model without its fields (found by fuzz_scenario: it was read with zero layers and
    // the saved file did not read back).
    CHECK_THAT(refused(R"([{"name": "a", "months": 2, "model": {}}])", "phases[0].model.layers"),
               Contains("allowed range 1 to 10000"));
    refused(R"([{"name": "a", "months": 2, "model": {"preset": "llama-3.1-8b", "kv_heads": 3}}])",
            "phases[0].model.kv_heads");
    refused(R"([])", "phases");
}

TEST_CASE("phases survive a save and a reload", "[phases]") {
    const Scenario s = example();
    auto again = parseScenario(scenarioToJson(s), test::catalog());
    REQUIRE(again.ok());
    CHECK(again.value() == s);
}

TEST_CASE("a phase's cluster keeps its CPU and storage keys through a save", "[phases]") {
    // A phase's "cluster" is read by the scenario's own reader, CPU and storage keys included
    // (the data feed's); it is written by the same writer, so none of them is lost on save.
    Scenario s = example();
    REQUIRE(s.phases.back().cluster);
    s.phases.back().cluster->io.nvmeDrives = 2;
    s.phases.back().cluster->io.networkFsGBs = 25;
    auto again = parseScenario(scenarioToJson(s), test::catalog());
    REQUIRE(again.ok());
    REQUIRE(again->phases.back().cluster);
    CHECK(again->phases.back().cluster->io.nvmeDrives == 2);
    CHECK(again->phases.back().cluster->io.networkFsGBs == 25);
    CHECK(again.value() == s);
}

TEST_CASE("clusterplan-cli phases prints the issue's JSON keys", "[phases][cli]") {
    const auto run = test::runCommand(std::string(CLUSTERPLAN_CLI) + " phases " + kExample);
    REQUIRE(run.status == 0);
    const auto json = boost::json::parse(run.out).as_object();
    CHECK(json.at("schema").as_string() == "clusterplan.phases/1");
    const auto& phases = json.at("phases").as_array();
    REQUIRE(phases.size() == 3);
    for (const auto& v : phases)
        for (const char* key : {"name", "months", "cost", "tokens", "fits"})
            CHECK(v.as_object().contains(key));
    CHECK(phases[0].as_object().at("cost").to_number<double>() == 2700.0);
    for (const char* key : {"total", "rent_final", "buy_final"})
        for (const char* field : {"cost", "tokens", "per_million_tokens"})
            CHECK(json.at(key).as_object().contains(field));
    CHECK(test::runCommand(std::string(CLUSTERPLAN_CLI) + " phases " + kExample + " --format text").status ==
          0);
    CHECK(test::runCommand(std::string(CLUSTERPLAN_CLI) + " phases " + kExample + " --format csv").status ==
          0);
    const auto noPhases =
        test::runCommand(std::string(CLUSTERPLAN_CLI) + " phases " + std::string(CLUSTERPLAN_TEST_DATA) +
                         "/../../resources/scenarios/default.json");
    CHECK(noPhases.status == 2);
    CHECK_THAT(noPhases.out, Contains("phases"));
}

TEST_CASE("clusterplan-cli phases --lang zh_CN writes the text in Chinese, the JSON keeps the ids",
          "[phases][cli]") {
    const std::string cli = std::string(CLUSTERPLAN_CLI) + " phases " + kExample;
    const auto zh = test::runCommand(cli + " --format text --lang zh_CN");
    REQUIRE(zh.status == 0);
    INFO(zh.out);
    // The contract's rules as sentences, not the JSON's keys and values.
    CHECK(zh.out.find("add_cards") == std::string::npos);
    CHECK(zh.out.find("early_exit") == std::string::npos);
    CHECK_THAT(zh.out, Contains("合同期中加租的卡享受合同折扣"));
    CHECK_THAT(zh.out, Contains("分阶段方案，共 24 个月"));
    CHECK_THAT(zh.out, Contains("从第 0 个月起购买最终集群"));
    for (const char* english :
         {"runs on", "trains", "contract", "rules", "cumulative", "Phased plan", "months"})
        CHECK(zh.out.find(english) == std::string::npos);
    // English prints what it always printed.
    const auto en = test::runCommand(cli + " --format text");
    REQUIRE(en.status == 0);
    CHECK_THAT(en.out,
               Contains("  rules         add_cards original_discount, early_exit no_refund: seed article"));
    CHECK(test::runCommand(cli + " --format text --lang en").out == en.out);
    // JSON and CSV do not change with the language.
    const auto json = test::runCommand(cli + " --lang zh_CN");
    REQUIRE(json.status == 0);
    CHECK(json.out == test::runCommand(cli).out);
    CHECK_THAT(json.out,
               Contains("\"contract_rules\": \"add_cards original_discount, early_exit no_refund\""));
    CHECK(test::runCommand(cli + " --lang fr").status == 2);
}
