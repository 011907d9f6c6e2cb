// Step-time model: collective costs against the α-β ring formulas of Thakur et al. 2005 (and the seed
// article's mistaken all-reduce times), pipeline bubble against Narayanan et al. 2021 §2.2, and
// behaviours a planner must get right (scale, PCIe vs NVLink, FP8 gains below 2x).
#include <algorithm>

#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"
#include "core/model/param_count.h"
#include "core/perf/collective_cost.h"
#include "core/perf/compute_model.h"
#include "core/perf/context_parallel.h"
#include "core/perf/messages_perf.h"
#include "core/perf/prediction_band.h"
#include "core/perf/profile_name.h"
#include "core/perf/query_group_gather.h"
#include "core/perf/synchronisation.h"
#include "core/perf/zero_gather_schedule.h"
#include "core/util/number_format.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinRel;

namespace {

NetworkTiers dgxA100(std::int64_t gpus) {
    const Catalog& c = test::catalog();
    return makeTiers(*c.fabric("nvlink3-nvswitch"), *c.fabric("ib-hdr-200"), 8, 8, gpus);
}

Plan plan(const Scenario& s) {
    auto p = evaluate(s, test::catalog());
    REQUIRE(p.ok());
    return p.value();
}

// Llama 3.1 70B on 4 servers, TP 8 x PP 4, 64 micro-batches per step.
Scenario llama70bPipeline() {
    Scenario s = test::scenarioWithModel("llama-3.1-70b");
    s.cluster.nodes = 4;
    s.training.globalBatch = 64;
    s.layout = LayoutSpec{8, 4, 0, 1, 1, 1, 1, 1, Recompute::Full, true};
    return s;
}

}  // namespace

TEST_CASE("a large all-reduce inside one server is NCCL's Simple ring: 2(n-1)/n·S/B + latency", "[perf]") {
    const NetworkTiers net = dgxA100(8);
    const double bytes = 140e9;  // 70B fp16 gradients (seed article error 1: 140 GB, not 140 MB)
    // NCCL tuning.cc: Simple ring = base 8.4 µs + 2(n-1) steps of 3.4 µs on NVLink (the catalog's
    // 1.9 µs is NCCL's LL128 NVLink step, so the ratio is NCCL's own).
    const double latency = 8.4e-6 + 14 * 3.4e-6;
    const double expected = 2.0 * 7 / 8 * bytes / net.intra.bandwidth + latency;
    CHECK_THAT(collectiveSeconds(Collective::AllReduce, bytes, 8, 1, net), WithinRel(expected, 1e-12));
    // 2·(7/8)·140 GB: about 0.82 s at the 300 GB/s link rate, ~1.1 s at achieved bus bandwidth;
    // the seed article's "30-50 ms" fits neither.
    const double t = collectiveSeconds(Collective::AllReduce, bytes, 8, 1, net);
    CHECK(t > 0.82);
    CHECK(t < 1.2);
}

TEST_CASE("a small all-reduce takes NCCL's low-latency protocol", "[perf]") {
    const NetworkTiers net = dgxA100(8);
    const double bytes = 8192;
    // LL: base 6.6 µs + 14 steps of 0.6 µs; half the bus bandwidth (4 data bytes per 8-byte line).
    const double ll = 6.6e-6 + 14 * 0.6e-6 + 2.0 * 7 / 8 * bytes / (0.5 * net.intra.bandwidth);
    CHECK_THAT(collectiveSeconds(Collective::AllReduce, bytes, 8, 1, net), WithinRel(ll, 1e-12));
    // Well under the Simple protocol's latency alone (8.4 + 14 × 3.4 µs).
    CHECK(ll < 8.4e-6 + 14 * 3.4e-6);
}

TEST_CASE("at a thousand servers the all-reduce takes NCCL's tree; reduce-scatter stays a ring", "[perf]") {
    const NetworkTiers big = dgxA100(8192);
    const NetworkTiers small = dgxA100(64);
    const double bucket = 40e6 * 2;  // Megatron's 40M-element bucket in bf16
    // A data-parallel group of one GPU per server (stride 8, the TP group fills the server).
    const double rs = collectiveSeconds(Collective::ReduceScatter, bucket, 1024, 8, big);
    const double ag = collectiveSeconds(Collective::AllGather, bucket, 1024, 8, big);
    const double ar = collectiveSeconds(Collective::AllReduce, bucket, 1024, 8, big);
    // The ring's latency grows with the ranks: 1023 network steps, each at least NCCL's LL step of
    // 5 µs when every server holds one rank (tuning.cc: ppn = 1 uses the tree's network latency).
    CHECK(rs > 1023 * 5.0e-6);
    // The tree's grows with log2 of the servers, so the all-reduce beats reduce-scatter + all-gather.
    CHECK(ar < rs + ag);
    // On 8 servers both are rings of the same volume: within the latency of a few steps.
    const double ar8 = collectiveSeconds(Collective::AllReduce, bucket, 8, 8, small);
    const double rsag8 = collectiveSeconds(Collective::ReduceScatter, bucket, 8, 8, small) +
                         collectiveSeconds(Collective::AllGather, bucket, 8, 8, small);
    CHECK_THAT(ar8, WithinRel(rsag8, 0.05));
}

TEST_CASE("every gradient bucket pays its own collective latency", "[perf]") {
    const NetworkTiers net = dgxA100(256);
    const double bucket = 80e6;
    const double one = collectiveSeconds(Collective::ReduceScatter, bucket, 32, 8, net);
    CHECK_THAT(collectiveSeconds(Collective::ReduceScatter, bucket, 32, 8, net, 10),
               WithinRel(10 * one, 1e-12));
    const double half = collectiveSeconds(Collective::ReduceScatter, bucket / 2, 32, 8, net);
    CHECK_THAT(collectiveSeconds(Collective::ReduceScatter, bucket, 32, 8, net, 2.5),
               WithinRel(2 * one + half, 1e-12));
    // Ten buckets cost more than one collective of the same bytes: nine more latencies.
    CHECK(10 * one > collectiveSeconds(Collective::ReduceScatter, 10 * bucket, 32, 8, net));
}

TEST_CASE("groups that span servers run hierarchically over one NIC per GPU", "[perf]") {
    const NetworkTiers net = dgxA100(64);
    const double bytes = 1e9;
    // 64 GPUs, stride 1: 8 per node over NVLink, 8 nodes over IB carrying S/8 per rail.
    const double t = collectiveSeconds(Collective::AllReduce, bytes, 64, 1, net);
    const double intra = 2 * 7.0 / 8 * bytes / net.intra.bandwidth;
    const double inter = 2 * 7.0 / 8 * (bytes / 8) / net.inter.bandwidth;
    // NCCL's latency of that flat ring: 126 steps, 14 of them between servers (Simple: 3.4 µs on
    // NVLink, 14 µs on the network), ×1.4 for the multi-node ring plateau of tuning.cc.
    const double latency = 1.4 * (8.4e-6 + 112 * 3.4e-6 + 14 * 14e-6);
    CHECK_THAT(t, WithinRel(intra + inter + latency, 1e-9));
    // A stride of a whole node: every member on another server, ring on the NICs alone.
    CHECK(crossesNodes(8, 8, 8));
    CHECK_FALSE(crossesNodes(8, 1, 8));
    CHECK(collectiveSeconds(Collective::AllReduce, bytes, 8, 8, net) > t);
}

TEST_CASE("pipeline bubble is (p-1)/m of ideal time, and 1/v of that interleaved", "[perf]") {
    Scenario s = llama70bPipeline();
    const Plan p = plan(s);
    const double m = static_cast<double>(p.layout.microBatches);  // 64
    REQUIRE(m == 64);
    // Stages differ slightly (embedding, LM head), so compare within a few percent.
    const double ideal =
        p.perf.computeSeconds + p.perf.recomputeSeconds + p.perf.tpCommSeconds + p.perf.ppCommSeconds;
    CHECK_THAT(p.perf.bubbleSeconds / ideal, WithinRel(3.0 / 64, 0.15));
    s.layout.vpp = 5;
    const Plan interleaved = plan(s);
    CHECK_THAT(interleaved.perf.bubbleSeconds / p.perf.bubbleSeconds, WithinRel(1.0 / 5, 0.15));
}

