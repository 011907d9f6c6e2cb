// Fine-grained MoE layouts: Megatron-Core's expert grid (expert TP × EP × expert DP) folded over the
// attention's TP × CP × DP GPUs, its divisibility rule, what each GPU holds under it, where its
// all-to-all runs, and the search exploring folded layouts.
#include <algorithm>
#include <string>

#include "core/io/scenario_json.h"
#include "core/model/param_count.h"
#include "core/parallel/layout.h"
#include "core/report/plan_format.h"
#include "core/search/layout_search.h"
#include "core/search/search_format.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinRel;

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

Scenario loadData(const std::string& file) {
    auto s = loadScenarioFile(kData + "/" + file, test::catalog());
    REQUIRE(s.ok());
    return s.value();
}

// Qwen3-235B-A22B on 256 H100, TP 2 × PP 8 × VPP 4 (Megatron-MoE-ModelZoo's layout), EP and
// expert TP as given.
Scenario qwen3(std::int64_t ep, std::int64_t expertTp) {
    Scenario s = loadData("qwen3-235b-256xh100-ep32.json");
    s.layout.ep = ep;
    s.layout.expertTp = expertTp;
    return s;
}

Plan planOf(const Scenario& s) {
    auto p = evaluate(s, test::catalog());
    REQUIRE(p.ok());
    return p.value();
}

}  // namespace

TEST_CASE("expert TP × EP must divide tp·cp·dp, Megatron-Core's rule for its expert grid", "[moe][layout]") {
    const Scenario s = qwen3(32, 1);
    const auto resolve = [&](std::int64_t ep, std::int64_t expertTp) {
        LayoutSpec spec = s.layout;
        spec.ep = ep;
        spec.expertTp = expertTp;
        return resolveLayout(spec, s.model, s.training, s.cluster.gpus());
    };
    // The published layout: 256 GPUs = TP 2 × PP 8 × DP 16; EP 32 × expert TP 1 = 32 = tp·dp, so
    // the expert DP is 1, as the ModelZoo table gives it (EDP = n / (EP · ETP · PP) = 1).
    const auto folded = resolve(32, 1);
    REQUIRE(folded.ok());
    CHECK(folded->expertTp == 1);
    CHECK(folded->etp() == 1);
    CHECK(folded->expertDp() == 1);
    // Megatron-Core's default expert TP is the attention's TP (arguments.py): EP 32 then needs
    // 2 × 32 = 64 GPUs per expert replica, more than tp·dp, and EP must divide dp·cp (16).
    const auto byDefault = resolve(32, 0);
    REQUIRE_FALSE(byDefault.ok());
    CHECK(byDefault.error().where == "layout.ep");
    CHECK(byDefault.error().reason.id == "error.layout.ep_dp_cp");
    // Naming the default explicitly is the default layout.
    const auto named = resolve(16, 2);
    REQUIRE(named.ok());
    CHECK(named->expertTp == 0);
    CHECK(named->expertDp() == 1);
    CHECK(*named == *resolve(16, 0));
    // Expert TP 2 with EP 32 would need 64 of the 32 GPUs.
    const auto tooMany = resolve(32, 2);
    REQUIRE_FALSE(tooMany.ok());
    CHECK(tooMany.error().where == "layout.ep");
    const auto wide = resolve(16, 4);
    REQUIRE_FALSE(wide.ok());
    CHECK(wide.error().where == "layout.expert_tp");
    CHECK(wide.error().reason.id == "error.layout.expert_tp_fold");
    CHECK(wide.error().message.find("4 × 16 = 64") != std::string::npos);
    CHECK(wide.error().message.find("(32)") != std::string::npos);
    // Expert TP 1 with EP 8: each expert whole on its GPU, 4 copies of every expert shard.
    const auto whole = resolve(8, 1);
    REQUIRE(whole.ok());
    CHECK(whole->expertDp() == 4);
}

TEST_CASE("the published Qwen3-235B-A22B layout with EP 32 over TP 2 × DP 16 evaluates", "[moe][layout]") {
    const Plan p = test::planFromFile(kData, "qwen3-235b-256xh100-ep32.json");
    CHECK(p.layout.ep == 32);
    CHECK(p.layout.etp() == 1);
    CHECK(layoutText(p.layout).find("EP 32, expert TP 1") != std::string::npos);
    CHECK(planToJson(p).find("\"expert_tp\": 1") != std::string::npos);
    CHECK(p.perf.epCommSeconds > 0);
    // EP 32 at stride 1 spans four 8-GPU servers: its all-to-all leaves the server.
    CHECK(p.perf.tokensPerSecond > 0);
}

