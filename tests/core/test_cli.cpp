// clusterplan-cli end to end: exit codes 0 / 2, plan JSON keys, messages on stderr.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

#include <boost/json.hpp>

#include "cli_runner.h"
#include "core/catalog/catalog_lookup.h"
#include "core/cost/node_power.h"
#include "test_support.h"

namespace {

using Run = clusterplan::test::CliRun;

Run cli(const std::string& args) {
    return clusterplan::test::runCli(args);
}

const std::string kData = CLUSTERPLAN_TEST_DATA;

}  // namespace

TEST_CASE("evaluate prints a clusterplan.plan/2 JSON with the memory keys", "[cli]") {
    const Run r = cli("evaluate " + kData + "/llama3-8b-8xa100.json");
    INFO(r.out);
    REQUIRE(r.status == 0);
    for (const char* key :
         {"\"schema\": \"clusterplan.plan/2\"", "\"params\": 8030261248", "\"active_params\"",
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
    CHECK(r.out.find("--format is 'xml', allowed: json, text") != std::string::npos);  // evaluate's own
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
         {"\"schema\": \"clusterplan.cost/2\"", "\"currency\": \"CNY\"", "\"horizon_months\": 36",
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

TEST_CASE("cost's per-million figure of the bill and its discounted break-even on one basis", "[cli]") {
    // The 8B quote on yearly prepay: billed CNY 60,000 (two months on the monthly term) for 10^11
    // tokens is 0.60 per million, where the horizon's average rate gives 0.4238; and the discounted
    // break-even was "month 1" (a year's prepayment counted whole against owning's first month net
    // of resale) while the cash and net ones never come: now never as well.
    const Run r = cli("cost " + kData + "/quote-scenario.json");
    INFO(r.out);
    REQUIRE(r.status == 0);
    const auto billed = r.out.find("\"rent_billed\": 0.6");
    REQUIRE(billed != std::string::npos);
    CHECK_FALSE(std::isdigit(static_cast<unsigned char>(r.out[billed + 18])));  // 0.6, not 0.61
    CHECK(r.out.find("\"rent\": 0.4238") != std::string::npos);
    CHECK(r.out.find("\"breakeven_month\": null") != std::string::npos);
    CHECK(r.out.find("\"breakeven_month_net\": null") != std::string::npos);
    CHECK(r.out.find("\"breakeven_month_pv\": null") != std::string::npos);
    CHECK(r.out.find("\"breakeven_month_pv\": 1,") == std::string::npos);  // nor in the options
    CHECK(r.out.find("\"rent_deposit\"") != std::string::npos);
    CHECK(r.out.find("\"run_cash_outlay_buy\"") != std::string::npos);
    CHECK(r.out.find("\"bases\"") != std::string::npos);
    const Run text = cli("cost " + kData + "/quote-scenario.json --format text");
    REQUIRE(text.status == 0);
    CHECK(text.out.find("per million tokens billed") != std::string::npos);
    CHECK(text.out.find("discounted") != std::string::npos);
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
    CHECK(r.out.find("2 servers × 4 GPUs") != std::string::npos);
    r = cli("scale " + kData + "/llama3-8b-8xa100.json --max-gpus 16 --format csv");
    REQUIRE(r.status == 0);
    CHECK(r.out.rfind("gpus,nodes", 0) == 0);
    r = cli("scale " + kData + "/llama3-8b-8xa100.json --days -3");
    CHECK(r.status == 2);
    CHECK(r.out.find("--days") != std::string::npos);
}

TEST_CASE("report --csv: a byte-order mark with non-ASCII text or in Chinese, as asked otherwise", "[cli]") {
    // Excel on Windows reads BOM-less UTF-8 in the system's code page (GBK on Chinese Windows): a
    // file with Chinese text carries the mark whatever the language; a pure-ASCII English one not.
    const auto dir =
        std::filesystem::temp_directory_path() / ("clusterplan-bom-" + std::to_string(::getpid()));
    const auto startsWithBom = [&](const std::string& args, const char* file) {
        std::filesystem::remove_all(dir);
        const Run r =
            cli("report " + kData + "/quote-scenario.json --no-record --csv " + dir.string() + " " + args);
        INFO(r.out);
        REQUIRE(r.status == 0);
        std::ifstream in(dir / file, std::ios::binary);
        std::string head(3, '\0');
        in.read(head.data(), 3);
        return head == "\xEF\xBB\xBF";
    };
    CHECK(startsWithBom("--lang zh_CN", "line_items.csv"));
    CHECK(startsWithBom("--lang zh_CN", "memory.csv"));
    CHECK(startsWithBom("--lang en", "line_items.csv"));  // its item_zh column is Chinese
    CHECK_FALSE(startsWithBom("--lang en", "memory.csv"));
    CHECK_FALSE(startsWithBom("--lang zh_CN --no-bom", "line_items.csv"));
    CHECK(startsWithBom("--lang en --bom", "memory.csv"));
    std::filesystem::remove_all(dir);
}

namespace {

// stdout alone (the usage goes there, errors to stderr).
Run stdoutOf(const std::string& args) {
    return clusterplan::test::runCommand("( XDG_DATA_HOME='" + clusterplan::test::testDataHome() + "' " +
                                         std::string(CLUSTERPLAN_CLI) + " " + args + " 2>/dev/null )");
}

struct ScratchDir {
    std::filesystem::path path;
    ScratchDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "clusterplan-cli-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    [[nodiscard]] std::string file(const std::string& name) const { return (path / name).string(); }
    [[nodiscard]] bool empty() const { return std::filesystem::is_empty(path); }
};

}  // namespace

TEST_CASE("COMMAND --help prints that command's usage on stdout and exits 0", "[cli]") {
    const std::vector<std::string> commands = {"evaluate", "search",   "scale",     "cost",
                                               "phases",   "validate", "calibrate", "report",
                                               "article",  "quotes",   "pricebook", "presets"};
    for (const std::string& command : commands) {
        INFO(command);
        const Run r = stdoutOf(command + " --help");
        CHECK(r.status == 0);
        CHECK(r.out.rfind("Usage:\n  clusterplan-cli " + command + " ", 0) == 0);
        for (const std::string& other : commands)
            if (other != command)
                CHECK(r.out.find("clusterplan-cli " + other + " ") == std::string::npos);
    }
    // After a subcommand and other options too; -h alike; `help COMMAND`.
    CHECK(stdoutOf("quotes list --help").out.rfind("Usage:\n  clusterplan-cli quotes list", 0) == 0);
    CHECK(stdoutOf("report " + kData + "/quote-scenario.json -h --pdf x.pdf").status == 0);
    CHECK(stdoutOf("help scale").out.rfind("Usage:\n  clusterplan-cli scale", 0) == 0);
    const Run all = stdoutOf("--help");
    CHECK(all.status == 0);
    for (const std::string& command : commands)
        CHECK(all.out.find("clusterplan-cli " + command + " ") != std::string::npos);
}

TEST_CASE("every invalid option exits 2 and writes nothing: no file, no book, no record", "[cli]") {
    const std::string scenario = kData + "/quote-scenario.json";
    ScratchDir dir;
    const std::string outputs = " --quote-book " + dir.file("book.sqlite") + " --pdf " + dir.file("q.pdf") +
                                " --xlsx " + dir.file("q.xlsx") + " --csv " + dir.file("csv") + " --images " +
                                dir.file("img");
    const std::vector<std::string> invalid = {
        "report " + scenario + outputs + " --quote-prefix 'a b/c'",
        "report " + scenario + outputs + " --quote-prefix ''",
        "report " + scenario + outputs + " --lang fr",
        "report " + scenario + outputs + " --format json",
        "report " + scenario + outputs + " --top 5",
        "report " + scenario + outputs + " --customer acme",
        "report " + scenario + outputs + " --max-layouts 0",
        "report " + scenario + outputs + " --bogus",
        "report " + scenario + outputs + " extra-operand",
        "report " + scenario + outputs + " --max-layouts",
        // An output that cannot be written stops before the quote is recorded.
        "report " + scenario + outputs + " --xlsx /nonexistent-folder/q.xlsx",
        "report " + scenario + " --quote-book " + dir.file("book.sqlite") + " --csv /proc/self/no",
        "evaluate " + scenario + " --pdf " + dir.file("q.pdf"),
        "evaluate " + scenario + " --format csv",
        "scale " + scenario + " --days 1.5x",
        "presets --format json",
        "presets --format text extra",
        "validate " + scenario,
        "calibrate " + scenario + " --format csv",
        "quotes list --quote-book " + dir.file("book.sqlite") + " --format xml",
        "quotes list --quote-book " + dir.file("book.sqlite") + " --status open",
        "quotes show CP-2026-0042 --quote-book " + dir.file("book.sqlite") + " --format csv",
        "quotes show CP-2026-0042 --quote-book " + dir.file("book.sqlite") + " --status sent",
        "quotes status CP-2026-0042 won --quote-book " + dir.file("book.sqlite"),
        "quotes export-book " + dir.file("b.json") + " --quote-book " + dir.file("book.sqlite") +
            " --format json",
        "quotes list --quote-book " + dir.file("book.sqlite") + " --quote-prefix HZ",
        "quotes frobnicate --quote-book " + dir.file("book.sqlite"),
        "pricebook import " + kData + "/pricelist-good.csv --book " + dir.file("b.json") +
            " --encoding latin1",
        "pricebook import " + kData + "/pricelist-good.csv --book " + dir.file("b.json") +
            " --catalog x.json",
    };
    for (const std::string& args : invalid) {
        INFO(args);
        const Run r = cli(args);
        INFO(r.out);
        CHECK(r.status == 2);
        CHECK(dir.empty());
    }
    // The prefix's reason, in the language asked for.
    const Run zh = cli("report " + scenario + outputs + " --quote-prefix 'a b/c' --lang zh_CN");
    CHECK(zh.out.find("--quote-prefix") != std::string::npos);
    CHECK(zh.out.find("应为 1 至 16 个字母") != std::string::npos);
    CHECK(dir.empty());
}

TEST_CASE("a number in an error reads as it was written, not as 1.500000", "[cli]") {
    ScratchDir dir;
    std::ifstream in(kData + "/llama3-8b-8xa100.json");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    text.replace(text.find("\"nodes\": 1"), 10, "\"nodes\": 1.5");
    { std::ofstream(dir.file("s.json")) << text; }
    const Run r = cli("evaluate " + dir.file("s.json"));
    CHECK(r.status == 2);
    CHECK(r.out.find("cluster.nodes: is 1.5, must be a whole number") != std::string::npos);
    CHECK(r.out.find("1.500000") == std::string::npos);
}

// DeepSeek-V3's 2,048 H800s on the China book, which sells H800 servers but rents none: `cost`
// prices the purchase and says in a sentence that nothing is rented; `report` refuses (a quote sets
// renting beside owning) and says what to give.
TEST_CASE("cost on a book that sells the GPU but rents none prices the purchase, in both languages",
          "[cli]") {
    const std::string file = kData + "/deepseek-v3-2048xh800-as-trained.json";
    Run r = cli("cost " + file + " --format text");
    INFO(r.out);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Rent: not offered") != std::string::npos);
    CHECK(r.out.find(
              "No rental offer: China: GPU rental and self-build prices (yiwan.com article, 2026) rents no "
              "NVIDIA H800 SXM5 80GB, so the purchase is priced alone.") != std::string::npos);
    CHECK(r.out.find("Buying (capex at month 0)") != std::string::npos);
    CHECK(r.out.find("  owned (share of 36 months") != std::string::npos);
    CHECK(r.out.find("  rented ") == std::string::npos);
    r = cli("cost " + file + " --format text --lang zh_CN");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("无租用报价：国内 GPU 租用与自建价格（一万网络，2026 年） 不出租 NVIDIA H800 SXM5 "
                     "80GB，只计算购买成本。") != std::string::npos);
    r = cli("cost " + file);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("\"not_offered\": {") != std::string::npos);
    CHECK(r.out.find("\"rent_total\": null") != std::string::npos);
    r = cli("cost " + file + " --lang fr");
    CHECK(r.status == 2);
    r = cli("report " + file + " --no-record");
    CHECK(r.status == 2);
    CHECK(
        r.out.find("cannot quote: China: GPU rental and self-build prices (yiwan.com article, 2026) rents no "
                   "NVIDIA H800 SXM5 80GB") != std::string::npos);
    CHECK(r.out.find("cost.custom_rent") != std::string::npos);
    r = cli("report " + file + " --no-record --lang zh_CN");
    CHECK(r.status == 2);
    CHECK(r.out.find("无法报价：国内 GPU 租用与自建价格（一万网络，2026 年） 不出租 NVIDIA H800 SXM5 80GB") !=
          std::string::npos);
}

TEST_CASE("cost on a book that rents the GPU but sells none of its servers prices the rental", "[cli]") {
    // A 7B job on RTX 3090s, which the China book rents by the month and does not sell.
    Run r = cli("cost " + kData + "/rtx3090-cn-rent-only.json --format text");
    INFO(r.out);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Buy: not offered") != std::string::npos);
    CHECK(r.out.find(
              "No purchase offer: China: GPU rental and self-build prices (yiwan.com article, 2026) sells "
              "no NVIDIA GeForce RTX 3090") != std::string::npos);
    CHECK(r.out.find("  rented ") != std::string::npos);
    CHECK(r.out.find("Buying (capex at month 0)") == std::string::npos);
}

TEST_CASE("a rental priced alone estimates its servers' power as the cost model does for an owned one",
          "[cli]") {
    // The same two RTX 3090 servers: rented from a book that sells none (the plan estimates their
    // power for the rental alone), then bought at a node price the scenario gives (the cost model
    // estimates it for a server no price list describes). One factor, one answer.
    const auto nodeMaxKw = [](const std::string& file) {
        const Run r = cli("cost " + file + " --format json");
        INFO(r.out);
        REQUIRE(r.status == 0);
        return boost::json::parse(r.out).as_object().at("node_max_kw").to_number<double>();
    };
    const std::string rentOnly = kData + "/rtx3090-cn-rent-only.json";
    boost::json::object owned;
    {
        std::ifstream in(rentOnly);
        owned = boost::json::parse(std::string(std::istreambuf_iterator<char>(in), {})).as_object();
    }
    owned["cost"] = {{"overrides", {{"node_price", 100000}}}};
    const auto ownedFile = std::filesystem::temp_directory_path() /
                           ("clusterplan-owned-" + std::to_string(::getpid()) + ".json");
    std::ofstream(ownedFile) << boost::json::serialize(owned);
    const double rented = nodeMaxKw(rentOnly);
    const double bought = nodeMaxKw(ownedFile.string());
    std::filesystem::remove(ownedFile);
    const clusterplan::GpuSpec* gpu = clusterplan::gpuById(clusterplan::test::catalog(), "rtx-3090-24gb");
    REQUIRE(gpu != nullptr);
    CHECK(rented == Approx(clusterplan::cost::estimatedNodeMaxKw(8, gpu->tdpW)).epsilon(0.01));
    CHECK(rented == bought);
}