TEST_CASE("per-GPU throughput falls as the same job spreads over more servers", "[perf]") {
    Scenario s = defaultScenario(test::catalog());
    s.training.globalBatch = 1024;
    s.layout.zeroStage = 1;
    double previous = 1e300;
    for (std::int64_t nodes : {1, 4, 16, 64}) {
        s.cluster.nodes = nodes;
        const Plan p = plan(s);
        const double perGpu = p.perf.tokensPerSecond / static_cast<double>(p.layout.gpus());
        INFO(nodes << " nodes: " << perGpu << " tokens/s/GPU");
        CHECK(perGpu < previous);
        previous = perGpu;
    }
}

TEST_CASE("NVLink beats PCIe beats Ethernet for tensor parallelism", "[perf]") {
    Scenario s = defaultScenario(test::catalog());
    s.layout.tp = 8;
    s.cluster.intraNode = "nvlink3-nvswitch";
    const double nvlink = plan(s).perf.stepSeconds;
    s.cluster.intraNode = "pcie4-x16";
    const double pcie = plan(s).perf.stepSeconds;
    CHECK(pcie > nvlink * 1.1);
    s.cluster.intraNode = "";
    s.layout.tp = 1;
    s.cluster.nodes = 4;
    s.cluster.interNode = "ib-hdr-200";
    s.layout.zeroStage = 3;
    const double ib = plan(s).perf.dpCommTotalSeconds;
    s.cluster.interNode = "eth-10";
    CHECK(plan(s).perf.dpCommTotalSeconds > 10 * ib);
}

TEST_CASE("FP8 speeds up GEMMs only: well under 2x end to end", "[perf]") {
    Scenario s = defaultScenario(test::catalog());
    s.cluster.gpu = "h100-sxm-80gb";
    s.training.framework = Framework::Nemo;
    s.training.precision = Precision::Fp8;
    const double fp8 = plan(s).perf.stepSeconds;
    s.training.precision = Precision::Bf16;
    const double bf16 = plan(s).perf.stepSeconds;
    CHECK(bf16 / fp8 > 1.1);
    CHECK(bf16 / fp8 < 1.8);
}

TEST_CASE("FP8 weights are cast once per step, activations every micro-batch", "[perf]") {
    // Transformer Engine's FP8 weight caching (TE user guide, Performance Optimizations): the cast
    // of the weights is paid on the first micro-batch only, so a micro-batch costs less the more
    // micro-batches share a step; in BF16 nothing is cast and the micro-batch costs the same.
    Scenario s = defaultScenario(test::catalog());
    s.cluster.gpu = "h100-sxm-80gb";
    s.cluster.nodes = 1;
    s.training.framework = Framework::Nemo;
    s.layout = LayoutSpec{1, 1, 0, 1, 1, 1, 1, 1, Recompute::Selective, false};
    auto perMicroBatch = [&](Precision p, std::int64_t globalBatch) {
        s.training.precision = p;
        s.training.globalBatch = globalBatch;
        const Plan pl = plan(s);
        return pl.perf.computeSeconds / static_cast<double>(pl.layout.microBatches);
    };
    const double fp8One = perMicroBatch(Precision::Fp8, 8), fp8Many = perMicroBatch(Precision::Fp8, 256);
    CHECK(fp8Many < fp8One);
    // The weight casts of Llama 3.1 8B (~7 B matrix elements × 4 B) at H100 bandwidth are a few
    // milliseconds: a small share of a micro-batch, not a second GEMM.
    CHECK(fp8One / fp8Many < 1.1);
    CHECK_THAT(perMicroBatch(Precision::Bf16, 256), WithinRel(perMicroBatch(Precision::Bf16, 8), 1e-9));
}

TEST_CASE("fully sharded stacks copy their gathered weights and gradients every micro-batch", "[perf]") {
    // PyTorch FSDP2 (OLMo-core) splits each all-gather output into the parameters' tensors after
    // the forward and the backward gather and concatenates the gradients into the reduce-scatter
    // input; FSDP1 (Composer, the fsdp stack) only concatenates the gradients of the flat
    // parameter's views. Both are per parameter, so a micro-batch pays them whatever its tokens.
    Scenario s = test::scenarioWithModel("llama-3.1-8b");
    s.cluster.gpu = "h100-sxm-80gb";
    s.cluster.nodes = 1;
    s.training.globalBatch = 64;
    s.layout = LayoutSpec{1, 1, 0, 1, 1, 1, 1, 3, Recompute::None, false};
    auto perMicroBatch = [&](Framework f) {
        s.training.framework = f;
        const Plan pl = plan(s);
        return pl.perf.computeSeconds / static_cast<double>(pl.layout.microBatches);
    };
    const double flat = perMicroBatch(Framework::Fsdp), perParameter = perMicroBatch(Framework::OlmoCore);
    // Both stacks are timed with the FSDP profile: the copies are the only difference.
    const double extra = perParameter - flat;
    CHECK(extra > 0);
    // Two weight copies (read + write 2 B each) and a gradient copy of 2 + 2 B, against FSDP1's
    // 2 + 2 B: 8 more bytes per parameter, ~8 B x 8 G / (3.35 TB/s x the profile's efficiency).
    CHECK(extra > 0.015);
    CHECK(extra < 0.06);
    // Per parameter, not per token: twice the tokens per micro-batch, the same extra.
    s.layout.microBatch = 2;
    CHECK_THAT(perMicroBatch(Framework::OlmoCore) - perMicroBatch(Framework::Fsdp), WithinRel(extra, 1e-6));
    // OLMo-core reduces in fp32 (its copy-in writes 4 B per gradient); FSDP1's flat gradient is
    // concatenated in the parameters' dtype before any cast.
    s.layout.microBatch = 1;
    s.training.gradDtype = GradDtype::Fp32;
    CHECK(perMicroBatch(Framework::OlmoCore) - perMicroBatch(Framework::Fsdp) > extra);
    CHECK_THAT(perMicroBatch(Framework::Fsdp), WithinRel(flat, 1e-9));
    // Without ZeRO-3 nothing is gathered, nothing copied.
    s.training.gradDtype = GradDtype::Param;
    s.layout.zeroStage = 1;
    CHECK_THAT(perMicroBatch(Framework::OlmoCore), WithinRel(perMicroBatch(Framework::Fsdp), 1e-9));
}

TEST_CASE("every predicted time carries its profile's uncertainty band", "[perf]") {
    const Plan p = plan(defaultScenario(test::catalog()));
    CHECK(p.perf.stepSecondsLow < p.perf.stepSeconds);
    CHECK(p.perf.stepSecondsHigh > p.perf.stepSeconds);
    CHECK(p.perf.mfu > 0.2);
    CHECK(p.perf.mfu < 0.8);
    CHECK(p.perf.trainDays > 0);
}

TEST_CASE("GPipe for comparison: the bubble of Huang et al., every micro-batch in flight", "[perf]") {
    Scenario s = llama70bPipeline();
    s.layout.vpp = 5;  // the plan interleaves; GPipe cannot
    const Plan p = plan(s);
    REQUIRE(p.gpipeMemory.has_value());
    // GPipe (Huang et al. 2019 §2.3): a step of m micro-batches on p stages lasts (m + p − 1)
    // micro-batch slots. Built from the plan's own per-micro-batch time, independent of how
    // estimateStep lays out the pipeline; stages differ slightly (embedding, LM head).
    const double m = static_cast<double>(p.layout.microBatches), stages = 4;
    const double perMicroBatch =
        (p.perf.computeSeconds + p.perf.recomputeSeconds + p.perf.tpCommSeconds + p.perf.ppCommSeconds / 5) /
        m;
    const double rest = p.perf.dpCommSeconds + p.perf.optimizerSeconds + p.perf.contentionSeconds;
    CHECK_THAT(p.gpipeStepSeconds - rest, WithinRel((m + stages - 1) * perMicroBatch, 0.03));
    // Interleaving divides the bubble by v (less the v-fold PP sends), so the plan beats GPipe by
    // more than half a bubble.
    CHECK(p.gpipeStepSeconds - p.perf.stepSeconds > 0.5 * (stages - 1) * perMicroBatch);
    // GPipe's first stage holds all m = 64 micro-batches instead of p = 4.
    CHECK(p.gpipeMemory->activations > 10 * p.memory.activations / 2);
    CHECK(p.gpipeMemory->inFlightMicroBatches == 64);
    s.layout.pp = 1;
    s.layout.vpp = 1;
    CHECK_FALSE(plan(s).gpipeMemory.has_value());
}

