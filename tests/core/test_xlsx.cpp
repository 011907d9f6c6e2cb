// The quote workbook: it opens as a zip of sheet XML (read with `unzip -p`), its
// line-item and schedule cells hold formulas, and every formula carries its cached value equal to
// the engine's number, so viewers that do not recalculate show the right amounts. The lines refer to
// the VAT rates on the inputs sheet, the 大写 follows the total, and LibreOffice (when installed)
// recalculates an edited workbook to the engine's totals.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

#include <xlsxwriter.h>

#include "core/calibration/evaluate.h"
#include "core/export/csv_export.h"
#include "core/export/quote_workbook.h"
#include "core/quote/chinese_amount.h"
#include "core/quote/messages_quote.h"
#include "core/quote/quote_text.h"
#include "latin_words.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using clusterplan::quote::Lang;

const std::string kData = CLUSTERPLAN_TEST_DATA;

struct Run {
    int status = 0;
    std::string out;
};

Run shell(const std::string& command) {
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    REQUIRE(pipe != nullptr);
    Run r;
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        r.out.append(buffer.data(), n);
    r.status = ::pclose(pipe);
    return r;
}

std::string unzipMember(const std::string& zip, const std::string& member) {
    const Run r = shell("unzip -p '" + zip + "' '" + member + "'");
    REQUIRE(r.status == 0);
    return r.out;
}

std::string unescapeXml(std::string s) {
    const std::pair<const char*, const char*> entities[] = {
        {"&quot;", "\""}, {"&apos;", "'"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}};
    for (const auto& [from, to] : entities)
        for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + 1))
            s.replace(at, std::string_view(from).size(), to);
    return s;
}

std::string between(const std::string& s, const std::string& open, const std::string& close) {
    const auto a = s.find(open);
    if (a == std::string::npos)
        return "";
    const auto b = s.find(close, a + open.size());
    return s.substr(a + open.size(), b - a - open.size());
}

struct Cell {
    std::string formula;  // without '='; empty: a constant
    std::string value;    // the cached or constant value as stored (a shared string's index for t="s")
};

// Every non-empty cell of a sheet's XML by reference ("I5"). Read by hand: a 大写 formula is
// thousands of characters, more than std::regex's recursion takes.
std::map<std::string, Cell> sheetCells(const std::string& xml) {
    std::map<std::string, Cell> out;
    for (std::size_t at = xml.find("<c r=\""); at != std::string::npos; at = xml.find("<c r=\"", at + 1)) {
        const std::size_t refEnd = xml.find('"', at + 6);
        const std::string ref = xml.substr(at + 6, refEnd - at - 6);
        const std::size_t tagEnd = xml.find('>', refEnd);
        if (xml[tagEnd - 1] == '/')
            continue;
        const std::string inner = xml.substr(tagEnd + 1, xml.find("</c>", tagEnd) - tagEnd - 1);
        std::string f = between(inner, "<f>", "</f>");
        out[ref] = {unescapeXml(f), unescapeXml(between(inner, "<v>", "</v>"))};
    }
    return out;
}

std::vector<std::string> sharedStrings(const std::string& xml) {
    std::vector<std::string> out;
    static const std::regex t(R"(<t[^>]*>([^<]*)</t>)");
    for (auto it = std::sregex_iterator(xml.begin(), xml.end(), t); it != std::sregex_iterator(); ++it)
        out.push_back(unescapeXml((*it)[1]));
    return out;
}

int rowOf(const std::string& ref) {
    return std::stoi(ref.substr(ref.find_first_of("0123456789")));
}

std::string colOf(const std::string& ref) {
    return ref.substr(0, ref.find_first_of("0123456789"));
}

struct Quote {
    clusterplan::Plan plan;
    clusterplan::quote::QuoteDocument doc;
};

Quote quoteFor(const std::string& file) {
    Quote q{clusterplan::test::planFromFile(kData, file), {}};
    q.doc = clusterplan::quote::buildQuoteDocument(q.plan, "2026-11-30", std::nullopt);
    return q;
}

std::string writeWorkbook(const Quote& q, Lang lang, const std::string& name) {
    const auto path = (fs::temp_directory_path() / name).string();
    REQUIRE(clusterplan::writeQuoteWorkbook(path, q.plan, q.doc, lang).ok());
    return path;
}

}  // namespace

TEST_CASE("the workbook's formulas carry the plan's numbers as cached values", "[xlsx]") {
    const Quote q = quoteFor("quote-scenario.json");
    const auto& doc = q.doc;
    const auto path = writeWorkbook(q, Lang::Zh, "clusterplan-test-quote.xlsx");

    // Sheet 2: line items. Each line's amount is ROUND(qty × unit price × (1 − discount), 2).
    const auto lines = sheetCells(unzipMember(path, "xl/worksheets/sheet2.xml"));
    std::vector<double> amounts, totals;
    for (const auto& [ref, c] : lines) {
        if (c.formula.rfind("ROUND(", 0) == 0 && c.formula.find("*(1-") != std::string::npos)
            amounts.push_back(std::stod(c.value));
        if (ref[0] == 'L' && !c.formula.empty() && c.formula[0] == 'L' &&
            c.formula.find("SUM") == std::string::npos)
            totals.push_back(std::stod(c.value));  // option totals: sums of the subtotal rows
    }
    std::vector<double> expected;
    REQUIRE(doc.running);
    for (const auto* o : {&*doc.rent, &*doc.buy, &*doc.running})
        for (const auto& g : o->groups)
            for (const auto& l : g.lines)
                expected.push_back(l.amount.units());
    std::sort(expected.begin(), expected.end());
    std::sort(amounts.begin(), amounts.end());
    CHECK(amounts == expected);
    std::vector<double> gross{doc.rent->total.gross.units(), doc.buy->total.gross.units(),
                              doc.running->total.gross.units()};
    std::sort(gross.begin(), gross.end());
    std::sort(totals.begin(), totals.end());
    CHECK(totals == gross);

    // Sheet 3: schedule. Cumulative rent and own cost are running sums with the engine's values.
    const auto schedule = sheetCells(unzipMember(path, "xl/worksheets/sheet3.xml"));
    const auto& monthly = q.plan.cost->monthly;
    int checked = 0;
    for (const auto& [ref, c] : schedule) {
        if (c.formula.empty())
            continue;
        const auto& m = monthly[static_cast<std::size_t>(rowOf(ref) - 2)];
        if (ref[0] == 'C')
            CHECK(std::stod(c.value) == m.rentAccrued.units());
        else if (ref[0] == 'E')
            CHECK(std::stod(c.value) == m.buy.units());
        else if (ref[0] == 'G')
            CHECK(std::stod(c.value) == m.buyNet.units());
        checked += ref[0] == 'C';
    }
    CHECK(checked == static_cast<int>(monthly.size()));
    // Native charts are part of the package.
    CHECK(unzipMember(path, "xl/charts/chart1.xml").find("<c:lineChart>") != std::string::npos);
    fs::remove(path);
}

