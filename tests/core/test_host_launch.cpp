// The host bound (perf/host_launch.h): a pass takes at least the host's time to issue it. Its
// arithmetic, its census of Megatron-Core's calls against the GB200 guide's measured CUDA-graph
// gain, a dense GPU-bound run that must not move, and a small-token MoE run on Grace that the host
// bounds.
#include <string>

#include "core/io/scenario_json.h"
#include "core/perf/host_launch.h"
#include "core/report/plan_format.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinRel;

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

const HostLaunch& megatronHost() {
    return test::catalog().perfProfiles().stackDefaults(Framework::Nemo).hostLaunch;
}

}  // namespace

TEST_CASE("the host bound is a max per pass where the MoE layer syncs, per micro-batch where it does not",
          "[perf][host]") {
    HostPasses p{3e-3, 1e-3, 2e-3, 4e-3, true};
    // The forward waits 1 ms for the host; the backward's 3 ms of spare GPU time cannot help, since
    // the forward's sync drained the queue.
    CHECK_THAT(hostBoundSeconds(p), WithinRel(1e-3, 1e-12));
    // Without the sync the host runs ahead across the micro-batch: 4 ms of host time under 6 of GPU.
    p.syncEachPass = false;
    CHECK(hostBoundSeconds(p) == 0);
    p.hostBackward = 4e-3;
    CHECK_THAT(hostBoundSeconds(p), WithinRel(1e-3, 1e-12));
}

TEST_CASE("the stacks' host costs as read, and what CUDA graphs leave", "[perf][host]") {
    const auto& profiles = test::catalog().perfProfiles();
    const HostLaunch& h = megatronHost();
    REQUIRE(h.enabled);
    CHECK(profiles.stackDefaults(Framework::Megatron).hostLaunch.enabled);
    CHECK(h.cudaGraphs == CudaGraphs::None);
    // Transformer Engine's issue 2053: torch.nn.Linear 37.08 µs of CPU on GB200 and 13.48 µs on a
    // Xeon Platinum 8480C, TE's Linear 99.66 µs on GB200.
    CHECK_THAT(h.graceFactor, WithinRel(37.08 / 13.48, 0.01));
    CHECK_THAT(h.moduleUs * h.graceFactor, WithinRel(99.66, 0.01));
    // A stack without a census has no host bound.
    CHECK_FALSE(profiles.stackDefaults(Framework::Torchtitan).hostLaunch.enabled);

    const HostLayerShape dsv3{true, true, 1, 8, MoeDispatcher::DeepEp, true};
    const double eager = hostLayerForwardSeconds(h, dsv3, CudaGraphs::None);
    const double partial = hostLayerForwardSeconds(h, dsv3, CudaGraphs::Partial);
    CHECK(eager > partial);
    CHECK(partial > 0);  // the routed experts stay eager
    CHECK(hostLayerForwardSeconds(h, dsv3, CudaGraphs::Full) == 0);
    // Grace issues the same calls graceFactor times slower than the x86 core.
    HostLayerShape x86 = dsv3;
    x86.grace = false;
    CHECK_THAT(hostLayerForwardSeconds(h, x86, CudaGraphs::None) * h.graceFactor, WithinRel(eager, 1e-12));
    // The unfused router of the all-to-all dispatcher: 72 calls against 17.
    HostLayerShape a2a = dsv3;
    a2a.dispatcher = MoeDispatcher::AllToAll;
    CHECK_THAT(hostLayerForwardSeconds(h, a2a, CudaGraphs::None) - eager,
               WithinRel((72 - 17) * h.opUs * h.graceFactor * 1e-6, 1e-9));
}

