// Layout search: every candidate valid, ranking and Pareto front consistent, infeasible layouts
// kept with a reason, fixed keys respected, degenerate clusters handled, and the explanation.
#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"
#include "core/search/candidate_cost.h"
#include "core/search/layout_alternatives.h"
#include "core/search/layout_search.h"
#include "core/search/pareto_front.h"
#include "core/search/search_format.h"
#include "core/util/csv_read.h"
#include "test_support.h"

#include <algorithm>
#include <cmath>
#include <set>

using namespace clusterplan;

namespace {

Scenario openScenario(const std::string& model, std::int64_t nodes, std::int64_t batch) {
    Scenario s = test::scenarioWithModel(model);
    s.cluster.nodes = nodes;
    s.training.globalBatch = batch;
    s.layout.open = kAllLayoutKeys;
    return s;
}

}  // namespace

TEST_CASE("ranked by step time, fitting first, Pareto front monotone", "[search]") {
    const SearchResult r = searchLayouts(openScenario("llama-3.1-70b", 4, 256), test::catalog());
    REQUIRE(r.best.has_value());
    REQUIRE(r.evaluated == r.ranked.size());
    double lastStep = 0, lastParetoMemory = 1e300;
    bool seenUnfit = false;
    for (const auto& c : r.ranked) {
        CHECK(c.layout.gpus() == 32);
        CHECK(256 % (c.layout.dp * c.layout.microBatch) == 0);
        if (!c.fits) {
            seenUnfit = true;
            CHECK_FALSE(notFitReason(c).text.empty());
            continue;
        }
        CHECK_FALSE(seenUnfit);  // fitting layouts come first
        CHECK(c.perf.stepSeconds >= lastStep);
        lastStep = c.perf.stepSeconds;
        if (c.pareto) {
            CHECK(c.memoryBytes < lastParetoMemory);
            lastParetoMemory = c.memoryBytes;
        }
    }
    CHECK(seenUnfit);  // DDP of a 70B model is listed, not hidden
    CHECK(r.ranked.front().pareto);
    CHECK(r.frameworkDefault.has_value());
    CHECK(r.explanation.text().find("TP=") != std::string::npos);
    CHECK(r.ruleOfThumb.text().find("10-100 B") != std::string::npos);
}

TEST_CASE("fixed keys stay fixed, open keys are searched", "[search]") {
    Scenario s = openScenario("llama-3.1-70b", 4, 256);
    s.layout.tp = 8;
    s.layout.open &= ~unsigned(kTp);
    s.layout.recompute = Recompute::Full;
    s.layout.open &= ~unsigned(kRecompute);
    const SearchResult r = searchLayouts(s, test::catalog());
    REQUIRE_FALSE(r.ranked.empty());
    for (const auto& c : r.ranked) {
        CHECK(c.layout.tp == 8);
        CHECK(c.layout.recompute == Recompute::Full);
    }
}

TEST_CASE("nothing fits: layouts kept with reasons, the answer says so", "[search]") {
    Scenario s = openScenario("llama-3.1-405b", 1, 64);  // 405B on one 8-GPU server
    const SearchResult r = searchLayouts(s, test::catalog());
    REQUIRE_FALSE(r.ranked.empty());
    CHECK_FALSE(r.best.has_value());
    CHECK(r.explanation.text().find("No layout fits") != std::string::npos);
    for (const auto& c : r.ranked)
        // GPU memory, or host memory for the layouts with CPU offload the search also tried.
        CHECK((notFitReason(c).text.find("GiB usable") != std::string::npos ||
               notFitReason(c).text.find("host memory") != std::string::npos));
    // evaluate() still answers, with the layout closest to fitting and a note.
    auto plan = evaluate(s, test::catalog());
    REQUIRE(plan.ok());
    CHECK_FALSE(plan->memory.fits());
    REQUIRE(plan->search.has_value());
}