namespace {

// A chart's series data: each reference (<c:f>) of its <c:numRef> ranges with the points its
// <c:numCache> holds (empty: no cache).
struct ChartRange {
    std::string formula;         // "'逐月成本'!$C$2:$C$37"
    std::vector<double> points;  // by <c:pt idx>
    bool cached = false;
};

std::vector<ChartRange> chartNumRanges(const std::string& xml) {
    std::vector<ChartRange> out;
    for (std::size_t at = xml.find("<c:numRef>"); at != std::string::npos;
         at = xml.find("<c:numRef>", at + 1)) {
        const std::string ref = xml.substr(at, xml.find("</c:numRef>", at) - at);
        ChartRange r{unescapeXml(between(ref, "<c:f>", "</c:f>")), {}, false};
        const std::string cache = between(ref, "<c:numCache>", "</c:numCache>");
        r.cached = !cache.empty();
        for (std::size_t pt = cache.find("<c:pt idx=\""); pt != std::string::npos;
             pt = cache.find("<c:pt idx=\"", pt + 1)) {
            const auto idx = static_cast<std::size_t>(std::stoul(cache.substr(pt + 11)));
            r.points.resize(std::max(r.points.size(), idx + 1));
            r.points[idx] = std::stod(between(cache.substr(pt), "<c:v>", "</c:v>"));
        }
        out.push_back(r);
    }
    return out;
}

}  // namespace

TEST_CASE("the quote sheet names each amount's term and tax basis and counts the revision", "[xlsx]") {
    // 报价信息: the 36-month rent was printed without its contract term or tax basis, and the
    // revision was the text "2".
    const Quote q = quoteFor("quote-scenario.json");
    const auto path = writeWorkbook(q, Lang::Zh, "clusterplan-test-quote-bases.xlsx");
    const auto strings = sharedStrings(unzipMember(path, "xl/sharedStrings.xml"));
    const std::string xml = unzipMember(path, "xl/worksheets/sheet1.xml");
    const auto cells = sheetCells(xml);
    const auto index = [&](const std::string& text) {
        const auto at = std::find(strings.begin(), strings.end(), text);
        return at == strings.end() ? std::string() : std::to_string(at - strings.begin());
    };
    const std::string revision = index("版本");
    REQUIRE_FALSE(revision.empty());
    std::string row;
    for (const auto& [ref, c] : cells)
        if (colOf(ref) == "A" && c.value == revision)
            row = ref.substr(1);
    REQUIRE_FALSE(row.empty());
    CHECK(cells.at("B" + row).value == "2");
    CHECK(xml.find("<c r=\"B" + row + "\" t=\"s\"") == std::string::npos);  // a number, not text
    CHECK_FALSE(index("租用 36 个月合计（“年付预付（85折）”合同期，不含税）").empty());
    CHECK_FALSE(index("本次训练成本（自建，按 36 个月、75% 利用率摊销，不含税）").empty());
    // It prints on one page: fitted one page wide and one page tall (libxlsxwriter leaves out
    // fitToHeight="1", the default, and writes fitToHeight="0" for "as many as it takes").
    CHECK(xml.find("<pageSetUpPr fitToPage=\"1\"/>") != std::string::npos);
    CHECK(xml.find("fitToHeight=\"0\"") == std::string::npos);
    // The totals row holds the list, excl.-tax, VAT and gross sums: "合计", not "价税合计".
    CHECK_FALSE(index("合计").empty());
    // The layouts sheet's days and GPU-hours are at the steady step time, unlike the verdict's.
    CHECK_FALSE(index("训练天数（稳态）").empty());
    CHECK_FALSE(index("GPU 卡时（稳态）").empty());
    fs::remove(path);
}

