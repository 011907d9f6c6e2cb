// Training logs read back (core/launch/training_log.h): a Megatron-LM log's steady step time, peak
// memory and argument dump; its layout back from an export's arguments; the errors of a truncated,
// malformed or foreign log with their line; the CLI's calibrate --log.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <streambuf>

#include <boost/json.hpp>

#include "cli_runner.h"
#include "core/calibration/measured_runs.h"
#include "core/io/scenario_json.h"
#include "core/launch/launch_config.h"
#include "core/launch/messages_launch.h"
#include "core/launch/training_log.h"
#include "core/scenario/layout_key_names.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

const std::string kLogs = std::string(CLUSTERPLAN_TEST_DATA) + "/launch/logs";

Result<TrainingLog> readLog(const std::string& file) {
    std::ifstream in(kLogs + "/" + file, std::ios::binary);
    REQUIRE(in.good());
    return readTrainingLog(in, file);
}

// One iteration line in training.py's format (core_v0.19.0 training_log).
std::string iterationLine(int iteration, double ms) {
    return " [2026-11-02 10:00:00.000000] iteration " + std::to_string(iteration) +
           "/     100 | consumed samples:          512 | elapsed time per iteration (ms): " +
           std::to_string(ms) + " | global batch size:   512 | lm loss: 9.5E+00 | loss scale: 1.0 |\n";
}

}  // namespace

TEST_CASE("a Megatron-LM log gives its steady step time, peak memory and arguments", "[launch][log]") {
    const auto log = readLog("megatron-llama8b.log");
    REQUIRE(log.ok());
    CHECK(log->lines == 42);
    CHECK(log->arguments.at("tensor_model_parallel_size") == "1");
    const SteadySteps steady = steadySteps(log.value());
    CHECK(steady.logged == 10);
    CHECK(steady.skipped == 1);  // the first logged interval carries the start-up (121.8 s)
    CHECK(steady.firstLine == 33);
    CHECK(steady.median == Approx(84.3104));  // the 5th of the 9 steady values
    CHECK(steady.p10 > 84.26);
    CHECK(steady.p90 < 84.41);
    REQUIRE(steady.medianTflopsPerGpu);
    CHECK(*steady.medianTflopsPerGpu == Approx(149.7).margin(0.2));
    REQUIRE(log->maxReserved);
    CHECK(log->maxReserved->gib == Approx(70656.0 / 1024));
    CHECK(log->maxReserved->rank == 7);
    CHECK(log->maxReserved->line == 42);
    REQUIRE(log->maxAllocated);
    CHECK(log->maxAllocated->gib == Approx(64102.75 / 1024));

    const Scenario scenario = test::planFromFile(CLUSTERPLAN_TEST_DATA, "llama3-8b-8xa100.json").scenario;
    const auto run = measuredRunFromLog(log.value(), scenario, "megatron-llama8b.log");
    REQUIRE(run.ok());
    CHECK(run->stepSeconds == Approx(84.3104));
    CHECK(run->nodes == 1);
    CHECK(run->globalBatch == 512);
    CHECK(run->peakMemoryGib == Approx(69.0));  // max reserved: what the engine's peak counts
    CHECK(run->layout.tp == 1);
    CHECK(run->layout.dp == 8);
    CHECK(run->layout.zeroStage == 1);
    CHECK(run->layout.recompute == Recompute::Selective);
    CHECK(run->source == "megatron-llama8b.log:33-41");  // the file's name and its steady lines
}