TEST_CASE("degenerate clusters: one GPU and 100,000 GPUs", "[search]") {
    Scenario one = openScenario("llama-2-7b", 1, 8);
    one.cluster.gpusPerNode = 1;
    auto small = evaluate(one, test::catalog());
    REQUIRE(small.ok());
    CHECK(small->layout.gpus() == 1);
    Scenario huge = openScenario("llama-3.1-405b", 12'500, 12'500 * 2);
    auto big = evaluate(huge, test::catalog());
    REQUIRE(big.ok());
    CHECK(big->layout.gpus() == 100'000);
    CHECK(big->perf.stepSeconds > 0);
}

TEST_CASE("small models: the seed article's DDP advice and the search agree", "[search]") {
    const SearchResult r = searchLayouts(openScenario("llama-3.1-8b", 1, 512), test::catalog());
    REQUIRE(r.best.has_value());
    const Layout& l = r.ranked[*r.best].layout;
    CHECK(l.tp == 1);
    CHECK(l.pp == 1);
    CHECK(r.ruleAgrees);
}

TEST_CASE("a scenario without a layout object is searched by evaluate()", "[search]") {
    auto s = parseScenario(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-70b"},
        "training": {"global_batch": 256}, "cluster": {"gpu": "h100-sxm-80gb", "nodes": 4}})",
                           test::catalog());
    REQUIRE(s.ok());
    CHECK(s->layout.open == kAllLayoutKeys);
    auto plan = evaluate(s.value(), test::catalog());
    REQUIRE(plan.ok());
    REQUIRE(plan->search.has_value());
    REQUIRE(plan->search->best.has_value());
    CHECK(plan->layout.tp == plan->search->ranked.front().layout.tp);
    CHECK(plan->memory.fits());
    // Saving keeps the keys open.
    CHECK(scenarioToJson(s.value()).find("\"tp\"") == std::string::npos);
}

TEST_CASE("the MoE recipe default uses expert parallelism", "[search]") {
    // NeMo-Framework-Launcher examples/training/mixtral/h100/mixtral_8x7b_bf16.sh: Mixtral 8x7B
    // on H100 with TP 1, PP 4, EP 8 (the recipe adds VPP 8, which the default leaves out).
    Scenario s = openScenario("mixtral-8x7b", 8, 256);
    s.cluster.gpu = "h100-sxm-80gb";
    s.training.framework = Framework::Nemo;
    Message description;
    const LayoutSpec l = frameworkDefaultLayout(s, test::catalog(), description);
    CHECK(l.tp == 1);
    CHECK(l.pp == 4);
    CHECK(l.ep == 8);
    CHECK(description.text.find("EP 8") != std::string::npos);
    CHECK(description.id == "recipe.megatron_ep");
}

