// Can the server feed the GPUs? (The seed article's trap 4.)
#include <catch2/catch.hpp>
#include <string>

#include "core/calibration/evaluate.h"
#include "core/report/plan_format.h"
#include "core/run/feed_check.h"
#include "test_support.h"

using namespace clusterplan;
using clusterplan::test::catalog;

namespace {

// A scenario around the seed's trap 4 case: Llama 3.1 8B on one 8× A100 80GB server, with the
// given extra `training` and `cluster` keys and optionally a GPT-2-small-sized model (124 M
// parameters: 12 layers, hidden 768, 12 heads, FFN 3072, Radford et al. 2019) that eats samples
// far faster.
std::string scenarioJson(const std::string& training, const std::string& cluster, bool small = false,
                         const std::string& gpu = "a100-sxm-80gb") {
    const std::string model = small ? R"({"preset": "llama-3.1-8b", "layers": 12, "hidden": 768, "heads": 12,
        "kv_heads": 12, "head_dim": 64, "ffn_hidden": 3072, "vocab": 50257})"
                                    : R"({"preset": "llama-3.1-8b"})";
    return R"({"schema": "clusterplan.scenario/1", "model": )" + model +
           R"(, "training": {"seq_len": 4096, "global_batch": 512, "tokens": 1e11)" + training +
           R"(}, "cluster": {"gpu": ")" + gpu + R"(", "gpus_per_node": 8, "nodes": 1)" + cluster +
           R"(}, "layout": {"tp": 1, "pp": 1, "cp": 1, "ep": 1, "vpp": 1, "micro_batch": 1, "zero_stage": 1,
               "recompute": "selective", "sequence_parallel": false}})";
}

Plan planOf(const std::string& json) {
    auto s = parseScenario(json, catalog(), "test");
    INFO((s ? std::string() : s.error().toString()));
    REQUIRE(s.ok());
    auto p = evaluate(s.value(), catalog());
    REQUIRE(p.ok());
    return p.value();
}

// The same scenario with the data pipeline ignored: what the GPUs would do if fed.
double steadyStep(const std::string& json) {
    auto s = parseScenario(json, catalog(), "test");
    REQUIRE(s.ok());
    Scenario fed = s.value();
    fed.training.dataPipeline = DataPipelineSpec{};
    fed.cluster.io = HostIoSpec{};
    return evaluate(fed, catalog()).value().perf.stepSeconds;
}

}  // namespace

TEST_CASE("pre-tokenized text on the seed's 8x A100 server does not bind the feed", "[feed]") {
    // Seed trap 4: 8× A100, Llama 3 8B, num_workers=2. Pre-tokenized ids are 4 bytes per token
    // (Megatron indexed dataset, int32 for a 128,256-token vocabulary): 16 KB per 4,096-token sample.
    const Plan p = planOf(scenarioJson("", R"(, "loader_workers_per_gpu": 2)"));
    const FeedCheck& f = p.feed;
    CHECK_FALSE(f.binds);
    CHECK(p.perf.dataWaitSeconds == 0);
    CHECK(f.inputs.bytesPerSample == Approx(4.0 * 4096));
    // The seed's server: 2× Xeon 8380 = 80 cores, 4 NVMe drives; 2 workers per GPU = 16 workers.
    CHECK(f.inputs.cpuCoresPerNode == 80);
    CHECK(f.inputs.nvmeDrives == 4);
    CHECK(f.usableWorkersPerNode == 16);
    // The GPUs need the global batch per step: a few samples per second for the whole server.
    CHECK(f.neededPerNode == Approx(512.0 / p.perf.stepSeconds));
    CHECK(f.neededPerNode < 20);
    // Two workers give hundreds of times that (the article's 40 % utilisation is not the feed's doing).
    CHECK(f.margin > 100);
    CHECK(f.gpuUtilization == 1);
    REQUIRE_FALSE(f.notes.empty());
    CHECK(f.notes[0].text.find("not the bottleneck") != std::string::npos);
}

