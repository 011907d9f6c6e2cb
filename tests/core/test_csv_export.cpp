// CSV exports: RFC 4180 quoting, formula-injection guard, BOM, and every table read
// back equal to the plan's numbers; atomic writing into a folder.
#include <algorithm>
#include <filesystem>

#include "core/cost/cost_json.h"
#include "core/export/csv_export.h"
#include "core/export/report_tables.h"
#include "core/quote/offer_names.h"
#include "core/util/atomic_file.h"
#include "core/util/json_write.h"
#include "golden.h"
#include "test_support.h"

namespace csv = clusterplan::csv;

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

clusterplan::Plan planFor(const std::string& file) {
    return clusterplan::test::planFromFile(kData, file);
}

std::vector<std::vector<std::string>> roundTrip(const csv::Table& t, bool bom = false) {
    auto parsed = csv::parseCsv(csv::toCsv(t, bom));
    REQUIRE(parsed.ok());
    return parsed.value();
}

}  // namespace

TEST_CASE("fields with commas, quotes and line breaks are quoted and read back", "[csv]") {
    csv::Table t{{"a", "b"},
                 {{csv::text("x,y"), csv::text("say \"hi\"")}, {csv::text("two\nlines"), csv::text("\r\n")}}};
    const std::string text = csv::toCsv(t);
    CHECK(text == "a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",\"'\r\n\"\r\n");
    const auto rows = roundTrip(t);
    REQUIRE(rows.size() == 3);
    CHECK(rows[1][0] == "x,y");
    CHECK(rows[1][1] == "say \"hi\"");
    CHECK(rows[2][0] == "two\nlines");
}

TEST_CASE("text cells that a spreadsheet would run as formulas are guarded", "[csv]") {
    for (const char* evil : {"=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"}) {
        csv::Table t{{"v"}, {{csv::text(evil)}}};
        const auto rows = roundTrip(t);
        CHECK(rows[1][0] == "'" + std::string(evil));
    }
    csv::Table numbers{{"v"}, {{csv::money(-12345)}, {csv::number(-0.5)}}};
    const auto rows = roundTrip(numbers);
    CHECK(rows[1][0] == "-123.45");  // numbers keep their sign: they cannot hold a formula
    CHECK(rows[2][0] == "-0.5");
    CHECK(csv::guardFormula("plain") == "plain");
}

TEST_CASE("a byte-order mark is optional and skipped on reading", "[csv]") {
    csv::Table t{{"名称"}, {{csv::text("价税合计")}}};
    CHECK(csv::toCsv(t, true).rfind("\xEF\xBB\xBF", 0) == 0);
    CHECK(roundTrip(t, true)[1][0] == "价税合计");
    CHECK_FALSE(csv::parseCsv("a,\"b\n").ok());
}