TEST_CASE("a measured run's source is saved with the scenario and read back strictly", "[launch][log]") {
    Scenario scenario = test::planFromFile(CLUSTERPLAN_TEST_DATA, "llama3-8b-8xa100.json").scenario;
    const auto log = readLog("megatron-llama8b.log");
    REQUIRE(log.ok());
    const auto run = measuredRunFromLog(log.value(), scenario, "/var/log/runs/megatron-llama8b.log");
    REQUIRE(run.ok());
    CHECK(run->source == "megatron-llama8b.log:33-41");  // without the folder
    scenario.measured = {run.value()};
    const std::string json = scenarioToJson(scenario);
    CHECK(json.find("\"source\": \"megatron-llama8b.log:33-41\"") != std::string::npos);
    const auto back = parseScenario(json, test::catalog());
    REQUIRE(back.ok());
    REQUIRE(back->measured.size() == 1);
    CHECK(back->measured.front() == run.value());

    // A typed run has no source, and writes none.
    scenario.measured.front().source.clear();
    CHECK(scenarioToJson(scenario).find("\"source\"") == std::string::npos);

    // Not a string: refused with the key's path.
    std::string wrong = json;
    wrong.replace(wrong.find("\"megatron-llama8b.log:33-41\""), 28, "42");
    const auto refused = parseScenario(wrong, test::catalog());
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().where == "measured[0].source");
}

TEST_CASE("NeMo's, torchtitan's and DeepSpeed's logs give their step or throughput and peak memory",
          "[launch][log]") {
    const std::string launchData = std::string(CLUSTERPLAN_TEST_DATA) + "/launch";
    SECTION("torchtitan: tokens per second per GPU, max reserved, colours removed") {
        const auto log = readLog("torchtitan-llama8b.log");
        REQUIRE(log.ok());
        CHECK(log->format == LogFormat::Torchtitan);
        const SteadySteps steady = steadySteps(log.value());
        CHECK(steady.logged == 11);
        CHECK(steady.skipped == 1);  // step 1: 2,134 tokens/s while the kernels compile
        CHECK(steady.median == Approx(6946.0));
        REQUIRE(log->maxReserved);
        CHECK(log->maxReserved->gib == Approx(35.12));
        CHECK(log->maxReserved->rank == 0);
        CHECK(log->maxReserved->line == 11);
        const Scenario scenario = test::planFromFile(launchData, "fsdp.json").scenario;
        const auto run = measuredRunFromLog(log.value(), scenario, "torchtitan-llama8b.log");
        REQUIRE(run.ok());
        CHECK(run->tokensPerSecond == Approx(6946.0 * 16));
        CHECK(run->stepSeconds == 0);
        CHECK(run->peakMemoryGib == Approx(35.12));
    }
    SECTION("DeepSpeed: the job's samples per second, rank 0's max allocated") {
        const auto log = readLog("deepspeed-qwen14b.log");
        REQUIRE(log.ok());
        CHECK(log->format == LogFormat::DeepSpeed);
        const SteadySteps steady = steadySteps(log.value());
        CHECK(steady.logged == 10);
        CHECK(steady.median == Approx(2.21));
        CHECK_FALSE(log->maxReserved);
        REQUIRE(log->maxAllocated);
        CHECK(log->maxAllocated->gib == Approx(31.59));
        const Scenario scenario = test::planFromFile(launchData, "zero3-offload.json").scenario;
        const auto run = measuredRunFromLog(log.value(), scenario, "deepspeed-qwen14b.log");
        REQUIRE(run.ok());
        CHECK(run->stepSeconds == Approx(64 / 2.21));  // train_batch_size samples a step
        CHECK(run->peakMemoryGib == Approx(31.59));
    }
    SECTION("NeMo 2: the step seconds its progress printer averages") {
        const auto log = readLog("nemo-llama70b.log");
        REQUIRE(log.ok());
        CHECK(log->format == LogFormat::Nemo);
        const SteadySteps steady = steadySteps(log.value());
        CHECK(steady.logged == 12);
        CHECK(steady.median == Approx(31.41));
        CHECK(log->globalBatch == 512);
        const Scenario scenario = test::planFromFile(launchData, "dense-3d.json").scenario;
        const auto run = measuredRunFromLog(log.value(), scenario, "nemo-llama70b.log");
        REQUIRE(run.ok());
        CHECK(run->stepSeconds == Approx(31.41));
        CHECK(run->nodes == 8);
        CHECK_FALSE(run->peakMemoryGib);  // NeMo's printer has no memory
    }
    SECTION("a global batch that is no whole number of at least 1 names the line") {
        std::istringstream in(
            "Training epoch 0, iteration 10/100 | global_batch_size: -512 | train_step_timing "
            "in s: 31.4\n");
        const auto log = readTrainingLog(in, "nemo.log");
        REQUIRE_FALSE(log.ok());
        CHECK(log.error().where == "nemo.log:1");
        CHECK(log.error().reason.id == msg::kLogBadCount.id);
        CHECK(log.error().message == "expected a whole number of at least 1 after \"global_batch_size:\"");
    }
    SECTION("a step line without its number names the line") {
        std::istringstream in("[titan] step: 10  loss: 2.0  memory: 1.00GiB(1%)  tps: fast  tflops: 1.0\n");
        const auto log = readTrainingLog(in, "titan.log");
        REQUIRE_FALSE(log.ok());
        CHECK(log.error().where == "titan.log:1");
        CHECK(log.error().message == "expected a number after \"tps:\"");
    }
}

