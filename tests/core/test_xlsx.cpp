// The quote workbook: it opens as a zip of sheet XML (read with `unzip -p`), its
// line-item and schedule cells hold formulas, and every formula carries its cached value equal to
// the engine's number, so viewers that do not recalculate show the right amounts.
#include <array>
#include <cstdio>
#include <filesystem>
#include <regex>

#include "core/calibration/evaluate.h"
#include "core/export/quote_workbook.h"
#include "test_support.h"

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

std::string unzipMember(const std::string& zip, const std::string& member) {
    const std::string command = "unzip -p '" + zip + "' '" + member + "'";
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        out.append(buffer.data(), n);
    REQUIRE(::pclose(pipe) == 0);
    return out;
}

struct FormulaCell {
    std::string ref, formula;
    double value;
};

// <c r="I5" s="2"><f>ROUND(D5*F5*(1-G5),2)</f><v>1234.5</v></c>
std::vector<FormulaCell> formulaCells(const std::string& sheetXml) {
    static const std::regex cell(R"re(<c r="([A-Z]+[0-9]+)"[^>]*><f>([^<]*)</f><v>([^<]*)</v></c>)re");
    std::vector<FormulaCell> out;
    for (auto it = std::sregex_iterator(sheetXml.begin(), sheetXml.end(), cell); it != std::sregex_iterator();
         ++it)
        out.push_back({(*it)[1], (*it)[2], std::stod((*it)[3])});
    return out;
}

}  // namespace

TEST_CASE("the workbook's formulas carry the plan's numbers as cached values", "[xlsx]") {
    const auto& catalog = clusterplan::test::catalog();
    auto s = clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog);
    REQUIRE(s.ok());
    auto plan = clusterplan::evaluate(s.value(), catalog);
    REQUIRE(plan.ok());
    const auto doc = clusterplan::quote::buildQuoteDocument(plan.value(), "2026-11-30", std::nullopt);
    const auto path = (std::filesystem::temp_directory_path() / "clusterplan-test-quote.xlsx").string();
    REQUIRE(clusterplan::writeQuoteWorkbook(path, plan.value(), doc, clusterplan::quote::Lang::Zh).ok());

    // Sheet 2: line items. Each line's amount is ROUND(qty × unit price × (1 − discount), 2).
    const auto lines = formulaCells(unzipMember(path, "xl/worksheets/sheet2.xml"));
    std::vector<double> amounts, totals;
    for (const auto& c : lines) {
        if (c.formula.rfind("ROUND(", 0) == 0 && c.formula.find("*(1-") != std::string::npos)
            amounts.push_back(c.value);
        if (c.ref[0] == 'L' && c.formula[0] == 'L' && c.formula.find("SUM") == std::string::npos)
            totals.push_back(c.value);  // option totals: sums of the subtotal rows
    }
    std::vector<double> expected;
    REQUIRE(doc.running);
    for (const auto* o : {&*doc.rent, &*doc.buy, &*doc.running})
        for (const auto& g : o->groups)
            for (const auto& l : g.lines)
                expected.push_back(l.amount.units());
    CHECK(amounts == expected);
    REQUIRE(totals.size() == 3);
    CHECK(totals[0] == doc.rent->total.gross.units());
    CHECK(totals[1] == doc.buy->total.gross.units());
    CHECK(totals[2] == doc.running->total.gross.units());

    // Sheet 3: schedule. Cumulative rent and own cost are running sums with the engine's values.
    const auto schedule = formulaCells(unzipMember(path, "xl/worksheets/sheet3.xml"));
    const auto& monthly = plan->cost->monthly;
    int checked = 0;
    for (const auto& c : schedule) {
        const int row = std::stoi(c.ref.substr(1));
        const auto& m = monthly[static_cast<std::size_t>(row - 2)];
        if (c.ref[0] == 'C')
            CHECK(c.value == m.rentAccrued.units());
        else if (c.ref[0] == 'E')
            CHECK(c.value == m.buy.units());
        else if (c.ref[0] == 'G')
            CHECK(c.value == m.buyNet.units());
        checked += c.ref[0] == 'C';
    }
    CHECK(checked == static_cast<int>(monthly.size()));
    // Native charts are part of the package.
    CHECK(unzipMember(path, "xl/charts/chart1.xml").find("<c:lineChart>") != std::string::npos);
    std::filesystem::remove(path);
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
    CHECK_FALSE(std::filesystem::exists(path));
}
