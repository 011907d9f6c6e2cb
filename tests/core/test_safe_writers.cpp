// Safe writers: names and notes with control characters, quotes, invalid UTF-8 and
// 100 kB of text come out as valid JSON (checked by Boost.JSON's parser, which also rejects
// invalid UTF-8) and RFC 4180 CSV (checked by the independent reader in tests/fuzz), and a NaN
// or infinity never reaches an output: the writers name its key path instead.
#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <limits>

#include "core/calibration/evaluate.h"
#include "core/report/messages_plan.h"
#include "core/report/plan_format.h"
#include "core/search/messages_search.h"
#include "core/search/search_format.h"
#include "core/util/csv_write.h"
#include "core/util/json_write.h"
#include "core/util/non_finite.h"
#include "core/util/number_format.h"
#include "core/util/utf8.h"
#include "csv_reader.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

// Control characters, both quote kinds, a backslash, CRLF, a comma, DEL, valid Chinese, and
// ill-formed UTF-8: a lone continuation byte, an overlong '/', a UTF-16 surrogate, a code point
// above U+10FFFF and a truncated 3-byte sequence at the end.
const std::string kHostile = std::string("a\x01\x1f\"quote\" 'single' back\\slash\r\nline, comma\x7f 中文 ") +
                             "\x80 \xC0\xAF \xED\xA0\x80 \xF4\x90\x80\x80 \xE4\xB8";

std::string bigText() {
    std::string text;
    while (text.size() < 100 * 1024)
        text += kHostile;
    return text;
}

boost::json::value parseJson(const std::string& text) {
    boost::system::error_code ec;
    boost::json::value v = boost::json::parse(text, ec);
    INFO(ec.message());
    REQUIRE(!ec);
    return v;
}

}  // namespace

TEST_CASE("repairUtf8 keeps valid text and replaces each ill-formed subsequence by U+FFFD", "[writers]") {
    CHECK(repairUtf8("plain 中文 😀") == "plain 中文 😀");
    CHECK(repairUtf8("\x80") == "\xEF\xBF\xBD");
    CHECK(repairUtf8("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong: C0 is never a lead
    CHECK(repairUtf8("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
    CHECK(repairUtf8("a\xE4\xB8") == "a\xEF\xBF\xBD");                            // truncated: one U+FFFD
    CHECK(isValidUtf8(repairUtf8(kHostile)));
    CHECK_FALSE(isValidUtf8(kHostile));
}

TEST_CASE("JSON writer: hostile and 100 kB strings read back exactly (after UTF-8 repair)", "[writers]") {
    const std::string big = bigText();
    json::Writer w;
    w.beginObject().value("hostile", kHostile).value("big", big).value(kHostile, true).value("", 1);
    w.endObject();
    const boost::json::value v = parseJson(w.str());
    CHECK(v.at("hostile").as_string() == repairUtf8(kHostile));
    CHECK(v.at("big").as_string() == repairUtf8(big));
    CHECK(v.as_object().contains(repairUtf8(kHostile)));
    CHECK(v.as_object().contains(""));
}

TEST_CASE("CSV fields: hostile and 100 kB strings read back exactly as RFC 4180", "[writers]") {
    const std::string big = bigText();
    const std::string csv = "name,note\n" + csvField(kHostile) + "," + csvField(big) + "\n";
    const auto records = testing::readCsv(csv);
    REQUIRE(records);
    REQUIRE(records->size() == 2);
    CHECK((*records)[1][0] == repairUtf8(kHostile));
    CHECK((*records)[1][1] == repairUtf8(big));
    CHECK(csvField("plain") == "plain");
}

TEST_CASE("a plan with a hostile model name and notes is valid JSON and CSV", "[writers]") {
    auto plan = evaluate(defaultScenario(test::catalog()), test::catalog());
    REQUIRE(plan);
    Plan p = plan.value();
    p.scenario.model.name = kHostile;
    // Notes that carry user text (a message argument), e.g. a price book's error.
    p.notes = {makeMessage(msg::kPlanCostNotComputed, {kHostile}),
               makeMessage(msg::kPlanCostNotComputed, {bigText()})};
    const boost::json::value v = parseJson(planToJson(p));
    CHECK(v.at("notes").as_array().at(0).as_string() ==
          repairUtf8("Cost not computed: " + std::string(kHostile)));

    SearchResult search;
    Candidate c;
    c.layout = p.layout;
    c.perf = p.perf;
    c.fits = false;  // its reason is the CSV's "reason" field
    c.memoryBytes = 90.0 * (1ull << 30);
    c.capacityBytes = 80.0 * (1ull << 30);
    search.ranked = {c};
    search.explanation = Paragraph{{makeMessage(msg::kExplainNoLayout, {kHostile})}, {}};
    parseJson(searchToJson(search, 5));
    const auto records = testing::readCsv(searchToCsv(search, 5));
    REQUIRE(records);
    REQUIRE(records->size() == 2);
    CHECK(records->at(1).size() == records->at(0).size());
    const auto& header = records->at(0);
    const auto reason = std::find(header.begin(), header.end(), "reason");
    REQUIRE(reason != header.end());
    CHECK(records->at(1).at(static_cast<std::size_t>(reason - header.begin())) == notFitReason(c).text);
}

TEST_CASE("a non-finite value is refused with its key path, never written", "[writers]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    json::Writer w;
    w.beginObject().beginObject("time").value("step_s", 1.0);
    try {
        w.value("mfu", nan);
        FAIL("a NaN was written");
    } catch (const NonFiniteValue& e) {
        CHECK(e.keyPath == "time.mfu");
        CHECK(std::string(e.what()).find("time.mfu") != std::string::npos);
    }
    json::Writer a;
    a.beginObject().beginArray("layouts").beginObject();
    CHECK_THROWS_AS(a.value("step_s", -inf), NonFiniteValue);
    CHECK_THROWS_AS(csvNumber(inf, "step_s"), NonFiniteValue);
    CHECK_THROWS_AS(csvFixed(nan, 2, "mfu"), NonFiniteValue);

    auto plan = evaluate(defaultScenario(test::catalog()), test::catalog());
    REQUIRE(plan);
    Plan p = plan.value();
    p.perf.mfu = nan;
    try {
        (void)planToJson(p);
        FAIL("a plan with a NaN MFU was written");
    } catch (const NonFiniteValue& e) {
        CHECK(e.keyPath.find("mfu") != std::string::npos);
    }
}

TEST_CASE("fixed-point formatting of huge values does not overflow its buffer", "[writers]") {
    CHECK(formatFixed(1e300, 2).size() > 300);
    CHECK(formatFixed(std::numeric_limits<double>::max(), 17).find("e") == std::string::npos);
    CHECK(formatFixed(2.5, 1) == "2.5");
}

TEST_CASE("grouped numbers put a comma between thousands, never before a sign or after the point",
          "[writers]") {
    CHECK(formatGrouped(30971.4, 0) == "30,971");
    CHECK(formatGrouped(999, 0) == "999");
    CHECK(formatGrouped(1000, 0) == "1,000");
    CHECK(formatGrouped(-123456.789, 2) == "-123,456.79");
    CHECK(formatGrouped(16384, 0) == "16,384");
    CHECK(formatGrouped(0.5, 3) == "0.500");
    CHECK(formatGrouped(1234567, 1) == "1,234,567.0");
}