// Excerpts of logs users pasted into the frameworks' GitHub issues and pull requests (the README beside
// them names each source): what the frameworks really print, read to the numbers they show. The median
// is that of the steps after the first (the warm-up); the peak is the largest the log prints.
struct RealLog {
    const char* file;
    LogFormat format;
    std::int64_t logged;
    double median;                     // seconds, tokens/s per GPU or samples/s
    std::int64_t firstLine, lastLine;  // of the steady steps
    std::optional<double> tflops;      // the steady median, where logged
    std::int64_t globalBatch;          // 0: not logged
    std::optional<double> peakGib;     // reserved for torchtitan, allocated for DeepSpeed
    std::int64_t peakRank, peakLine;
};

const RealLog kRealLogs[] = {
    // Megatron-LM with the date and TFLOP/s columns (Mixtral 8x7B on 16 H100)
    {"megatron-mixtral-h100.log", LogFormat::Megatron, 3, (5.5338 + 5.7186) / 2, 2, 3, (236.0 + 228.4) / 2,
     128, std::nullopt, 0, 0},
    // a Megatron-LM fork without the date or the TFLOP/s column
    {"megatron-llm-epfl.log", LogFormat::Megatron, 4, 89.0752, 2, 4, std::nullopt, 1024, std::nullopt, 0, 0},
    // NeMo 2's progress printer with a trailing validation column
    {"nemo2-progress-printer.log", LogFormat::Nemo, 6, 0.03163, 2, 6, std::nullopt, 1, std::nullopt, 0, 0},
    // torchtitan through torchrun's rank prefix
    {"torchtitan-checkpoint-pr.log", LogFormat::Torchtitan, 8, 7309, 2, 8, 0.52, 0, 9.46, 0, 1},
    // torchtitan every 10 steps between GC and profiler lines
    {"torchtitan-dcp-pr.log", LogFormat::Torchtitan, 6, 5864, 5, 10, 339.59, 0, 49.66, 0, 2},
    // torchtitan printing each step once per rank, without a rank prefix: step 4 on seven ranks, then 5
    {"torchtitan-every-rank.log", LogFormat::Torchtitan, 2, 10007, 8, 8, 313.36, 0, 66.91, -1, 1},
    // DeepSpeed 0.7.7 behind the launcher's stdout prefix
    {"deepspeed-stdout-prefix.log", LogFormat::DeepSpeed, 6, 155.10475468488542, 2, 6, std::nullopt, 0, 2.62,
     0, 5},
    // DeepSpeed before CurrSamplesPerSec: SamplesPerSec, with notebook output between its lines
    {"deepspeed-samples-per-sec.log", LogFormat::DeepSpeed, 2, 83.73838805358588, 6, 6, std::nullopt, 0, 9.02,
     0, 2},
};

