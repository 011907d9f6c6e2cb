// Megatron-Core's pipeline layout string (layout.pipeline_layout): the grammar of
// megatron/core/transformer/pipeline_parallel_layer_layout.py (NVIDIA/Megatron-LM 00caa53a), and
// the MoE recipes that place their layers with it evaluated end to end.
#include <algorithm>
#include <numeric>

#include "core/parallel/layout.h"
#include "core/parallel/pipeline_layout_string.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

std::vector<std::int64_t> layersPerStage(const std::vector<LayoutStage>& stages) {
    std::vector<std::int64_t> out;
    for (const auto& s : stages)
        out.push_back(s.layers);
    return out;
}

std::vector<std::int64_t> layersPerRank(const ModelSpec& m, const Layout& l) {
    std::vector<std::int64_t> out;
    for (std::int64_t rank = 0; rank < l.pp; ++rank)
        out.push_back(stageLayers(m, l, rank).count);
    return out;
}

bool hasNote(const Plan& p, const std::string& id) {
    return std::any_of(p.notes.begin(), p.notes.end(), [&](const Message& n) { return n.id == id; });
}

// The fill/drain bubble of (interleaved) 1F1B from the stages' micro-batch times, computed here
// from the schedule rather than read back: each of the p − 1 fill slots lasts as long as the stage
// it waits for, and v chunks per GPU divide the fill by v (Narayanan et al. 2021 §2.2). With equal
// stages this is (p − 1)/(v·m) of the ideal m·t.
double interleavedBubble(const std::vector<double>& stageSeconds, std::int64_t vpp) {
    const double sum = std::accumulate(stageSeconds.begin(), stageSeconds.end(), 0.0);
    const double slowest = *std::max_element(stageSeconds.begin(), stageSeconds.end());
    return (sum - slowest) / static_cast<double>(vpp);
}

void checkInterleavedBubble(const Plan& p) {
    const Layout& l = p.layout;
    const auto& t = p.perf.stageSeconds;
    REQUIRE(t.size() == static_cast<std::size_t>(l.pp));
    CHECK_THAT(p.perf.bubbleSeconds, Catch::Matchers::WithinRel(interleavedBubble(t, l.vpp), 1e-12));
    // Bounded by the even case: (p − 1)/(v·m) of the ideal time of the slowest stage, and near it,
    // the stages differing by a few layers at most.
    const double m = static_cast<double>(l.microBatches);
    const double slowest = *std::max_element(t.begin(), t.end());
    const double even = static_cast<double>(l.pp - 1) / (static_cast<double>(l.vpp) * m) * (m * slowest);
    CHECK(p.perf.bubbleSeconds <= even * (1 + 1e-12));
    CHECK(p.perf.bubbleSeconds >= 0.75 * even);
}

}  // namespace

TEST_CASE("layout strings unroll as Megatron-Core's parser does", "[pipeline_layout]") {
    // parse_str_to_list's docstring: "Ettt|(tt|)*29,m|L" is [[E,t,t,t]] + [[t,t]]*29 + [[m],[L]].
    auto s = parsePipelineLayout("Ettt|(tt|)*29,m|L");
    REQUIRE(s.ok());
    REQUIRE(s->size() == 32);
    CHECK((*s)[0] == LayoutStage{3, 0, 1, 0});
    CHECK((*s)[29] == LayoutStage{2, 0, 0, 0});
    CHECK((*s)[30] == LayoutStage{0, 1, 0, 0});
    CHECK((*s)[31] == LayoutStage{0, 0, 0, 1});
    CHECK(layoutLayers(*s) == 61);
    CHECK(layoutMtpLayers(*s) == 1);
    // x*N repeats one character; commas are cosmetic, even inside a group.
    auto t = parsePipelineLayout("Et*3|(t,t|)*2t*0L");
    REQUIRE(t.ok());
    CHECK(layersPerStage(*t) == std::vector<std::int64_t>{3, 2, 2, 0});
    // Megatron-Bridge deepseek_v3_perf.py (GB300, PP 2 × VPP 8): "Et*4|(t*4|)*14tmL".
    auto b = parsePipelineLayout("Et*4|(t*4|)*14tmL");
    REQUIRE(b.ok());
    CHECK(b->size() == 16);
    CHECK(layoutLayers(*b) == 61);
    CHECK(b->back() == LayoutStage{1, 1, 0, 1});
}

