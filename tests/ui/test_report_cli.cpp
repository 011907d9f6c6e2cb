// `clusterplan-cli report` end to end: the PDF in both languages holds the
// customer, the quote number, the recommended layout, the totals and the break-even month exactly
// as the plan has them (read with pdftotext), every page renders (pdftoppm), a long layouts table
// adds pages, chart images are written, and an unwritable path fails without leaving a file.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

#include "cli_runner.h"
#include "core/calibration/evaluate.h"
#include "core/catalog/catalog.h"
#include "core/io/scenario_json.h"
#include "core/quote/chinese_amount.h"
#include "core/quote/messages_quote.h"
#include "core/quote/quote_scaling.h"
#include "core/quote/quote_text.h"
#include "core/util/number_format.h"
#include "latin_words.h"

namespace fs = std::filesystem;
namespace quote = clusterplan::quote;

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

using Run = clusterplan::test::CliRun;
using clusterplan::test::runCommand;

Run cli(const std::string& args) {
    return clusterplan::test::runCli(args);
}

Run shell(const std::string& command) {
    return runCommand(command);
}

int pageCount(const std::string& pdf) {
    const Run info = shell("pdfinfo '" + pdf + "'");
    REQUIRE(info.status == 0);
    const auto at = info.out.find("Pages:");
    REQUIRE(at != std::string::npos);
    return std::stoi(info.out.substr(at + 6));
}

// The document the CLI builds, for the expected strings (the same core code, no Qt).
quote::QuoteDocument expectedDocument(const std::string& file) {
    const auto catalog = clusterplan::Catalog::builtin();
    auto s = clusterplan::loadScenarioFile(kData + "/" + file, catalog);
    REQUIRE(s.ok());
    auto plan = clusterplan::evaluate(s.value(), catalog);
    REQUIRE(plan.ok());
    REQUIRE(plan->cost);
    return quote::buildQuoteDocument(plan.value(), "2026-11-30", std::nullopt);
}

// The scaling section's study, run here through core (the engine `clusterplan-cli scale` uses).
clusterplan::ScalingReport expectedScaling(const std::string& file) {
    const auto catalog = clusterplan::Catalog::builtin();
    auto s = clusterplan::loadScenarioFile(kData + "/" + file, catalog);
    REQUIRE(s.ok());
    return quote::quoteScaling(s.value(), catalog);
}

// A folder of this process's own: other checkouts on the machine run these tests at the same time.
fs::path scratchDir(const std::string& name) {
    return fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
}

// pdftotext keeps words but may move line breaks: compare with whitespace removed.
std::string squeezed(std::string s) {
    std::erase_if(s, [](unsigned char c) { return std::isspace(c); });
    return s;
}

// "30,953" → "30953".
std::string withoutSeparators(std::string s) {
    std::erase(s, ',');
    return s;
}

struct ScaleCells {
    std::string tokensPerSecond, efficiency, days;
};

// The scaling table's rows in `pdftotext -layout` text, by GPU count: "8   30,953   98.6 %   37.4".
std::map<std::int64_t, ScaleCells> scalingTableRows(const std::string& text) {
    static const std::regex row(R"(^\s*([\d,]+)\s+([\d,]+)\s+([\d.]+)\s*%\s+([\d,.]+)\s*$)");
    std::map<std::int64_t, ScaleCells> rows;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_match(line, m, row))
            rows[std::stoll(withoutSeparators(m[1]))] = {m[2], m[3], m[4]};
    }
    return rows;
}

// The tokens/s column of `clusterplan-cli scale --format text` at `gpus` ("  8  1  30953  ...").
std::string scaleTokensPerSecond(const std::string& text, std::int64_t gpus) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::istringstream cells(line);
        std::int64_t count = 0, nodes = 0;
        std::string tokens;
        if (cells >> count >> nodes >> tokens && count == gpus)
            return tokens;
    }
    return {};
}

}  // namespace

