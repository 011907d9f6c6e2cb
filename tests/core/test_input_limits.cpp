// The input limits table: the file reader accepts every key's minimum and maximum and
// refuses just outside them with the key and the table's range, and the checks use the same ranges.
#include <cmath>
#include <set>
#include <string>

#include "core/io/scenario_json.h"
#include "core/scenario/input_limits.h"
#include "core/util/number_format.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

// The scenario around one key: a DeepSeek-V3 preset, so that the moe and mla objects exist and
// their keys may be given alone; a dataset needs both of its required keys.
std::string scenarioWith(const std::string& key, const std::string& value) {
    std::string inner = "\"" + key.substr(key.rfind('.') + 1) + "\": " + value;
    if (key.rfind("training.dataset.", 0) == 0 && key != "training.dataset.samples")
        inner += ", \"samples\": 1000";
    if (key.rfind("training.dataset.", 0) == 0 && key != "training.dataset.mean_tokens_per_sample")
        inner += ", \"mean_tokens_per_sample\": 256";
    std::string path = key.substr(0, key.rfind('.'));
    std::string object = "{" + inner + "}";
    // Wrap from the innermost object out: training.dataset → {"training": {"dataset": {...}}}.
    while (true) {
        const auto dot = path.rfind('.');
        const std::string name = dot == std::string::npos ? path : path.substr(dot + 1);
        std::string body = "\"" + name + "\": " + object;
        if (name == "model")
            body = "\"model\": {\"preset\": \"deepseek-v3\", " + object.substr(1);
        if (dot == std::string::npos)
            return R"({"schema": "clusterplan.scenario/1", )" +
                   (name == "model" ? body : body + R"(, "model": {"preset": "deepseek-v3"})") + "}";
        object = "{" + body + "}";
        path = path.substr(0, dot);
    }
}

// Just outside a bound: the next whole number for counts, else a clear step away.
double below(const InputLimit& l) {
    if (l.integer)
        return l.min - 1;
    return l.min > 0 ? l.min / 2 : l.min - 1;
}

double above(const InputLimit& l) {
    return l.integer ? l.max + 1 : l.max * 2;
}

std::string text(double v) {
    return formatNumber(v);
}

Result<Scenario> parse(const InputLimit& limit, double value) {
    return parseScenario(scenarioWith(std::string(limit.key), text(value)), test::catalog(), "s.json");
}

// A refusal of `limit` itself: named on its key, with the table's range.
bool refusedByLimit(const Result<Scenario>& result, const InputLimit& limit) {
    if (result)
        return false;
    // Messages write the bounds as a person reads them (formatPlain: "0.000001", not "1e-06").
    const std::string range = "allowed range " + formatPlain(limit.min) + " to " + formatPlain(limit.max);
    return result.error().where == limit.key && result.error().message.find(range) != std::string::npos;
}

}  // namespace

TEST_CASE("input_limits.keys_are_unique_and_ranges_sound", "[limits]") {
    std::set<std::string_view> keys;
    for (const InputLimit& limit : inputLimits()) {
        INFO(limit.key);
        CHECK(keys.insert(limit.key).second);
        CHECK(limit.min <= limit.max);
        CHECK(&inputLimit(limit.key) == &limit);
        if (limit.integer)
            CHECK((limit.min == std::floor(limit.min) && limit.max == std::floor(limit.max)));
    }
    CHECK(findInputLimit("training.no_such_key") == nullptr);
}

TEST_CASE("input_limits.reader_accepts_the_bounds_and_refuses_just_outside", "[limits][scenario]") {
    for (const InputLimit& limit : inputLimits()) {
        INFO(limit.key);
        // At a bound the value may still break a rule between keys (heads against hidden), but
        // never the key's own range.
        for (const double inside : {limit.min, limit.max}) {
            const auto result = parse(limit, inside);
            INFO("at " << text(inside) << ": " << (result ? std::string("ok") : result.error().toString()));
            CHECK_FALSE(refusedByLimit(result, limit));
            if (!result)
                CHECK(result.error().message.find("allowed range " + formatPlain(limit.min) + " to " +
                                                  formatPlain(limit.max)) == std::string::npos);
        }
        for (const double outside : {below(limit), above(limit)}) {
            const auto result = parse(limit, outside);
            INFO("at " << text(outside) << ": " << (result ? std::string("ok") : result.error().toString()));
            CHECK(refusedByLimit(result, limit));
        }
    }
}

TEST_CASE("input_limits.whole_numbers_for_counts", "[limits][scenario]") {
    const auto result = parseScenario(scenarioWith("training.seq_len", "4096.5"), test::catalog(), "s.json");
    REQUIRE_FALSE(result);
    CHECK(result.error().where == "training.seq_len");
    CHECK(result.error().message.find("whole number") != std::string::npos);
}

TEST_CASE("input_limits.checks_use_the_table", "[limits]") {
    Scenario s = defaultScenario(test::catalog());
    s.cluster.nodes = 1'000'001;
    auto e = checkLimit("cluster.nodes", static_cast<double>(s.cluster.nodes));
    REQUIRE(e);
    CHECK(e->toString() == "cluster.nodes: is 1000001, allowed range 1 to 1000000");
    CHECK_FALSE(checkLimit("training.seq_len", 10'000'000));
    CHECK(checkLimit("training.seq_len", 10'000'001));
    CHECK(checkLimit("training.tokens", std::nan("")));
    // Small and large bounds read as plain numbers, never in exponent notation.
    auto small = checkLimit("layout.router_aux_loss", 2);
    REQUIRE(small);
    CHECK(small->toString() == "layout.router_aux_loss: is 2, allowed range 0.0001 to 1");
    auto tiny = checkLimit("layout.router_aux_loss", 0.00005);
    REQUIRE(tiny);
    CHECK(tiny->toString() == "layout.router_aux_loss: is 0.00005, allowed range 0.0001 to 1");
}