TEST_CASE("the charts' cached points are the values of the cells they plot", "[xlsx]") {
    // Excel and WPS draw a chart from its cached points until the workbook is recalculated: the
    // schedule's running sums (formulas) must be cached with their values, not as 0.
    const Quote q = quoteFor("quote-scenario.json");
    const auto path = writeWorkbook(q, Lang::Zh, "clusterplan-test-quote-charts.xlsx");
    // Sheet names in order: sheetN.xml is the N-th <sheet> of workbook.xml (libxlsxwriter's naming).
    const std::string book = unzipMember(path, "xl/workbook.xml");
    std::map<std::string, std::map<std::string, Cell>> sheets;
    int n = 0;
    for (std::size_t at = book.find("<sheet name=\""); at != std::string::npos;
         at = book.find("<sheet name=\"", at + 1)) {
        const std::string name = unescapeXml(book.substr(at + 13, book.find('"', at + 13) - at - 13));
        sheets[name] = sheetCells(unzipMember(path, "xl/worksheets/sheet" + std::to_string(++n) + ".xml"));
    }
    static const std::regex range(R"('([^']+)'!\$([A-Z]+)\$([0-9]+):\$([A-Z]+)\$([0-9]+))");
    int charts = 0, points = 0;
    for (const char* member : {"xl/charts/chart1.xml", "xl/charts/chart2.xml"}) {
        ++charts;
        for (const ChartRange& r : chartNumRanges(unzipMember(path, member))) {
            INFO(member << ": " << r.formula);
            std::smatch m;
            REQUIRE(std::regex_match(r.formula, m, range));
            REQUIRE(m[2] == m[4]);  // one column
            REQUIRE(sheets.count(m[1]) == 1);
            const auto& cells = sheets.at(m[1]);
            const int first = std::stoi(m[3]), last = std::stoi(m[5]);
            REQUIRE(r.cached);
            REQUIRE(r.points.size() == static_cast<std::size_t>(last - first + 1));
            for (int row = first; row <= last; ++row) {
                const Cell& c = cells.at(m[2].str() + std::to_string(row));
                CHECK(r.points[static_cast<std::size_t>(row - first)] == std::stod(c.value));
                ++points;
            }
        }
    }
    CHECK(charts == 2);
    // The schedule chart's series are the engine's running sums: rent, own cost, own cost net of resale.
    const auto schedule = chartNumRanges(unzipMember(path, "xl/charts/chart1.xml"));
    const auto& monthly = q.plan.cost->monthly;
    REQUIRE(schedule.size() == 6);  // categories (months) and values of three series
    for (std::size_t i = 0; i < monthly.size(); ++i) {
        INFO("month " << monthly[i].month);
        CHECK(schedule[0].points.at(i) == monthly[i].month);
        CHECK(schedule[1].points.at(i) == monthly[i].rentAccrued.units());
        CHECK(schedule[3].points.at(i) == monthly[i].buy.units());
        CHECK(schedule[5].points.at(i) == monthly[i].buyNet.units());
    }
    CHECK(points > 6 * static_cast<int>(monthly.size()));
    fs::remove(path);
}

TEST_CASE("every amount of the workbook is a formula over its line's cells and the rate inputs", "[xlsx]") {
    namespace quote = clusterplan::quote;
    using clusterplan::cost::Money;
    const Quote q = quoteFor("quote-scenario.json");
    const auto path = writeWorkbook(q, Lang::Zh, "clusterplan-test-quote-inputs.xlsx");
    const auto inputs = sheetCells(unzipMember(path, "xl/worksheets/sheet1.xml"));
    const auto lines = sheetCells(unzipMember(path, "xl/worksheets/sheet2.xml"));
    const std::string inputsSheet =
        "'" + quote::label(Lang::Zh, clusterplan::msg::kQuoteXlsxSheetInputs) + "'!";

    // The quote's date and validity are dates (Excel serials: 2026-11-30 is 46356, +15 days), not text.
    std::set<std::string> dates;
    for (const auto& [ref, c] : inputs)
        if (colOf(ref) == "B")
            dates.insert(c.value);
    CHECK(dates.count("46356") == 1);
    CHECK(dates.count("46371") == 1);

    // Sheets named in Chinese.
    const std::string book = unzipMember(path, "xl/workbook.xml");
    for (const clusterplan::MessageId<0>& key :
         {clusterplan::msg::kQuoteXlsxSheetInputs, clusterplan::msg::kQuoteXlsxSheetLines,
          clusterplan::msg::kQuoteXlsxSheetSchedule, clusterplan::msg::kQuoteXlsxSheetLayouts,
          clusterplan::msg::kQuoteXlsxSheetMemory})
        CHECK(book.find("name=\"" + quote::label(Lang::Zh, key) + "\"") != std::string::npos);
    CHECK(book.find("Line items") == std::string::npos);

    const auto at = [&](const std::string& col, int row) -> const Cell& {
        const auto it = lines.find(col + std::to_string(row));
        REQUIRE(it != lines.end());
        return it->second;
    };
    int lineRows = 0, rateFormulas = 0;
    static const std::regex inputRef(R"('[^']+'!\$B\$([0-9]+))");
    for (const auto& [ref, c] : lines) {
        if (colOf(ref) != "I" || c.formula.find("*(1-") == std::string::npos)
            continue;
        ++lineRows;
        const std::string r = std::to_string(rowOf(ref));
        INFO("line row " << r);
        CHECK(c.formula == "ROUND(D" + r + "*F" + r + "*(1-G" + r + "),2)");
        CHECK(at("H", rowOf(ref)).formula == "ROUND(D" + r + "*F" + r + ",2)");
        CHECK(at("K", rowOf(ref)).formula == "ROUND(I" + r + "*J" + r + ",2)");
        CHECK(at("L", rowOf(ref)).formula == "I" + r + "+K" + r);
        // The rate: a reference to its input cell, whose value is the line's rate; or, for a line that
        // is not taxable, a constant 0.
        const Cell& rate = at("J", rowOf(ref));
        std::smatch m;
        if (rate.formula.empty()) {
            CHECK(std::stod(rate.value) == 0.0);
            continue;
        }
        REQUIRE(std::regex_match(rate.formula, m, inputRef));
        CHECK(rate.formula.rfind(inputsSheet, 0) == 0);
        const auto input = inputs.find("B" + m[1].str());
        REQUIRE(input != inputs.end());
        CHECK(input->second.formula.empty());
        CHECK(input->second.value == rate.value);
        ++rateFormulas;
    }
    std::size_t expectedLines = 0;
    for (const auto* o : {&*q.doc.rent, &*q.doc.buy, &*q.doc.running})
        for (const auto& g : o->groups)
            expectedLines += g.lines.size();
    CHECK(lineRows == static_cast<int>(expectedLines));
    CHECK(rateFormulas >= lineRows - 3);  // every line but the staff's (不征税)

    // Installation: the hardware's amount times the share on the inputs sheet.
    int installation = 0;
    for (const auto& [ref, c] : lines)
        if (colOf(ref) == "F" && !c.formula.empty()) {
            static const std::regex share(R"(ROUND\(I([0-9]+)\*'[^']+'!\$B\$[0-9]+,2\))");
            std::smatch m;
            REQUIRE(std::regex_match(c.formula, m, share));
            CHECK(at("I", std::stoi(m[1].str())).formula.rfind("SUM(", 0) == 0);  // the hardware subtotal
            CHECK(std::stod(c.value) == q.plan.cost->capex.installation.units());
            ++installation;
        }
    CHECK(installation == 1);

    // The 大写 follows the total it names: a formula over the total's cell, cached with its text.
    std::map<int, std::string> words;  // by row
    for (const auto& [ref, c] : lines)
        if (c.formula.rfind("\"人民币\"&", 0) == 0) {
            static const std::regex total(R"(\$L\$([0-9]+))");
            std::smatch m;
            REQUIRE(std::regex_search(c.formula, m, total));
            const Cell& gross = at("L", std::stoi(m[1].str()));
            static const std::regex subtotals(R"(L[0-9]+(\+L[0-9]+)*)");
            CHECK(std::regex_match(gross.formula, subtotals));  // the sum of the option's subtotals
            CHECK(c.value == "人民币" + quote::chineseUppercase(Money::fromUnits(std::stod(gross.value))));
            words[rowOf(ref)] = c.value;
        }
    REQUIRE(words.size() == 2);
    CHECK(words.begin()->second == "人民币" + quote::chineseUppercase(q.doc.rent->total.gross));
    CHECK(words.rbegin()->second == "人民币" + quote::chineseUppercase(q.doc.buy->total.gross));

    // Columns as wide as their widest value: the totals column fits the largest total.
    const std::string sheet = unzipMember(path, "xl/worksheets/sheet2.xml");
    static const std::regex col(R"re(<col min="12" max="12" width="([0-9.]+)")re");
    std::smatch m;
    REQUIRE(std::regex_search(sheet, m, col));
    CHECK(std::stod(m[1].str()) >= static_cast<double>(quote::formatPlain(q.doc.buy->total.gross).size()));
    // Option titles and notes run on over empty cells instead of widening their column: the first
    // column holds line numbers and stays narrow.
    static const std::regex first(R"re(<col min="1" max="1" width="([0-9.]+)")re");
    REQUIRE(std::regex_search(sheet, m, first));
    CHECK(std::stod(m[1].str()) < 12);
    // Printed landscape, one page wide, the header row on every page.
    CHECK(sheet.find("orientation=\"landscape\"") != std::string::npos);
    CHECK(sheet.find("fitToHeight=\"0\"") != std::string::npos);
    CHECK(book.find("_xlnm.Print_Titles") != std::string::npos);
    fs::remove(path);
}

