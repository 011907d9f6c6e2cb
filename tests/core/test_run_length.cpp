// The real length of a run: interruptions, checkpoints, evaluation, start.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "core/calibration/evaluate.h"
#include "core/report/plan_format.h"
#include "core/run/messages_run.h"
#include "core/run/run_length.h"
#include "core/run/step_count.h"
#include "test_support.h"

using namespace clusterplan;
using clusterplan::test::catalog;

namespace {

// Llama 3.1 405B pre-training as Meta ran it: 16,384 H100, seq 8,192, TP 8 × PP 16 × CP 1 × DP 128
// (Dubey et al. 2024 Table 4), checkpoints to Tectonic at 2 TB/s sustained (§3.3.1).
Scenario llama3Run() {
    Scenario s = test::scenarioWithModel("llama-3.1-405b");
    s.cluster.gpu = "h100-sxm-80gb";
    s.cluster.gpusPerNode = 8;
    s.cluster.nodes = 2048;
    s.cluster.interNode = "ib-ndr-400";
    s.cluster.io.networkFsGBs = 2000;
    s.training.seqLen = 8192;
    s.training.globalBatch = 2048;
    s.training.tokens = 15.6e12;
    s.layout = LayoutSpec{};
    s.layout.tp = 8;
    s.layout.pp = 16;
    s.layout.vpp = 8;
    s.layout.zeroStage = 1;
    s.layout.recompute = Recompute::None;
    s.layout.sequenceParallel = true;
    s.layout.split = {0, 0, true, true};
    return s;
}

}  // namespace

TEST_CASE("the Llama 3 interruption rate reproduces the paper's 419 interruptions in 54 days", "[run]") {
    // Dubey et al. 2024 §3.3.4: 419 unexpected interruptions in a 54-day snapshot on 16,384 H100.
    const Reliability& r = RunRealities::builtin().reliability;
    CHECK(r.interruptionsPerGpuDay * 54 * 16384 == Approx(419).epsilon(0.001));
}

TEST_CASE("Young/Daly interval", "[run]") {
    // Young 1974: τ ≈ sqrt(2δM) when δ ≪ M; Daly 2006 adds the higher-order terms.
    CHECK(optimalCheckpointInterval(0.01, 10) == Approx(std::sqrt(2 * 0.01 * 10)).epsilon(0.03));
    CHECK(optimalCheckpointInterval(0.01, 10) > std::sqrt(2 * 0.01 * 10) - 0.01);
    CHECK(optimalCheckpointInterval(30, 10) == 10);  // δ ≥ 2M: checkpoint every MTBF
}

TEST_CASE("checkpoint size is weights plus optimizer state", "[run]") {
    // ZeRO §3.1: bf16 weights 2 bytes + fp32 master, momentum and variance 12 bytes per parameter.
    const Scenario s = test::scenarioWithModel("llama-3.1-8b");
    const Plan p = evaluate(s, catalog()).value();
    CHECK(p.run.checkpointBytes == Approx(14 * p.params.total));
    // One 8-GPU server writes to 4 NVMe drives at 4.1 GB/s (PM9A3 datasheet).
    CHECK(p.run.checkpointWriteSeconds == Approx(14 * p.params.total / (4 * 4.1e9)));
}

TEST_CASE("a LoRA or QLoRA checkpoint holds the adapters and their optimizer state only", "[run]") {
    // The base stays frozen and is reloaded from its own files: a 70B QLoRA r16 run saves about
    // 207 M × (2 + 12) B = 2.9 GB, not the 144 GB of the full base in bf16 plus the adapters.
    Scenario s = test::scenarioWithModel("llama-3.1-70b");
    s.training.method = TrainingMethod::Qlora;
    s.training.lora.rank = 16;
    const Plan p = evaluate(s, catalog()).value();
    CHECK(p.run.checkpointBytes == Approx(14 * p.trainable.trainable));
    CHECK(p.run.checkpointBytes < 5e9);
    CHECK(p.run.checkpointBytes > 1e9);
}