TEST_CASE("the step's parts add up to the step", "[perf]") {
    Scenario dense = llama70bPipeline();
    dense.cluster.nodes = 16;  // DP 4: hidden DP traffic, so contention is non-zero
    Scenario fsdp = defaultScenario(test::catalog());
    fsdp.cluster.nodes = 4;
    fsdp.layout.zeroStage = 3;
    for (const Scenario& s : {dense, fsdp, defaultScenario(test::catalog())}) {
        const Plan p = plan(s);
        double sum = 0;
        for (const StepPart& part : stepParts(p.perf))
            sum += part.seconds;
        CHECK_THAT(sum, WithinRel(p.perf.stepSeconds, 1e-12));
    }
    const Plan p = plan(dense);
    CHECK(p.perf.contentionSeconds > 0);
}

// Hopper and Blackwell run GEMMs as persistent kernels (one CTA per SM): an NCCL kernel's SMs push
// the last tiles into a second wave, so hidden FSDP traffic costs these GPUs far more compute than
// it costs an A100 (catalog.json's notes: the top of the 18.9-40 % compute slowdown Lee et al. 2025,
// arXiv:2507.03114, measure beside collectives).
TEST_CASE(
    "hidden collectives slow Hopper's persistent GEMMs by the catalog's share, Ampere's by the profile's",
    "[perf]") {
    // Llama 2 13B, FSDP full shard on one 8-GPU server, one sequence of 4,096 tokens per micro-batch.
    Scenario s = test::scenarioWithModel("llama-2-13b");
    s.training.framework = Framework::Fsdp;
    s.training.seqLen = 4096;
    s.training.globalBatch = 64;
    s.cluster.nodes = 1;
    s.layout = LayoutSpec{1, 1, 0, 1, 1, 1, 1, 3, Recompute::None, false};
    const auto contentionShare = [](const Plan& p) {
        const double hidden = p.perf.dpCommTotalSeconds - p.perf.dpCommSeconds + p.perf.tpCommHiddenSeconds;
        REQUIRE(hidden > 0);
        return p.perf.contentionSeconds / hidden;
    };
    s.cluster.gpu = "h100-sxm-80gb";
    const GpuSpec& h100 = *test::catalog().gpu("h100-sxm-80gb");
    REQUIRE(h100.commOverlapSlowdown.has_value());
    const Plan hopper = plan(s);
    CHECK_THAT(contentionShare(hopper), WithinRel(*h100.commOverlapSlowdown, 1e-9));
    s.cluster.gpu = "a100-sxm-80gb";
    CHECK_FALSE(test::catalog().gpu("a100-sxm-80gb")->commOverlapSlowdown.has_value());
    const Plan ampere = plan(s);
    // Kept alive: find() returns a reference into the registry (ASan: use after free otherwise).
    const PerfProfiles profiles = PerfProfiles::builtin();
    const PerfProfile& profile = profiles.find(Framework::Fsdp, "ampere", s.training.precision);
    CHECK_THAT(contentionShare(ampere), WithinRel(profile.commComputeSlowdown, 1e-9));
    // The FSDP gathers of a 13B model hide behind ~3x their time of compute: on the H100 the share
    // lost to them is ~8 % of the step (0.29 of a third of the compute), on the A100 under 1 %.
    CHECK(hopper.perf.contentionSeconds > 0.06 * hopper.perf.stepSeconds);
    CHECK(ampere.perf.contentionSeconds < 0.01 * ampere.perf.stepSeconds);
}

TEST_CASE("waiting for the slowest GPU grows like the expected maximum of N normals", "[perf]") {
    // Exact expected maxima of n standard normals (Harter 1961 tables; n = 2 is 1/sqrt(pi)).
    CHECK(expectedMaxOfNormals(1) == 0);
    CHECK_THAT(expectedMaxOfNormals(2), WithinRel(0.5642, 0.05));
    CHECK_THAT(expectedMaxOfNormals(10), WithinRel(1.5388, 0.01));
    CHECK_THAT(expectedMaxOfNormals(100), WithinRel(2.5076, 0.01));
    CHECK_THAT(expectedMaxOfNormals(1000), WithinRel(3.2414, 0.01));
    // In a plan: its own step part, larger share of the step on more GPUs.
    Scenario s = defaultScenario(test::catalog());
    s.training.globalBatch = 4096;
    s.layout.zeroStage = 1;
    s.cluster.nodes = 1;
    const Plan small = plan(s);
    s.cluster.nodes = 512;
    const Plan large = plan(s);
    CHECK(small.perf.synchronisationSeconds > 0);
    CHECK(large.perf.synchronisationSeconds / large.perf.computeSeconds >
          1.5 * small.perf.synchronisationSeconds / small.perf.computeSeconds);
}

TEST_CASE("the band widens when the plan extrapolates, and says why", "[perf]") {
    const PerfProfiles& profiles = test::catalog().perfProfiles();
    const PerfProfile& megatron = profiles.find(Framework::Megatron, "ampere", Precision::Bf16);
    REQUIRE(megatron.calibrated);
    REQUIRE(megatron.maxCalibratedGpus > 0);
    const StackDefaults& megatronStack = profiles.stackDefaults(Framework::Megatron);
    const ModelSpec& dense = test::preset("llama-3.1-70b");
    TrainingSpec t;
    t.framework = Framework::Megatron;
    t.seqLen = 2048;  // the sequence length of every Megatron-LM run it was fitted on
    const auto n = static_cast<std::int64_t>(megatron.maxCalibratedGpus);
    const PredictionBand inside = predictionBand(megatron, megatronStack, dense, t, n);
    CHECK(inside.reasons.empty());
    CHECK(inside.low == megatron.bandLow);
    CHECK(inside.high == megatron.bandHigh);
    // Four times the largest calibrated run: widened, and the plan says so.
    const PredictionBand beyond = predictionBand(megatron, megatronStack, dense, t, 4 * n);
    CHECK(beyond.high > inside.high);
    CHECK(beyond.low < inside.low);
    REQUIRE(beyond.reasons.size() == 1);
    CHECK(beyond.reasons[0].text.find("largest calibrated run") != std::string::npos);
    // MoE (no MoE run in this profile's fit) and a stack the profile was not fitted on: the
    // transfer band.
    REQUIRE_FALSE(megatron.moeCalibrated);
    const PredictionBand moe = predictionBand(megatron, megatronStack, test::preset("mixtral-8x7b"), t, n);
    CHECK(moe.high >= megatron.transferBandHigh);
    // NeMo on H100 was fitted on Grok-1's MoE runs (dgxc-benchmarking 25.03): its own band holds.
    const PerfProfile& nemo = profiles.find(Framework::Nemo, "hopper", Precision::Bf16);
    REQUIRE(nemo.moeCalibrated);
    TrainingSpec nemoTraining;
    nemoTraining.framework = Framework::Nemo;
    nemoTraining.seqLen = 8192;
    const auto nemoGpus = static_cast<std::int64_t>(nemo.maxCalibratedGpus);
    CHECK(predictionBand(nemo, profiles.stackDefaults(Framework::Nemo), test::preset("mixtral-8x7b"),
                         nemoTraining, nemoGpus)
              .reasons.empty());
    // A sequence four times the longest this profile was fitted on: widened by 2 x 5 %, said why.
    REQUIRE(megatron.maxCalibratedSeqLen > 0);
    TrainingSpec longer = t;
    longer.seqLen = 4 * static_cast<std::int64_t>(megatron.maxCalibratedSeqLen);
    const PredictionBand longBand = predictionBand(megatron, megatronStack, dense, longer, n);
    CHECK_THAT(longBand.high, WithinRel(megatron.bandHigh * 1.10, 1e-9));
    REQUIRE(longBand.reasons.size() == 1);
    CHECK(longBand.reasons[0].id == "band.beyond_seq_len");
    t.framework = Framework::Fsdp;
    CHECK(predictionBand(megatron, profiles.stackDefaults(Framework::Fsdp), dense, t, n).low <=
          megatron.transferBandLow);
}