TEST_CASE("a malformed layout string names the key, the character and what was expected",
          "[pipeline_layout]") {
    const auto error = [](std::string_view text) {
        auto r = parsePipelineLayout(text);
        REQUIRE(!r.ok());
        CHECK(r.error().where == "layout.pipeline_layout");
        return r.error();
    };
    CHECK(error("Et|x|L").reason.id == "error.layout.pipeline_layout.char");
    CHECK(error("Et|x|L").message.find("'x' at character 4") != std::string::npos);
    CHECK(error("Et|tT|L").message.find("'T' at character 5") != std::string::npos);
    CHECK(error("Et*|L").reason.id == "error.layout.pipeline_layout.count");
    CHECK(error("Et*|L").message.find("character 3") != std::string::npos);
    CHECK(error("E(tt|L").reason.id == "error.layout.pipeline_layout.group");
    CHECK(error("E(tt|)L").reason.id == "error.layout.pipeline_layout.group");       // no *N
    CHECK(error("E((t)*2|)*2L").reason.id == "error.layout.pipeline_layout.group");  // nested
    CHECK(error("E()*2L").reason.id == "error.layout.pipeline_layout.group");        // empty
    CHECK(error("E(t*|)*2L").reason.id == "error.layout.pipeline_layout.count");
    CHECK(error("Et t|L").reason.id == "error.layout.pipeline_layout.char");  // no spaces
    CHECK(error("t*999999999L").reason.id == "error.layout.pipeline_layout.too_long");
    // validate_layer_layout: E first, L last, once each; MTP layers after every transformer layer.
    CHECK(error("tE|tL").reason.id == "error.layout.pipeline_layout.ends");
    CHECK(error("Et|tL|L").reason.id == "error.layout.pipeline_layout.ends");
    CHECK(error("Et").reason.id == "error.layout.pipeline_layout.ends");
    CHECK(error("").reason.id == "error.layout.pipeline_layout.ends");
    CHECK(error("Etm|tL").reason.id == "error.layout.pipeline_layout.mtp_order");
}

TEST_CASE("the string's stage count and layers must match pp × vpp and the model", "[pipeline_layout]") {
    const ModelSpec& m = test::preset("deepseek-v3");
    TrainingSpec t;
    t.globalBatch = 8192;
    LayoutSpec s;
    s.tp = 2;
    s.pp = 8;
    s.vpp = 4;
    s.ep = 64;
    s.split.layout = "Et|(tt|)*30mL";
    auto l = resolveLayout(s, m, t, 1024);
    REQUIRE(l.ok());
    s.vpp = 2;  // 32 stages are not 8 × 2
    auto e = resolveLayout(s, m, t, 1024);
    REQUIRE(!e.ok());
    CHECK(e.error().where == "layout.pipeline_layout");
    CHECK(e.error().reason.id == "error.layout.pipeline_layout.stages");
    s.vpp = 4;
    s.split.layout = "E|(tt|)*29t|mL";  // 32 stages, 59 layers of 61
    e = resolveLayout(s, m, t, 1024);
    CHECK(e.error().reason.id == "error.layout.pipeline_layout.layers");
    CHECK(e.error().message == "places 59 transformer layers (t); the model has 61");
    s.split.layout = "Et|(tt|)*30mL";
    s.split.embeddingAsLayer = true;  // the string places the embedding itself
    e = resolveLayout(s, m, t, 1024);
    CHECK(e.error().reason.id == "error.layout.pipeline_layout.exclusive");
    // A rank may hold no transformer layer, as a stage of its own for the loss: "Et*30|t*31|L".
    LayoutSpec own;
    own.tp = 8;
    own.pp = 3;
    own.split.layout = "Et*30|t*31|L";
    auto standalone = resolveLayout(own, m, t, 24);
    REQUIRE(standalone.ok());
    CHECK(layersPerRank(m, *standalone) == std::vector<std::int64_t>{30, 31, 0});
}

TEST_CASE("DeepSeek-V3 with its recipe's pipeline layout evaluates with the interleaved bubble",
          "[pipeline_layout]") {
    // Megatron-MoE-ModelZoo best_practice/DeepSeekV3/run.sh (1,024 H100): TP 2, PP 8, VPP 4, EP 64,
    // --pipeline-model-parallel-layout "Et|(tt|)*30mL". Virtual stage k runs on rank k mod 8: rank 0
    // holds 1 + 2 + 2 + 2 layers, ranks 1-6 four chunks of 2, rank 7 three chunks of 2 and "mL".
    const Plan p = test::planFromFile(kData, "deepseek-v3-1024xh100-layout.json");
    const ModelSpec& m = p.scenario.model;
    CHECK(p.layout.pp == 8);
    CHECK(p.layout.vpp == 4);
    CHECK(p.layout.ep == 64);
    CHECK(p.layout.microBatches == 128);
    CHECK(layersPerRank(m, p.layout) == std::vector<std::int64_t>{7, 8, 8, 8, 8, 8, 8, 6});
    // The 3 dense layers (first_k_dense_replace) are layer 0 (rank 0's first chunk) and layers 1-2
    // (rank 1's): those ranks hold 6 MoE layers, the others all theirs.
    CHECK(stageLayers(m, p.layout, 0).moe == 6);
    CHECK(stageLayers(m, p.layout, 1).moe == 6);
    CHECK(stageLayers(m, p.layout, 2).moe == 8);
    checkInterleavedBubble(p);
    CHECK(hasNote(p, "plan.pipeline_layout"));
    CHECK(hasNote(p, "plan.pipeline_layout_mtp"));  // "m": the preset has no MTP module
    CHECK(!hasNote(p, "plan.recipe_split"));
}

