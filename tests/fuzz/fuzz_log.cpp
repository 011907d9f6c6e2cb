// Fuzz target: a training log read back as a measured run (core/launch/training_log.h; File ▸ Import
// measured run from a log, `clusterplan-cli calibrate --log`). Logs are the largest and least
// controlled input the program reads: any bytes, any line length, any mix of the four frameworks'
// formats. Every input is refused with a message naming "fuzz.log:LINE", or is read; a log that is read
// gives finite steady figures above zero, sentences that describe it, and a measured run (or a refusal
// naming its key) that the scenario saves and reads back unchanged - no crash, sanitizer report, NaN
// or hang.
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/io/scenario_json.h"
#include "core/launch/training_log.h"
#include "output_checks.h"

using namespace clusterplan;

namespace {

const Catalog& builtinCatalog() {
    static const Catalog catalog = Catalog::builtin();
    return catalog;
}

// The default scenario with every layout key fixed, so that a log without an argument dump is a run
// of that layout.
const Scenario& fixedLayoutScenario() {
    static const Scenario scenario = [] {
        Scenario s = defaultScenario(builtinCatalog());
        s.layout.open = 0;
        return s;
    }();
    return scenario;
}

void requireFinite(double value, std::string_view what) {
    if (!std::isfinite(value))
        testing::fuzzFailure(what, "not finite");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    const auto log = readTrainingLog(in, "fuzz.log");
    if (!log) {
        testing::requireMessage(log.error(), "log reader");
        if (log.error().where.rfind("fuzz.log:", 0) != 0)
            testing::fuzzFailure("log reader", "an error that names no line: " + log.error().where);
        return 0;
    }
    if (log->values.empty() || log->values.size() != log->valueLines.size() ||
        log->values.size() > kMaxLogSteps)
        testing::fuzzFailure("log reader", "a read log without its steps, or with more than it keeps");
    const SteadySteps steady = steadySteps(log.value());
    requireFinite(steady.median, "steady median");
    requireFinite(steady.p10, "steady 10th percentile");
    requireFinite(steady.p90, "steady 90th percentile");
    if (!(steady.median > 0) || steady.p10 > steady.median || steady.median > steady.p90)
        testing::fuzzFailure("steady steps", "a median not above zero or outside its percentiles");
    for (const Message& line : describeLog(log.value(), "fuzz.log"))
        if (line.text.empty())
            testing::fuzzFailure("describeLog", "an empty sentence");
    const auto run = measuredRunFromLog(log.value(), fixedLayoutScenario(), "fuzz.log");
    if (!run) {
        testing::requireMessage(run.error(), "measured run from the log");
        return 0;
    }
    requireFinite(run->stepSeconds, "the run's step");
    requireFinite(run->tokensPerSecond, "the run's tokens per second");
    if (run->source.rfind("fuzz.log:", 0) != 0)
        testing::fuzzFailure("measured run from the log", "a source that is not the log's: " + run->source);
    // The run as the scenario keeps it: what the checks accept must save and read back unchanged.
    Scenario scenario = fixedLayoutScenario();
    scenario.measured.push_back(run.value());
    if (parseScenario(scenarioToJson(scenario), builtinCatalog(), "fuzz.json"))
        testing::requireRoundTrip(scenario, builtinCatalog());
    return 0;
}
