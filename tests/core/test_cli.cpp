// clusterplan-cli end to end: exit codes 0 / 2, plan JSON keys, messages on stderr.
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "cli_runner.h"
#include "test_support.h"

namespace {

using Run = clusterplan::test::CliRun;

Run cli(const std::string& args) {
    return clusterplan::test::runCli(args);
}

const std::string kData = CLUSTERPLAN_TEST_DATA;

}  // namespace

TEST_CASE("evaluate prints a clusterplan.plan/1 JSON with the memory keys", "[cli]") {
    const Run r = cli("evaluate " + kData + "/llama3-8b-8xa100.json");
    INFO(r.out);
    REQUIRE(r.status == 0);
    for (const char* key :
         {"\"schema\": \"clusterplan.plan/1\"", "\"params\": 8030261248", "\"active_params\"",
          "\"flops_per_token\"", "\"layout\"", "\"weights\"", "\"gradients\"", "\"optimizer\"",
          "\"activations\"", "\"other\"", "\"total\"", "\"capacity\"", "\"fits\""})
        CHECK(r.out.find(key) != std::string::npos);
}

TEST_CASE("text format and presets", "[cli]") {
    Run r = cli("evaluate " + kData + "/llama3-8b-8xa100.json --format text");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Memory per GPU") != std::string::npos);
    r = cli("presets");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("deepseek-v3") != std::string::npos);
    CHECK(r.out.find("h100-sxm-80gb") != std::string::npos);
    CHECK(r.out.find("ib-ndr-400") != std::string::npos);
}

TEST_CASE("bad input exits 2 with the key path", "[cli]") {
    Run r = cli("evaluate " + kData + "/bad-syntax.json");
    CHECK(r.status == 2);
    CHECK(r.out.find("bad-syntax.json:4:") != std::string::npos);
    r = cli("evaluate " + kData + "/bad-tp.json");
    CHECK(r.status == 2);
    CHECK(r.out.find("layout.tp") != std::string::npos);
    r = cli("evaluate " + kData + "/zero-gpus.json");
    CHECK(r.status == 2);
    CHECK(r.out.find("cluster.nodes") != std::string::npos);
    r = cli("evaluate /nonexistent.json");
    CHECK(r.status == 2);
    r = cli("frobnicate");
    CHECK(r.status == 2);
    r = cli("evaluate " + kData + "/llama3-8b-8xa100.json --format xml");
    CHECK(r.status == 2);
    CHECK(r.out.find("json, text, csv") != std::string::npos);
}

TEST_CASE("a broken user catalog is reported, not fatal for good entries", "[cli]") {
    const Run r = cli("presets --catalog " + kData + "/user-catalog-bad-entry.json");
    CHECK(r.status == 0);
    CHECK(r.out.find("user-catalog-bad-entry.json: gpus[0].tflops.bf16") != std::string::npos);
    CHECK(r.out.find("my-gpu-ok") != std::string::npos);
}

TEST_CASE("cost prints rent vs buy; evaluate includes it", "[cli]") {
    Run r = cli("cost " + kData + "/llama3-8b-8xa100.json");
    INFO(r.out);
    REQUIRE(r.status == 0);
    for (const char* key :
         {"\"schema\": \"clusterplan.cost/1\"", "\"currency\": \"CNY\"", "\"horizon_months\": 36",
          "\"rent_total\"", "\"buy_total\"", "\"breakeven_month\"", "\"breakeven_utilization\"",
          "\"run_cost_rent\"", "\"run_cost_buy\"", "\"per_million_tokens\"", "\"monthly\""})
        CHECK(r.out.find(key) != std::string::npos);
    r = cli("cost " + kData + "/llama3-8b-8xa100.json --format csv");
    REQUIRE(r.status == 0);
    CHECK(r.out.rfind("month,rent", 0) == 0);
    r = cli("evaluate " + kData + "/llama3-8b-8xa100.json");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("\"cost\": {") != std::string::npos);
    CHECK(r.out.find("\"time\": {") != std::string::npos);
    CHECK(r.out.find("\"step_s\"") != std::string::npos);
    r = cli("cost " + kData + "/cost-invalid-utilization.json");
    CHECK(r.status == 2);
    CHECK(r.out.find("cost.utilization") != std::string::npos);
    CHECK(r.out.find("0 to 1") != std::string::npos);
}