TEST_CASE("routed experts are split over expert TP × EP and their states sharded over expert DP",
          "[moe][memory]") {
    // 16 shards of every expert either way: EP 16 with whole experts, or EP 8 with each expert's
    // matrices split over 2 expert TP ranks. Expert DP is 32 / 16 = 2 in both.
    const Plan whole = planOf(qwen3(16, 1));
    const Plan split = planOf(qwen3(8, 2));
    CHECK(whole.layout.expertDp() == 2);
    CHECK(split.layout.expertDp() == 2);
    CHECK_THAT(whole.memory.weights, WithinRel(split.memory.weights, 1e-12));
    CHECK_THAT(whole.memory.gradients, WithinRel(split.memory.gradients, 1e-12));
    CHECK_THAT(whole.memory.optimizer, WithinRel(split.memory.optimizer, 1e-12));
    // EP 32 with whole experts: half the expert weights of EP 16, the same dense weights.
    const Plan ep32 = planOf(qwen3(32, 1));
    const Plan ep16 = planOf(qwen3(16, 1));
    const double expertsAt16 = 2 * (ep16.memory.weights - ep32.memory.weights);
    CHECK(expertsAt16 > 0);
    // Qwen3-235B-A22B: 94 layers of 128 experts of 3 × 4096 × 1536 (Qwen3 technical report,
    // arXiv:2505.09388, Table 2; config.json moe_intermediate_size 1536), bf16; the most loaded
    // stage holds 3 of the 32 virtual stages' layers × 4 (VPP), 12 layers.
    const double expertParams = 128.0 * 3 * 4096 * 1536;
    CHECK_THAT(expertsAt16, WithinRel(12 * expertParams / 16 * 2, 0.1));
}

TEST_CASE("TP 8 × EP 32 with expert TP 1 keeps its all-to-all inside a 64-GPU NVL72 rack",
          "[moe][perf][nvl72]") {
    const Catalog& c = test::catalog();
    auto loaded = loadScenarioFile(kData + "/../../resources/scenarios/gb200-nvl72.json", c);
    REQUIRE(loaded.ok());
    Scenario s = loaded.value();  // 4 racks of 64 GPUs in use, Qwen3-235B-A22B
    s.layout = LayoutSpec{};
    s.layout.open = 0;
    s.layout.tp = 8;
    s.layout.ep = 32;
    s.layout.pp = 1;
    s.layout.dp = s.cluster.gpus() / 8;
    s.layout.zeroStage = 1;
    s.layout.recompute = Recompute::Full;
    s.layout.sequenceParallel = true;
    // Megatron-Core's default expert TP 8: EP ranks 8 apart, the group spans 256 GPUs, four racks.
    const Plan across = planOf(s);
    // Expert TP 1: the expert grid's rank order tp-ep-dp-pp puts the 32 EP ranks on consecutive
    // GPUs, half a rack.
    s.layout.expertTp = 1;
    const Plan inside = planOf(s);
    // The same layout on one 512-GPU NVLink domain: every collective on NVLink.
    Catalog big = Catalog::builtin();
    REQUIRE(big.mergeJson(R"({"fabrics": [{"id": "nvlink5-512", "name": "NVLink 5, 512-GPU domain",
        "scope": "intra", "bandwidth_gb_s": 900, "latency_us": 1.9, "efficiency": 0.8, "domain_gpus": 576,
        "domain_gpus_used": 512, "source": "test: a larger domain", "as_of": "2026-12"}]})",
                          "big.json")
                .ok());
    Scenario allNvlink = s;
    allNvlink.cluster.intraNode = "nvlink5-512";
    const auto reference = evaluate(allNvlink, big);
    REQUIRE(reference.ok());
    // Timed at NVLink bandwidth: exactly what the all-NVLink domain gives.
    CHECK_THAT(inside.perf.epCommSeconds, WithinRel(reference->perf.epCommSeconds, 1e-12));
    CHECK(inside.perf.epCommSeconds > 0);
    // And well below the default expert TP's all-to-all over the racks' network.
    CHECK(across.perf.epCommSeconds > 2 * inside.perf.epCommSeconds);
}

TEST_CASE("the expert_tp key is read, range-checked and written back", "[moe][scenario]") {
    const Scenario s = loadData("qwen3-235b-256xh100-ep32.json");
    CHECK(s.layout.expertTp == 1);
    const std::string json = scenarioToJson(s);
    CHECK(json.find("\"expert_tp\"") != std::string::npos);
    const auto again = parseScenario(json, test::catalog());
    REQUIRE(again.ok());
    CHECK(again->layout.expertTp == 1);
    // Without the key: Megatron-Core's default (0 here, the attention's TP), and not written.
    Scenario plain = s;
    plain.layout.expertTp = 0;
    CHECK(scenarioToJson(plain).find("expert_tp") == std::string::npos);
    std::string bad = json;
    bad.replace(bad.find("\"expert_tp\": 1"), std::string("\"expert_tp\": 1").size(), "\"expert_tp\": -1");
    const auto refused = parseScenario(bad, test::catalog());
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().where.find("expert_tp") != std::string::npos);
}