TEST_CASE("a model larger than any the profile was fitted on widens the band by the fitted size drift",
          "[perf]") {
    // InternEvo's profile was fitted on InternLM 7B runs only (7.32 B parameters; 8 to 1,024 A100s,
    // 2,048 tokens): a 7B plan keeps the profile's own band; a 405B plan, 5.8 doublings larger,
    // widens each way by the profile's size_widening_per_doubling per doubling (fit_profiles.py,
    // size_drift: the steepest drift of the leave-one-group-out error with model size), and the
    // plan says why.
    const PerfProfiles& profiles = test::catalog().perfProfiles();
    const PerfProfile& internevo = profiles.find(Framework::InternEvo, "ampere", Precision::Bf16);
    REQUIRE(internevo.framework == Framework::InternEvo);
    REQUIRE(internevo.calibrated);
    CHECK(internevo.maxCalibratedParamsB > 7.3);
    CHECK(internevo.maxCalibratedParamsB < 7.33);
    REQUIRE(internevo.sizeWideningPerDoubling > 0);
    const StackDefaults& stack = profiles.stackDefaults(Framework::InternEvo);
    TrainingSpec t;
    t.framework = Framework::InternEvo;
    t.seqLen = 2048;
    const auto n = static_cast<std::int64_t>(internevo.maxCalibratedGpus);
    const ModelSpec& small = test::preset("llama-2-7b");  // 6.7 B parameters
    const PredictionBand inside = predictionBand(internevo, stack, small, t, n);
    CHECK(inside.reasons.empty());
    CHECK(inside.low == internevo.bandLow);
    CHECK(inside.high == internevo.bandHigh);
    const ModelSpec& large = test::preset("llama-3.1-405b");
    const double doublings = std::log2(countParams(large).total / 1e9 / internevo.maxCalibratedParamsB);
    CHECK(doublings > 5.7);
    const double w = internevo.sizeWideningPerDoubling * doublings;
    const PredictionBand beyond = predictionBand(internevo, stack, large, t, n);
    CHECK_THAT(beyond.high, WithinRel(internevo.bandHigh * (1 + w), 1e-12));
    CHECK_THAT(beyond.low, WithinRel(internevo.bandLow / (1 + w), 1e-12));
    CHECK(beyond.high > inside.high);
    CHECK(beyond.low < inside.low);
    REQUIRE(beyond.reasons.size() == 1);
    CHECK(beyond.reasons[0].id == "band.beyond_model_size");
    CHECK(beyond.reasons[0].text.find("a " + formatGrouped(countParams(large).total / 1e9, 0) +
                                      " B-parameter model") != std::string::npos);
    CHECK(beyond.reasons[0].text.find("(7.3 B)") != std::string::npos);
    CHECK(beyond.reasons[0].text.find(formatFixed(100 * w, 0) + " % each way") != std::string::npos);
    // Megatron-LM's A100 profile was fitted up to the 1T-parameter GPT: a 405B plan stays inside.
    const PerfProfile& megatron = profiles.find(Framework::Megatron, "ampere", Precision::Bf16);
    REQUIRE(megatron.maxCalibratedParamsB >= 1000);
    t.framework = Framework::Megatron;
    CHECK(predictionBand(megatron, profiles.stackDefaults(Framework::Megatron), large, t,
                         static_cast<std::int64_t>(megatron.maxCalibratedGpus))
              .reasons.empty());
}

TEST_CASE("a stack without calibrated runs is timed with the nearest profile and gets the widest band",
          "[perf]") {
    // torchtitan, JAX/XLA (MaxText), Colossal-AI, MindSpeed, another stack, and DeepSpeed (whose runs
    // in the calibration set are not fitted): the band is the unseen-stack band, wider than any the
    // calibrated stacks get on the same GPU, and the plan says why.
    Scenario s = llama70bPipeline();
    s.cluster.gpu = "h100-sxm-80gb";
    s.training.framework = Framework::Nemo;
    const Plan own = plan(s);
    const double ownWidth = own.perf.stepSecondsHigh / own.perf.stepSecondsLow;
    const PerfProfiles& profiles = test::catalog().perfProfiles();
    for (const Framework f : {Framework::Torchtitan, Framework::MaxText, Framework::ColossalAi,
                              Framework::MindSpeed, Framework::Other, Framework::DeepSpeed}) {
        INFO(toString(f));
        CHECK(profiles.stackDefaults(f).calibratedArchitectures.empty());
        s.training.framework = f;
        const Plan p = plan(s);
        // Timed with the nearest stack's profile: FSDP's for the PyTorch sharding stacks, NeMo's
        // (Megatron-Core on H100) for the others; DeepSpeed keeps the uncalibrated default it had.
        const PerfProfile& used = profiles.find(f, "hopper", Precision::Bf16);
        const bool pytorch = f == Framework::Torchtitan || f == Framework::ColossalAi;
        CHECK(used.id == (pytorch                     ? "fsdp-hopper-bf16"
                          : f == Framework::DeepSpeed ? "generic"
                                                      : "nemo-hopper-bf16"));
        CHECK(p.perf.profileId == used.id);
        // The widest band: the unseen-stack band at least, wider than the calibrated stack's own.
        CHECK(p.perf.stepSecondsHigh / p.perf.stepSeconds >= used.unseenStackBandHigh - 1e-9);
        CHECK(p.perf.stepSecondsLow / p.perf.stepSeconds <= used.unseenStackBandLow + 1e-9);
        CHECK(p.perf.stepSecondsHigh / p.perf.stepSecondsLow > ownWidth);
        const auto says = [&](const std::string& id) {
            return std::any_of(p.perf.notes.begin(), p.perf.notes.end(),
                               [&](const Message& m) { return m.id == id; });
        };
        // DeepSpeed's runs in the calibration set are on another GPU generation (A100) and not fitted:
        // it says so in one sentence, not that it has no runs.
        CHECK(says(f == Framework::Other       ? "band.unseen_other_stack"
                   : f == Framework::DeepSpeed ? "band.unfitted_runs"
                                               : "band.unseen_stack"));
        CHECK(says("band.unfitted_runs") == (f == Framework::DeepSpeed));
        CHECK(says("band.unseen_stack") == (f != Framework::DeepSpeed && f != Framework::Other));
        // It says how wide, on the step time: the widest band's ends.
        for (const Message& m : p.perf.notes)
            if (m.id.rfind("band.un", 0) == 0 && m.id != "band.unseen_generation") {
                REQUIRE(m.args.size() >= 2);
                CHECK(m.args[m.args.size() - 2] ==
                      std::to_string(std::lround(100 * (used.unseenStackBandLow - 1))) + " %");
                CHECK(m.args.back() ==
                      "+" + std::to_string(std::lround(100 * (used.unseenStackBandHigh - 1))) + " %");
                CHECK(m.text.find("another stack's profile") != std::string::npos);
            }
    }
    // A stack fitted on another GPU generation only says that instead: InternEvo on H100.
    s.training.framework = Framework::InternEvo;
    const Plan internevo = plan(s);
    CHECK(std::any_of(internevo.perf.notes.begin(), internevo.perf.notes.end(),
                      [](const Message& m) { return m.id == "band.unseen_generation"; }));
    CHECK(architectureList({"ampere", "hopper"}) == "Ampere/Hopper");
}

TEST_CASE("the new stacks are inputs: ids, names and the nearest profile", "[perf]") {
    const PerfProfiles& profiles = test::catalog().perfProfiles();
    for (const Framework f : kAllFrameworks) {
        INFO(toString(f));
        CHECK(parseFramework(toString(f)) == f);
        CHECK_FALSE(displayName(f).empty());
    }
    CHECK(displayName(Framework::MaxText) == "JAX/XLA (MaxText)");
    CHECK(nearestStack(Framework::Torchtitan) == Framework::Fsdp);
    CHECK(nearestStack(Framework::ColossalAi) == Framework::Fsdp);
    CHECK(nearestStack(Framework::MindSpeed) == Framework::Megatron);
    CHECK(nearestStack(Framework::MaxText) == Framework::Nemo);
    CHECK(nearestStack(Framework::Other) == Framework::Megatron);
    CHECK(profiles.find(Framework::Other, "hopper", Precision::Bf16).framework == Framework::Nemo);
    CHECK(profiles.find(Framework::Torchtitan, "hopper", Precision::Bf16).framework == Framework::Fsdp);
    CHECK(profiles.find(Framework::MindSpeed, "ampere", Precision::Bf16).framework == Framework::Megatron);
}