TEST_CASE("image decode with too few workers binds, and the step follows the feed rate", "[feed]") {
    const std::string json = scenarioJson(R"(, "data_pipeline": {"preset": "image-decode-augment"})",
                                          R"(, "loader_workers_per_gpu": 1)", true, "h100-sxm-80gb");
    const Plan p = planOf(json);
    const FeedCheck& f = p.feed;
    REQUIRE(f.binds);
    CHECK(f.bottleneck == "cpu");
    // 576 visual tokens per image (LLaVA-1.5) at 5 ms per image: 8.7 µs per token, 4,096 tokens
    // per sample, plus 0.2 ms per sample.
    const double ms = 8.7e-3 * 4096 + 0.2;
    CHECK(f.inputs.cpuMsPerSample == Approx(ms));
    const double workers = 8;  // 1 per GPU
    const double feedRate = workers * 1000 / ms;
    CHECK(f.cpuPerNode == Approx(feedRate));
    // The step is the global batch over the feed rate, not the GPUs' own step.
    CHECK(p.perf.stepSeconds == Approx(512 / feedRate));
    const double steady = steadyStep(json);
    CHECK(p.perf.dataWaitSeconds == Approx(p.perf.stepSeconds - steady));
    CHECK(f.gpuUtilization == Approx(steady / p.perf.stepSeconds));
    CHECK(f.gpuUtilization < 1);
    // Throughput follows the fed step.
    CHECK(p.perf.tokensPerSecond == Approx(512 * 4096 / p.perf.stepSeconds));
    // What lifts it: enough workers to meet the GPUs' rate, and a core for each plus one per GPU.
    const double need = f.neededPerNode * ms / 1000;
    CHECK(f.workersPerGpuNeeded == static_cast<std::int64_t>(std::ceil(need / 8)));
    CHECK(f.coresPerNodeNeeded == 8 * (f.workersPerGpuNeeded + 1));
    CHECK(f.notes[0].text.find("binds") != std::string::npos);

    // With the workers it names (and the cores), the feed no longer binds.
    const std::string lifted =
        scenarioJson(R"(, "data_pipeline": {"preset": "image-decode-augment"})",
                     ", \"loader_workers_per_gpu\": " + std::to_string(f.workersPerGpuNeeded) +
                         ", \"cpu_cores_per_node\": " + std::to_string(f.coresPerNodeNeeded),
                     true, "h100-sxm-80gb");
    const Plan q = planOf(lifted);
    CHECK_FALSE(q.feed.binds);
    CHECK(q.perf.stepSeconds == Approx(steady));
}

TEST_CASE("storage binds when samples are large and the file system slow", "[feed]") {
    // 16 MB per sample from a 0.1 GB/s network file system: 6.25 samples/s.
    const Plan p = planOf(scenarioJson(R"(, "data_pipeline": {"bytes_per_sample": 16e6})",
                                       R"(, "network_fs_gb_s": 0.1)", true, "h100-sxm-80gb"));
    REQUIRE(p.feed.binds);
    CHECK(p.feed.bottleneck == "storage");
    CHECK(p.feed.storagePerNode == Approx(6.25));
    CHECK(p.perf.stepSeconds == Approx(512 / 6.25));
    CHECK(p.feed.networkFsGBsNeeded == Approx(p.feed.neededPerNode * 16e6 / 1e9));
}

TEST_CASE("num_workers=0 prepares samples between steps, without overlap", "[feed]") {
    const std::string json = scenarioJson(R"(, "data_pipeline": {"preset": "raw-text-tokenize"})",
                                          R"(, "loader_workers_per_gpu": 0)");
    const Plan p = planOf(json);
    // 1.3 µs per token × 4,096 + 0.2 ms; 64 samples per GPU per step.
    const double ms = 1.3e-3 * 4096 + 0.2;
    CHECK(p.perf.stepSeconds == Approx(steadyStep(json) + 64 * ms / 1000));
    CHECK(p.feed.binds);
}

TEST_CASE("bad feed inputs are refused with the key path", "[feed]") {
    const auto error = [](const std::string& training, const std::string& cluster) {
        auto s = parseScenario(scenarioJson(training, cluster), catalog(), "test");
        REQUIRE_FALSE(s.ok());
        return s.error().where;
    };
    CHECK(error(R"(, "data_pipeline": {"preset": "pre-tokenised"})", "") == "training.data_pipeline.preset");
    CHECK(error(R"(, "data_pipeline": {"cpu_ms_per_sample": -1})", "") ==
          "training.data_pipeline.cpu_ms_per_sample");
    CHECK(error(R"(, "data_pipeline": {"bytes_per_sample": 0})", "") ==
          "training.data_pipeline.bytes_per_sample");
    CHECK(error("", R"(, "loader_workers_per_gpu": -1)") == "cluster.loader_workers_per_gpu");
    CHECK(error("", R"(, "cpu_cores_per_node": 0)") == "cluster.cpu_cores_per_node");
    CHECK(error("", R"(, "nvme_drives": 0)") == "cluster.nvme_drives");
    CHECK(error("", R"(, "network_fs_gb_s": -5)") == "cluster.network_fs_gb_s");
    auto s =
        parseScenario(scenarioJson(R"(, "data_pipeline": {"preset": "pretokenized"})", ""), catalog(), "t");
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().message.find("pretokenized-text") != std::string::npos);  // did you mean
}

TEST_CASE("feed keys round-trip through the scenario file and appear in the plan", "[feed]") {
    const std::string json =
        scenarioJson(R"(, "data_pipeline": {"preset": "raw-text-tokenize"})",
                     R"(, "loader_workers_per_gpu": 4, "cpu_cores_per_node": 64, "nvme_drives": 2)");
    auto s = parseScenario(json, catalog(), "test");
    REQUIRE(s.ok());
    auto again = parseScenario(scenarioToJson(s.value()), catalog(), "again");
    REQUIRE(again.ok());
    CHECK(again.value() == s.value());
    // A scenario without the keys writes none of them.
    CHECK(scenarioToJson(defaultScenario(catalog())).find("data_pipeline") == std::string::npos);
    const std::string plan = planToJson(evaluate(s.value(), catalog()).value());
    for (const char* key : {"\"feed\"", "\"binds\"", "\"cpu_samples_per_s_per_node\"", "\"data_wait_s\""})
        CHECK(plan.find(key) != std::string::npos);
}
