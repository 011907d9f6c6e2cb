// Model states and whole-GPU memory against the ZeRO paper (arXiv:1910.02054), Megatron-LM's
// 18 B/param recipe, Calculon's GPT-3 175B figures and the pipeline in-flight rules of
// Korthikanti et al. 2022 (arXiv:2205.05198).
#include "core/memory/activation_model.h"
#include "core/memory/memory_model.h"
#include "core/util/units.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinRel;

namespace {

using units::kGiB;

Layout layoutOf(std::int64_t tp, std::int64_t pp, std::int64_t dp, int zero) {
    Layout l;
    l.tp = tp;
    l.pp = pp;
    l.dp = dp;
    l.zeroStage = zero;
    l.microBatches = 64;
    return l;
}

MemoryBreakdown states(const ModelSpec& m, const TrainingSpec& t, const Layout& l, std::int64_t stage = 0) {
    const MemoryOverheads o;
    return stageMemory(MemoryInputs{m, t, l, o, 80 * kGiB}, stage);
}

}  // namespace

TEST_CASE("ZeRO paper: model states per parameter, Ψ = 7.5B, N_d = 64", "[memory]") {
    // ZeRO §5 / Figure 1: 120 GB, 31.4 GB, 16.6 GB, 1.9 GB (1.875 exactly) for stages 0-3.
    const ModelSpec& m = test::preset("llama-2-7b");
    const TrainingSpec t;  // bf16, AdamW, gradients in bf16: 2 + 2 + 12 bytes per parameter
    const double psi = 7.5e9;
    const double expected[] = {120e9, 31.40625e9, 16.640625e9, 1.875e9};  // exact formulas
    for (int zero = 0; zero <= 3; ++zero) {
        INFO("ZeRO-" << zero);
        const auto mem = states(m, t, layoutOf(1, 1, 64, zero));
        const double perParam = mem.modelStates() / mem.params;
        CHECK_THAT(perParam * psi, WithinRel(expected[zero], 1e-12));
    }
}