TEST_CASE("searched layouts: the band reaches to the stack's default layout", "[perf]") {
    Scenario s = test::scenarioWithModel("llama-3.1-70b");
    s.cluster.nodes = 4;
    s.training.globalBatch = 256;
    s.layout.open = kAllLayoutKeys;
    const Plan p = plan(s);
    REQUIRE(p.search.has_value());
    REQUIRE(p.search->frameworkDefault.has_value());
    REQUIRE(p.search->frameworkDefault->fits);
    CHECK(p.search->frameworkDefault->perf.stepSeconds > p.perf.stepSeconds);  // the search found better
    CHECK(p.perf.stepSecondsHigh >= p.search->frameworkDefault->perf.stepSeconds);
}

// Stack features: DP and TP communication overlap as flags of the stack, not profiles.
TEST_CASE("without DP overlap the whole gradient reduction is exposed", "[perf]") {
    // Llama 3.1 8B, TP 1 x PP 1 on 4 servers: DP 32 with the distributed optimizer.
    Scenario s = test::scenarioWithModel("llama-3.1-8b");
    s.cluster.nodes = 4;
    s.training.globalBatch = 256;
    s.layout = LayoutSpec{1, 1, 0, 1, 1, 1, 1, 1, Recompute::Selective, false};
    const Plan byDefault = plan(s);
    s.training.overlapGradReduce = true;
    const Plan on = plan(s);
    s.training.overlapGradReduce = false;
    const Plan off = plan(s);
    // Megatron-Core's default is on: the scenario that leaves it out gets the same plan.
    CHECK(byDefault.perf.stepSeconds == on.perf.stepSeconds);
    REQUIRE(on.perf.dpCommTotalSeconds > 0);
    CHECK(on.perf.dpCommSeconds < on.perf.dpCommTotalSeconds);
    // Off (Megatron-LM 2021-22, local DDP): all of it after the backward, none hidden, no contention.
    CHECK_THAT(off.perf.dpCommSeconds, WithinRel(off.perf.dpCommTotalSeconds, 1e-12));
    CHECK(off.perf.contentionSeconds == 0);
    CHECK(off.perf.stepSeconds > on.perf.stepSeconds);
}

TEST_CASE("TP communication overlap hides all but one chunk of the TP traffic", "[perf]") {
    Scenario s = llama70bPipeline();  // TP 8 with sequence parallelism, Megatron (default: off)
    s.cluster.nodes = 16;
    const Plan off = plan(s);
    CHECK(off.perf.tpCommHiddenSeconds == 0);
    REQUIRE(off.perf.tpCommSeconds > 0);
    s.training.tpCommOverlap = true;
    const Plan on = plan(s);
    // The traffic is the same; what is hidden leaves the critical path, at most 7 of 8 chunks.
    CHECK_THAT(on.perf.tpCommSeconds + on.perf.tpCommHiddenSeconds, WithinRel(off.perf.tpCommSeconds, 1e-9));
    CHECK(on.perf.tpCommHiddenSeconds > 0);
    CHECK(on.perf.tpCommSeconds >= off.perf.tpCommSeconds / 8 * (1 - 1e-9));
    // Hidden traffic still takes SMs: contention grows by the profile's slowdown x the hidden seconds.
    CHECK(on.perf.contentionSeconds > off.perf.contentionSeconds);
    CHECK(on.perf.stepSeconds < off.perf.stepSeconds);
    double sum = 0;
    for (const StepPart& part : stepParts(on.perf))
        sum += part.seconds;
    CHECK_THAT(sum, WithinRel(on.perf.stepSeconds, 1e-12));
}

TEST_CASE("TP communication overlap needs sequence parallelism, and NeMo turns it on", "[perf]") {
    Scenario s = llama70bPipeline();
    s.layout.sequenceParallel = false;
    const Plan off = plan(s);
    s.training.tpCommOverlap = true;
    const Plan wanted = plan(s);
    // Megatron-Core overlaps only the sequence-parallel gathers: nothing changes, and the plan says so.
    CHECK(wanted.perf.stepSeconds == off.perf.stepSeconds);
    const auto said = [](const Plan& p) {
        return std::any_of(p.perf.notes.begin(), p.perf.notes.end(),
                           [](const Message& m) { return m.id == "perf.tp_comm_overlap_needs_sp"; });
    };
    CHECK(said(wanted));
    CHECK_FALSE(said(off));
    // NeMo's stack default (its performance recipes) is on; Megatron-LM's is off.
    Scenario nemo = llama70bPipeline();
    nemo.training.framework = Framework::Nemo;
    CHECK(plan(nemo).perf.tpCommHiddenSeconds > 0);
    nemo.training.tpCommOverlap = false;
    CHECK(plan(nemo).perf.tpCommHiddenSeconds == 0);
}

TEST_CASE("stack features are read, written back only when set, and checked", "[perf][scenario]") {
    const Scenario plain = defaultScenario(test::catalog());
    const std::string text = scenarioToJson(plain);
    CHECK(text.find("overlap_grad_reduce") == std::string::npos);
    CHECK(text.find("tp_comm_overlap") == std::string::npos);
    Scenario s = plain;
    s.training.overlapGradReduce = false;
    s.training.tpCommOverlap = true;
    auto reread = parseScenario(scenarioToJson(s), test::catalog());
    REQUIRE(reread.ok());
    CHECK(reread->training.overlapGradReduce == std::optional<bool>(false));
    CHECK(reread->training.tpCommOverlap == std::optional<bool>(true));
    // A number where a boolean belongs is refused with the key path.
    std::string text2 = scenarioToJson(s);
    const auto at = text2.find("true", text2.find("\"tp_comm_overlap\""));
    REQUIRE(at != std::string::npos);
    text2.replace(at, 4, "1");
    auto wrong = parseScenario(text2, test::catalog());
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().where == "training.tp_comm_overlap");
    // A misspelt key is refused, and the message lists the real ones (left out, they are known too).
    std::string text3 = scenarioToJson(plain);
    const auto framework = text3.find("\"framework\"");
    REQUIRE(framework != std::string::npos);
    text3.insert(framework, "\"tp_comm_overlp\": true, ");
    auto misspelt = parseScenario(text3, test::catalog());
    REQUIRE_FALSE(misspelt.ok());
    CHECK(misspelt.error().where == "training.tp_comm_overlp");
    CHECK(misspelt.error().message.find("tp_comm_overlap") != std::string::npos);
    CHECK(misspelt.error().message.find("overlap_grad_reduce") != std::string::npos);
}

TEST_CASE("a recipe's interleaved layout evaluates: Llama 3.1 405B on PP 16 x VPP 8 and PP 8 x VPP 8",
          "[perf]") {
    // Megatron-Bridge's llama31_405b pretrain recipe runs TP 8, PP 8, VPP 8 (and NeMo's 16,384-GPU
    // runs PP 16, VPP 8) on the model's 126 layers, counting the embedding and the loss as layers.
    Scenario s = test::scenarioWithModel("llama-3.1-405b");
    s.cluster.gpu = "h100-sxm-80gb";
    s.cluster.nodes = 2048;
    s.training.seqLen = 8192;
    s.training.globalBatch = 2048;
    for (const std::int64_t pp : {16, 8}) {
        INFO("pp " << pp);
        s.layout = LayoutSpec{8, pp, 0, 1, 1, 8, 1, 1, Recompute::None, true};
        const Plan p = plan(s);
        CHECK(p.layout.split.embeddingAsLayer);
        CHECK(p.layout.split.lossAsLayer);
        bool said = false;
        for (const auto& n : p.notes)
            said = said || n.id == "plan.recipe_split";
        CHECK(said);
        // The interleaved bubble, (pp − 1) / (vpp · m) of the ideal step (Narayanan et al. 2021 §2.2.2),
        // not the 1F1B one of the same layout without interleaving.
        Scenario flat = s;
        flat.layout.vpp = 1;
        const Plan q = plan(flat);
        CHECK(p.perf.bubbleSeconds < 0.5 * q.perf.bubbleSeconds);
    }
}