TEST_CASE("Qwen3-235B-A22B with its recipe's layout evaluates as the recipe's split does",
          "[pipeline_layout]") {
    // Megatron-MoE-ModelZoo best_practice/qwen3/readme.md (256 H100): TP 4, PP 8, VPP 4, EP 8 with
    // --account-for-embedding-in-pipeline-split and --account-for-loss-in-pipeline-split (its
    // Qwen3-235B-A22B.yaml): 94 layers + 2 = 96 slots, 3 per chunk. As a layout string that is
    // "Ett|(ttt|)*30ttL"; both must place and time the layers alike.
    const Plan p = test::planFromFile(kData, "qwen3-235b-256xh100-layout.json");
    const ModelSpec& m = p.scenario.model;
    CHECK(layersPerRank(m, p.layout) == std::vector<std::int64_t>{11, 12, 12, 12, 12, 12, 12, 11});
    checkInterleavedBubble(p);
    CHECK(hasNote(p, "plan.pipeline_layout"));
    CHECK(!hasNote(p, "plan.pipeline_layout_mtp"));

    Scenario flags = p.scenario;
    flags.layout.split = PipelineSplit{};
    flags.layout.split.embeddingAsLayer = flags.layout.split.lossAsLayer = true;
    auto q = evaluate(flags, test::catalog());
    REQUIRE(q.ok());
    CHECK(layersPerRank(m, q->layout) == layersPerRank(m, p.layout));
    CHECK(q->perf.stageSeconds == p.perf.stageSeconds);
    CHECK(q->perf.bubbleSeconds == p.perf.bubbleSeconds);
    CHECK(q->perf.stepSeconds == p.perf.stepSeconds);
    CHECK(q->memory.total() == p.memory.total());
}

TEST_CASE("the layout string survives save and reopen, and a bad one is refused on reading",
          "[pipeline_layout]") {
    auto s = loadScenarioFile(kData + "/deepseek-v3-1024xh100-layout.json", test::catalog());
    REQUIRE(s.ok());
    CHECK(s->layout.split.layout == "Et|(tt|)*30mL");
    const std::string json = scenarioToJson(*s);
    CHECK(json.find("\"pipeline_layout\"") != std::string::npos);
    auto again = parseScenario(json, test::catalog());
    REQUIRE(again.ok());
    CHECK(again->layout.split.layout == "Et|(tt|)*30mL");
    CHECK(again->layout == s->layout);

    std::string bad = json;
    // The key's value, not the description's mention of the same string.
    bad.replace(bad.find("Et|(tt|)*30mL", bad.find("\"pipeline_layout\"")), 13, "Et|(tt|*30mL");
    auto refused = parseScenario(bad, test::catalog());
    REQUIRE(!refused.ok());
    CHECK(refused.error().where == "layout.pipeline_layout");
    CHECK(refused.error().reason.id == "error.layout.pipeline_layout.group");
}

TEST_CASE("a searched layout with a layout string keeps to its pp × vpp", "[pipeline_layout]") {
    // PP and VPP left open: only splits with pp × vpp = 32 stages are candidates.
    auto s = loadScenarioFile(kData + "/qwen3-235b-256xh100-layout.json", test::catalog());
    REQUIRE(s.ok());
    Scenario open = *s;
    open.layout.open |= kPp | kVpp;
    auto p = evaluate(open, test::catalog());
    REQUIRE(p.ok());
    CHECK(p->layout.pp * p->layout.vpp == 32);
    CHECK(hasNote(*p, "plan.pipeline_layout"));
}

TEST_CASE("a stage's first layer is the sum of the layers on the stages before it, for every split",
          "[pipeline_layout]") {
    ModelSpec m;
    for (const std::int64_t layers : {1, 7, 32, 61, 126, 127}) {
        m.layers = layers;
        for (std::int64_t pp = 1; pp <= std::min<std::int64_t>(layers, 40); ++pp)
            for (const std::int64_t firstLayers : {0, 1, 3})
                for (const std::int64_t lastLayers : {0, 2})
                    for (const bool embedding : {false, true})
                        for (const bool loss : {false, true}) {
                            Layout l;
                            l.pp = pp;
                            l.split.firstStageLayers = pp > 1 ? firstLayers : 0;
                            l.split.lastStageLayers = pp > 1 ? lastLayers : 0;
                            l.split.embeddingAsLayer = embedding;
                            l.split.lossAsLayer = loss;
                            const std::int64_t fixed = l.split.firstStageLayers + l.split.lastStageLayers;
                            const std::int64_t middle = pp - (l.split.firstStageLayers > 0 ? 1 : 0) -
                                                        (l.split.lastStageLayers > 0 ? 1 : 0);
                            if (fixed > layers || (middle == 0 && fixed != layers) ||
                                (middle > 0 && layers - fixed < middle))
                                continue;  // a split the layout check refuses
                            std::int64_t before = 0;
                            for (std::int64_t stage = 0; stage < pp; ++stage) {
                                INFO(layers << " layers, PP " << pp << ", first " << firstLayers << ", last "
                                            << lastLayers << ", embedding " << embedding << ", loss " << loss
                                            << ", stage " << stage);
                                CHECK(stageLayers(m, l, stage).first == before);
                                before += layersOnStage(layers, pp, stage, l.split);
                            }
                        }
    }
}
