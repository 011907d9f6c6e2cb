// Training logs read back (core/launch/training_log.h): a Megatron-LM log's steady step time, peak
// memory and argument dump; its layout back from an export's arguments; the errors of a truncated,
// malformed or foreign log with their line; the CLI's calibrate --log.
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "cli_runner.h"
#include "core/launch/launch_config.h"
#include "core/launch/messages_launch.h"
#include "core/launch/training_log.h"
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
    SECTION("a step line without its number names the line") {
        std::istringstream in("[titan] step: 10  loss: 2.0  memory: 1.00GiB(1%)  tps: fast  tflops: 1.0\n");
        const auto log = readTrainingLog(in, "titan.log");
        REQUIRE_FALSE(log.ok());
        CHECK(log.error().where == "titan.log:1");
        CHECK(log.error().message == "expected a number after \"tps:\"");
    }
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

TEST_CASE("a line longer than the reader keeps is cut, and the next line still read", "[launch][log]") {
    std::string text(kMaxLogLineBytes * 3, 'x');
    text += "\n" + iterationLine(10, 2000.0) + iterationLine(20, 1000.0);
    std::istringstream in(text);
    const auto log = readTrainingLog(in, "long.log");
    REQUIRE(log.ok());
    CHECK(log->lines == 3);
    CHECK(log->valueLines == std::vector<std::int64_t>{2, 3});
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

    const auto zh =
        test::runCli("calibrate '" + scenario + "' --lang zh_CN --log '" + kLogs + "/megatron-llama8b.log'");
    CHECK(zh.status == 0);
    CHECK(zh.out.find("稳态单步 84.31 s") != std::string::npos);

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