TEST_CASE("the Chinese workbook's text has no English word and no internal id", "[xlsx]") {
    // The same allow-list as the Chinese PDF's (latin_words.h): product, unit and field names; the
    // words the user typed are theirs.
    for (const std::string file : {"quote-scenario.json", "quote-scenario-searched.json"}) {
        INFO(file);
        const Quote q = quoteFor(file);
        const auto path = writeWorkbook(q, Lang::Zh, "clusterplan-test-quote-latin.xlsx");
        std::string text;
        for (const auto& s : sharedStrings(unzipMember(path, "xl/sharedStrings.xml")))
            text += s + "\n";
        const auto english = clusterplan::test::untranslatedWords(text, q.doc.info, kData);
        std::string found;
        for (const auto& w : english)
            found += w + " ";
        INFO("English or ids in the Chinese workbook: " << found);
        CHECK(english.empty());
        fs::remove(path);
    }
}

namespace {

// A CSV file's rows (LibreOffice's export: comma, double quotes doubled inside quoted fields).
std::vector<std::vector<std::string>> readCsv(const std::string& text) {
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (quoted) {
            if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"')
                field += text[++i];
            else if (ch == '"')
                quoted = false;
            else
                field += ch;
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            rows.back().push_back(field);
            field.clear();
        } else if (ch == '\n') {
            rows.back().push_back(field);
            field.clear();
            rows.emplace_back();
        } else if (ch != '\r') {
            field += ch;
        }
    }
    if (!field.empty() || !rows.back().empty())
        rows.back().push_back(field);
    return rows;
}

// LibreOffice opens `xlsx` recalculating every formula (a profile of its own that says so:
// OOXMLRecalcMode 0, "always"; its default keeps the cached values) and writes sheet `sheet`'s values
// as CSV (UTF-8, values as stored, not as formatted); returns the CSV's text.
std::string recalculatedCsv(const fs::path& dir, const std::string& xlsx, int sheet) {
    const fs::path profile = dir / "profile";
    fs::create_directories(profile / "user");
    std::ofstream(profile / "user/registrymodifications.xcu") << R"(<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
)";
    const fs::path out = dir / "csv";
    fs::remove_all(out);
    const Run convert =
        // A UTF-8 locale: LibreOffice names each sheet's CSV after the sheet ("明细"), and in a
        // fresh root without LANG (the C locale) it wrote "edited-????.csv" and nothing came back.
        shell("cd '" + dir.string() + "' && LC_ALL=C.UTF-8 HOME='" + dir.string() +
              "' soffice -env:UserInstallation=file://" + profile.string() +
              " --headless --convert-to 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,"
              "false,false," +
              std::to_string(sheet) + "' --outdir '" + out.string() + "' '" + xlsx + "'");
    INFO(convert.out);
    REQUIRE(convert.status == 0);
    std::string text;
    for (const auto& e : fs::directory_iterator(out)) {
        std::ifstream in(e.path());
        std::stringstream b;
        b << in.rdbuf();
        text += b.str();
    }
    REQUIRE(!text.empty());
    return text;
}

}  // namespace

