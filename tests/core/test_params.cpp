// Parameter counts against the figures the models' authors publish. Exact pins are the per-matrix
// sums of each model's config (recomputed by hand); tolerances are against the rounded totals
// of model cards and papers.
#include "core/model/param_count.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinRel;

TEST_CASE("dense models match their published totals exactly", "[params]") {
    // Per-matrix sums of the configs; model cards: Llama 3.1 8B "8.03B", 405B "405B", Llama 2 7B "6.74B".
    CHECK(countParams(test::preset("llama-3.1-8b")).total == 8'030'261'248.0);
    CHECK(countParams(test::preset("llama-3.1-70b")).total == 70'553'706'496.0);
    CHECK(countParams(test::preset("llama-3.1-405b")).total == 405'853'388'800.0);
    CHECK(countParams(test::preset("llama-2-7b")).total == 6'738'415'616.0);
    // GPT-3 175B with V = 50257 tied and 2048 learned positions (Brown et al. 2020: "175B").
    CHECK(countParams(test::preset("gpt3-175b")).total == 174'604'259'328.0);
    CHECK(countParams(test::preset("llama-3.1-8b")).denseLayer.total() == 218'112'000.0);
    CHECK(countParams(test::preset("gpt3-175b")).denseLayer.total() == 1'812'099'072.0);
}

TEST_CASE("MoE models: total and active parameters", "[params]") {
    // Mixtral of Experts (arXiv:2401.04088): 47B total, 13B active.
    const auto mixtral = countParams(test::preset("mixtral-8x7b"));
    CHECK(mixtral.total == 46'702'792'704.0);
    CHECK(mixtral.active == 12'879'925'248.0);
    // DeepSeek-V3 technical report (arXiv:2412.19437): 671B total, 37B activated, MTP excluded.
    const auto v3 = countParams(test::preset("deepseek-v3"));
    CHECK(v3.total == 671'026'419'200.0);
    CHECK(v3.active == 37'552'297'472.0);
    CHECK(v3.moeLayer.attention + v3.moeLayer.norms - 2 * 7168 == 187'107'328.0);  // MLA block
    // Qwen3 technical report (arXiv:2505.09388) Table 2: 30B-A3B and 235B-A22B.
    CHECK_THAT(countParams(test::preset("qwen3-30b-a3b")).active, WithinRel(3.3e9, 0.02));
    CHECK_THAT(countParams(test::preset("qwen3-235b-a22b")).active, WithinRel(22e9, 0.02));
}

TEST_CASE("every preset lands within 1% of the total its authors state", "[params]") {
    for (const auto& [id, model] : test::catalog().models()) {
        INFO(id);
        REQUIRE(model.publishedParams > 0);
        CHECK_THAT(countParams(model).total, WithinRel(model.publishedParams, 0.01));
        if (model.publishedActiveParams > 0)
            CHECK_THAT(countParams(model).active, WithinRel(model.publishedActiveParams, 0.02));
    }
}

TEST_CASE("GPT closed form of Narayanan et al. 2021", "[params]") {
    // P = 12·L·h²·(1 + 13/(12h) + (V + s)/(12·L·h)) reproduces Table 1; with Megatron's padded
    // vocabulary 51,200 GPT-3 gives 174,615,846,912 ("174.6B", Narayanan Table 2).
    ModelSpec gpt = test::preset("gpt3-175b");
    gpt.vocab = 51'200;
    const double L = 96, h = 12288, V = 51200, s = 2048;
    const double closedForm = 12 * L * h * h * (1 + 13 / (12 * h) + (V + s) / (12 * L * h));
    // The closed form leaves out the final LayerNorm (2h); everything else is identical.
    CHECK(countParams(gpt).total - closedForm == Approx(2 * h).margin(1e-3 * h));
    CHECK(countParams(gpt).total == 174'615'846'912.0);
}

TEST_CASE("tied embeddings count once, GQA shrinks K and V", "[params]") {
    // Llama 3.2 1B: tied, 1,235,814,400 (the model card's 1.23B).
    ModelSpec m = test::preset("llama-3.1-8b");
    m.layers = 16;
    m.hidden = 2048;
    m.heads = 32;
    m.kvHeads = 8;
    m.headDim = 64;
    m.ffnHidden = 8192;
    m.tiedEmbeddings = true;
    CHECK(countParams(m).total == 1'235'814'400.0);
    ModelSpec mha = m;
    mha.kvHeads = 32;
    CHECK(countParams(mha).denseLayer.attention - countParams(m).denseLayer.attention ==
          2.0 * 2048 * 2048 * 3 / 4);
}