TEST_CASE("real log excerpts give their steady step, throughput and peak memory", "[launch][log]") {
    for (const RealLog& expected : kRealLogs) {
        INFO(expected.file);
        const auto log = readLog(std::string("real/") + expected.file);
        REQUIRE(log.ok());
        CHECK(log->format == expected.format);
        CHECK(log->globalBatch == expected.globalBatch);
        const SteadySteps steady = steadySteps(log.value());
        CHECK(steady.logged == expected.logged);
        CHECK(steady.skipped == 1);
        CHECK(steady.median == Approx(expected.median));
        CHECK(steady.firstLine == expected.firstLine);
        CHECK(steady.lastLine == expected.lastLine);
        CHECK(steady.medianTflopsPerGpu.has_value() == expected.tflops.has_value());
        if (steady.medianTflopsPerGpu && expected.tflops)
            CHECK(*steady.medianTflopsPerGpu == Approx(*expected.tflops));
        const auto& peak = expected.format == LogFormat::Torchtitan ? log->maxReserved : log->maxAllocated;
        CHECK(peak.has_value() == expected.peakGib.has_value());
        if (peak && expected.peakGib) {
            CHECK(peak->gib == Approx(*expected.peakGib));
            CHECK(peak->rank == expected.peakRank);
            CHECK(peak->line == expected.peakLine);
        }
        CHECK(logSource(log.value(), kLogs + "/real/" + expected.file) ==
              expected.file + (":" + std::to_string(expected.firstLine)) +
                  (expected.lastLine > expected.firstLine ? "-" + std::to_string(expected.lastLine) : ""));
    }
    // A peak without a rank says so in its sentence.
    const auto everyRank = readLog("real/torchtitan-every-rank.log");
    REQUIRE(everyRank.ok());
    const std::vector<Message> lines = describeLog(everyRank.value(), "every-rank.log");
    REQUIRE(lines.size() == 2);
    CHECK(lines[1].id == msg::kLogPeakMemoryNoRank.id);
    CHECK(lines[1].text.find("66.91 GiB") != std::string::npos);
}

TEST_CASE("an export's arguments read back give the exported layout", "[launch][log]") {
    for (const char* file : {"dense-3d.json", "moe-ep-etp.json", "fsdp.json"}) {
        INFO(file);
        const Plan plan = test::planFromFile(std::string(CLUSTERPLAN_TEST_DATA) + "/launch", file);
        const auto config = launchConfig(plan, Framework::Megatron);
        REQUIRE(config.ok());
        // The dump as arguments.py _print_args writes it: every flag's dest (dashes to underscores),
        // a switch True, and world_size, which torchrun sets.
        std::string dump = "------------------------ arguments ------------------------\n";
        for (const LaunchSetting& s : config->settings) {
            std::string dest = s.name.substr(2);
            std::replace(dest.begin(), dest.end(), '-', '_');
            std::string value = s.value.empty() ? "True" : s.value;
            value.erase(std::remove(value.begin(), value.end(), '"'), value.end());
            dump += "  " + dest + " " + std::string(48 - std::min<std::size_t>(48, dest.size()), '.') + " " +
                    value + "\n";
        }
        dump += "  world_size ...................................... " + std::to_string(plan.layout.gpus()) +
                "\n";
        dump += "-------------------- end of arguments ---------------------\n" + iterationLine(10, 9000.0);
        std::istringstream in(dump);
        const auto log = readTrainingLog(in, "dump");
        REQUIRE(log.ok());
        const auto run = measuredRunFromLog(log.value(), plan.scenario, "dump");
        REQUIRE(run.ok());
        const LayoutSpec& l = run->layout;
        const Layout& p = plan.layout;
        CHECK(l.tp == p.tp);
        CHECK(l.pp == p.pp);
        CHECK(l.dp == p.dp);
        CHECK(l.cp == p.cp);
        CHECK(l.ep == p.ep);
        CHECK(l.microBatch == p.microBatch);
        CHECK(l.zeroStage == p.zeroStage);
        CHECK(l.sequenceParallel == p.sequenceParallel);
        CHECK(l.recompute == p.recompute);
        CHECK(l.split.layout == p.split.layout);
        if (p.split.layout.empty())
            CHECK(l.vpp == p.vpp);
        if (plan.scenario.model.moe)
            CHECK(l.expertTp == p.etp());
        CHECK(run->nodes == plan.scenario.cluster.nodes);
        CHECK(run->globalBatch == plan.scenario.training.globalBatch);
    }
}