TEST_CASE("tables read back equal the plan's numbers", "[csv]") {
    auto plan = planFor("quote-scenario-searched.json");
    REQUIRE(plan.search);
    REQUIRE(plan.search->ranked.size() == plan.search->evaluated);
    CHECK(plan.search->ranked.size() > 1000);
    const auto layouts = roundTrip(clusterplan::report_tables::layouts(plan));
    REQUIRE(layouts.size() == plan.search->ranked.size() + 1);  // every evaluated layout
    CHECK(layouts[0][17] == "step_time_s");
    CHECK(layouts[0][14] == "offload");  // with the other layout keys
    CHECK(layouts[0][22] == "reason");
    CHECK(layouts[0].back() == "expert_tp");  // added after the others, so their columns stay
    for (std::size_t i = 0; i < plan.search->ranked.size(); ++i) {
        const auto& c = plan.search->ranked[i];
        const auto& row = layouts[i + 1];
        CHECK(std::stod(row[17]) == c.perf.stepSeconds);
        CHECK(std::stod(row[15]) == std::round(c.memoryBytes));
        CHECK(row[1] == (c.fits ? "true" : "false"));
        CHECK(row[14] == std::string(clusterplan::toString(c.layout.offload)));
        CHECK(row[22] == notFitReason(c).text);
        CHECK(row.back() == std::to_string(c.layout.etp()));
    }
    REQUIRE(plan.cost);
    const auto monthly = roundTrip(clusterplan::report_tables::monthlyCost(*plan.cost));
    REQUIRE(monthly.size() == plan.cost->monthly.size() + 1);
    CHECK(monthly[0][1] == "rent_cash_excl_tax_CNY");
    // The term the rent is billed on, in both languages, on every row.
    CHECK(monthly[0][7] == "rent_term");
    CHECK(monthly[1][7] == clusterplan::quote::termName(plan.cost->offer, plan.cost->term).en);
    CHECK(monthly.back()[8] == clusterplan::quote::termName(plan.cost->offer, plan.cost->term).zh);
    for (std::size_t m = 0; m < plan.cost->monthly.size(); ++m) {
        CHECK(monthly[m + 1][2] == plan.cost->monthly[m].rentAccrued.toString());
        CHECK(monthly[m + 1][4] == plan.cost->monthly[m].buyNet.toString());
    }
    const auto memory = roundTrip(clusterplan::report_tables::memory(plan));
    CHECK(memory[10][0] == "total");
    CHECK(std::stod(memory[10][1]) == std::round(plan.memory.total()));
}

