// Layout rules: impossible layouts are errors naming the layout key and the rule.
#include "parallel/layout.h"
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
