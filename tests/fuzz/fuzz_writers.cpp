// Fuzz target: the JSON and CSV writers fed arbitrary names, notes and numbers — control
// characters, quotes, invalid UTF-8, long text, NaN and infinity. Strings must come back from a
// real JSON parser and from an RFC 4180 reader exactly as written (after UTF-8 repair); finite
// numbers must read back to the same double; a non-finite number must be refused with its key
// path, never written.
#include <boost/json.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"
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
#include "output_checks.h"

using namespace clusterplan;

namespace {

// Splits the fuzz input into strings (length-prefixed), doubles (raw bytes) and flags.
class InputBytes {
public:
    InputBytes(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    [[nodiscard]] bool empty() const { return m_at >= m_size; }
    std::uint8_t byte() { return m_at < m_size ? m_data[m_at++] : 0; }
    std::string text() {
        const std::size_t wanted = byte() * std::size_t{4};
        const std::size_t n = std::min(wanted, m_size - std::min(m_at, m_size));
        std::string out(reinterpret_cast<const char*>(m_data + m_at), n);
        m_at += n;
        return out;
    }
    double number() {
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i)
            bits = (bits << 8) | byte();
        double value = 0;
        std::memcpy(&value, &bits, sizeof value);
        return value;
    }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_at = 0;
};

const Plan& defaultPlan() {
    static const Catalog catalog = Catalog::builtin();
    static const Plan plan = evaluate(defaultScenario(catalog), catalog).value();
    return plan;
}

void checkJsonStrings(const std::vector<std::string>& texts) {
    json::Writer w;
    w.beginObject().beginArray("texts");
    for (const auto& t : texts)
        w.value("", t);
    w.endArray();
    for (const auto& t : texts)
        w.value(t, true);  // the same strings as keys
    w.endObject();
    const std::string out = w.str();
    testing::requireJson(out, "JSON writer");
    const boost::json::value parsed = boost::json::parse(out);
    const auto& array = parsed.as_object().at("texts").as_array();
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (array[i].as_string() != repairUtf8(texts[i]))
            testing::fuzzFailure("JSON writer", "string " + std::to_string(i) + " does not read back");
}

void checkJsonNumber(double x) {
    json::Writer w;
    w.beginObject().beginObject("outer").beginArray("numbers");
    try {
        w.value("", x);
    } catch (const NonFiniteValue& e) {
        if (std::isfinite(x) || e.keyPath != "outer.numbers[0]")
            testing::fuzzFailure("JSON writer", std::string("wrong refusal: ") + e.what());
        return;
    }
    if (!std::isfinite(x))
        testing::fuzzFailure("JSON writer", "wrote a non-finite number");
    w.endArray().endObject().endObject();
    const std::string out = w.str();
    testing::requireJson(out, "JSON number");
    // The JSON must parse; the number text must read back to the same double (from_chars is
    // correctly rounded, Boost.JSON 1.81's parser is not guaranteed to be).
    const std::string text = formatNumber(x);
    double back = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), back);
    if (ec != std::errc() || end != text.data() + text.size() || back != x)
        testing::fuzzFailure("JSON number", "does not read back: " + text);
}

void checkCsvFields(const std::vector<std::string>& texts) {
    std::string header = "index,text\n";
    std::string csv = header;
    for (std::size_t i = 0; i < texts.size(); ++i)
        csv += std::to_string(i) + "," + csvField(texts[i]) + "\r\n";
    const auto records = testing::readCsv(csv);
    if (!records || records->size() != texts.size() + 1)
        testing::fuzzFailure("CSV field", "does not read back as one record per field");
    for (std::size_t i = 0; i < texts.size(); ++i)
        if ((*records)[i + 1].size() != 2 || (*records)[i + 1][1] != repairUtf8(texts[i]))
            testing::fuzzFailure("CSV field", "field " + std::to_string(i) + " does not read back");
}

// A plan whose user-visible strings (model name, notes) and a searched layout's memory and step
// time come from the input: every format must stay well formed, or refuse the NaN by key path.
void checkReports(const std::vector<std::string>& texts, double stepSeconds) {
    Plan plan = defaultPlan();
    plan.scenario.model.name = texts.empty() ? std::string() : texts.front();
    plan.notes.clear();
    for (const std::string& text : texts)  // user text reaches notes as a message's argument
        plan.notes.push_back(makeMessage(msg::kPlanCostNotComputed, {text}));
    testing::requireJson(planToJson(plan), "plan JSON");
    (void)planToText(plan);
    SearchResult search;
    Candidate c;
    c.layout = plan.layout;
    c.perf = plan.perf;
    c.perf.stepSeconds = stepSeconds;
    c.fits = false;  // a reason column from the step time as memory: finite or not
    c.memoryBytes = stepSeconds;
    c.capacityBytes = 1;
    search.ranked = {c, c};
    search.explanation = Paragraph{{makeMessage(msg::kExplainNoLayout, {plan.scenario.model.name})}, {}};
    try {
        testing::requireCsv(searchToCsv(search, 5), "search CSV");
        testing::requireJson(searchToJson(search, 5), "search JSON");
    } catch (const NonFiniteValue& e) {
        if (std::isfinite(stepSeconds))
            testing::fuzzFailure("search writers", std::string("refused a finite value: ") + e.what());
        return;
    }
    if (!std::isfinite(stepSeconds))
        testing::fuzzFailure("search writers", "wrote a non-finite step time");
    (void)searchToText(search, 5);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    InputBytes in(data, size);
    std::vector<std::string> texts;
    const std::size_t count = in.byte() % 8;
    for (std::size_t i = 0; i < count; ++i)
        texts.push_back(in.text());
    const double x = in.number();
    checkJsonStrings(texts);
    checkJsonNumber(x);
    checkCsvFields(texts);
    checkReports(texts, in.number());
    return 0;
}