TEST_CASE("a truncated, malformed or foreign log is an error naming its line", "[launch][log]") {
    const auto truncated = readLog("megatron-truncated.log");
    REQUIRE_FALSE(truncated.ok());
    CHECK(truncated.error().where == "megatron-truncated.log:7");
    CHECK(truncated.error().reason.id == msg::kLogTruncatedArguments.id);

    const auto malformed = readLog("megatron-malformed.log");
    REQUIRE_FALSE(malformed.ok());
    CHECK(malformed.error().where == "megatron-malformed.log:6");
    CHECK(malformed.error().message == "expected a number after \"elapsed time per iteration (ms):\"");

    const auto foreign = readLog("not-a-log.txt");
    REQUIRE_FALSE(foreign.ok());
    CHECK(foreign.error().where == "not-a-log.txt:2");
    CHECK(foreign.error().reason.id == msg::kLogNoIterations.id);
}

TEST_CASE("an argument dump with an impossible degree or GPU count is refused, naming it", "[launch][log]") {
    const Scenario scenario = test::planFromFile(CLUSTERPLAN_TEST_DATA, "llama3-8b-8xa100.json").scenario;
    const auto log = readLog("megatron-llama8b.log");
    REQUIRE(log.ok());
    const auto refusal = [&](const char* key, const char* value) {
        TrainingLog changed = log.value();
        changed.arguments[key] = value;
        const auto run = measuredRunFromLog(changed, scenario, "changed.log");
        REQUIRE_FALSE(run.ok());
        return run.error().reason;
    };
    for (const auto& [key, value] :
         {std::pair{"tensor_model_parallel_size", "0"}, std::pair{"context_parallel_size", "-2"},
          std::pair{"micro_batch_size", "0"}}) {
        INFO(key << " = " << value);
        const Message reason = refusal(key, value);
        CHECK(reason.id == msg::kLogBadArgument.id);
        CHECK(reason.args.at(0) == key);
    }
    // 12 GPUs are no whole number of the scenario's 8-GPU servers.
    const Message servers = refusal("world_size", "12");
    CHECK(servers.id == msg::kLogGpus.id);
    CHECK(servers.args == std::vector<std::string>{"12", "8"});
}

TEST_CASE("without an argument dump the scenario's layout must be fixed", "[launch][log]") {
    std::istringstream in(iterationLine(10, 20000.0) + iterationLine(20, 10000.0));
    const auto log = readTrainingLog(in, "bare.log");
    REQUIRE(log.ok());
    Scenario open = test::planFromFile(CLUSTERPLAN_TEST_DATA, "llama3-8b-8xa100.json").scenario;
    const auto fixed = measuredRunFromLog(log.value(), open, "bare.log");
    REQUIRE(fixed.ok());
    CHECK(fixed->stepSeconds == Approx(10.0));
    open.layout.open |= kPp;
    const auto refused = measuredRunFromLog(log.value(), open, "bare.log");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().where == "layout.pp");
}