TEST_CASE("the PDF quote holds the plan's numbers in English and Chinese", "[report]") {
    const fs::path dir = scratchDir("clusterplan-report-test");
    fs::remove_all(dir);
    fs::create_directories(dir);
    const auto doc = expectedDocument("quote-scenario.json");
    const auto scaling = expectedScaling("quote-scenario.json");
    REQUIRE(scaling.curve.size() >= 4);  // 1, 2, 4, 8 GPUs on the fixture's one 8-GPU server
    // The study the PDF prints is the one `scale` prints: its largest count's tokens/s is in both.
    const Run scale = cli("scale " + kData + "/quote-scenario.json --format text");
    REQUIRE(scale.status == 0);
    CHECK(scale.out.find(clusterplan::formatFixed(scaling.curve.back().best.perf.tokensPerSecond, 0)) !=
          std::string::npos);
    for (const auto lang : {quote::Lang::En, quote::Lang::Zh}) {
        const std::string code = quote::langCode(lang);
        INFO(code);
        const std::string pdf = (dir / ("quote-" + code + ".pdf")).string();
        const Run r = cli("report " + kData + "/quote-scenario.json --pdf " + pdf + " --lang " + code);
        INFO(r.out);
        REQUIRE(r.status == 0);
        CHECK(r.out.find("XDG_RUNTIME_DIR") == std::string::npos);  // no Qt noise for a CLI user
        const Run text = shell("pdftotext -layout '" + pdf + "' -");
        REQUIRE(text.status == 0);
        const std::string all = squeezed(text.out);
        const auto has = [&](const std::string& s) {
            INFO("looking for: " << s);
            CHECK(all.find(squeezed(s)) != std::string::npos);
        };
        has("星河智算科技有限公司");
        has("CP-2026-0042");
        has(doc.verdict.layout.in(lang));
        has(quote::formatAmount(doc.verdict.rentTotal, doc.currency, lang));
        has(quote::formatAmount(doc.verdict.buyTotal, doc.currency, lang));
        has(quote::formatAmount(doc.rent->total.gross, doc.currency, lang));
        has(quote::formatAmount(doc.buy->total.gross, doc.currency, lang));
        has(quote::breakevenText(doc.verdict, lang));
        // Scaling: the heading, the chart's title (drawn as text in the PDF) and every row of the
        // table (GPUs, tokens/s, efficiency, days) as the study gives it.
        has(quote::label(lang, clusterplan::msg::kQuoteScaling));
        // Whole words: with ligatures "ffi" reached pdftotext as one glyph and "efficiency" was not found.
        has(lang == quote::Lang::Zh ? "吞吐量与扩展效率" : "Throughput and scaling efficiency");
        for (const char* ligature : {"\uFB00", "\uFB01", "\uFB02", "\uFB03", "\uFB04"})  // ﬀ ﬁ ﬂ ﬃ ﬄ
            CHECK(text.out.find(ligature) == std::string::npos);
        // The PDF groups thousands ("30,953") where `scale` prints "30953": read each table row's
        // cells, check they are grouped, and compare them without separators to `scale`'s row.
        const auto pdfRows = scalingTableRows(text.out);
        REQUIRE(pdfRows.size() == scaling.curve.size());
        for (const auto& p : scaling.curve) {
            REQUIRE(p.fits);
            INFO(p.gpus << " GPUs");
            REQUIRE(pdfRows.count(p.gpus) == 1);
            const ScaleCells& cells = pdfRows.at(p.gpus);
            CHECK(withoutSeparators(cells.tokensPerSecond) ==
                  clusterplan::formatFixed(p.best.perf.tokensPerSecond, 0));
            CHECK(withoutSeparators(cells.tokensPerSecond) == scaleTokensPerSecond(scale.out, p.gpus));
            CHECK(cells.tokensPerSecond.find(',') != std::string::npos);  // all are >= 1,000 here
            CHECK(cells.efficiency == clusterplan::formatFixed(100 * p.efficiency, 1));
            CHECK(withoutSeparators(cells.days) == clusterplan::formatFixed(p.trainDays, 1));
        }
        // The sensitivity table names each input as the tornado above it does ("power
        // price", "电价"), not by the engine's key; the price list under Assumptions keeps its keys.
        const auto sensitivityAt = text.out.find(quote::label(lang, clusterplan::msg::kQuoteColInput));
        REQUIRE(sensitivityAt != std::string::npos);
        const std::string sensitivity = text.out.substr(
            sensitivityAt,
            text.out.find(quote::label(lang, clusterplan::msg::kQuoteAssumptions)) - sensitivityAt);
        INFO(sensitivity);
        CHECK(sensitivity.find(lang == quote::Lang::Zh ? "电价" : "power price") != std::string::npos);
        CHECK(sensitivity.find("electricity_per_kwh") == std::string::npos);
        CHECK(sensitivity.find('_') == std::string::npos);
        if (lang == quote::Lang::Zh) {
            has("价税合计");
            has("人民币" + quote::chineseUppercase(doc.rent->total.gross));
            has("盖章");
            has("有效期");
            // The charts speak the report's language too (the CLI loads the translation).
            has("单步时间");
            CHECK(all.find("Step time") == std::string::npos);
        } else {
            has("excl. tax");
            has("takes effect when both parties have signed it");
        }
        // Every page renders.
        const int pages = pageCount(pdf);
        CHECK(pages >= 5);
        const Run png = shell("pdftoppm -r 20 -png '" + pdf + "' '" + (dir / code).string() + "'");
        REQUIRE(png.status == 0);
        int rendered = 0;
        for (const auto& e : fs::directory_iterator(dir))
            rendered +=
                e.path().filename().string().rfind(code + "-", 0) == 0 && e.path().extension() == ".png";
        CHECK(rendered == pages);
    }
    fs::remove_all(dir);
}