TEST_CASE("search ranks layouts and explains the winner", "[cli]") {
    Run r = cli("search " + kData + "/search-gpt3-175b-1024xa100.json --format text --top 5");
    INFO(r.out);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Recommended: rank 1.") != std::string::npos);
    CHECK(r.out.find("Framework default") != std::string::npos);
    CHECK(r.out.find("3D") != std::string::npos);
    r = cli("search " + kData + "/search-gpt3-175b-1024xa100.json --format csv --top 3");
    REQUIRE(r.status == 0);
    CHECK(r.out.rfind("rank,tp,pp", 0) == 0);
    CHECK(r.out.find(",sequence_parallel,offload,") != std::string::npos);  // offload: a layout key
    CHECK(r.out.find(",none,") != std::string::npos);
    r = cli("search " + kData + "/search-gpt3-175b-1024xa100.json --top 2");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("\"schema\": \"clusterplan.search/1\"") != std::string::npos);
    r = cli("search " + kData + "/search-gpt3-175b-1024xa100.json --top lots");
    CHECK(r.status == 2);
    // Negative, zero, trailing text and huge counts are refused with the allowed range, not wrapped
    // (std::stoul reads "-1" as 2^64 - 1).
    for (const char* bad : {"-1", "0", "12abc", "99999999999999999999", "+5"}) {
        INFO(bad);
        r = cli("search " + kData + "/search-gpt3-175b-1024xa100.json --top " + bad);
        CHECK(r.status == 2);
        CHECK(r.out.find("--top needs a whole number from 1 to 1000000") != std::string::npos);
    }
}

TEST_CASE("scale answers minimum GPUs, deadline GPUs and the scaling curve", "[cli]") {
    Run r = cli("scale " + kData + "/llama3-8b-8xa100.json --max-gpus 64 --days 30 --format text");
    INFO(r.out);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Minimum GPUs on which the model trains at all") != std::string::npos);
    CHECK(r.out.find("within 30 days") != std::string::npos);
    CHECK(r.out.find("2 servers x 4") != std::string::npos);
    r = cli("scale " + kData + "/llama3-8b-8xa100.json --max-gpus 16 --format csv");
    REQUIRE(r.status == 0);
    CHECK(r.out.rfind("gpus,nodes", 0) == 0);
    r = cli("scale " + kData + "/llama3-8b-8xa100.json --days -3");
    CHECK(r.status == 2);
    CHECK(r.out.find("--days") != std::string::npos);
}

TEST_CASE("report --csv writes a byte-order mark in Chinese, none in English, as asked otherwise", "[cli]") {
    // Excel on Chinese Windows reads BOM-less UTF-8 as GBK: a Chinese quote's CSV carries the mark.
    const auto dir =
        std::filesystem::temp_directory_path() / ("clusterplan-bom-" + std::to_string(::getpid()));
    const auto startsWithBom = [&](const std::string& args) {
        std::filesystem::remove_all(dir);
        const Run r = cli("report " + kData + "/quote-scenario.json --csv " + dir.string() + " " + args);
        INFO(r.out);
        REQUIRE(r.status == 0);
        std::ifstream in(dir / "line_items.csv", std::ios::binary);
        std::string head(3, '\0');
        in.read(head.data(), 3);
        return head == "\xEF\xBB\xBF";
    };
    CHECK(startsWithBom("--lang zh_CN"));
    CHECK_FALSE(startsWithBom("--lang en"));
    CHECK_FALSE(startsWithBom("--lang zh_CN --no-bom"));
    CHECK(startsWithBom("--lang en --bom"));
    std::filesystem::remove_all(dir);
}