TEST_CASE("LibreOffice recalculates an edited workbook to the engine's totals, 大写 and quote figures",
          "[xlsx][libreoffice]") {
    namespace quote = clusterplan::quote;
    using clusterplan::cost::Money;
    // The recalculation needs LibreOffice (Debian libreoffice-calc-nogui) and zip to write the edited
    // workbook back; without them the test reports itself skipped (ctest: SKIP_REGULAR_EXPRESSION).
    if (shell("command -v soffice").status != 0 || shell("command -v zip").status != 0) {
        std::cout
            << "SKIPPED: LibreOffice (soffice) or zip is not installed; the workbook is not recalculated "
               "(apt-get install libreoffice-calc-nogui zip)\n";
        return;
    }
    const Quote q = quoteFor("quote-scenario.json");
    const fs::path dir =
        fs::temp_directory_path() / ("clusterplan-xlsx-recalc-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "x");
    const std::string path = (dir / "quote.xlsx").string();
    REQUIRE(clusterplan::writeQuoteWorkbook(path, q.plan, q.doc, Lang::Zh).ok());
    REQUIRE(shell("cd '" + (dir / "x").string() + "' && unzip -q '" + path + "'").status == 0);

    // Edit as a user would: the rent's and the servers' unit prices up by a tenth, the goods' VAT
    // rate from 13 % to 9 %.
    const auto replaceValue = [](const fs::path& file, const std::string& ref, const std::string& value) {
        std::ifstream in(file);
        std::stringstream buffer;
        buffer << in.rdbuf();
        std::string xml = buffer.str();
        const auto at = xml.find("<c r=\"" + ref + "\"");
        REQUIRE(at != std::string::npos);
        const auto v = xml.find("<v>", at);
        const auto end = xml.find("</v>", v);
        REQUIRE(xml.find("<f>", at) > v);  // a constant, not a formula
        xml.replace(v + 3, end - v - 3, value);
        std::ofstream(file) << xml;
    };
    const fs::path linesXml = dir / "x/xl/worksheets/sheet2.xml";
    const auto lines = sheetCells(unzipMember(path, "xl/worksheets/sheet2.xml"));
    const auto inputs = sheetCells(unzipMember(path, "xl/worksheets/sheet1.xml"));
    const auto& rentLine = q.doc.rent->groups.front().lines.front();
    int rentRow = 0;
    for (const auto& [ref, c] : lines)
        if (colOf(ref) == "I" && c.formula.find("*(1-") != std::string::npos &&
            (rentRow == 0 || rowOf(ref) < rentRow))
            rentRow = rowOf(ref);
    REQUIRE(std::stod(lines.at("F" + std::to_string(rentRow)).value) == rentLine.unitPrice.units());
    // The rent's new price has three decimals, as a price list may write one ($4.916 a GPU-hour):
    // the sheet and the engine bill it as written, not at the cent-rounded price.
    using clusterplan::cost::UnitPrice;
    const UnitPrice newPrice =
        UnitPrice::fromUnits(std::round(rentLine.unitPrice.units() * 1100.0) / 1000 + 0.125);
    REQUIRE(newPrice.decimals() == 3);
    replaceValue(linesXml, "F" + std::to_string(rentRow), newPrice.toString());
    const auto& serverLine = q.doc.buy->groups.front().lines.front();
    REQUIRE(serverLine.key == "buy.servers");
    int serverRow = 0;
    for (const auto& [ref, c] : lines)
        if (colOf(ref) == "F" && rowOf(ref) > rentRow && serverRow == 0 && !c.value.empty() &&
            std::stod(c.value) == serverLine.unitPrice.units())
            serverRow = rowOf(ref);
    REQUIRE(serverRow > 0);
    const UnitPrice newServerPrice =
        UnitPrice::fromMoney(Money::fromUnits(serverLine.unitPrice.units() * 1.1));
    replaceValue(linesXml, "F" + std::to_string(serverRow), newServerPrice.toString());
    std::string goodsRate;
    for (const auto& [ref, c] : lines) {
        static const std::regex inputRef(R"('[^']+'!\$B\$([0-9]+))");
        std::smatch m;
        if (colOf(ref) == "J" && std::regex_match(c.formula, m, inputRef) && c.value == "0.13" &&
            goodsRate.empty() && rowOf(ref) > rentRow + 2)
            goodsRate = "B" + m[1].str();
    }
    REQUIRE(!goodsRate.empty());
    REQUIRE(inputs.at(goodsRate).value == "0.13");
    replaceValue(dir / "x/xl/worksheets/sheet1.xml", goodsRate, "0.09");
    const std::string edited = (dir / "edited.xlsx").string();
    REQUIRE(shell("cd '" + (dir / "x").string() + "' && zip -q -X -r '" + edited + "' .").status == 0);

    // The engine's lines with the same edits (makeLine rounds each line once, as the formulas do).
    quote::TaxSettings tax = q.doc.info.tax;
    tax.rates[static_cast<std::size_t>(quote::TaxCategory::Goods)] = 0.09;
    // Installation is priced as a share of the hardware: its formula follows the hardware.
    double installShare = 0;
    for (const auto& p : q.plan.cost->parameters)
        if (p.key == "install_share")
            installShare = p.value;
    REQUIRE(installShare > 0);
    const auto reprice = [&](const quote::QuoteOption& o, bool rent) {
        quote::Totals t;
        Money hardware;
        for (const auto& g : o.groups)
            for (const auto& l : g.lines) {
                UnitPrice price = &l == &rentLine     ? newPrice
                                  : &l == &serverLine ? newServerPrice
                                                      : l.unitPrice;
                if (l.key == "buy.installation")
                    price = UnitPrice::fromMoney(hardware.times(installShare));
                const quote::LineItem repriced =
                    quote::makeLine(l.key, l.name, l.spec, l.quantity, l.unit, price, l.discount, l.category,
                                    rent ? q.doc.info.tax : tax);
                if (g.key == "hardware")
                    hardware += repriced.amount;
                t.add(repriced);
            }
        return t;
    };
    const quote::Totals rentTotals = reprice(*q.doc.rent, true);
    const quote::Totals buyTotals = reprice(*q.doc.buy, false);
    const Money rentGross = rentTotals.gross;
    const Money buyGross = buyTotals.gross;
    REQUIRE(rentGross != q.doc.rent->total.gross);
    REQUIRE(buyGross != q.doc.buy->total.gross);

    const std::string csvText = recalculatedCsv(dir, edited, 2);
    std::vector<double> totals;
    std::vector<std::string> words;
    for (const auto& row : readCsv(csvText)) {
        if (row.size() > 11 && row[1] == quote::label(Lang::Zh, clusterplan::msg::kQuoteXlsxTotals))
            totals.push_back(std::stod(row[11]));
        if (row.size() > 2 && row[1] == quote::label(Lang::Zh, clusterplan::msg::kQuoteTotalUppercase))
            words.push_back(row[2]);
    }
    INFO(csvText);
    REQUIRE(totals.size() == 2);
    CHECK(totals[0] == Approx(rentGross.units()).margin(0.001));
    CHECK(totals[1] == Approx(buyGross.units()).margin(0.001));
    CHECK(words == std::vector<std::string>{"人民币" + quote::chineseUppercase(rentGross),
                                            "人民币" + quote::chineseUppercase(buyGross)});

    // The quote sheet's figures that are sums of the line items follow the edits: the run's rental
    // (the rent option's total excl. VAT), buying over the horizon (the supply plus the running
    // costs' estimate) and net of resale (that less the same resale value).
    const quote::Verdict& v = q.doc.verdict;
    REQUIRE(v.runCostRent);
    const Money buyTotal = buyTotals.amount + q.doc.running->total.amount;
    const std::map<std::string, Money> expected{
        {quote::label(Lang::Zh, clusterplan::msg::kQuoteRunCostRent, {v.jobTerm.zh}), rentTotals.amount},
        {quote::label(Lang::Zh, clusterplan::msg::kQuoteBuyTotal, {std::to_string(v.horizonMonths)}),
         buyTotal},
        {quote::label(Lang::Zh, clusterplan::msg::kQuoteBuyNetTotal),
         buyTotal - (v.buyTotal - v.buyNetTotal)}};
    REQUIRE(rentTotals.amount != *v.runCostRent);
    REQUIRE(buyTotal != v.buyTotal);
    const std::string infoCsv = recalculatedCsv(dir, edited, 1);
    INFO(infoCsv);
    std::map<std::string, double> figures;
    for (const auto& row : readCsv(infoCsv))
        if (row.size() > 1 && expected.count(row[0]))
            figures[row[0]] = std::stod(row[1]);
    REQUIRE(figures.size() == expected.size());
    for (const auto& [name, amount] : expected) {
        INFO(name);
        CHECK(figures[name] == Approx(amount.units()).margin(0.001));
    }
    fs::remove_all(dir);
}

TEST_CASE("the 大写 formula writes what chineseUppercase writes", "[xlsx][libreoffice]") {
    // Amounts where the zero rules bite (a zero 万 or 亿 group, 万亿, 角 without 分 and the reverse)
    // and a spread of others, each beside its formula, recalculated by LibreOffice.
    namespace quote = clusterplan::quote;
    using clusterplan::cost::Money;
    if (shell("command -v soffice").status != 0) {
        std::cout << "SKIPPED: LibreOffice (soffice) is not installed; the 大写 formula is not evaluated "
                     "(apt-get install libreoffice-calc-nogui)\n";
        return;
    }
    std::vector<std::int64_t> cents{0,
                                    5,
                                    50,
                                    100,
                                    1000,
                                    10000,
                                    10001,
                                    100000000,
                                    100000001,
                                    100010000,
                                    107000053,
                                    1005000000,
                                    -12345,
                                    1000000000000,
                                    1000000000100,
                                    1000100000000 * 100,
                                    300005000800000,
                                    300000000800000,
                                    999999999999999,
                                    1000000010000000 / 10};
    std::uint64_t seed = 2026;
    for (int i = 0; i < 120; ++i) {
        // Digits of up to 15 places, about half of them zero.
        std::int64_t v = 0;
        for (int d = 0; d < 15; ++d) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            const auto digit = static_cast<std::int64_t>((seed >> 33) % 19);
            v = v * 10 + (digit < 10 ? 0 : digit - 9);
        }
        cents.push_back(v / (i % 7 == 0 ? 1 : 1000 * (i % 5 + 1)));
    }
    // A workbook of the amounts, each beside its formula, recalculated and written as CSV.
    const fs::path dir = fs::temp_directory_path() / ("clusterplan-xlsx-upper-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string book = (dir / "amounts.xlsx").string();
    lxw_workbook* wb = workbook_new(book.c_str());
    REQUIRE(wb != nullptr);
    lxw_worksheet* ws = workbook_add_worksheet(wb, nullptr);
    for (std::size_t i = 0; i < cents.size(); ++i) {
        const auto row = static_cast<lxw_row_t>(i);
        worksheet_write_number(ws, row, 0, Money::fromCents(cents[i]).units(), nullptr);
        const std::string formula = "=" + quote::chineseUppercaseFormula("$A$" + std::to_string(i + 1));
        worksheet_write_formula(ws, row, 1, formula.c_str(), nullptr);
    }
    REQUIRE(workbook_close(wb) == LXW_NO_ERROR);
    const std::string csvText = recalculatedCsv(dir, book, 1);
    const auto rows = readCsv(csvText);
    REQUIRE(rows.size() >= cents.size());
    for (std::size_t i = 0; i < cents.size(); ++i) {
        INFO(cents[i] << " cents");
        REQUIRE(rows[i].size() >= 2);
        CHECK(rows[i][1] == quote::chineseUppercase(Money::fromCents(cents[i])));
    }
    fs::remove_all(dir);
}

TEST_CASE("an unwritable workbook path is an error and leaves no file", "[xlsx]") {
    const auto& catalog = clusterplan::test::catalog();
    auto plan = clusterplan::evaluate(clusterplan::defaultScenario(catalog), catalog);
    REQUIRE(plan.ok());
    const auto doc = clusterplan::quote::buildQuoteDocument(plan.value(), "2026-11-30", std::nullopt);
    const std::string path = "/proc/no-such-dir/quote.xlsx";
    auto r = clusterplan::writeQuoteWorkbook(path, plan.value(), doc, clusterplan::quote::Lang::En);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().toString().find(path) != std::string::npos);
    CHECK_FALSE(fs::exists(path));
}