TEST_CASE("every layout key has the scenario file's name, read back to the same key", "[launch][log]") {
    std::istringstream in(iterationLine(10, 20000.0) + iterationLine(20, 10000.0));
    const auto log = readTrainingLog(in, "bare.log");
    REQUIRE(log.ok());
    Scenario fixed = test::planFromFile(CLUSTERPLAN_TEST_DATA, "llama3-8b-8xa100.json").scenario;
    REQUIRE(fixed.layout.open == 0);
    // Off their defaults, so that the scenario file writes the MoE keys too.
    fixed.layout.moe.dispatcher = MoeDispatcher::DeepEp;
    fixed.layout.moe.epOverlap = EpOverlap::OneFOneB;
    const boost::json::object written = boost::json::parse(scenarioToJson(fixed)).as_object();
    const boost::json::object& layout = written.at("layout").as_object();
    std::vector<std::string> names;
    for (unsigned bit = 1; (kAllLayoutKeys & bit) != 0; bit <<= 1) {
        const auto key = static_cast<LayoutKey>(bit);
        const std::string name(layoutKeyName(key));
        INFO("layout key bit " << bit << ": " << name);
        REQUIRE_FALSE(name.empty());
        CHECK(parseLayoutKey(name) == key);
        CHECK(layout.contains(name));  // the key the scenario file writes for it
        Scenario open = fixed;
        open.layout.open = key;
        const auto refused = measuredRunFromLog(log.value(), open, "bare.log");
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().where == "layout." + name);
        CHECK(refused.error().reason.args == std::vector<std::string>{name});
        names.push_back(name);
    }
    CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
    CHECK(layoutKeyName(static_cast<LayoutKey>(kAllLayoutKeys + 1)).empty());
    CHECK_FALSE(parseLayoutKey("micro-batch").has_value());
}

// The scenario file's reader and writer, the measured runs' assumed keys and the log reader take the
// layout keys' names from one table: for every key, a scenario that leaves it out is written without
// that name (and with every other), reads back with that key open, and a measured run that leaves it
// out names it by the same word.
TEST_CASE("the scenario file, the measured runs and the log reader name the layout keys alike",
          "[launch][log]") {
    const Scenario fixed = test::planFromFile(CLUSTERPLAN_TEST_DATA, "llama3-8b-8xa100.json").scenario;
    REQUIRE(fixed.layout.open == 0);
    for (const auto& [key, name] : kLayoutKeyNames) {
        INFO("layout key " << std::string(name));
        Scenario s = fixed;
        // Off their defaults, so that the file writes them unless they are the key left out.
        s.layout.moe.dispatcher = key == kDispatcher ? MoeOptions{}.dispatcher : MoeDispatcher::DeepEp;
        s.layout.moe.epOverlap = key == kEpOverlap ? MoeOptions{}.epOverlap : EpOverlap::OneFOneB;
        // How EP moves tokens is searched only where EP is.
        s.layout.open = key | ((key & kLayoutKeysOpenWithEp) != 0 ? unsigned{kEp} : 0u);
        const std::string json = scenarioToJson(s);
        const boost::json::value written = boost::json::parse(json);
        const boost::json::object& layout = written.at("layout").as_object();
        for (const auto& [other, otherName] : kLayoutKeyNames) {
            INFO("written: " << std::string(otherName));
            CHECK(layout.contains(otherName) == !s.layout.isOpen(other));
        }
        const auto back = parseScenario(json, test::catalog());
        REQUIRE(back.ok());
        CHECK(back.value().layout.open == s.layout.open);

        MeasuredRun run;
        run.layout.open = key;
        const std::vector<AssumedKey> assumed = assumedKeys(run, fixed.layout);
        // The data-parallel size (the other keys fix it) and how EP moves tokens are not counted.
        if (key == kDp || (key & kLayoutKeysOpenWithEp) != 0) {
            CHECK(assumed.empty());
        } else {
            REQUIRE(assumed.size() == 1);
            CHECK(assumed.front().key == name);
            CHECK(parseLayoutKey(assumed.front().key) == key);
        }
    }
    MeasuredRun run;
    run.layout.open = kMicroBatch | kZeroStage | kRecompute | kSequenceParallel | kTp;
    LayoutSpec resolved = fixed.layout;
    resolved.tp = 2;
    resolved.microBatch = 2;
    resolved.zeroStage = 1;
    resolved.recompute = Recompute::Selective;
    resolved.sequenceParallel = true;
    CHECK(assumedKeysText(assumedKeys(run, resolved)) ==
          "TP 2, micro-batch 2, ZeRO-1, recompute selective, sequence parallel on");
}

