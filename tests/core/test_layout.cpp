// Layout rules: impossible layouts are errors naming the layout key and the rule.
#include "core/parallel/layout.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

Result<Layout> resolve(LayoutSpec spec, const std::string& model = "llama-3.1-8b", std::int64_t gpus = 8) {
    TrainingSpec t;
    t.globalBatch = 512;
    return resolveLayout(spec, test::preset(model), t, gpus);
}

}  // namespace

TEST_CASE("dp = 0 takes the rest of the cluster", "[layout]") {
    LayoutSpec s;
    s.tp = 2;
    auto l = resolve(s);
    REQUIRE(l.ok());
    CHECK(l->dp == 4);
    CHECK(l->microBatches == 128);
}

TEST_CASE("impossible layouts name the key and the rule", "[layout]") {
    LayoutSpec s;
    s.tp = 3;
    auto e = resolve(s, "llama-3.1-8b", 6);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().where == "layout.tp");
    CHECK(e.error().message.find("heads (32)") != std::string::npos);

    s = LayoutSpec{};
    s.pp = 33;
    s.dp = 1;
    e = resolve(s, "llama-3.1-8b", 33);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().where == "layout.pp");

    s = LayoutSpec{};
    s.dp = 4;
    e = resolve(s);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().where == "layout.dp");
    CHECK(e.error().message.find("8 GPUs") != std::string::npos);

    s = LayoutSpec{};
    s.microBatch = 3;
    e = resolve(s);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().where == "training.global_batch");

    s = LayoutSpec{};
    s.ep = 2;
    e = resolve(s);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().where == "layout.ep");

    s = LayoutSpec{};
    s.ep = 3;
    e = resolve(s, "mixtral-8x7b");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().message.find("experts (8)") != std::string::npos);

    s = LayoutSpec{};
    s.zeroStage = 4;
    e = resolve(s);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().where == "layout.zero_stage");
    CHECK(e.error().message.find("0 to 3") != std::string::npos);
}

TEST_CASE("uneven pipeline stages get the remainder first", "[layout]") {
    CHECK(layersOnStage(126, 4, 0) == 32);
    CHECK(layersOnStage(126, 4, 1) == 32);
    CHECK(layersOnStage(126, 4, 2) == 31);
    CHECK(layersOnStage(126, 4, 3) == 31);
}

TEST_CASE("interleaving with uneven stages, as the 405B recipes run it", "[layout]") {
    // Llama 3.1 405B, 126 layers, PP 16 x VPP 8: NeMo's recipe counts the embedding and the loss
    // as one layer each (Megatron-Core account_for_embedding/loss_in_pipeline_split): 128 slots,
    // 8 per stage; the first and last stage hold 7 transformer layers.
    const ModelSpec& m = test::preset("llama-3.1-405b");
    LayoutSpec s;
    s.tp = 8;
    s.pp = 16;
    s.vpp = 8;
    TrainingSpec t;
    t.globalBatch = 2048;
    // 126 layers do not split into 16 x 8 chunks: without a split of the user's own, the recipes'
    // split is taken, exactly as if its two keys were set.
    auto recipe = resolveLayout(s, m, t, 16384);
    REQUIRE(recipe.ok());
    CHECK(recipe->split.embeddingAsLayer);
    CHECK(recipe->split.lossAsLayer);
    s.split.embeddingAsLayer = s.split.lossAsLayer = true;
    auto l = resolveLayout(s, m, t, 16384);
    REQUIRE(l.ok());
    CHECK(*l == *recipe);
    CHECK(stageLayers(m, *l, 0).count == 7);
    CHECK(stageLayers(m, *l, 1).count == 8);
    CHECK(stageLayers(m, *l, 15).count == 7);
    CHECK(stageLayers(m, *l, 15).first == 119);
    // Megatron's --decoder-first/last-pipeline-num-layers: 4 + 14 x 8 + 10 = 126 with PP 16, VPP 2.
    s.split = PipelineSplit{4, 10, false, false};
    s.vpp = 2;
    l = resolveLayout(s, m, t, 16384);
    REQUIRE(l.ok());
    std::int64_t total = 0;
    for (std::int64_t stage = 0; stage < 16; ++stage)
        total += stageLayers(m, *l, stage).count;
    CHECK(total == 126);
    CHECK(stageLayers(m, *l, 7).count == 8);
    s.split = PipelineSplit{5, 10, false, false};  // 5 layers do not split into 2 chunks
    CHECK(resolveLayout(s, m, t, 16384).error().where == "layout.vpp");
    s.split = PipelineSplit{100, 20, false, false};  // leaves 6 layers for 14 stages
    CHECK(resolveLayout(s, m, t, 16384).error().where == "layout.first_stage_layers");
}

TEST_CASE("degenerate clusters: 1 GPU and 100 000 GPUs", "[layout]") {
    LayoutSpec s;
    CHECK(resolve(s, "llama-3.1-8b", 1).ok());
    s.tp = 8;
    s.pp = 10;
    TrainingSpec t;
    t.globalBatch = 1250 * 16;
    auto l = resolveLayout(s, test::preset("gpt3-175b"), t, 100'000);
    REQUIRE(l.ok());
    CHECK(l->dp == 1250);
}

TEST_CASE("a layout's fixed spec resolves to the same layout, split and offload included", "[layout]") {
    // What "use this layout" writes: Llama 3.1 405B on 16 384 GPUs as its recipe runs it (PP 16 ×
    // VPP 8, embedding and loss counted as layers), optimizer states offloaded under ZeRO-1.
    const ModelSpec& m = test::preset("llama-3.1-405b");
    LayoutSpec s;
    s.tp = 8;
    s.pp = 16;
    s.vpp = 8;
    s.zeroStage = 1;
    s.offload = Offload::Optimizer;
    s.split.embeddingAsLayer = s.split.lossAsLayer = true;
    s.open = kMicroBatch;  // a searched key is pinned by the fixed spec
    TrainingSpec t;
    t.globalBatch = 2048;
    auto l = resolveLayout(s, m, t, 16384);
    REQUIRE(l.ok());
    const LayoutSpec fixed = fixedSpec(*l);
    CHECK(fixed.open == 0);
    CHECK(fixed.split == s.split);
    CHECK(fixed.offload == Offload::Optimizer);
    CHECK(fixed.dp == l->dp);
    auto again = resolveLayout(fixed, m, t, 16384);
    REQUIRE(again.ok());
    CHECK(*again == *l);
    // Equality sees every field: the same degrees with another micro-batch count, split or
    // schedule run differently.
    Layout other = *l;
    other.microBatches += 1;
    CHECK_FALSE(other == *l);
    other = *l;
    other.split.lossAsLayer = false;
    CHECK_FALSE(other == *l);
    other = *l;
    other.gpipe = true;
    CHECK_FALSE(other == *l);
}