TEST_CASE("the CSV folder is written atomically and an unwritable folder is an error", "[csv]") {
    const auto plan = planFor("quote-scenario.json");
    const auto doc = clusterplan::quote::buildQuoteDocument(plan, "2026-11-30", std::nullopt);
    const auto dir = std::filesystem::temp_directory_path() / "clusterplan-csv-test";
    std::filesystem::remove_all(dir);
    auto written = clusterplan::writeReportCsv(dir.string(), plan, doc, {true});
    REQUIRE(written.ok());
    CHECK(written->size() == 6);  // layouts, memory, run_length, monthly_cost, prices, line_items
    CHECK_FALSE(std::filesystem::exists(dir / "validation.csv"));  // the engine's runs: internal
    // The customer's price list in full: every parameter with its basis in words a customer reads
    // (the quote's "This offer", "Published market report") and its date, not the sources behind
    // it (internal notes and grades stay in `cost --format json`), nor the price book's or the
    // offer's ids ("price book purchase yiwan-a100-8x-server" was the origin column).
    auto prices = clusterplan::readTextFile((dir / "prices.csv").string(), 1 << 20);
    REQUIRE(prices.ok());
    const auto priceRows = csv::parseCsv(prices.value()).value();
    CHECK(priceRows[0] == std::vector<std::string>{"key", "value", "basis", "basis_zh", "as_of"});
    CHECK(priceRows.size() == plan.cost->parameters.size() + 2);
    for (const auto& p : plan.cost->parameters)
        if (p.source.size() > 8)
            CHECK(prices.value().find(p.source) == std::string::npos);
    CHECK(prices.value().find(plan.cost->offer.id) == std::string::npos);
    CHECK(prices.value().find(plan.cost->priceBookId) == std::string::npos);
    CHECK(prices.value().find("price book") == std::string::npos);
    CHECK(priceRows[1][0] == "rent_price");
    CHECK(priceRows[1][2].rfind("This offer: ", 0) == 0);
    CHECK(priceRows[1][3].rfind("本报价：", 0) == 0);
    auto items = clusterplan::readTextFile((dir / "line_items.csv").string(), 1 << 20);
    REQUIRE(items.ok());
    const auto rows = csv::parseCsv(items.value()).value();
    CHECK(rows[0][11] == "amount_excl_tax_CNY");
    CHECK(rows[0][9] == "discount_fraction");  // units in the header: fractions, not percent
    CHECK(rows[0][13] == "vat_rate_fraction");
    CHECK(rows[1][2] == "rent.units");
    CHECK(rows[1][11] == doc.rent->groups[0].lines[0].amount.toString());
    // The configuration and unit in Chinese too: a Chinese customer's file read "ACME 8×A100 server;
    // Yearly prepay (12 % off) (prepaid); 8 GPUs" beside 押金 and GPU 算力租用.
    CHECK(rows[0][16] == "configuration_zh");
    CHECK(rows[0][17] == "unit_zh");
    CHECK(rows[1][16] == doc.rent->groups[0].lines[0].spec.zh);
    CHECK(rows[1][17] == "台·月");
    auto bad = clusterplan::writeReportCsv("/proc/clusterplan-no/such", plan, doc);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().where.find("/proc/clusterplan-no/such") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("the CSV tables of a fixed scenario match their golden files", "[csv][golden]") {
    const auto plan = planFor("quote-scenario.json");
    const auto doc = clusterplan::quote::buildQuoteDocument(plan, "2026-11-30", std::nullopt);
    const std::pair<const char*, csv::Table> tables[] = {
        {"quote-line-items", clusterplan::report_tables::lineItems(doc)},
        {"quote-memory", clusterplan::report_tables::memory(plan)}};
    for (const auto& [name, table] : tables)
        clusterplan::test::checkGolden(name, "csv", csv::toCsv(table));
}

TEST_CASE("the byte-order mark: with non-ASCII text or for a Chinese reader, none in ASCII English",
          "[csv]") {
    const auto plan = planFor("quote-scenario.json");
    const auto doc = clusterplan::quote::buildQuoteDocument(plan, "2026-11-30", std::nullopt);
    const auto dir = std::filesystem::temp_directory_path() / "clusterplan-csv-bom-test";
    const auto startsWithBom = [&](const char* name) {
        auto text = clusterplan::readTextFile((dir / name).string(), 1 << 24);
        REQUIRE(text.ok());
        return text->rfind("\xEF\xBB\xBF", 0) == 0;
    };
    std::filesystem::remove_all(dir);
    REQUIRE(clusterplan::writeReportCsv(dir.string(), plan, doc).ok());
    CHECK(startsWithBom("line_items.csv"));    // item_zh: Chinese names, which Excel needs the mark for
    CHECK_FALSE(startsWithBom("memory.csv"));  // ASCII only: the same in every code page
    REQUIRE(clusterplan::writeReportCsv(dir.string(), plan, doc, {std::nullopt, true}).ok());
    CHECK(startsWithBom("memory.csv"));
    REQUIRE(clusterplan::writeReportCsv(dir.string(), plan, doc, {false, true}).ok());
    CHECK_FALSE(startsWithBom("line_items.csv"));  // --no-bom
    std::filesystem::remove_all(dir);
}

TEST_CASE("a refundable deposit is a row of its own in line_items.csv, outside the totals", "[csv]") {
    const auto plan = planFor("quote-scenario.json");
    auto doc = clusterplan::quote::buildQuoteDocument(plan, "2026-11-30", std::nullopt);
    REQUIRE(doc.rent);
    doc.rent->deposit = clusterplan::cost::Money::fromCents(1'000'000);
    const auto rows = roundTrip(clusterplan::report_tables::lineItems(doc));
    const auto deposit =
        std::find_if(rows.begin(), rows.end(), [](const auto& r) { return r[2] == "rent.deposit"; });
    REQUIRE(deposit != rows.end());
    CHECK((*deposit)[8] == "10000.00");
    CHECK((*deposit)[4] == "押金（可退，不计入合计）");
    CHECK((*deposit)[11].empty());  // not in the amount column a spreadsheet sums
}

TEST_CASE("the cost JSON names the refundable deposit beside the totals it is not in", "[csv]") {
    auto plan = planFor("quote-scenario.json");
    REQUIRE(plan.cost);
    plan.cost->rentDeposit = clusterplan::cost::Money::fromCents(1'000'000);
    clusterplan::json::Writer w;
    w.beginObject();
    clusterplan::cost::writeCostJson(w, *plan.cost);
    w.endObject();
    CHECK(w.str().find("\"rent_deposit\": 10000,") != std::string::npos);
}