TEST_CASE("a line longer than the reader keeps is cut, and the next line still read", "[launch][log]") {
    std::string text(kMaxLogLineBytes * 3, 'x');
    text += "\n" + iterationLine(10, 2000.0) + iterationLine(20, 1000.0);
    std::istringstream in(text);
    const auto log = readTrainingLog(in, "long.log");
    REQUIRE(log.ok());
    CHECK(log->lines == 3);
    CHECK(log->valueLines == std::vector<std::int64_t>{2, 3});
}

// A stream of at least `bytes` of log made as it is read: iteration lines of 1 s, then 2 s for the second
// half, each after a line of other text, so that a multi-GB log is tested without a file or the memory to
// hold it.
class GeneratedLog : public std::streambuf {
public:
    explicit GeneratedLog(std::uint64_t bytes) : m_left(bytes) {}
    std::uint64_t iterations = 0;

protected:
    int_type underflow() override {
        if (m_left == 0)
            return traits_type::eof();
        const bool second = m_made * 2 >= total();
        m_line = m_count % 2 == 1
                     ? iterationLine(static_cast<int>(++iterations), second ? 2000.0 : 1000.0)
                     : std::string("node0:1234:1234 [0] NCCL INFO Channel 00/32 : 0[0] -> 1[1] via P2P\n");
        ++m_count;
        m_left -= std::min<std::uint64_t>(m_left, m_line.size());  // the last line whole
        m_made += m_line.size();
        setg(m_line.data(), m_line.data(), m_line.data() + m_line.size());
        return traits_type::to_int_type(m_line.front());
    }

private:
    [[nodiscard]] std::uint64_t total() const { return m_made + m_left; }
    std::uint64_t m_left;
    std::uint64_t m_made = 0;
    std::uint64_t m_count = 0;
    std::string m_line;
};