namespace {

// How many of the quote sheet's figures are formulas over the line items worth `amount`.
int linkedFigures(const std::string& workbook, clusterplan::cost::Money amount) {
    int linked = 0;
    for (const auto& [ref, c] : sheetCells(unzipMember(workbook, "xl/worksheets/sheet1.xml")))
        if (colOf(ref) == "B" && c.formula.find("'!") != std::string::npos && !c.value.empty() &&
            std::stod(c.value) == Approx(amount.units()).margin(0.001))
            ++linked;
    return linked;
}

// The quote's line_items.csv as written for the report, read back row by row.
std::vector<std::vector<std::string>> lineItemsCsv(const Quote& q, const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    REQUIRE(clusterplan::writeReportCsv(dir.string(), q.plan, q.doc).ok());
    std::ifstream in(dir / "line_items.csv");
    std::stringstream text;
    text << in.rdbuf();
    fs::remove_all(dir);
    return readCsv(text.str());
}

}  // namespace

TEST_CASE("a job over two prepaid terms is billed per term, and every place its amount appears agrees",
          "[xlsx][csv][quote]") {
    namespace quote = clusterplan::quote;
    using clusterplan::cost::Money;
    // Scenario d: 703 days on a custom offer's yearly prepay (¥28,888.88 a server-month, 12 % off, a
    // ¥150 renewal credit from the second year, a ¥5,000 setup fee). Each yearly term is one invoice,
    // rounded once: r(12 × 28,888.88 × 0.88) = r(305,066.5728) = 305,066.57, so two terms are
    // 610,133.14, where one rounding over 24 months gave 610,133.15 and the verdict stood a cent
    // above the rent schedule's 613,333.14 at month 24.
    const Quote q = quoteFor("quote-scenario-d-custom-offer.json");
    REQUIRE(q.doc.verdict.jobRental);
    REQUIRE(q.doc.rent);
    const auto& job = *q.doc.verdict.jobRental;
    CHECK(job.term.id == "yearly");
    CHECK(job.months == 24);
    const Money term = Money::fromUnits(12 * 28'888.88 * 0.88);
    CHECK(term == Money::fromCents(305'066'57));
    REQUIRE(job.parts.periods == std::vector<Money>{term, term});

    // The line items: one rent line per term, each priced as its invoice; the lines add up to the
    // verdict's figure, the subtotal and the option's total.
    const auto& lines = q.doc.rent->groups.front().lines;
    std::vector<std::string> keys;
    Money termSum, lineSum;
    for (const auto& l : lines) {
        keys.push_back(l.key);
        lineSum += l.amount;
        if (l.key.rfind("rent.units.p", 0) == 0) {
            CHECK(l.amount == term);
            CHECK(l.quantity == 12);
            termSum += l.amount;
        }
    }
    CHECK(keys == std::vector<std::string>{"rent.units.p1", "rent.units.p2", "rent.credit", "rent.setup"});
    CHECK(termSum == Money::fromCents(610'133'14));
    const Money total = termSum - Money::fromUnits(12 * 150) + Money::fromUnits(5'000);
    CHECK(total == Money::fromCents(613'333'14));
    CHECK(lineSum == total);
    CHECK(q.doc.rent->groups.front().subtotal.amount == total);
    CHECK(q.doc.rent->total.amount == total);
    CHECK(job.amount == total);
    REQUIRE(q.doc.verdict.runCostRent);
    CHECK(*q.doc.verdict.runCostRent == total);
    // The rent schedule on the same term: accrued by month 24.
    REQUIRE(q.plan.cost);
    REQUIRE(q.plan.cost->term.id == "yearly");
    CHECK(q.plan.cost->monthly.at(24).rentAccrued == total);
    // The period invoices add up to the quoted total incl. VAT: period 1 with the setup fee,
    // 305,066.57 + 39,658.65 + 5,650.00; period 2 with the credit, 344,725.22 − 2,034.00.
    CHECK(q.doc.rent->total.gross == Money::fromCents(693'066'44));
    std::string terms;
    for (const auto& t : quote::paymentTerms(q.doc, Lang::En))
        terms += t + "\n";
    INFO(terms);
    CHECK(terms.find("term 1 CNY 350,375.22 (with the setup fee), term 2 CNY 342,691.22") !=
          std::string::npos);

    // The workbook: the two lines' amounts and the quote sheet's figure, a formula over the total.
    const auto path = writeWorkbook(q, Lang::Zh, "clusterplan-test-per-term.xlsx");
    const auto sheetLines = sheetCells(unzipMember(path, "xl/worksheets/sheet2.xml"));
    int termCells = 0;
    for (const auto& [ref, c] : sheetLines)
        if (colOf(ref) == "I" && c.formula.find("*(1-") != std::string::npos && !c.value.empty() &&
            std::stod(c.value) == Approx(term.units()).margin(0.001))
            ++termCells;
    CHECK(termCells == 2);
    CHECK(linkedFigures(path, total) == 1);
    fs::remove(path);

    // line_items.csv: the same lines, the same amounts.
    Money csvRent;
    int csvTerms = 0;
    for (const auto& row : lineItemsCsv(q, "clusterplan-per-term"))
        if (row.size() > 11 && row[2].rfind("rent.", 0) == 0 && row[2] != "rent.deposit") {
            csvRent += Money::fromUnits(std::stod(row[11]));
            if (row[2].rfind("rent.units.p", 0) == 0 && row[11] == term.toString())
                ++csvTerms;
        }
    CHECK(csvTerms == 2);
    CHECK(csvRent == total);
}

namespace {

// The rent option's amount excl. VAT is `total` wherever it appears: the verdict, the rental's
// line (its cells printed as the PDF's table prints them, its unit price as `price`), the subtotal
// and total, the workbook (its unit price cell, the quote sheet's linked figure and, with
// LibreOffice, the recalculated total) and line_items.csv.
void checkRentEverywhere(const Quote& q, clusterplan::cost::Money total, const std::string& price,
                         const std::string& name) {
    namespace quote = clusterplan::quote;
    using clusterplan::cost::Money;
    REQUIRE(q.doc.rent);
    REQUIRE(q.doc.verdict.runCostRent);
    CHECK(*q.doc.verdict.runCostRent == total);
    CHECK(q.doc.rent->total.amount == total);
    const auto& group = q.doc.rent->groups.front();
    CHECK(group.subtotal.amount == total);
    REQUIRE(group.lines.size() == 1);
    const quote::LineItem& line = group.lines.front();
    CHECK(line.amount == total);
    const auto cells = quote::lineCells(line, 1, Lang::En);
    CHECK(cells[5] == price);
    CHECK(cells[7] == quote::formatPlain(total));

    const auto path = writeWorkbook(q, Lang::En, name + ".xlsx");
    const auto sheetLines = sheetCells(unzipMember(path, "xl/worksheets/sheet2.xml"));
    int firstLine = 0;  // the rent line: the sheet's first line
    for (const auto& [ref, c] : sheetLines)
        if (colOf(ref) == "I" && c.formula.find("*(1-") != std::string::npos &&
            (firstLine == 0 || rowOf(ref) < firstLine))
            firstLine = rowOf(ref);
    REQUIRE(firstLine > 0);
    const std::string rentRow = std::to_string(firstLine);
    CHECK(std::stod(sheetLines.at("I" + rentRow).value) == Approx(total.units()).margin(0.001));
    // Its quantity × price × (1 − discount), as the sheet computes it, is the amount to the cent.
    const double recomputed = std::stod(sheetLines.at("D" + rentRow).value) *
                              std::stod(sheetLines.at("F" + rentRow).value) * (1 - line.discount);
    CHECK(Money::fromUnits(recomputed) == total);
    CHECK(linkedFigures(path, total) == 1);
    if (shell("command -v soffice").status == 0) {
        const fs::path dir = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
        std::vector<double> totals;
        for (const auto& row : readCsv(recalculatedCsv(dir, path, 2)))
            if (row.size() > 8 && row[1] == quote::label(Lang::En, clusterplan::msg::kQuoteXlsxTotals))
                totals.push_back(std::stod(row[8]));
        REQUIRE(!totals.empty());
        CHECK(totals.front() == Approx(total.units()).margin(0.001));
        fs::remove_all(dir);
    }
    fs::remove(path);

    Money csvRent;
    std::string csvPrice;
    for (const auto& row : lineItemsCsv(q, name + "-csv"))
        if (row.size() > 11 && row[2].rfind("rent.", 0) == 0 && row[2] != "rent.deposit") {
            csvRent += Money::fromUnits(std::stod(row[11]));
            if (row[2] == "rent.units")
                csvPrice = row[8];
        }
    CHECK(csvRent == total);
    std::string plainPrice = price;
    std::erase(plainPrice, ',');
    CHECK(csvPrice == plainPrice);
}

}  // namespace

TEST_CASE("a GPU-hour listed at $4.916 is billed at $4.916 wherever the amount appears",
          "[xlsx][csv][quote]") {
    using clusterplan::cost::Money;
    // The quote fixture on one 8×H100 server rented as AWS Capacity Blocks p5 at $4.916 per
    // GPU-hour (AWS Capacity Blocks pricing page, late 2024; the US book's aws-p5-capacity-block):
    // the job's GPU-hours × 4.916, rounded once. At the cent-rounded $4.92 the bill was 0.08 % above
    // the price list's.
    const Quote q = quoteFor("quote-scenario-h-p5-capacity-block.json");
    REQUIRE(q.plan.cost->jobRental);
    const auto& job = *q.plan.cost->jobRental;
    REQUIRE(job.byTheHour);
    REQUIRE(job.gpus == 8);
    const double hours = job.parts.quantity;
    INFO("GPU-hours " << hours);
    const Money expected = Money::fromUnits(hours * 4.916);
    CHECK(expected != Money::fromUnits(hours * 4.92));
    CHECK(job.amount == expected);
    checkRentEverywhere(q, expected, "4.916", "clusterplan-test-4916");
}

TEST_CASE("a yearly prepay converted to dollars bills the term's amount, the rent schedule's, not the "
          "rounded monthly price times twelve",
          "[xlsx][csv][quote][currency]") {
    using clusterplan::cost::Money;
    // The seed article's custom yearly prepay (陷阱五: "GPU定制年付8折") on the ¥30,000 8×A100
    // server-month, quoted in dollars at ¥7.2 to the dollar for a run of about 10.6 months: one
    // yearly invoice of r(12 × 30,000 / 7.2 × 0.8) = r(40,000.0000) = $40,000.00, the rent schedule's
    // year. The monthly price rounded to $4,166.67 and multiplied back billed
    // r(12 × 4,166.67 × 0.8) = $40,000.03.
    const Quote q = quoteFor("quote-scenario-g-usd-yearly.json");
    REQUIRE(q.plan.cost->jobRental);
    const auto& job = *q.plan.cost->jobRental;
    REQUIRE(job.term.id == "custom-yearly");
    REQUIRE(job.months == 12);
    REQUIRE(job.units == 1);
    const Money year = Money::fromUnits(12 * 30'000 / 7.2 * 0.8);
    CHECK(year == Money::fromCents(4'000'000));
    CHECK(job.parts.periods == std::vector<Money>{year});
    CHECK(job.amount == year);
    // The rent schedule on the same term: the year accrued by month 12.
    REQUIRE(q.plan.cost->term.id == "custom-yearly");
    CHECK(q.plan.cost->monthly.at(12).rentAccrued == year);
    // The line shows the monthly price the year makes, $40,000 / (12 × 0.8) = $4,166.6667.
    const auto& line = q.doc.rent->groups.front().lines.front();
    CHECK(line.unitPrice.derived());
    CHECK(line.listAmount == Money::fromCents(5'000'000));
    checkRentEverywhere(q, year, "4,166.6667", "clusterplan-test-usd-yearly");
}
