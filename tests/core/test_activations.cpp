// Activation memory per layer against Korthikanti et al. 2022 (arXiv:2205.05198) Table 2, every
// row, for the GPT-3 175B block (MHA, GeLU f = 4h, LayerNorm, dropout, no FlashAttention), and
// against Llama-style per-tensor sums (Korthikanti's bookkeeping for RMSNorm, GQA, SwiGLU, FlashAttention).
#include <algorithm>

#include "core/memory/activation_model.h"
#include "core/util/units.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinRel;

namespace {

struct Setup {
    ModelSpec model = test::preset("gpt3-175b");
    TrainingSpec training;
    Layout layout;
    Setup(std::int64_t tp, bool sp, Recompute r) {
        training.seqLen = 2048;
        training.flashAttention = false;
        layout.tp = tp;
        layout.sequenceParallel = sp;
        layout.recompute = r;
        layout.microBatch = 1;
    }
    double bytes() const { return layerActivationBytes(model, false, training, layout); }
};

constexpr double s = 2048, b = 1, h = 12288, a = 96, t = 8;

}  // namespace

TEST_CASE("Korthikanti Table 2, every row, GPT-3 175B", "[activations]") {
    SECTION("no parallelism: sbh(34 + 5as/h)") {
        CHECK_THAT(Setup(1, false, Recompute::None).bytes(),
                   WithinRel(s * b * h * (34 + 5 * a * s / h), 1e-12));
    }
    SECTION("tensor parallel: sbh(10 + 24/t + 5as/(ht))") {
        CHECK_THAT(Setup(8, false, Recompute::None).bytes(),
                   WithinRel(s * b * h * (10 + 24 / t + 5 * a * s / (h * t)), 1e-12));
    }
    SECTION("tensor + sequence parallel: sbh(34 + 5as/h)/t") {
        CHECK_THAT(Setup(8, true, Recompute::None).bytes(),
                   WithinRel(s * b * h * (34 + 5 * a * s / h) / t, 1e-12));
    }
    SECTION("tensor parallel + selective recompute: sbh(10 + 24/t)") {
        CHECK_THAT(Setup(8, false, Recompute::Selective).bytes(),
                   WithinRel(s * b * h * (10 + 24 / t), 1e-12));
    }
    SECTION("tensor + sequence parallel + selective recompute: 34sbh/t") {
        CHECK_THAT(Setup(8, true, Recompute::Selective).bytes(), WithinRel(34 * s * b * h / t, 1e-12));
    }
    SECTION("full recompute: 2sbh (and /t with SP)") {
        CHECK_THAT(Setup(8, false, Recompute::Full).bytes(), WithinRel(2 * s * b * h, 1e-12));
        CHECK_THAT(Setup(8, true, Recompute::Full).bytes(), WithinRel(2 * s * b * h / t, 1e-12));
    }
}

TEST_CASE("Llama 3 8B per-tensor sum with FlashAttention", "[activations]") {
    // Per-tensor sum: 12h + 4·h_kv + 6f + 4a = 139,392 B per token per layer; 1.06 GiB per layer at
    // s = 8192, b = 1; 34.0 GiB for 32 layers.
    const ModelSpec& m = test::preset("llama-3.1-8b");
    TrainingSpec training;
    training.seqLen = 8192;
    Layout layout;
    const double perLayer = layerActivationBytes(m, false, training, layout);
    CHECK(perLayer == 139'392.0 * 8192);
    CHECK_THAT(32 * perLayer / units::kGiB, WithinRel(34.0, 0.01));
    // Without FlashAttention the coefficient is 34 + 5·a·s/h = 354 in units of sbh... for GPT
    // (dropout); Llama has no dropout, so the s² term is the softmax output alone: 2·a·s.
    training.flashAttention = false;
    const double noFlash = layerActivationBytes(m, false, training, layout);
    CHECK(noFlash == (139'392.0 - 4 * 32 + 2.0 * 32 * 8192) * 8192);
}

TEST_CASE("MoE layers store k dispatched copies", "[activations]") {
    const ModelSpec& m = test::preset("mixtral-8x7b");
    TrainingSpec training;
    training.seqLen = 4096;
    Layout layout;
    const double moe = layerActivationBytes(m, true, training, layout);
    const double dense = layerActivationBytes(m, false, training, layout);  // 1 MLP of f = 14336
    // top-2 of f_e = 14336 doubles the MLP tensors and adds 2 expert-input copies + router probs.
    const double expected = dense + (6.0 * 14336 + 2 * 2 * 4096 + 4 * 8) * 4096;
    CHECK(moe == expected);
}

TEST_CASE("TP above the KV heads keeps one whole K and V head on every rank", "[activations]") {
    // Llama 3.1 70B: h = 8192, 64 query heads and 8 KV heads of 128, f = 28672. At TP 16 Megatron-Core
    // gives each rank one query group (one K and one V head) and 64 / 16 = 4 query heads.
    const ModelSpec& m = test::preset("llama-3.1-70b");
    TrainingSpec training;
    training.seqLen = 8192;
    Layout layout;
    layout.tp = 16;
    layout.sequenceParallel = true;
    // The Q, K, V tensor per token on one rank: 4 query heads + 1 K + 1 V head of 128 values of
    // 2 bytes, 6 · 128 · 2 = 1,536 bytes (a sixteenth of the 8 KV heads would be half a head each).
    const StoredTensors list = storedTensors(m, false, training, {}, layout.tp);
    const auto qkv =
        std::find_if(list.begin(), list.end(), [](const StoredTensor& x) { return x.name == "Q, K, V"; });
    REQUIRE(qkv != list.end());
    REQUIRE(qkv->tpSharded);
    CHECK(qkv->bytesPerToken / 16 == (4 + 1 + 1) * 128 * 2);
    // The layer, all of it split 16 ways by TP and SP: 12h + 4·(16 · 128) + 6f + 4a bytes per token
    // before the split, 6,144 + 512 + 10,752 + 16 = 17,424 bytes per token per rank.
    CHECK(layerActivationBytes(m, false, training, layout) == 17'424.0 * 8192);
    // At TP 8 the 8 KV heads divide: one each, as before, 12h + 4·(8 · 128) + 6f + 4a over 8.
    layout.tp = 8;
    CHECK(layerActivationBytes(m, false, training, layout) ==
          (12.0 * 8192 + 4 * 1024 + 6 * 28672 + 4 * 64) / 8 * 8192);
    const StoredTensors tp8 = storedTensors(m, false, training, {}, 8);
    const StoredTensors tp1 = storedTensors(m, false, training);
    REQUIRE(tp8.size() == tp1.size());
    for (std::size_t i = 0; i < tp8.size(); ++i)
        CHECK(tp8.begin()[i].bytesPerToken == tp1.begin()[i].bytesPerToken);
}