TEST_CASE("no layout at all: why, and the nearest cluster sizes and batches that work", "[search]") {
    // 100 000 GPUs (12 500 nodes) and a global batch of 16 384 = 2^14: dp must be a power of two
    // and tp·pp would have to cover at least 100 000 / 32 = 3 125 GPUs.
    Scenario s = openScenario("llama-3.1-70b", 12'500, 16'384);
    const auto plan = evaluate(s, test::catalog());
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().where == "layout");
    const std::string& why = plan.error().message;
    INFO(why);
    CHECK(why.find("100000 GPUs") != std::string::npos);
    // 12 288 nodes = 98 304 GPUs = 16 384 · 6 (e.g. TP 2 · PP 3 · DP 16 384); above it the next
    // product of a power of two and tp·pp ≤ 8·80.
    CHECK(why.find("12288 nodes") != std::string::npos);
    CHECK(why.find("Nearest global batches") != std::string::npos);
    const LayoutAlternatives a = nearestWorkingSetups(s);
    REQUIRE(a.nodes.size() == 2);
    CHECK(anyLayoutResolves(s, a.nodes[1] * 8, 16'384));
    REQUIRE_FALSE(a.globalBatches.empty());
    for (std::int64_t b : a.globalBatches)
        CHECK(anyLayoutResolves(s, 100'000, b));
    // A fixed layout whose dp·micro_batch does not divide the batch names the nearest ones.
    Scenario fixed = test::scenarioWithModel("llama-3.1-8b");
    fixed.training.globalBatch = 100;
    fixed.cluster.nodes = 1;
    fixed.layout.dp = 8;
    auto e = evaluate(fixed, test::catalog());
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().message.find("nearest that work: 96 or 104") != std::string::npos);
}

TEST_CASE("the plan keeps every evaluated layout and follows the search options", "[search]") {
    const Scenario s = openScenario("llama-3.1-70b", 4, 256);
    const auto plan = evaluate(s, test::catalog());
    REQUIRE(plan.ok());
    REQUIRE(plan->search.has_value());
    const SearchResult& search = *plan->search;
    CHECK(search.ranked.size() == search.evaluated);
    CHECK(search.evaluated == searchLayouts(s, test::catalog()).evaluated);
    bool anyMisfit = false;
    for (const Candidate& c : search.ranked)
        anyMisfit = anyMisfit || (!c.fits && !notFitReason(c).text.empty());
    CHECK(anyMisfit);  // layouts that do not fit stay, with their reason
    // TP across servers (clusterplan-cli search --allow-cross-node-tp) adds TP 16, 32, 64 layouts.
    SearchOptions crossNode;
    crossNode.allowCrossNodeTp = true;
    const auto wider = evaluate(s, test::catalog(), crossNode);
    REQUIRE(wider.ok());
    CHECK(wider->search->evaluated > search.evaluated);
    CHECK(wider->search->evaluated == searchLayouts(s, test::catalog(), crossNode).evaluated);
}

TEST_CASE("a searched layout's cost per million tokens uses the report's own rule", "[search][cost]") {
    const auto plan = evaluate(openScenario("llama-3.1-8b", 1, 512), test::catalog());
    REQUIRE(plan.ok());
    REQUIRE(plan->cost.has_value());
    REQUIRE(plan->search->best.has_value());
    const Candidate& best = plan->search->ranked[*plan->search->best];
    // The recommended layout is the plan's: its cost is exactly the report's (to the cent), which
    // prices the run's GPU-hour budget (run/run_length.h).
    const double factor = budgetFactor(*plan);
    CHECK(factor > 1);
    CHECK(rentPerMillionTokens(*plan->cost, best, factor) == plan->cost->perMillionTokensRent);
    CHECK(buyPerMillionTokens(*plan->cost, best, factor) == plan->cost->perMillionTokensBuy);
    // A layout twice as slow costs twice as much per token, to rounding.
    Candidate slower = best;
    slower.perf.gpuHours *= 2;
    CHECK_THAT(*rentPerMillionTokens(*plan->cost, slower, factor),
               Catch::Matchers::WithinRel(2 * *plan->cost->perMillionTokensRent, 1e-6));
}

// The candidates are evaluated and sorted on several threads (SearchOptions::threads) and the
// threads' runs merged in index order, so every thread count gives the same ranking, byte for byte,
// including ties and the bounded (sampled) search.
TEST_CASE("the ranking does not depend on the number of threads", "[search]") {
    Scenario s = openScenario("llama-3.1-70b", 16, 512);
    for (const std::size_t bound : {std::size_t{100000}, std::size_t{700}}) {
        SearchOptions one;
        one.threads = 1;
        one.maxLayouts = bound;
        SearchOptions many = one;
        many.threads = 7;  // more than the machine may have, and not a divisor of the count
        const SearchResult a = searchLayouts(s, test::catalog(), one);
        const SearchResult b = searchLayouts(s, test::catalog(), many);
        REQUIRE(a.ranked.size() > 300);  // enough for ties and several chunks
        CHECK(a.evaluated == b.evaluated);
        CHECK(searchToCsv(a, a.ranked.size()) == searchToCsv(b, b.ranked.size()));
        CHECK(searchToJson(a, a.ranked.size()) == searchToJson(b, b.ranked.size()));
    }
}

// Each thread sorts the layouts it evaluated and the runs are merged: the ranking must be the one
// sort of every visited layout would give, whatever the number of runs.
TEST_CASE("the ranking merged from the threads' sorted runs is one sort of every layout", "[search]") {
    Scenario s = openScenario("llama-3.1-405b", 2048, 2048);
    s.cluster.gpu = "h100-sxm-80gb";
    s.training.seqLen = 8192;
    SearchOptions one;
    one.threads = 1;  // one run: a plain sort of the visits in their order
    const SearchResult a = searchLayouts(s, test::catalog(), one);
    REQUIRE(a.ranked.size() > 5000);
    // In order: fitting layouts first by step time, then memory; the rest by memory.
    std::size_t fitting = 0;
    for (std::size_t i = 0; i < a.ranked.size(); ++i) {
        const Candidate& c = a.ranked[i];
        fitting += c.fits ? 1 : 0;
        if (i == 0)
            continue;
        const Candidate& p = a.ranked[i - 1];
        INFO("rank " << i);
        REQUIRE((p.fits || !c.fits));
        if (p.fits && c.fits)
            REQUIRE((p.perf.stepSeconds < c.perf.stepSeconds ||
                     (p.perf.stepSeconds == c.perf.stepSeconds && p.memoryBytes <= c.memoryBytes)));
        else if (!p.fits)
            REQUIRE(p.memoryBytes <= c.memoryBytes);
    }
    REQUIRE(fitting > 0);
    REQUIRE(fitting < a.ranked.size());  // both parts of the ranking are there
    // The Pareto front: each fitting layout smaller than every faster one.
    double smallest = INFINITY;
    for (const Candidate& c : a.ranked) {
        CHECK(c.pareto == (c.fits && c.memoryBytes < smallest));
        if (c.fits)
            smallest = std::min(smallest, c.memoryBytes);
    }
    for (const unsigned threads : {2u, 5u}) {
        SearchOptions many;
        many.threads = threads;
        const SearchResult b = searchLayouts(s, test::catalog(), many);
        CHECK(searchToJson(a, a.ranked.size()) == searchToJson(b, b.ranked.size()));
    }
}

TEST_CASE("the search interleaves a 126-layer model with the recipes' split", "[search]") {
    // Llama 3.1 405B has 126 layers: no PP × VPP of 16 × 8 or 64 × 2 divides them, but 128 slots
    // (embedding and loss as layers, Megatron-Core's recipes) do; the search must consider them.
    Scenario s = openScenario("llama-3.1-405b", 2048, 2048);
    s.cluster.gpu = "h100-sxm-80gb";
    s.training.seqLen = 8192;
    const SearchResult r = searchLayouts(s, test::catalog());
    bool recipeInterleaved = false;
    for (const Candidate& c : r.ranked)
        if (c.layout.vpp > 1 && 126 % (c.layout.pp * c.layout.vpp) != 0) {
            recipeInterleaved = true;
            CHECK(c.layout.split.embeddingAsLayer);
            CHECK(c.layout.split.lossAsLayer);
            CHECK(128 % (c.layout.pp * c.layout.vpp) == 0);
        }
    CHECK(recipeInterleaved);
}

// Megatron-LM refuses an interleaved schedule whose micro-batches do not split evenly over the
// stages (arguments.py); the search does not visit those layouts at all (they were 40 % of a 405B
// search's visits), and still finds every interleaved layout the rule allows.
TEST_CASE("the search visits no interleaved layout Megatron-LM would refuse", "[search]") {
    Scenario s = openScenario("llama-3.1-405b", 16, 256);
    s.training.seqLen = 8192;
    const SearchResult r = searchLayouts(s, test::catalog());
    REQUIRE(r.spaceSize > 0);
    CHECK(r.evaluated == r.spaceSize);  // every visited layout resolved
    bool interleaved = false;
    for (const auto& c : r.ranked) {
        if (c.layout.vpp > 1) {
            interleaved = true;
            CHECK(c.layout.microBatches % c.layout.pp == 0);
        }
    }
    CHECK(interleaved);
}

TEST_CASE("a candidate's reason is written from its numbers, and says nothing when it fits", "[search]") {
    Candidate c;
    CHECK(notFitReason(c).text.empty());  // never evaluated (an empty search's placeholder)
    c.capacityBytes = 80.0 * (1ull << 30);
    c.memoryBytes = 90.5 * (1ull << 30);
    c.memoryStage = 3;
    CHECK(notFitReason(c).text == "needs 91 GiB > 80 GiB usable (stage 3)");
    c.memoryBytes = 70.0 * (1ull << 30);  // the GPU part fits: the host does not
    c.fitsGpu = true;
    c.hostBytes = 600.0 * (1ull << 30);
    c.hostCapacityBytes = 250.0 * (1ull << 30);
    CHECK(notFitReason(c).text == "host memory: needs 600 GiB > 250 GiB per GPU");
    c.fits = true;
    CHECK(notFitReason(c).text.empty());
}

TEST_CASE("the Pareto front in two chosen figures keeps the undominated points, ordered by x", "[search]") {
    // x smaller is better, y larger is better. (2, 5) is beaten by (1, 6); (3, 6) ties (1, 6) in y
    // at a larger x; the second (4, 9) repeats the first; NaN is left out.
    const std::vector<FrontPoint> points{{4, 9},  {1, 6},  {2, 5}, {3, 6}, {4, 9}, {std::nan(""), 20},
                                         {8, 10}, {0.5, 1}};
    CHECK(paretoFront(points) == std::vector<std::size_t>{7, 1, 0, 6});
    CHECK(paretoFront({}).empty());
    // Equal x: only the faster one.
    CHECK(paretoFront({{2, 1}, {2, 3}}) == std::vector<std::size_t>{1});
}

TEST_CASE("in memory against speed the front is the search's own", "[search]") {
    const SearchResult r = searchLayouts(openScenario("llama-3.1-70b", 4, 256), test::catalog());
    std::vector<FrontPoint> points;
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < r.ranked.size(); ++i)
        if (r.ranked[i].fits) {
            points.push_back({r.ranked[i].memoryBytes, r.ranked[i].perf.tokensPerSecond});
            rows.push_back(i);
        }
    REQUIRE(points.size() > 10);
    std::size_t marked = 0;
    for (const auto& c : r.ranked)
        marked += c.pareto ? 1 : 0;
    const std::vector<std::size_t> front = paretoFront(points);
    CHECK(front.size() == marked);
    for (const std::size_t i : front)
        CHECK(r.ranked[rows[i]].pareto);
}

// A MoE search's CSV says how each layout moves its tokens: the dispatcher and EP overlap the
// search chose for it (the same layout with another dispatcher runs at another speed), by the
// scenario file's names so that a row can be written back as a layout.
TEST_CASE("the search CSV names each layout's dispatcher and EP overlap", "[search][moe][csv]") {
    auto s = parseScenario(R"({ "schema": "clusterplan.scenario/1", "model": { "preset": "deepseek-v3" },
        "training": { "seq_len": 4096, "global_batch": 8192, "precision": "fp8" },
        "cluster": { "gpu": "h800-sxm-80gb", "gpus_per_node": 8, "nodes": 256,
                     "intra_node": "nvlink4-nvswitch", "inter_node": "ib-ndr-400" } })",
                           test::catalog());
    REQUIRE(s.ok());
    const SearchResult r = searchLayouts(s.value(), test::catalog(), SearchOptions{});
    const auto rows = readCsv(searchToCsv(r, r.ranked.size()), ',', "search.csv");
    REQUIRE(rows.ok());
    REQUIRE(rows->size() == r.ranked.size() + 1);
    const std::vector<std::string>& header = rows->front().fields;
    const auto column = [&](const char* name) {
        const auto at = std::find(header.begin(), header.end(), name);
        REQUIRE(at != header.end());
        return static_cast<std::size_t>(at - header.begin());
    };
    const std::size_t dispatcher = column("dispatcher"), overlap = column("ep_overlap");
    std::set<std::string> dispatchers;
    for (std::size_t i = 0; i < r.ranked.size(); ++i) {
        const std::vector<std::string>& fields = rows->at(i + 1).fields;
        REQUIRE(fields.size() == header.size());
        CHECK(parseMoeDispatcher(fields[dispatcher]) == r.ranked[i].layout.moe.dispatcher);
        CHECK(parseEpOverlap(fields[overlap]) == r.ranked[i].layout.moe.epOverlap);
        dispatchers.insert(fields[dispatcher]);
    }
    // EP 1 all-to-all (nothing to send), EP 2 in a server all-gather, EP across servers DeepEP.
    CHECK(dispatchers == std::set<std::string>{"all_to_all", "allgather", "deepep"});
}