TEST_CASE("MoE dispatch under sequence parallelism moves each TP rank's shard of the tokens", "[perf]") {
    // Megatron-Core's all-to-all dispatcher (megatron/core/transformer/moe/token_dispatcher.py):
    // with SP every TP rank holds 1/tp of the sequence and sends only those tokens to the EP ranks,
    // then the expert's TP ranks all-gather them over NVLink. Mixtral 8x7B, TP 4 x EP 8 on 8
    // servers: the all-to-all crosses servers, so the sharded dispatch is far cheaper.
    Scenario s = test::scenarioWithModel("mixtral-8x7b");
    s.cluster.gpu = "h100-sxm-80gb";
    s.cluster.interNode = "ib-ndr-400";
    s.cluster.nodes = 8;
    s.training.seqLen = 4096;
    s.training.globalBatch = 256;
    s.layout = LayoutSpec{4, 1, 0, 1, 8, 1, 1, 1, Recompute::Full, true};
    const Plan sharded = plan(s);
    s.layout.sequenceParallel = false;
    const Plan whole = plan(s);
    REQUIRE(whole.perf.epCommSeconds > 0);
    // A quarter of the bytes cross the network; the TP gather adds NVLink time, well under the rest.
    CHECK(sharded.perf.epCommSeconds < 0.5 * whole.perf.epCommSeconds);
    CHECK(sharded.perf.epCommSeconds > 0.25 * whole.perf.epCommSeconds);
}

namespace {

Plan planOf(const std::string& json) {
    auto s = parseScenario(json, test::catalog());
    REQUIRE(s.ok());
    return plan(s.value());
}

// FSDP FULL_SHARD over every GPU of the cluster.
std::string fullyShardedLayout(std::int64_t microBatch, const std::string& recompute) {
    return R"({"tp": 1, "pp": 1, "dp": 0, "cp": 1, "ep": 1, "vpp": 1, "micro_batch": )" +
           std::to_string(microBatch) + R"(, "zero_stage": 3, "recompute": ")" + recompute +
           R"(", "sequence_parallel": false})";
}

// MPT-7B as llm-foundry's 2023 benchmarks ran it (scripts/train/yamls/mpt/7b.yaml: GPT-style with
// biases and learned positions, attn_impl triton) under Composer's FSDP FULL_SHARD with activation
// checkpointing, 8 GPUs, micro-batch × sequence = 65,536 tokens.
Plan mpt7bOnOneServer(const std::string& gpu, std::int64_t seqLen) {
    const std::int64_t microBatch = 65536 / seqLen;
    const std::string json = R"({"schema": "clusterplan.scenario/1",
      "model": {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 32, "head_dim": 128,
                "ffn_hidden": 16384, "vocab": 50368, "mlp": "gelu", "norm": "layernorm",
                "tied_embeddings": true, "bias": "all", "qk_norm": false, "learned_positions": )" +
                             std::to_string(seqLen) + R"(, "max_seq_len": )" + std::to_string(seqLen) +
                             R"(, "dropout": false},
      "training": {"seq_len": )" +
                             std::to_string(seqLen) + R"(, "global_batch": )" +
                             std::to_string(16 * microBatch) +
                             R"(, "tokens": 1e11, "precision": "bf16", "optimizer": "adamw",
                   "grad_dtype": "param", "flash_attention": true, "framework": "fsdp"},
      "cluster": {"gpu": ")" +
                             gpu +
                             R"(", "gpus_per_node": 8, "nodes": 1, "inter_node": "ib-ndr-400"},
      "layout": )" + fullyShardedLayout(microBatch, "full") +
                             "}";
    return planOf(json);
}

}  // namespace

TEST_CASE("Ampere-generation attention kernels run at 1/1.75 of a native kernel on Hopper", "[perf]") {
    const GpuSpec& h100 = *test::catalog().gpu("h100-sxm-80gb");
    const GpuSpec& a100 = *test::catalog().gpu("a100-sxm-80gb");
    using Kernels = StackDefaults::AttentionKernels;
    // FlashAttention-3 is 1.5-2.0x faster than FlashAttention-2 on an H100 SXM5 in 16 bits (Shah et
    // al. 2024, arXiv:2407.08608, abstract); PyTorch SDPA's FlashAttention-2 backend reaches 329
    // TFLOP/s forward where cuDNN's fused attention reaches 631 (pytorch/pytorch issue 142132,
    // (1, 24, 4608, 128) on an H100).
    const double slowdown = 1 / attentionKernelSpeed(h100, Kernels::Ampere);
    CHECK(slowdown >= 1.5);
    CHECK(slowdown <= 2.0);
    CHECK_THAT(slowdown, WithinRel(631.0 / 329.0, 0.1));
    // Native kernels, and every kernel on the Ampere GPU it was written for, run at the profile's
    // attention efficiency.
    CHECK(attentionKernelSpeed(h100, Kernels::Native) == 1.0);
    CHECK(attentionKernelSpeed(a100, Kernels::Ampere) == 1.0);
    // llm-foundry's attention (FlashAttention's Triton kernel on triton-pre-mlir) is of that
    // generation, Transformer Engine's cuDNN attention is not.
    const Catalog& c = test::catalog();
    CHECK(c.perfProfiles().stackDefaults(Framework::Fsdp).attentionKernels == Kernels::Ampere);
    CHECK(c.perfProfiles().stackDefaults(Framework::OlmoCore).attentionKernels == Kernels::Ampere);
    CHECK(c.perfProfiles().stackDefaults(Framework::Nemo).attentionKernels == Kernels::Native);
}

TEST_CASE("Transformer Engine 2.x runs attention on H100 at the rate cuDNN's kernel measures alone",
          "[perf]") {
    const Catalog& c = test::catalog();
    const GpuSpec& h100 = *c.gpu("h100-sxm-80gb");
    const GpuSpec& b200 = *c.gpu("b200-sxm-180gb");
    // FlashAttention-3 paper (Shah et al. 2024, arXiv:2407.08608), H100 SXM5, head dimension 128,
    // 16 K tokens, 16 bits: cuDNN's forward with the causal mask 539 TFLOP/s (Figure 5), its
    // backward 516 (Figure 6). The backward does 2.5 times the forward's work (arXiv:2307.08691 §3),
    // so a forward and its backward run at 3.5 / (1/539 + 2.5/516) = 522 TFLOP/s.
    const double measured = 3.5 / (1 / 539.0 + 2.5 / 516.0) * 1e12;
    for (const Framework f : {Framework::Nemo, Framework::Megatron}) {
        const StackDefaults& stack = c.perfProfiles().stackDefaults(f);
        for (const Precision p : {Precision::Bf16, Precision::Fp8}) {
            const PerfProfile& profile = c.perfProfiles().find(f, "hopper", p);
            INFO(toString(f) << " on " << profile.id);
            const auto rate = [&](std::string_view release) {
                const KernelTimer timer(h100, profile, p, true,
                                        attentionKernelSpeed(h100, stack, profile, release));
                const double flops = 1e15;  // large enough that the launch overhead does not count
                return flops / timer.attention(flops);
            };
            // A new plan runs the current release (te2), the same as naming it.
            CHECK_THAT(rate(""), WithinRel(measured, 0.01));
            CHECK(rate("te2") == rate(""));
            // Megatron-Core's published long-context runs of 2025 (Qwen3-235B-A22B on H100, 16 K-128 K
            // tokens) run attention at about 513 TFLOP/s executed (tests/core/test_moe_runs.cpp).
            CHECK_THAT(rate(""), WithinRel(513e12, 0.05));
            // Transformer Engine 1.x (NeMo's 2024 containers, which the calibration runs used) at the
            // profile's fitted efficiency, about 0.34 of the peak: 1.5 times slower.
            CHECK(attentionKernelSpeed(h100, stack, profile, "te1") == 1.0);
            CHECK(rate("") / rate("te1") > 1.4);
        }
        // On Blackwell every release runs at the fitted efficiency, which NeMo 25.04's B200 runs
        // (Transformer Engine 2.x) set, below the rate cuDNN's kernel reaches alone: cuDNN 9.10.2 on
        // a B200 at head dimension 128 and 16 K causal tokens in bfloat16, 1,358.6 TFLOP/s forward
        // and 1,074.5 backward (NVIDIA/cudnn-frontend f937055, benchmark/sdpa_benchmark_bf16_training/
        // artifacts/sdpa_benchmark_results_NVIDIA_B200.csv). Run at that rate, those runs come out
        // 11-19 % too fast (resources/perf-profiles.json, the te2 entry): the attention path around
        // the kernel costs about a sixth of it there. A refit that leaves the fitted value above
        // the kernel alone, or far below it, fails here.
        const PerfProfile& blackwell = c.perfProfiles().find(f, "blackwell", Precision::Fp8);
        CHECK(attentionKernelSpeed(b200, stack, blackwell, "") == 1.0);
        const double kernelAlone =
            3.5 / (1 / 1358.566 + 2.5 / 1074.499) / b200.peakTflops(Precision::Bf16).value();
        CHECK(blackwell.attentionEfficiency < kernelAlone);
        CHECK(blackwell.attentionEfficiency > 0.75 * kernelAlone);
        CHECK(stack.knowsRelease("te1"));
        CHECK_FALSE(stack.knowsRelease("te3"));
    }
    // A stack listing no attention releases keeps its kernels' generation (FSDP: Ampere's on Hopper).
    const StackDefaults& fsdp = c.perfProfiles().stackDefaults(Framework::Fsdp);
    const PerfProfile& fsdpProfile = c.perfProfiles().find(Framework::Fsdp, "hopper", Precision::Bf16);
    CHECK(attentionKernelSpeed(h100, fsdp, fsdpProfile, "") ==
          attentionKernelSpeed(h100, StackDefaults::AttentionKernels::Ampere));
}