// 200 MB of log: read in pieces and the steps thinned to an even sample, so its memory stays bounded.
TEST_CASE("a long log is read in bounded memory and keeps an even sample of its steps", "[launch][log]") {
    constexpr std::uint64_t kBytes = 200'000'000;
    GeneratedLog source(kBytes);
    std::istream in(&source);
    const auto log = readTrainingLog(in, "long.log");
    REQUIRE(log.ok());
    INFO("steps " << log->steps << ", kept " << log->values.size() << ", stride " << log->stride);
    CHECK(static_cast<std::uint64_t>(log->steps) == source.iterations);
    CHECK(log->steps > 500'000);
    CHECK(log->values.size() <= kMaxLogSteps);
    CHECK(log->values.size() > kMaxLogSteps / 4);
    CHECK(log->stride > 1);
    CHECK(log->valueLines.size() == log->values.size());
    CHECK(std::is_sorted(log->valueLines.begin(), log->valueLines.end()));
    const SteadySteps steady = steadySteps(log.value());
    CHECK(steady.logged == log->steps);
    // Half the steps at 1 s and half at 2 s: the 10th percentile is 1 s, the 90th 2 s.
    CHECK(steady.p10 == Approx(1.0));
    CHECK(steady.p90 == Approx(2.0));
    CHECK(steady.lastLine == log->valueLines.back());
}

TEST_CASE("clusterplan-cli calibrate --log fits the profile to the log's run", "[launch][log][cli]") {
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/llama3-8b-8xa100.json";
    const auto run = test::runCli("calibrate '" + scenario + "' --log '" + kLogs + "/megatron-llama8b.log'");
    INFO(run.out);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("steady step 84.31 s") != std::string::npos);
    CHECK(run.out.find("peak memory 69.00 GiB (max reserved, rank 7, line 42)") != std::string::npos);
    CHECK(run.out.find("from the log's argument dump") != std::string::npos);
    CHECK(run.out.find("Plan with the fitted profile") != std::string::npos);
    // The run's source, in the log's lines and in the fit's table.
    CHECK(run.out.find("the measured run's source: megatron-llama8b.log:33-41") != std::string::npos);
    CHECK(run.out.find("     source: megatron-llama8b.log:33-41") != std::string::npos);

    const auto json =
        test::runCli("calibrate '" + scenario + "' --format json --log '" + kLogs + "/megatron-llama8b.log'");
    REQUIRE(json.status == 0);
    CHECK(json.out.find("\"source\": \"megatron-llama8b.log:33-41\"") != std::string::npos);

    const auto zh =
        test::runCli("calibrate '" + scenario + "' --lang zh_CN --log '" + kLogs + "/megatron-llama8b.log'");
    CHECK(zh.status == 0);
    CHECK(zh.out.find("稳态单步 84.31 s") != std::string::npos);
    CHECK(zh.out.find("测量运行的来源：megatron-llama8b.log:33-41") != std::string::npos);

    // --save keeps the run in the scenario's "measured" list.
    const auto copy = std::filesystem::temp_directory_path() / "clusterplan-test-calibrate-log.json";
    std::filesystem::copy_file(scenario, copy, std::filesystem::copy_options::overwrite_existing);
    const auto saved =
        test::runCli("calibrate '" + copy.string() + "' --save --log '" + kLogs + "/megatron-llama8b.log'");
    CHECK(saved.status == 0);
    const auto reloaded = loadScenarioFile(copy.string(), test::catalog());
    REQUIRE(reloaded.ok());
    REQUIRE(reloaded->measured.size() == 1);
    CHECK(reloaded->measured.front().stepSeconds == Approx(84.3104));
    CHECK(reloaded->measured.front().peakMemoryGib == Approx(69.0));
    CHECK(reloaded->measured.front().source == "megatron-llama8b.log:33-41");
    std::filesystem::remove(copy);

    const auto bad =
        test::runCli("calibrate '" + scenario + "' --log '" + kLogs + "/megatron-malformed.log'");
    CHECK(bad.status == 2);
    CHECK(bad.out.find("megatron-malformed.log:6") != std::string::npos);
}

// Mutated logs (bytes changed, lines cut short, cut anywhere): each is read, or refused naming a line
// of it; what is read gives finite, positive steps and a run or a refusal, never a crash or a NaN.
TEST_CASE("a damaged log is read or refused with its line, never misread", "[launch][log]") {
    const Scenario scenario = test::planFromFile(CLUSTERPLAN_TEST_DATA, "llama3-8b-8xa100.json").scenario;
    std::mt19937 random(20261206);
    for (const char* file :
         {"megatron-llama8b.log", "nemo-llama70b.log", "torchtitan-llama8b.log", "deepspeed-qwen14b.log"}) {
        std::ifstream in(kLogs + "/" + file, std::ios::binary);
        const std::string original((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        REQUIRE(!original.empty());
        for (int round = 0; round < 200; ++round) {
            std::string text = original;
            const auto at = [&] {
                return std::uniform_int_distribution<std::size_t>(0, text.size() - 1)(random);
            };
            for (int edit = 0; edit < 1 + round % 5; ++edit)
                text[at()] = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(random));
            if (round % 3 == 0)
                text.resize(at());
            INFO(file << " round " << round);
            std::istringstream stream(text);
            const auto log = readTrainingLog(stream, "damaged.log");
            if (!log) {
                CHECK(log.error().where.rfind("damaged.log:", 0) == 0);
                continue;
            }
            const SteadySteps steady = steadySteps(log.value());
            CHECK(std::isfinite(steady.median));
            CHECK(steady.median > 0);
            CHECK_FALSE(describeLog(log.value(), "damaged.log").empty());
            const auto run = measuredRunFromLog(log.value(), scenario, "damaged.log");
            if (run) {
                CHECK(std::isfinite(run->stepSeconds));
                CHECK(std::isfinite(run->tokensPerSecond));
            }
        }
    }
}