TEST_CASE("the audit's quotes print every verdict row whole with its basis, in both languages", "[report]") {
    // Scenarios b (USD), d (custom offer billed yearly: its 36-month rent and break-even on that
    // term), e (small-scale taxpayer) and f (a 3.6-day QLoRA run: its amortised share beside the
    // cash outlay of owning for it): every row of the verdict, label and value, is in the PDF's
    // text as the engine writes it, so no figure lost its basis on the way to the page.
    const fs::path dir = scratchDir("clusterplan-report-audit");
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const std::string file : {"quote-scenario-b-usd.json", "quote-scenario-d-custom-offer.json",
                                   "quote-scenario-e-small-scale.json", "quote-scenario-f-qlora.json"}) {
        const auto doc = expectedDocument(file);
        for (const auto lang : {quote::Lang::En, quote::Lang::Zh}) {
            const std::string code = quote::langCode(lang);
            INFO(file << " " << code);
            const std::string pdf = (dir / (code + ".pdf")).string();
            const Run r =
                cli("report " + kData + "/" + file + " --no-record --pdf " + pdf + " --lang " + code);
            REQUIRE(r.status == 0);
            // -raw: in the order drawn, so a label wrapped over lines is read before its value.
            const Run text = shell("pdftotext -raw '" + pdf + "' -");
            REQUIRE(text.status == 0);
            const std::string all = squeezed(text.out);
            for (const auto& row : quote::verdictRows(doc, lang)) {
                INFO(row.label << " | " << row.value);
                CHECK(all.find(squeezed(row.label)) != std::string::npos);
                CHECK(all.find(squeezed(row.value)) != std::string::npos);
            }
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("a unit price with three or four decimals prints whole in its column, on the row of the amount it "
          "bills",
          "[report]") {
    // g: the custom yearly prepay of the ¥30,000 server-month at 20 % off, quoted in dollars at
    // 7.2: one invoice of $40,000.00, the rent schedule's year, at a monthly price of $40,000 /
    // (12 × 0.8) = $4,166.6667. h: AWS Capacity Blocks p5 at $4.916 a GPU-hour (AWS Capacity
    // Blocks pricing page, late 2024), the job's GPU-hours × 4.916. Each price's decimals stay on
    // its line item's row in both languages (a column too narrow for them would wrap the price
    // onto a line of its own), and the verdict's cost of the run is the line's amount.
    const std::pair<std::string, std::string> quotes[] = {
        {"quote-scenario-g-usd-yearly.json", "4,166.6667"},
        {"quote-scenario-h-p5-capacity-block.json", "4.916"}};
    const fs::path dir = scratchDir("clusterplan-report-price");
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const auto& [file, price] : quotes) {
        const auto doc = expectedDocument(file);
        REQUIRE(doc.rent);
        REQUIRE(doc.rent->groups.front().lines.size() == 1);
        const auto& line = doc.rent->groups.front().lines.front();
        REQUIRE(doc.verdict.runCostRent);
        REQUIRE(*doc.verdict.runCostRent == line.amount);
        for (const auto lang : {quote::Lang::En, quote::Lang::Zh}) {
            const std::string code = quote::langCode(lang);
            INFO(file << " " << code);
            const auto cells = quote::lineCells(line, 1, lang);
            REQUIRE(cells[5] == price);
            const std::string pdf = (dir / (code + ".pdf")).string();
            REQUIRE(cli("report " + kData + "/" + file + " --no-record --pdf " + pdf + " --lang " + code)
                        .status == 0);
            const Run text = shell("pdftotext -layout '" + pdf + "' -");
            REQUIRE(text.status == 0);
            std::istringstream lines(text.out);
            int rows = 0;
            for (std::string l; std::getline(lines, l);)
                if (l.find(" " + cells[5] + " ") != std::string::npos &&
                    l.find(" " + cells[7] + " ") != std::string::npos)
                    ++rows;
            INFO(text.out);
            CHECK(rows == 1);
            CHECK(squeezed(text.out).find(squeezed(quote::formatAmount(line.amount, doc.currency, lang))) !=
                  std::string::npos);
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("the 405B English quote keeps every sensitivity input's words whole", "[report]") {
    // Its value columns ("CNY 11,059.20 / GPU per network tier") squeezed the Input column to three
    // letters: "ren / pric", "upk / in / wa", and pdftotext lost the names. Every column now keeps
    // its longest word on one line: each input's words are found whole in the text.
    const std::map<std::string, std::string> names = {{"node_price", "server price"},
                                                      {"rent_price", "rent price"},
                                                      {"utilization", "utilisation"},
                                                      {"electricity_per_kwh", "power price"},
                                                      {"colo_per_kw_month", "colo per kW"},
                                                      {"colo_per_cabinet_month", "colo per cabinet"},
                                                      {"node_max_kw", "server power"},
                                                      {"staff_cost_per_year", "staff cost"},
                                                      {"maintenance_in_warranty", "upkeep in warranty"},
                                                      {"maintenance_after_warranty", "upkeep after warranty"},
                                                      {"insurance_share", "insurance"},
                                                      {"residual_at_36_months", "resale value"},
                                                      {"install_share", "installation"},
                                                      {"switch_price", "switch price"},
                                                      {"optic_per_gpu_per_tier", "optics"},
                                                      {"storage_per_tb", "storage per TB"},
                                                      {"discount_rate", "discount rate"},
                                                      {"loan_rate", "loan rate"},
                                                      {"pue", "PUE"},
                                                      {"storage_per_tb_large", "bulk storage per TB"}};
    const fs::path dir = scratchDir("clusterplan-report-405b");
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string pdf = (dir / "c-en.pdf").string();
    const Run r =
        cli("report " + kData + "/quote-scenario-c-405b.json --no-record --pdf " + pdf + " --lang en");
    INFO(r.out);
    REQUIRE(r.status == 0);
    const Run text = shell("pdftotext '" + pdf + "' -");
    REQUIRE(text.status == 0);
    const auto at = text.out.find("Buying saves");
    REQUIRE(at != std::string::npos);
    const std::string section = text.out.substr(text.out.rfind("Input", at));
    INFO(section.substr(0, 3000));
    const auto catalog = clusterplan::Catalog::builtin();
    const auto scenario = clusterplan::loadScenarioFile(kData + "/quote-scenario-c-405b.json", catalog);
    REQUIRE(scenario.ok());
    const auto plan = clusterplan::evaluate(scenario.value(), catalog);
    REQUIRE(plan.ok());
    REQUIRE(plan->cost);
    REQUIRE(plan->cost->sensitivity.size() >= 10);
    for (const auto& row : plan->cost->sensitivity) {
        INFO(row.input);
        REQUIRE(names.count(row.input) == 1);
        std::istringstream name(names.at(row.input));
        std::string longest;
        for (std::string w; name >> w;)
            longest = w.size() > longest.size() ? w : longest;
        const std::regex whole("(^|\\s)" + longest + "(\\s|$)");
        CHECK(std::regex_search(section, whole));
    }
    fs::remove_all(dir);
}

TEST_CASE("the Chinese PDF prints no English word and no internal id", "[report]") {
    // Words the user typed are theirs; every other Latin word of three letters or more must be in the
    // committed allow-list of product and unit names (latin_words.h).
    const fs::path dir = scratchDir("clusterplan-report-latin");
    fs::remove_all(dir);
    fs::create_directories(dir);
    // With --options the page compares every priced GPU type, so every GPU and interconnect of the
    // catalog that a row or a reason names is printed by its Chinese name.
    const auto catalog = clusterplan::Catalog::builtin();
    for (const auto& [file, extra] : {std::pair<std::string, std::string>{"quote-scenario.json", ""},
                                      {"quote-scenario-searched.json", ""},
                                      {"quote-scenario.json", " --options"}}) {
        INFO(file << extra);
        const auto doc = expectedDocument(file);
        const std::string pdf = (dir / "zh.pdf").string();
        const Run r = cli("report " + kData + "/" + file + " --pdf " + pdf + " --lang zh_CN" + extra);
        REQUIRE(r.status == 0);
        const Run text = shell("pdftotext '" + pdf + "' -");
        REQUIRE(text.status == 0);
        const auto english = clusterplan::test::untranslatedWords(text.out, doc.info, kData);
        std::string found;
        for (const auto& w : english)
            found += w + " ";
        INFO("English or ids in the Chinese PDF: " << found);
        CHECK(english.empty());
        // No GPU or interconnect by its English description ("(Blackwell GPU, 186 GB)", "NVSwitch gen
        // 3"), whose words the allow-list passes one by one; compared without spaces, as pdftotext
        // breaks a long name across lines.
        const auto squeezed = [](std::string t) {
            t.erase(std::remove_if(t.begin(), t.end(), [](unsigned char c) { return std::isspace(c); }),
                    t.end());
            return t;
        };
        const std::string all = squeezed(text.out);
        int chineseNames = 0;
        const auto check = [&](const std::string& name, const std::string& nameZh) {
            if (nameZh.empty() || nameZh == name)
                return;
            INFO(name);
            CHECK(all.find(squeezed(name)) == std::string::npos);
            chineseNames += all.find(squeezed(nameZh)) != std::string::npos;
        };
        for (const auto& [id, gpu] : catalog.gpus())
            check(gpu.name, gpu.nameZh);
        for (const auto& [id, fabric] : catalog.fabrics())
            check(fabric.name, fabric.nameZh);
        // The options page names a GPU that has a Chinese name (GB200 NVL72).
        if (!extra.empty())
            CHECK(chineseNames > 0);
    }
    fs::remove_all(dir);
}

TEST_CASE("a long layouts table adds pages and repeats its header", "[report]") {
    const fs::path dir = scratchDir("clusterplan-report-long");
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string shortPdf = (dir / "fixed.pdf").string(), longPdf = (dir / "searched.pdf").string();
    // The same searched scenario (2,552 layouts on 32 GPUs) with 10 and 300 rows in the table.
    const std::string file = kData + "/quote-scenario-searched.json";
    REQUIRE(cli("report " + file + " --max-layouts 10 --pdf " + shortPdf).status == 0);
    REQUIRE(cli("report " + file + " --max-layouts 300 --pdf " + longPdf).status == 0);
    CHECK(pageCount(longPdf) > pageCount(shortPdf));
    const Run text = shell("pdftotext '" + longPdf + "' -");
    std::size_t headers = 0;
    for (std::size_t at = text.out.find("TP×PP×DP×CP"); at != std::string::npos;
         at = text.out.find("TP×PP×DP×CP", at + 1))
        ++headers;
    CHECK(headers >= 4);  // the header again on every page the table covers
    fs::remove_all(dir);
}

TEST_CASE("report writes chart images, CSV and a workbook, and bad paths fail cleanly", "[report]") {
    const fs::path dir = scratchDir("clusterplan-report-files");
    fs::remove_all(dir);
    // A workbook's folder must exist (the CSV and image folders are made), checked before anything
    // is written or recorded.
    const Run missing = cli("report " + kData + "/quote-scenario.json --csv " + (dir / "csv").string() +
                            " --xlsx " + (dir / "q.xlsx").string());
    CHECK(missing.status == 2);
    CHECK_FALSE(fs::exists(dir));
    fs::create_directories(dir);
    const Run r = cli("report " + kData + "/quote-scenario.json --images " + (dir / "img").string() +
                      " --csv " + (dir / "csv").string() + " --xlsx " + (dir / "q.xlsx").string() + " --bom");
    INFO(r.out);
    REQUIRE(r.status == 0);
    for (const char* f :
         {"img/memory.png", "img/memory.svg", "img/cost.svg", "img/step_time.png", "img/scaling.png",
          "img/scaling.svg", "img/scaling_days.png", "img/scaling_days.svg", "img/layouts.svg",
          "img/sensitivity.svg", "img/sensitivity.png", "csv/layouts.csv", "csv/line_items.csv",
          "csv/prices.csv", "q.xlsx"})
        CHECK(fs::file_size(dir / f) > 100);
    CHECK_FALSE(fs::exists(dir / "csv/validation.csv"));  // internal: never in a customer's package
    const Run bad = cli("report " + kData + "/quote-scenario.json --pdf /proc/nope/quote.pdf");
    CHECK(bad.status == 2);
    CHECK(bad.out.find("/proc/nope/quote.pdf") != std::string::npos);
    CHECK_FALSE(fs::exists("/proc/nope/quote.pdf"));
    CHECK(cli("report " + kData + "/quote-scenario.json --lang fr").status == 2);
    const Run text = cli("report " + kData + "/quote-scenario.json --lang zh_CN");
    CHECK(text.status == 0);
    CHECK(text.out.find("价税合计") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a --no-record draft prints no quote number, not even the scenario's", "[report]") {
    // The scenario names CP-2026-0042, which the book may hold as another customer's quote: a draft
    // that is recorded nowhere says "draft" where the number goes.
    const fs::path dir = scratchDir("clusterplan-report-draft");
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string pdf = (dir / "draft.pdf").string();
    const Run r = cli("report " + kData + "/quote-scenario.json --no-record --pdf " + pdf);
    INFO(r.out);
    REQUIRE(r.status == 0);
    const Run text = shell("pdftotext '" + pdf + "' -");
    REQUIRE(text.status == 0);
    CHECK(text.out.find("CP-2026-0042") == std::string::npos);
    CHECK(squeezed(text.out).find("Quotenumberdraft") != std::string::npos);
    fs::remove_all(dir);
}