TEST_CASE("MPT-7B on 8 H100 under llm-foundry slows with the sequence as its table says", "[perf]") {
    // llm-foundry scripts/train/benchmarking/README.md (commit 061f2c7c), MPT-7B, 8 GPUs, activation
    // checkpointing, 65,536 tokens per micro-batch: H100 80GB BF16 10,203 tokens/s/GPU at sequence
    // 1,024 and 6,935 at 8,192 (1.47x); A100 80GB 4,357 and 3,206 (1.36x). The longer sequence
    // costs attention only, and the Triton FlashAttention of that stack, written for Ampere, is
    // slower on the H100 than the Hopper attention the profile is fitted on: without it the
    // engine gave the H100 1.27x. Only the 8,192 rows are calibration runs.
    const auto ratio = [](const std::string& gpu) {
        return mpt7bOnOneServer(gpu, 1024).perf.tokensPerSecond /
               mpt7bOnOneServer(gpu, 8192).perf.tokensPerSecond;
    };
    const double h100 = ratio("h100-sxm-80gb");
    CHECK_THAT(h100, WithinRel(10203.0 / 6935.0, 0.05));
    // The H100 loses more to the long sequence than the A100 does, as published (1.47 against
    // 1.36). (The engine's A100 gives ~1.23: the A100 attention efficiency is the profiles' shared
    // one, not this kernel's; docs/performance-model.md, "Attention kernels of another GPU
    // generation".)
    CHECK(h100 > ratio("a100-sxm-80gb") * 1.05);
}

namespace {

// MPT-7B / 13B as llm-foundry's activation-checkpointing sweep ran them (scripts/train/benchmarking/
// act_ckpt_optimize.sh, llm-foundry v0.2.0 on PyTorch 2.0.1): 8 A100 80GB, sequence 2,048, no
// activation checkpointing, gradient accumulation 2, amp_bf16 with FSDP mixed_precision DEFAULT.
Plan mptWithoutRecompute(std::int64_t layers, std::int64_t hidden, std::int64_t microBatch, bool autocast) {
    const std::string json = R"({"schema": "clusterplan.scenario/1",
      "model": {"layers": )" +
                             std::to_string(layers) + R"(, "hidden": )" + std::to_string(hidden) +
                             R"(, "heads": )" + std::to_string(hidden / 128) + R"(, "kv_heads": )" +
                             std::to_string(hidden / 128) + R"(, "head_dim": 128, "ffn_hidden": )" +
                             std::to_string(4 * hidden) +
                             R"(, "vocab": 50368, "mlp": "gelu", "norm": "layernorm",
                "tied_embeddings": true, "bias": "all", "qk_norm": false, "learned_positions": 2048,
                "max_seq_len": 2048, "dropout": false},
      "training": {"seq_len": 2048, "global_batch": )" +
                             std::to_string(16 * microBatch) +
                             R"(, "tokens": 1e11, "precision": "bf16", "optimizer": "adamw",
                   "grad_dtype": "param", "flash_attention": true, "framework": "fsdp",
                   "autocast": )" +
                             (autocast ? "true" : "false") +
                             R"(},
      "cluster": {"gpu": "a100-sxm-80gb", "gpus_per_node": 8, "nodes": 1, "inter_node": "ib-ndr-400"},
      "layout": )" + fullyShardedLayout(microBatch, "none") +
                             "}";
    return planOf(json);
}

// Seconds of one micro-batch that do not shrink with its tokens: the intercept of the step time
// per micro-batch against the micro-batch's tokens, from micro-batches of 1 and 2 sequences.
double perMicroBatchSeconds(std::int64_t layers, std::int64_t hidden, bool autocast) {
    const auto secondsPerMicroBatch = [&](std::int64_t mb) {
        return static_cast<double>(mb * 2048) /
               (mptWithoutRecompute(layers, hidden, mb, autocast).perf.tokensPerSecond / 8);
    };
    return 2 * secondsPerMicroBatch(1) - secondsPerMicroBatch(2);
}

}  // namespace

TEST_CASE("FSDP1 under autocast over fp32 weights pays a cost per parameter and micro-batch", "[perf]") {
    // llm-foundry scripts/train/benchmarking/ack_ckpt_limits.md (commit beb8dee6), 8 A100 80GB,
    // sequence 2,048, no activation checkpointing, accumulation 2, amp_bf16, MP Mode DEFAULT:
    // MPT-7B at 1, 2, 4 sequences per micro-batch 3,366 / 4,044 / 4,513 tokens/s/GPU, MPT-13B at 1
    // and 2: 1,867 / 2,228. Seconds per micro-batch (tokens / throughput) grow linearly with its
    // tokens from an intercept of 0.20-0.21 s (7B) and 0.36 s (13B): ~30 ns per parameter that a
    // micro-batch pays whatever its size. FSDP1 in Composer's DEFAULT of that time keeps fp32
    // weights under torch.autocast: every weight is cast at its use, its gradient cast back, the
    // flat gradient cast to the bf16 reduce dtype (core/perf/step_time.cpp).
    const auto published = [](double mb1, double mb2) { return 2 * 2048 / mb1 - 2 * 2048 / mb2; };
    const double mpt7b = perMicroBatchSeconds(32, 4096, true);
    const double mpt13b = perMicroBatchSeconds(40, 5120, true);
    INFO("7B " << mpt7b << " s (published " << published(3366, 4044) << "), 13B " << mpt13b
               << " s (published " << published(1867, 2228) << ")");
    // The engine gives 0.16 s and 0.29 s (the 7B without autocast: 0.05 s): the pre-divide of
    // the unsharded gradient and the collectives' own HBM traffic are not counted.
    CHECK_THAT(mpt7b, WithinRel(published(3366, 4044), 0.25));
    CHECK_THAT(mpt13b, WithinRel(published(1867, 2228), 0.25));
    // bf16 weights (mixed_precision PURE) pay much less per micro-batch.
    CHECK(perMicroBatchSeconds(32, 4096, false) < 0.6 * mpt7b);
}

// The window and the calibrated plan's note name a profile by its stack, GPU generation and
// precision; its id is the file's.
TEST_CASE("a profile is named by its stack, generation and precision", "[perf]") {
    CHECK(profileDisplayName("megatron-ampere-bf16") == "Megatron-LM, Ampere, BF16");
    CHECK(profileDisplayName("nemo-hopper-fp8+measured") == "NeMo, Hopper, FP8");
    CHECK(isFittedProfileId("nemo-hopper-fp8+measured"));
    CHECK(unfittedProfileId("nemo-hopper-fp8+measured") == "nemo-hopper-fp8");
    CHECK_FALSE(isFittedProfileId("nemo-hopper-fp8"));
    CHECK_FALSE(profileDisplayName("generic").has_value());
    CHECK_FALSE(profileDisplayName("my-own").has_value());
    // Every built-in profile but the generic one has a name, none of them its id.
    for (const PerfProfile& p : test::catalog().perfProfiles().all()) {
        INFO(p.id);
        if (p.id == "generic")
            continue;
        const auto name = profileDisplayName(p.id);
        REQUIRE(name.has_value());
        CHECK(*name != p.id);
        CHECK(name->find(std::string(displayName(p.framework))) == 0);
    }
}