TEST_CASE("Llama 3 405B at 16k H100: goodput near the paper's effective training time", "[run]") {
    const auto plan = evaluate(llama3Run(), catalog());
    INFO((plan ? std::string() : plan.error().toString()));
    REQUIRE(plan.ok());
    const RunLength& r = plan.value().run;
    // M = 24 h / (4.7358e-4 × 16,384) = 3.09 h between interruptions.
    CHECK(r.mtbfHours == Approx(54.0 * 24 / 419).epsilon(0.001));
    // §3.3.4: "higher than 90% effective training time". Evaluation is training-adjacent work that
    // the paper's figure may leave out, so the check is on the goodput without it, with 3 points
    // of tolerance, and on the whole goodput being below it.
    const double wall = r.wallDays * 24;
    const double withoutEval = r.steadyDays * 24 / (wall - r.evaluationHours);
    CHECK(withoutEval > 0.87);
    CHECK(withoutEval < 0.99);
    CHECK(r.goodput < withoutEval);
    // The parts add up to the wall time.
    CHECK(r.steadyDays * 24 + r.checkpointHours + r.lostWorkHours + r.restartHours + r.evaluationHours +
              r.startHours ==
          Approx(wall).epsilon(1e-9));
    CHECK(r.budgetGpuHours == Approx(wall * 16384));
    // Expected interruptions grow with GPUs × days.
    CHECK(r.interruptions == Approx(r.interruptionsPerGpuDay * 16384 * r.wallDays));
}

TEST_CASE("one server: interruptions are rare and evaluation dominates what is lost", "[run]") {
    const Plan p = evaluate(test::scenarioWithModel("llama-3.1-8b"), catalog()).value();
    const RunLength& r = p.run;
    // 8 GPUs: one interruption per 24 / (4.7358e-4 × 8) = 6,335 h.
    CHECK(r.mtbfHours == Approx(24 / (4.7358e-4 * 8)).epsilon(1e-4));
    // Megatron defaults: 100 forward-only iterations every 1,000 steps = 3.3 % of training time.
    CHECK(r.evaluationHours == Approx(r.steadyDays * 24 * 100 * 0.3333 / 1000));
    CHECK(r.goodput > 0.95);
    CHECK(r.goodput < 0.975);
}

TEST_CASE("the run's cost and the plan use the budget", "[run]") {
    const Plan p = evaluate(test::scenarioWithModel("llama-3.1-8b"), catalog()).value();
    REQUIRE(p.cost);
    REQUIRE(p.cost->runGpuHours);
    CHECK(*p.cost->runGpuHours == Approx(p.run.budgetGpuHours));
    CHECK(p.run.budgetGpuHours > p.perf.gpuHours);
    const std::string json = planToJson(p);
    for (const char* key : {"\"goodput\"", "\"wall_days\"", "\"budget_gpu_hours\"", "\"run_length\""})
        CHECK(json.find(key) != std::string::npos);
    const std::string text = planToText(p);
    CHECK(text.find("goodput") != std::string::npos);
}

TEST_CASE("a fixed checkpoint interval and a cluster-specific failure rate", "[run]") {
    Scenario s = llama3Run();
    s.training.run.checkpointIntervalHours = 3;
    // Kokolis et al. 2024: MTTF 7.9 h for 1,024-GPU jobs = 2.97 per 1,000 GPU-days.
    s.training.run.interruptionsPer1000GpuDays = 24.0 / 7.9 / 1024 * 1000;
    const RunLength r = evaluate(s, catalog()).value().run;
    CHECK_FALSE(r.intervalOptimal);
    CHECK(r.checkpointIntervalHours == 3);
    CHECK(r.mtbfHours == Approx(7.9 * 1024 / 16384).epsilon(1e-6));
    // A 3 h interval against a 0.49 h MTBF: the run does not progress.
    CHECK_FALSE(r.progresses);
}

TEST_CASE("bad run inputs are refused with the key path", "[run]") {
    const auto error = [](const std::string& run) {
        auto s = parseScenario(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"},
            "training": {"run": )" +
                                   run + "}}",
                               catalog(), "test");
        REQUIRE_FALSE(s.ok());
        return s.error().where;
    };
    CHECK(error(R"({"checkpoint_interval_hours": -1})") == "training.run.checkpoint_interval_hours");
    CHECK(error(R"({"interruptions_per_1000_gpu_days": 0})") ==
          "training.run.interruptions_per_1000_gpu_days");
    CHECK(error(R"({"checkpoint_every": 1})") == "training.run.checkpoint_every");
}