TEST_CASE("Megatron-LM: 18 bytes per parameter with fp32 gradients", "[memory]") {
    // GPT-3 175B, t = 8, p = 8, a middle stage: 12 layers, 2,718,148,608 parameters per GPU when
    // everything is split 8 ways; we replicate LayerNorms across TP (+0.02 %). Calculon reports
    // 45.6 GiB of model states, bf16 weights 5.06 GiB, optimizer state 30.38 GiB.
    const ModelSpec& m = test::preset("gpt3-175b");
    TrainingSpec t;
    t.gradDtype = GradDtype::Fp32;
    const auto mem = states(m, t, layoutOf(8, 8, 1, 0), 3);
    CHECK_THAT(mem.params, WithinRel(2'718'148'608.0, 0.001));
    CHECK_THAT(mem.modelStates() / mem.params, WithinRel(18.0, 1e-12));
    CHECK_THAT(mem.modelStates() / kGiB, WithinRel(45.6, 0.002));
    CHECK_THAT(mem.weights / kGiB, WithinRel(5.06, 0.002));
    CHECK_THAT(mem.optimizer / kGiB, WithinRel(30.38, 0.002));
    // Distributed optimizer: (6 + 12/n_d) bytes per parameter.
    const auto dist = states(m, t, layoutOf(8, 8, 16, 1), 3);
    CHECK_THAT(dist.modelStates() / dist.params, WithinRel(6.0 + 12.0 / 16, 1e-12));
}

TEST_CASE("pipeline stage 0 holds L·(1 + (p−1)/(p·v)) layers of activations", "[memory]") {
    // GPT-3 175B, t = 8, p = 8, v = 3, s = 2048, b = 1 (Calculon, Isaev et al. SC'23): full-recompute
    // checkpoints 6,241,124,352 B = 5.81 GiB; SP + selective 34·s·b·h·L/t·(1 + 7/24) = 13.26 GB.
    const ModelSpec& m = test::preset("gpt3-175b");
    TrainingSpec t;
    t.seqLen = 2048;
    t.flashAttention = false;
    Layout l = layoutOf(8, 8, 1, 1);
    l.vpp = 3;
    l.recompute = Recompute::Full;
    const auto full = states(m, t, l);
    const double layers = 12;
    CHECK(full.inFlightMicroBatches * layers * layerActivationBytes(m, false, t, l) == 6'241'124'352.0);
    l.recompute = Recompute::Selective;
    l.sequenceParallel = true;
    const auto selective = states(m, t, l);
    CHECK_THAT(selective.inFlightMicroBatches * layers * layerActivationBytes(m, false, t, l),
               WithinRel(13.26e9, 0.001));
    // 1F1B without interleaving: stage i holds min(p − i, m) micro-batches.
    l.vpp = 1;
    CHECK(states(m, t, l, 0).inFlightMicroBatches == 8);
    CHECK(states(m, t, l, 5).inFlightMicroBatches == 3);
    l.microBatches = 2;
    CHECK(states(m, t, l, 0).inFlightMicroBatches == 2);
}

TEST_CASE("the last stage carries the logits: fp32, s·b·V/t", "[memory]") {
    // 4·s·b·V (Korthikanti et al. 2022 §4): Llama 3 8B, s 8192, b 1: fp32 logits alone are 3.91 GiB.
    const ModelSpec& m = test::preset("llama-3.1-8b");
    TrainingSpec t;
    t.seqLen = 8192;
    const auto mem = states(m, t, layoutOf(1, 1, 8, 1));
    CHECK_THAT(mem.logits / kGiB, WithinRel(3.91, 0.002));
}

TEST_CASE("fits verdict and largest micro-batch", "[memory]") {
    const ModelSpec& m = test::preset("llama-3.1-8b");
    TrainingSpec t;
    t.seqLen = 4096;
    Layout l = layoutOf(1, 1, 8, 3);
    const MemoryOverheads o;
    const double capacity = 79.25 * kGiB;
    const MemoryInputs in{m, t, l, o, capacity};
    const std::int64_t best = largestFittingMicroBatch(in);
    REQUIRE(best >= 1);
    Layout at = l, above = l;
    at.microBatch = best;
    above.microBatch = best + 1;
    CHECK(peakMemory({m, t, at, o, capacity}).fits());
    CHECK_FALSE(peakMemory({m, t, above, o, capacity}).fits());
    // DDP of a 70B model never fits an 80 GB card (seed article error 8: 1.12 TB of states).
    const MemoryInputs huge{test::preset("llama-3.1-70b"), t, layoutOf(1, 1, 8, 0), o, capacity};
    CHECK_FALSE(peakMemory(huge).fits());
    CHECK(largestFittingMicroBatch(huge) == 0);
}

TEST_CASE("experts are divided by EP and sharded over the expert-data-parallel group", "[memory]") {
    const ModelSpec& m = test::preset("mixtral-8x7b");
    TrainingSpec t;
    Layout one = layoutOf(1, 1, 8, 1), eight = layoutOf(1, 1, 8, 1);
    eight.ep = 8;
    const auto a = states(m, t, one), b = states(m, t, eight);
    const double expertsPerGpu = 32 * 8 * 3.0 * 4096 * 14336;
    CHECK_THAT(a.params - b.params, WithinRel(expertsPerGpu * 7 / 8, 1e-12));
    // ZeRO-1 shards expert optimizer state over dp·cp/ep = 1 GPU: the 12 bytes stay whole.
    CHECK_THAT(b.optimizer, WithinRel(12 * ((b.params - expertsPerGpu / 8) / 8 + expertsPerGpu / 8), 1e-12));
}

TEST_CASE("ZeRO-3 gathers a layer's parameters only when there is something to gather", "[memory]") {
    // FSDP all-gathers each layer's shards before use and prefetches the next layer: two layers of
    // unsharded bf16 weights in flight. With a data-parallel group of one GPU nothing is sharded.
    const ModelSpec& m = test::preset("llama-3.1-8b");
    const TrainingSpec t;
    const auto sharded = states(m, t, layoutOf(1, 1, 8, 3));
    CHECK(sharded.other.paramGather == 2 * 218'112'000.0 * 2);
    CHECK(states(m, t, layoutOf(1, 1, 1, 3)).other.paramGather == 0);
    CHECK(states(m, t, layoutOf(1, 1, 8, 2)).other.paramGather == 0);
}