TEST_CASE("the ZeRO-3 gather schedule: one prefetched call per layer, or blocking calls per tensor",
          "[perf]") {
    // The default schedule is the prefetched one: each pass hides its gathers behind the compute
    // beside it, and only the first layer's gather of the forward waits.
    const Zero3GatherSchedule prefetched;
    const Zero3Traffic t{2.0, 1.0, 10, 1.0, 1.5, 3.0, 1.5, true};
    const Zero3Time p = zero3MicroBatchTime(prefetched, t);
    CHECK_THAT(p.total, WithinRel(2 * 2.0 + 1.0, 1e-12));
    CHECK_THAT(p.exposed, WithinRel((2.0 - 1.5) + std::max(0.0, 2.0 + 1.0 - 4.5) + 2.0 / 10, 1e-12));
    // Blocking calls per tensor (DeepSpeed's 2021 ZeRO-3): nothing hides, the host pays every call,
    // and full recompute gathers each layer a third time.
    Zero3GatherSchedule blocking;
    blocking.callsPerLayer = 12;
    blocking.hostSecondsPerCall = 380e-6;
    blocking.overlap = 0;
    blocking.recomputeRegathers = true;
    CHECK(zero3GatherCalls(blocking, 10) == 120);
    const Zero3Time b = zero3MicroBatchTime(blocking, t);
    CHECK_THAT(b.total, WithinRel(3 * (2.0 + 120 * 380e-6) + 1.0, 1e-12));
    CHECK_THAT(b.exposed, WithinRel(b.total, 1e-12));
    // Without full recompute the layer is gathered twice.
    Zero3Traffic selective = t;
    selective.fullRecompute = false;
    CHECK_THAT(zero3MicroBatchTime(blocking, selective).total,
               WithinRel(2 * (2.0 + 120 * 380e-6) + 1.0, 1e-12));
}

TEST_CASE("DeepSpeed's 2021 ZeRO-3 stops scaling where its published runs did", "[perf]") {
    // GPT-3 175B, ZeRO-3 without model parallelism on A100 at a fixed global batch of 1,536 (the
    // layout NVIDIA ran DeepSpeed in, Narayanan et al. SC'21 Table 2: 88 TF/s per GPU on 768 GPUs,
    // 44 on 1,536, the step time unchanged). With the 2021 release's gather schedule (one blocking
    // all-gather per parameter tensor) the throughput per GPU falls by more than a third from 768 to
    // 1,536 GPUs: the calls' ring latency grows with the rank count and nothing hides behind compute.
    // With the current release's schedule (one prefetched gather per layer) it barely moves.
    Scenario s = test::scenarioWithModel("gpt3-175b");
    s.training.framework = Framework::DeepSpeed;
    s.training.precision = Precision::Fp16;
    s.training.seqLen = 2048;
    s.training.globalBatch = 1536;
    s.training.gradDtype = GradDtype::Param;
    s.layout = LayoutSpec{1, 1, 0, 1, 1, 1, 1, 3, Recompute::Full, false};
    const auto perGpu = [&](const Catalog& catalog, std::int64_t gpus) {
        s.cluster.nodes = gpus / 8;
        s.layout.microBatch = 1536 / gpus;
        auto p = evaluate(s, catalog);
        REQUIRE(p.ok());
        return p->perf.tflopsPerGpu;
    };
    Catalog v03 = test::catalog();
    REQUIRE(v03.perfProfiles().useRelease(Framework::DeepSpeed, "v0.3"));
    CHECK_FALSE(v03.perfProfiles().useRelease(Framework::DeepSpeed, "v9.9"));
    const Zero3GatherSchedule& schedule = v03.perfProfiles().stackDefaults(Framework::DeepSpeed).zero3Gather;
    CHECK(schedule.callsPerLayer == 12);
    CHECK(schedule.overlap == 0);
    CHECK(perGpu(v03, 1536) < 0.67 * perGpu(v03, 768));
    CHECK(perGpu(v03, 768) < 0.85 * perGpu(v03, 384));
    const Catalog& current = test::catalog();
    CHECK(perGpu(current, 1536) > 0.9 * perGpu(current, 768));
    CHECK(perGpu(v03, 1536) < 0.5 * perGpu(current, 1536));
    // A scenario naming the release (training.stack_release) runs its schedule on the shipped catalog.
    const double current1536 = perGpu(current, 1536);
    const double v03At1536 = perGpu(v03, 1536);
    s.training.stackRelease = "v0.3";
    CHECK(perGpu(current, 1536) == v03At1536);
    CHECK(perGpu(current, 1536) < 0.5 * current1536);
}

TEST_CASE("TP above the KV heads all-gathers the fused QKV activation in every layer", "[perf]") {
    // Llama 3.1 70B (64 query heads, 8 KV heads of 128) at TP 16: Megatron-Core gathers each layer's
    // whole QKV activation, 8,192 tokens x (64 + 2 x 8) x 128 values of 2 bytes = 167,772,160 bytes,
    // on every rank before slicing out its query group.
    const ModelSpec& m = test::preset("llama-3.1-70b");
    TrainingSpec t;
    t.seqLen = 8192;
    t.precision = Precision::Bf16;
    Layout l;
    l.tp = 16;
    CHECK(qkvGatherBytes(m, t, l) == 167'772'160.0);
    CHECK(qkvGatherBytes(m, t, l) == 8192.0 * 80 * 128 * 2);
    l.cp = 2;  // each CP rank gathers its half of the sequence
    CHECK(qkvGatherBytes(m, t, l) == 4096.0 * 80 * 128 * 2);
    l.cp = 1;
    l.tp = 8;  // the KV heads divide by TP: each rank projects its own group, nothing to gather
    CHECK(qkvGatherBytes(m, t, l) == 0);
    l.tp = 1;
    CHECK(qkvGatherBytes(m, t, l) == 0);

    // Context parallelism's ring passes this rank's K and V: one whole head each at TP 16 as at TP 8
    // (4,096 tokens x 2 x 128 values of 2 bytes), two each at TP 4.
    t.seqLen = 32768;
    l.cp = 8;
    for (const std::int64_t tp : {8, 16, 32}) {
        l.tp = tp;
        CHECK(cpRingBlockBytes(m, t, l) == 4096.0 * 2 * 128 * 2);
    }
    l.tp = 4;
    CHECK(cpRingBlockBytes(m, t, l) == 4096.0 * 2 * 2 * 128 * 2);

    // In the step, on two H100 servers: per layer and micro-batch, the gather forward, again in the
    // full recompute, and the reduce-scatter of its gradient backward, on top of the TP traffic the
    // same model with 16 KV heads (no gather) has.
    auto scenario =
        parseScenario(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-70b"},
        "training": {"seq_len": 8192, "global_batch": 16, "tokens": 1e12, "precision": "bf16",
                     "optimizer": "adamw", "flash_attention": true, "tp_comm_overlap": false},
        "cluster": {"gpu": "h100-sxm-80gb", "gpus_per_node": 8, "nodes": 2,
                    "intra_node": "nvlink4-nvswitch", "inter_node": "ib-ndr-400"},
        "layout": {"tp": 16, "pp": 1, "cp": 1, "dp": 1, "ep": 1, "micro_batch": 1, "zero_stage": 1,
                   "recompute": "full", "sequence_parallel": true}})",
                      test::catalog());
    REQUIRE(scenario.ok());
    const Plan gqa = plan(*scenario);
    Scenario wide = *scenario;
    wide.model.kvHeads = 16;
    const Plan noGather = plan(wide);
    const Catalog& c = test::catalog();
    const NetworkTiers net = makeTiers(*c.fabric("nvlink4-nvswitch"), *c.fabric("ib-ndr-400"), 8, 8, 16);
    const double bytes = 167'772'160.0;
    const double perLayer = 2 * collectiveSeconds(Collective::AllGather, bytes, 16, 1, net) +
                            collectiveSeconds(Collective::ReduceScatter, bytes, 16, 1, net);
    CHECK(gqa.perf.tpCommHiddenSeconds == 0);
    CHECK_THAT(gqa.perf.tpCommSeconds - noGather.perf.tpCommSeconds, WithinRel(16 * 80 * perLayer, 1e-9));
    // The plan says so, with the gather's 160 MiB and its seconds per step.
    const auto gatherNote = [](const Plan& p) {
        return std::find_if(p.perf.notes.begin(), p.perf.notes.end(),
                            [](const Message& n) { return n.id == msg::kPerfKvHeadsSubSharded.id; });
    };
    REQUIRE(gatherNote(gqa) != gqa.perf.notes.end());
    CHECK(gatherNote(gqa)->args[0] == "16");
    CHECK(gatherNote(gqa)->args[1] == "8");
    CHECK(gatherNote(gqa)->args[2] == "160");
    CHECK(gatherNote(noGather) == noGather.perf.notes.end());
}