namespace {

// Llama 3.1 70B on 4 × 8 H100 for 100 B tokens of 4,096-token sequences, `batch` sequences a step.
Scenario seventyBOn32H100(std::int64_t batch) {
    Scenario s = test::scenarioWithModel("llama-3.1-70b");
    s.cluster.gpu = "h100-sxm-80gb";
    s.cluster.gpusPerNode = 8;
    s.cluster.nodes = 4;
    s.training.seqLen = 4096;
    s.training.tokens = 100e9;
    s.training.globalBatch = batch;
    return s;
}

}  // namespace

TEST_CASE("a global batch larger than the whole run is a note naming the batch", "[run]") {
    // 70B on 32 H100 with a global batch of 100,000,000 sequences of 4,096 tokens: one step is
    // 409.6 B tokens, four times a 100 B-token run.
    Scenario s = seventyBOn32H100(100'000'000);
    const auto batchNote = [](const Plan& p) {
        return std::find_if(p.notes.begin(), p.notes.end(),
                            [](const Message& m) { return m.id == msg::kRunBatchAboveRun.id; });
    };
    const Plan big = evaluate(s, catalog()).value();
    const auto note = batchNote(big);
    REQUIRE(note != big.notes.end());
    CHECK(note->text.find("409,600,000,000 tokens") != std::string::npos);
    CHECK(note->text.find("global batch of 100,000,000 sequences") != std::string::npos);
    CHECK(note->text.find("0.244 of one step") != std::string::npos);
    CHECK(planToText(big).find("Make the global batch smaller") != std::string::npos);

    // A batch whose step fits in the run many times over: no note.
    s.training.globalBatch = 512;
    const Plan usual = evaluate(s, catalog()).value();
    CHECK(batchNote(usual) == usual.notes.end());
}

TEST_CASE("a run of fewer than 100 optimizer steps is a note with its step count", "[run]") {
    // 70B on 32 H100, 100 B tokens of 4,096-token sequences: a global batch of 1,000,000 makes
    // 4.096 B tokens a step, 24.4 steps; below GPT-3's 117-step warm-up.
    Scenario s = seventyBOn32H100(1'000'000);
    const auto fewNote = [](const Plan& p) {
        return std::find_if(p.notes.begin(), p.notes.end(),
                            [](const Message& m) { return m.id == msg::kRunFewSteps.id; });
    };
    const Plan few = evaluate(s, catalog()).value();
    const auto note = fewNote(few);
    REQUIRE(note != few.notes.end());
    CHECK(note->text.find("only 24.4 optimizer steps") != std::string::npos);
    CHECK(note->text.find("4,096,000,000 tokens each") != std::string::npos);
    CHECK(note->text.find("fewer than 100") != std::string::npos);
    CHECK(stepCount(s.training).steps == Approx(100e9 / (1e6 * 4096)));
    REQUIRE(stepCountWarning(s.training).has_value());
    CHECK(stepCountWarning(s.training)->text == "only 24.4 optimizer steps");

    // 100 steps and more: no note (a batch of 244,140 sequences makes 100.0 steps; 131,072, which the
    // data-parallel ranks divide, 186).
    s.training.globalBatch = 244'140;
    CHECK(stepCount(s.training).steps >= kFewOptimizerSteps);
    CHECK_FALSE(stepCountWarning(s.training).has_value());
    CHECK_FALSE(stepCountNote(s.training).has_value());
    s.training.globalBatch = 131'072;
    const Plan enough = evaluate(s, catalog()).value();
    CHECK(fewNote(enough) == enough.notes.end());
    // A part of one step is the other note, and its short form says so.
    s.training.globalBatch = 100'000'000;
    REQUIRE(stepCountWarning(s.training).has_value());
    CHECK(stepCountWarning(s.training)->text == "0.244 of one optimizer step");
    const Plan big = evaluate(s, catalog()).value();
    CHECK(fewNote(big) == big.notes.end());
}