TEST_CASE("partial CUDA graphs on DeepSeek-V3, GB200: the host time they remove against the guide's gain",
          "[perf][host]") {
    // Megatron-LM's GB200 guide (docs/discussions/deepseek-v3-gb200-optimization at 1d9edcf8, section
    // 3): on TP 1, PP 8, VPP 4, EP 32, 256 GB200, 2,048 × 4,096 tokens per step, a host-bound layout,
    // capturing attention, router and preprocess took 610.71 to 663.27 TFLOP/s and capturing the
    // shared expert 797.67 to 829.93: "a total of 84.8 TFLOPS". At 2.607e11 FLOPs per token
    // (Megatron's MoE convention) a step is 2,048 · 4,096 · 2.607e11 / 256 / TF seconds.
    const auto step = [](double tflops) { return 2048.0 * 4096 * 2.607e11 / 256 / (tflops * 1e12); };
    const double measured = step(610.71) - step(663.27) + step(797.67) - step(829.93);
    // The census: what the captured parts cost the Grace host per layer, forward and backward, over
    // the 64 micro-batches of each GPU's 8 layers (58 of 61 MoE).
    const HostLaunch& h = megatronHost();
    const HostLayerShape moe{true, true, 1, 8, MoeDispatcher::DeepEp, true};
    HostLayerShape dense = moe;
    dense.moe = false;
    const auto removed = [&](const HostLayerShape& s) {
        return hostLayerForwardSeconds(h, s, CudaGraphs::None) -
               hostLayerForwardSeconds(h, s, CudaGraphs::Partial);
    };
    // Dense layers' MLPs are not in the scope (attn only).
    const double denseRemoved =
        removed(dense) - h.graceFactor * (h.mlpModules * h.moduleUs + h.mlpOps * h.opUs) * 1e-6;
    const double perLayerPair = (1 + h.backwardFactor);
    const double census = perLayerPair * 64 * (8.0 * 58 / 61 * removed(moe) + 8.0 * 3 / 61 * denseRemoved);
    INFO("census " << census << " s per step, measured " << measured << " s");
    // The census accounts for 60 to 100 % of it: the time the graphs removed was host time.
    CHECK(census > 0.6 * measured);
    CHECK(census < measured);
}

TEST_CASE("a GPU-bound dense run does not move; a small-token MoE run on Grace waits for its host",
          "[perf][host]") {
    const Plan llama = test::planFromFile(kData, "llama3-8b-8xa100.json");
    CHECK(llama.perf.hostLaunchSeconds == 0);

    // Qwen3-30B-A3B on 8 GB200 (EP 8: 16 experts each) with 1,024 tokens per micro-batch: 183 calls
    // and 6 module calls per layer forward, about 2.1 ms of Grace time, against some 0.7 ms of GPU
    // work in the forward.
    Scenario s = test::scenarioWithModel("qwen3-30b-a3b");
    s.training.framework = Framework::Nemo;
    s.training.seqLen = 1024;
    s.training.globalBatch = 64;
    s.cluster.gpu = "gb200-nvl72-186gb";
    s.cluster.gpusPerNode = 4;
    s.cluster.nodes = 2;
    s.layout.tp = s.layout.pp = s.layout.cp = 1;
    s.layout.ep = 8;
    s.layout.dp = 8;
    s.layout.microBatch = 1;
    s.layout.zeroStage = 1;
    const Plan qwen = test::planOf(s);
    REQUIRE(qwen.perf.stepSeconds > 0);
    CHECK(qwen.perf.hostLaunchSeconds > 0.1 * qwen.perf.stepSeconds);
    const HostLaunch& h = megatronHost();
    const double perLayer =
        hostLayerForwardSeconds(h, {true, false, 0, 16, MoeDispatcher::AllToAll, true}, CudaGraphs::None);
    // Each pass waits at most the host's time for it: 64 / 8 micro-batches of 48 layers.
    CHECK(qwen.perf.hostLaunchSeconds < (1 + h.backwardFactor) * perLayer * 48 * 8);
    const std::string text = planToText(qwen);
    CHECK(text.find("host launch (GPU waits for the CPU)") != std::string::npos);
    CHECK(text.find("for its host to issue the kernels") != std::string::npos);
    CHECK(planToText(llama).find("for its host to issue the kernels") == std::string::npos);
}