TEST_CASE("the search explores EP folded over the TP ranks with expert TP 1", "[moe][search]") {
    Scenario s = qwen3(1, 0);
    s.layout.open = kEp;  // TP 2 × PP 8 × VPP 4 fixed, EP searched, expert TP not named
    const SearchResult r = searchLayouts(s, test::catalog(), SearchOptions{});
    REQUIRE_FALSE(r.ranked.empty());
    const auto has = [&](std::int64_t ep, std::int64_t etp) {
        return std::any_of(r.ranked.begin(), r.ranked.end(),
                           [&](const Candidate& c) { return c.layout.ep == ep && c.layout.etp() == etp; });
    };
    CHECK(has(16, 2));  // the default expert TP, EP up to dp·cp
    CHECK(has(16, 1));
    CHECK(has(32, 1));  // beyond dp·cp: only folded
    CHECK_FALSE(has(32, 2));
    // The tables say which expert TP a row runs when it is not the default.
    const std::string text = searchToText(r, r.ranked.size());
    const std::string json = searchToJson(r, r.ranked.size());
    CHECK(text.find(", expert TP 1") != std::string::npos);
    CHECK(json.find("\"expert_tp\": 1") != std::string::npos);
}

namespace {

// DeepSeek-V3 on 2,048 H800 (technical report, arXiv:2412.19437 §3.1: 256 servers of 8 H800, NVLink
// inside, 400 Gb/s InfiniBand between), FP8, sequences of 4,096, 8,192 per step.
Scenario deepSeekV3On2048() {
    auto s = parseScenario(R"({ "schema": "clusterplan.scenario/1", "name": "DeepSeek-V3 on 2048 H800",
        "model": { "preset": "deepseek-v3" },
        "training": { "seq_len": 4096, "global_batch": 8192, "tokens": 14.8e12, "precision": "fp8",
                      "optimizer": "adamw", "flash_attention": true },
        "cluster": { "gpu": "h800-sxm-80gb", "gpus_per_node": 8, "nodes": 256,
                     "intra_node": "nvlink4-nvswitch", "inter_node": "ib-ndr-400" } })",
                           test::catalog());
    REQUIRE(s.ok());
    return s.value();
}

}  // namespace

TEST_CASE("ZeRO-3 under EP 8 gathers every expert shard over one NIC per GPU", "[moe][perf][zero3]") {
    Scenario s = deepSeekV3On2048();
    s.layout = LayoutSpec{};
    s.layout.open = 0;
    s.layout.dp = 2048;
    s.layout.ep = 8;
    s.layout.microBatch = 4;
    s.layout.zeroStage = 3;
    s.layout.recompute = Recompute::Full;
    const Plan p = planOf(s);
    REQUIRE(p.layout.microBatches == 1);  // 8,192 / (2,048 × 4): one micro-batch per step
    // DeepSeek-V3 (arXiv:2412.19437 §4.2; its config.json): 58 MoE layers of 256 routed experts of
    // 3 × 7168 × 2048: ~654 B routed-expert parameters, ~17 B others of its 671 B.
    const double routed = 58.0 * 256 * 3 * 7168 * 2048;
    const double others = countParams(s.model).total - routed;
    CHECK_THAT(routed, WithinRel(654e9, 0.001));
    CHECK_THAT(others, WithinRel(17e9, 0.02));
    // Each rank gathers its 1/8 of the experts and all the others: ~99 B parameters per pass,
    // ~197 GB in BF16 (the weights as stored; ~99 GB were they gathered in FP8).
    CHECK_THAT(p.memory.params, WithinRel(routed / 8 + others, 0.001));
    CHECK_THAT(p.memory.storedWeightBytes, WithinRel(2 * (routed / 8 + others), 0.001));
    // The experts come from the 256 GPUs holding the same ones, 8 apart: one per server, so each of
    // the ~164 GB crosses this GPU's own 400 Gb/s NIC (50 GB/s line rate), for the forward, again for
    // the backward, and as many gradients reduce-scattered: at least 3 × 163.5 GB × 255/256 / 50 GB/s
    // = 9.8 s per step even at line rate (the dense part over all 2,048 GPUs, whose ring uses all
    // eight NICs of a server, comes on top).
    const double expertPass = 2 * routed / 8 * 255.0 / 256 / 50e9;
    CHECK(expertPass > 3.2);
    CHECK(p.perf.dpCommTotalSeconds > 3 * expertPass);
    // NCCL's ring reaches ~47 of the 50 GB/s and pays its latency once per layer and pass; the dense
    // part adds ~34 GB a pass: within 30 % of that.
    CHECK(p.perf.dpCommTotalSeconds < 1.3 * 3 * expertPass / 0.94);
}

TEST_CASE("the search no longer recommends ZeRO-3 with EP 8 over 2,048 GPUs for DeepSeek-V3",
          "[moe][search][zero3]") {
    const Scenario s = deepSeekV3On2048();
    const SearchResult r = searchLayouts(s, test::catalog(), SearchOptions{});
    REQUIRE(r.best.has_value());
    const Candidate& best = r.ranked[*r.best];
    INFO(layoutText(best.layout) << ", ZeRO " << best.layout.zeroStage << ", micro-batch "
                                 << best.layout.microBatch << ", step " << best.perf.stepSeconds << " s");
    CHECK_FALSE((best.layout.zeroStage == 3 && best.layout.ep == 8));
    // What it recommends instead keeps the expert traffic short of the step.
    CHECK(best.perf.dpCommSeconds < 0.25 * best.perf.stepSeconds);
}
