// Fine-grained MoE layouts: Megatron-Core's expert grid (expert TP × EP × expert DP) folded over the
// attention's TP × CP × DP GPUs, its divisibility rule, what each GPU holds under it, where its
// all-to-all runs, and the search exploring folded layouts; the dispatchers (all-to-all, DeepEP),
// the EP overlaps (1F1B A2A, DualPipe) and DeepSeek-V3's memory measures, each against the figure
// its source published.
#include <algorithm>
#include <string>

#include "core/io/scenario_json.h"
#include "core/memory/activation_model.h"
#include "core/memory/memory_model.h"
#include "core/model/param_count.h"
#include "core/parallel/layout.h"
#include "core/perf/moe_choice.h"
#include "core/perf/moe_dispatch.h"
#include "core/report/plan_format.h"
#include "core/search/layout_search.h"
#include "core/search/search_format.h"
#include "core/util/units.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinRel;
using units::kGiB;

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

namespace {

NetworkTiers tiers(const std::string& intra, const std::string& inter, std::int64_t gpus) {
    const Fabric* a = test::catalog().fabric(intra);
    const Fabric* b = test::catalog().fabric(inter);
    REQUIRE(a);
    REQUIRE(b);
    return makeTiers(*a, *b, 8, 8, gpus);
}

}  // namespace

TEST_CASE("a token crosses the network once per server holding one of its experts", "[moe][perf][dispatch]") {
    // Qwen3-235B-A22B: 128 experts, top-8, EP 32 over 4 servers of 32 experts each. A server holds
    // none of a token's 8 experts with probability C(96, 8) / C(128, 8) = Π (96 − i) / (128 − i).
    double none = 1;
    for (int i = 0; i < 8; ++i)
        none *= (96.0 - i) / (128.0 - i);
    CHECK_THAT(remoteNodesPerToken(8, 128, 4), WithinRel(3 * (1 - none), 1e-12));
    // NCCL's all-to-all sends the copies bound elsewhere one by one: 8 · 3/4 = 6 per token.
    CHECK(remoteNodesPerToken(8, 128, 4) < 0.5 * 6);
    // Inside one server nothing crosses the network.
    CHECK(remoteNodesPerToken(8, 128, 1) == 0);
}

TEST_CASE("DeepEP's normal kernels at their measured bandwidths on H800", "[moe][perf][dispatch]") {
    // deepseek-ai/DeepEP README (normal kernels, H800, NVLink ~160 GB/s, CX7 400 Gb/s IB): 4,096
    // tokens of hidden 7,168, top-8 of 256 experts, FP8 dispatch. Intranode EP 8: 153 GB/s through
    // NVLink; internode EP 64: 51 GB/s RDMA bottleneck bandwidth.
    const double tokenBytes = 4096.0 * 7168 * 1;
    const NetworkTiers net = tiers("nvlink4-nvswitch-h800", "ib-ndr-400", 64);
    const EpExchange intra{tokenBytes, 8, 256, 8, 1};
    const double intraSeconds = epExchangeSeconds(MoeDispatcher::DeepEp, intra, net);
    CHECK_THAT(8 * tokenBytes * 7 / 8 / intraSeconds, WithinRel(153e9, 0.10));
    const EpExchange inter{tokenBytes, 8, 256, 64, 1};
    const double interSeconds = epExchangeSeconds(MoeDispatcher::DeepEp, inter, net);
    const double rdmaBytes = tokenBytes * remoteNodesPerToken(8, 256, 8);
    CHECK_THAT(rdmaBytes / interSeconds, WithinRel(51e9, 0.10));
    // NCCL's all-to-all at EP 64 sends 7 of 8 copies over IB, 4.6 under DeepEP without a node limit.
    const double a2a = epExchangeSeconds(MoeDispatcher::AllToAll, inter, net);
    CHECK(a2a / interSeconds > 1.3);
    CHECK(a2a / interSeconds < 1.7);
}

TEST_CASE("NCCL's all-to-all sends the share bound for other servers through the NIC once",
          "[moe][perf][dispatch]") {
    // Each of n ranks sends bytes/n to every rank. EP 16 over two 8-GPU H100 servers, 1 GB per GPU:
    // 7/16 GB to the seven other GPUs of its server over NVLink, 8/16 GB to the eight GPUs of the
    // other server through its one 400 Gb/s NIC (47 GB/s achieved, the catalog's InfiniBand NDR).
    // NVLink carries an all-to-all at 0.88 of its ring rate (the test below).
    const NetworkTiers net = tiers("nvlink4-nvswitch", "ib-ndr-400", 16);
    const double bytes = 1e9;
    const double a2aNvlink = 0.88 * net.intra.bandwidth;
    const double nvlink = 7 * net.intra.latency + bytes * 7 / 16 / a2aNvlink;
    const double nic = 1 * (net.inter.latency + net.interHopLatency) + bytes * 8 / 16 / net.inter.bandwidth;
    CHECK_THAT(collectiveSeconds(Collective::AllToAll, bytes, 16, 1, net), WithinRel(nvlink + nic, 1e-12));
    // nccl-tests' bus bandwidth (src/alltoall.cu: busBw = algBw·(n − 1)/n) then stays below what
    // the NIC carries scaled by the share that crosses it, (n − 1)/n ÷ 8/16 = 1.875 × 47 GB/s, and
    // above 80 % of it (the NVLink share is counted after the NIC's); counting the remote share
    // twice (1/4 of the buffer through the NIC) gave about 3.5 ×.
    const double busBw = bytes / collectiveSeconds(Collective::AllToAll, bytes, 16, 1, net) * 15 / 16;
    CHECK(busBw < 15.0 / 8 * net.inter.bandwidth);
    CHECK(busBw > 0.8 * 15.0 / 8 * net.inter.bandwidth);
    // Inside one server, and one GPU per server, the volume is (n − 1)/n of the buffer as before.
    CHECK_THAT(collectiveSeconds(Collective::AllToAll, bytes, 8, 1, net),
               WithinRel(7 * net.intra.latency + bytes * 7 / 8 / a2aNvlink, 1e-12));
}

TEST_CASE("NCCL's all-to-all inside an NVSwitch domain against its published timings",
          "[moe][perf][dispatch]") {
    // nccl-tests alltoall_perf on 4 H100 SXM of one HGX server (NVIDIA/nccl issue #2169, NCCL
    // 2.30.4): 524,288,000 bytes per GPU in 1,174.14 µs out of place, 1,163.40 µs in place (bus
    // bandwidth 334.90 and 337.99 GB/s). Each GPU sends 3/4 of its buffer to three peers.
    const NetworkTiers h100 = tiers("nvlink4-nvswitch", "ib-ndr-400", 8);
    const double buffer = 524288000.0;
    const double fourGpus = collectiveSeconds(Collective::AllToAll, buffer, 4, 1, h100);
    CHECK_THAT(fourGpus, WithinRel(1174.14e-6, 0.05));
    CHECK_THAT(fourGpus, WithinRel(1163.40e-6, 0.05));
    // Its bus bandwidth stays below what the ring collectives reach on the same link (369 GB/s,
    // 450 GB/s × 0.82): at that rate the call would take 1,072 µs, 9 % short of the measurement.
    const double busBw = buffer * 3 / 4 / fourGpus;
    CHECK(busBw < 0.95 * h100.intra.bandwidth);
    CHECK(busBw > 0.80 * h100.intra.bandwidth);
    // The Megatron-Core MoE paper (arXiv:2603.07685): NCCL's all-to-all at EP 64 inside a GB200
    // NVL72 rack, 930 µs a dispatch and 827 µs a combine, taken at DeepEP's benchmark shape for
    // DeepSeek-V3 (4,096 tokens × 7,168, top-8 of 256 experts, BF16: 470 MB routed per GPU, 63/64
    // of it to 63 peers over NVLink 5). The NVL72 domain holds the 64 GPUs: no NIC is crossed.
    const Fabric* nvl72 = test::catalog().fabric("nvlink5-nvl72");
    const Fabric* ib = test::catalog().fabric("ib-xdr-800");
    REQUIRE(nvl72);
    REQUIRE(ib);
    const NetworkTiers gb200 = makeTiers(*nvl72, *ib, 4, 4, 256);
    const EpExchange ep64{4096.0 * 7168 * 2, 8, 256, 64, 1};
    const double exchange = epExchangeSeconds(MoeDispatcher::AllToAll, ep64, gb200);
    CHECK_THAT(exchange, WithinRel(930e-6, 0.10));
    CHECK_THAT(exchange, WithinRel(827e-6, 0.10));
    // Small messages are bound by one step of latency per peer: nccl-tests alltoall_perf on the 8
    // GPUs of one H20 server (NVLink 4 through NVSwitch, as H100's; deepseek-ai/DeepEP issue #303)
    // takes 10.59 µs out of place at 128 bytes and 11.13 µs at 4,096, where the engine counts 7
    // NCCL LL128 ring steps of 1.9 µs, 13.3 µs: within 30 %, on the slow side. The published MoE
    // runs send megabytes to each peer, where the bytes dominate (at EP 64 above, 120 µs of the
    // 850 µs are latency).
    CHECK_THAT(collectiveSeconds(Collective::AllToAll, 128, 8, 1, h100), WithinRel(10.59e-6, 0.30));
    CHECK_THAT(collectiveSeconds(Collective::AllToAll, 4096, 8, 1, h100), WithinRel(11.13e-6, 0.30));
    CHECK(collectiveSeconds(Collective::AllToAll, 4096, 8, 1, h100) > 11.13e-6);
    // On PCIe servers the catalog's rate stands as it is.
    const NetworkTiers pcie = tiers("pcie5-x16", "ib-ndr-400", 8);
    CHECK_THAT(collectiveSeconds(Collective::AllToAll, buffer, 4, 1, pcie),
               WithinRel(3 * pcie.intra.latency + buffer * 3 / 4 / pcie.intra.bandwidth, 1e-12));
}

TEST_CASE("NCCL's all-to-all at EP 64 on H100 against the Megatron-Core MoE paper's 9,164 µs",
          "[moe][perf][dispatch]") {
    // arXiv:2603.07685 (Megatron-Core MoE): one dispatch at EP 64 on H100 takes 9,164 µs through
    // NCCL's all-to-all, 4,626 µs through HybridEP (combine 8,727 and 4,398 µs). The transcription
    // gives no shape; taken here at DeepEP's benchmark shape for DeepSeek-V3 (deepseek-ai/DeepEP
    // README: 4,096 tokens of hidden 7,168, top-8 of 256 experts), in BF16. EP 64 = eight servers:
    // 7/8 of the 8 copies, 411 MB, through a 47 GB/s NIC: 8.7 ms, plus 1/8 · 7/8 over NVLink.
    const NetworkTiers net = tiers("nvlink4-nvswitch", "ib-ndr-400", 64);
    const double tokenBytes = 4096.0 * 7168 * 2;
    const EpExchange ep64{tokenBytes, 8, 256, 64, 1};
    const double a2a = epExchangeSeconds(MoeDispatcher::AllToAll, ep64, net);
    CHECK_THAT(a2a, WithinRel(9164e-6, 0.10));
    // HybridEP sends a token once per other server holding one of its experts. DeepSeek-V3 routes
    // each token to at most 4 servers (node-limited routing, report arXiv:2412.19437 §2.1.2: 8
    // groups of 32 experts, one per server here, the 8 experts drawn from the best 4 groups):
    // 7 · 4/8 · (1 − C(96, 8)/C(128, 8)) = 3.17 servers per token instead of 4.64 unlimited, so the
    // all-to-all takes 7 / 3.17 = 2.2 times as long as HybridEP; the paper measured 1.98 (dispatch)
    // and 1.98 (combine).
    EpExchange limited = ep64;
    limited.groups = 8;
    limited.groupTopK = 4;
    const double hybrid = epExchangeSeconds(MoeDispatcher::HybridEp, limited, net);
    CHECK_THAT(a2a / hybrid, WithinRel(9164.0 / 4626, 0.15));
    CHECK(a2a / epExchangeSeconds(MoeDispatcher::HybridEp, ep64, net) < 1.7);
}

TEST_CASE("node-limited routing: the servers a DeepSeek-V3 token reaches", "[moe][perf][dispatch]") {
    // Report arXiv:2412.19437 §2.1.2: the 256 routed experts form 8 groups (config.json n_group 8,
    // topk_group 4); a token picks its best 4 groups, then its 8 experts among their 128, so it is
    // sent to at most 4 servers when each server holds whole groups.
    double none = 1;  // a picked group of 32 gets none of the 8 drawn from 128: C(96, 8) / C(128, 8)
    for (int i = 0; i < 8; ++i)
        none *= (96.0 - i) / (128.0 - i);
    // EP 64 on eight servers, one group each: a server is picked with probability 4/8.
    CHECK_THAT(remoteNodesPerToken(8, 256, 8, 8, 4), WithinRel(7 * 0.5 * (1 - none), 1e-12));
    CHECK(remoteNodesPerToken(8, 256, 8, 8, 4) < 4);
    // Unlimited, a server holds 32 of the 256 experts: 7 · (1 − C(224, 8)/C(256, 8)).
    double free = 1;
    for (int i = 0; i < 8; ++i)
        free *= (224.0 - i) / (256.0 - i);
    CHECK_THAT(remoteNodesPerToken(8, 256, 8), WithinRel(7 * (1 - free), 1e-12));
    // EP 256 on 32 servers (DeepSeek-V3's 2,048 H800 place EP 64 on 8; a larger EP group): each
    // group spans 4 servers of 8 experts; a server's group is picked with probability 4/8 and then
    // one of the 8 lands on its 8 of the picked 128.
    double noneOfEight = 1;
    for (int i = 0; i < 8; ++i)
        noneOfEight *= (120.0 - i) / (128.0 - i);
    CHECK_THAT(remoteNodesPerToken(8, 256, 32, 8, 4), WithinRel(31 * 0.5 * (1 - noneOfEight), 1e-12));
    // EP 32 on 4 servers of two groups each: j of a server's 2 groups picked with probability
    // C(2, j)·C(6, 4 − j)/C(8, 4) (j = 1: 2 · 20/70, j = 2: 15/70), and then one of the 8 experts of
    // the picked 128 is among its 32·j.
    double noneOfSixtyFour = 1;
    for (int i = 0; i < 8; ++i)
        noneOfSixtyFour *= (64.0 - i) / (128.0 - i);
    const double reached = 40.0 / 70 * (1 - none) + 15.0 / 70 * (1 - noneOfSixtyFour);
    CHECK_THAT(remoteNodesPerToken(8, 256, 4, 8, 4), WithinRel(3 * reached, 1e-12));
    // Where each server holds whole groups the limit binds: at most 4 servers per token, so at most
    // 4 others. Where a group spans servers (16 or 32 of them) the 4 picked groups cover 8 or 16
    // servers: fewer than unlimited, but no longer at most 4.
    for (const double servers : {2.0, 4.0, 8.0})
        CHECK(remoteNodesPerToken(8, 256, servers, 8, 4) <= 4);
    for (const double servers : {16.0, 32.0})
        CHECK(remoteNodesPerToken(8, 256, servers, 8, 4) < remoteNodesPerToken(8, 256, servers));
    // DeepSeek-V3's preset carries its groups, and its EP traffic under DeepEP uses them.
    const ModelSpec* v3 = test::catalog().model("deepseek-v3");
    REQUIRE(v3);
    REQUIRE(v3->moe);
    CHECK(v3->moe->routerGroups == 8);
    CHECK(v3->moe->routerGroupTopK == 4);
}

TEST_CASE("1F1B A2A overlap on Qwen3-235B-A22B, EP 32 over H100: ModelZoo's 19.7 s and 17.6 s",
          "[moe][perf][overlap]") {
    // Megatron-MoE-ModelZoo best_practice/qwen3/readme.md, H100 table: TP 2, PP 8, VPP 4, EP 32,
    // DeepEP, 19.7 s per step; with the 1F1B A2A overlap 17.6 s (245 → 276 TFLOP/s).
    Scenario s = qwen3(32, 1);
    s.training.framework = Framework::Nemo;
    s.layout.moe.dispatcher = MoeDispatcher::DeepEp;
    const Plan plain = planOf(s);
    s.layout.moe.epOverlap = EpOverlap::OneFOneB;
    const Plan overlapped = planOf(s);
    CHECK(overlapped.perf.epCommSeconds < 0.6 * plain.perf.epCommSeconds);
    CHECK(overlapped.perf.contentionSeconds > plain.perf.contentionSeconds);
    CHECK_THAT(overlapped.perf.stepSeconds / plain.perf.stepSeconds, WithinRel(17.6 / 19.7, 0.06));
    // The plain step itself: DeepEP's 19.7 s within the band the plan states.
    CHECK(plain.perf.stepSecondsLow <= 19.7);
    CHECK(plain.perf.stepSecondsHigh >= 19.7);
    // DeepEP against NCCL's all-to-all on the same layout: 2.7 remote servers per token for 6 copies.
    Scenario a2a = qwen3(32, 1);
    a2a.training.framework = Framework::Nemo;
    CHECK(plain.perf.epCommSeconds < 0.7 * planOf(a2a).perf.epCommSeconds);
    CHECK(layoutText(overlapped.layout).find("DeepEP, 1F1B EP overlap") != std::string::npos);
}

TEST_CASE("DeepSeek-V3 as DeepSeek trained it fits and lands near its 180 K GPU-hours per trillion tokens",
          "[moe][memory][perf]") {
    const Plan p = test::planFromFile(kData, "deepseek-v3-2048xh800-as-trained.json");
    INFO("memory " << p.memory.total() / kGiB << " GiB, activations " << p.memory.activations / kGiB
                   << " GiB; step " << p.perf.stepSeconds << " s, EP exposed " << p.perf.epCommSeconds
                   << " s, bubble " << p.perf.bubbleSeconds << " s");
    CHECK(p.memory.fits());
    CHECK(p.memory.total() < 80 * units::kGB);
    // Technical report Table 1: 2.664 M H800 GPU-hours for 14.8 T tokens of pre-training, 180 K per
    // trillion tokens; the plan's band is the accuracy it states.
    const double perTrillion = p.perf.gpuHours / 14.8;
    const double low = perTrillion * p.perf.stepSecondsLow / p.perf.stepSeconds;
    const double high = perTrillion * p.perf.stepSecondsHigh / p.perf.stepSeconds;
    INFO("GPU-hours per trillion tokens " << perTrillion << " (" << low << " to " << high << ")");
    CHECK(low <= 180e3);
    CHECK(high >= 180e3);
    // DualPipe hides the all-to-all behind the other direction's compute.
    CHECK(p.perf.epCommSeconds < 0.05 * p.perf.stepSeconds);
}

TEST_CASE("DeepSeek-V3's memory measures against the Megatron-Core MoE paper's savings", "[moe][memory]") {
    // arXiv:2603.07685, DeepSeek-V3 memory anatomy (PP 4 × VPP 4 × EP 64 on 256 GPUs): of 131 GB of
    // activations, recomputing the MLA up-projections and the norms saves 30.4 + 8.2 GB (29 %); FP8
    // activations about 16 GB more (12 %).
    const ModelSpec* v3 = test::catalog().model("deepseek-v3");
    REQUIRE(v3);
    TrainingSpec t;
    t.seqLen = 4096;
    Layout l;
    l.recompute = Recompute::Selective;
    const double before = layerActivationBytes(*v3, true, t, l);
    l.moe.recomputeNormUpProj = true;
    const double recomputed = layerActivationBytes(*v3, true, t, l);
    l.moe.fp8Activations = true;
    const double both = layerActivationBytes(*v3, true, t, l);
    INFO("per MoE layer: " << before / 1e9 << " → " << recomputed / 1e9 << " → " << both / 1e9 << " GB");
    CHECK_THAT(1 - recomputed / before, WithinRel(38.6 / 131, 0.35));
    CHECK(1 - both / recomputed > 0.12);
}

TEST_CASE("DualPipe's bubble and its two copies of the parameters", "[moe][perf][memory]") {
    // DeepSeek-V3 report §3.2.1, Table 2: bubble (PP/2 − 1)(F&B + B − 3W) against 1F1B's
    // (PP − 1)(F + B); parameters 2×; activations of PP + 1 micro-batches.
    CHECK(dualPipeBubbleSeconds(16, 1.0, 2.0) == 0);
    CHECK_THAT(dualPipeBubbleSeconds(16, 1.5, 2.0), WithinRel(7 * 0.5, 1e-12));
    Scenario s = loadData("deepseek-v3-2048xh800-as-trained.json");
    const Plan dual = planOf(s);
    s.layout.moe.epOverlap = EpOverlap::OneFOneB;
    const Plan oneF = planOf(s);
    CHECK(dual.perf.bubbleSeconds < oneF.perf.bubbleSeconds);
    CHECK_THAT(dual.memory.weights, WithinRel(2 * oneF.memory.weights, 1e-9));
    CHECK(dual.memory.inFlightMicroBatches == oneF.memory.inFlightMicroBatches + 1);
}

TEST_CASE("the dispatcher, EP overlap and memory measures are read, written back and shown",
          "[moe][scenario]") {
    const Scenario s = loadData("deepseek-v3-2048xh800-as-trained.json");
    CHECK(s.layout.moe.dispatcher == MoeDispatcher::DeepEp);
    CHECK(s.layout.moe.epOverlap == EpOverlap::DualPipe);
    CHECK(s.layout.moe.recomputeNormUpProj);
    CHECK(s.layout.moe.fp8Activations);
    const std::string json = scenarioToJson(s);
    const auto again = parseScenario(json, test::catalog());
    REQUIRE(again.ok());
    CHECK(again->layout.moe == s.layout.moe);
    // Defaults are not written: a dense model's file is as it was.
    Scenario plain = s;
    plain.layout.moe = MoeOptions{};
    for (const char* key : {"dispatcher", "ep_overlap", "recompute_norm_up_proj", "fp8_activations"})
        CHECK(scenarioToJson(plain).find(key) == std::string::npos);
    // A value outside the list is refused with the list.
    std::string bad = json;
    bad.replace(bad.find("\"dualpipe\""), std::string("\"dualpipe\"").size(), "\"zero-bubble\"");
    const auto refused = parseScenario(bad, test::catalog());
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().where.find("ep_overlap") != std::string::npos);
    CHECK(refused.error().message.find("dualpipe") != std::string::npos);
    // The plan's JSON and text carry them.
    const Plan p = planOf(s);
    CHECK(planToJson(p).find("\"ep_overlap\": \"dualpipe\"") != std::string::npos);
    CHECK(layoutText(p.layout).find("DeepEP, DualPipe") != std::string::npos);
}

TEST_CASE("DeepSeek-V3 with PP and VPP but no layout string is split as Megatron-Bridge's recipe splits it",
          "[moe][layout]") {
    // megatron/bridge/recipes/deepseek/deepseek_v3.py, set_deepseek_v3_pipeline_model_parallel_layout:
    // 16 virtual stages (PP 16, PP 8 × VPP 2, PP 4 × VPP 4) hold 4 layers each, the embedding with the
    // first, and 1 layer, the MTP block and the loss on the last; 8 hold 8 and 5; 4 hold 16 and 13.
    const ModelSpec* v3 = test::catalog().model("deepseek-v3");
    REQUIRE(v3);
    CHECK(recipeLayoutString(*v3, 16) == "Etttt|(tttt|)*14tmL");
    CHECK(recipeLayoutString(*v3, 8) == "Etttttttt|(tttttttt|)*6tttttmL");
    CHECK(recipeLayoutString(*v3, 4) ==
          "E" + std::string(16, 't') + "|(" + std::string(16, 't') + "|)*2" + std::string(13, 't') + "mL");
    CHECK(recipeLayoutString(*v3, 32) == "Et|(tt|)*30mL");
    CHECK(recipeLayoutString(*v3, 12).empty());
    // The Megatron-Core MoE paper's DeepSeek-V3 on 256 GB200: PP 4 × VPP 4 × EP 64, no string given
    // (ModelZoo run_deepseek_v3_gb200.sh passes none); refused before, evaluated now.
    Scenario s = loadData("deepseek-v3-2048xh800-as-trained.json");
    s.layout = LayoutSpec{};
    s.layout.open = 0;
    s.layout.pp = 4;
    s.layout.vpp = 4;
    s.layout.ep = 64;
    s.layout.dp = 0;
    s.cluster.nodes = 32;
    const Plan p = planOf(s);
    CHECK(p.layout.split.layout == "Etttt|(tttt|)*14tmL");
    CHECK(p.layout.split.layoutChunks.size() == 16);
    // The even split that works needs no recipe.
    s.layout.vpp = 1;
    s.layout.pp = 1;
    s.layout.ep = 8;
    CHECK(planOf(s).layout.split.layout.empty());
}

TEST_CASE("an MTP layer placed by the layout string costs one more MoE layer with the output head",
          "[moe][perf][mtp]") {
    // Megatron-MoE-ModelZoo's DeepSeek-V3 H100 layout "Et|(tt|)*30mL": the last virtual stage, on
    // rank 7 of PP 8, holds the MTP module and the loss. DeepSeek-V3 report §2.2: the module is a
    // projection from 2h to h, one Transformer block and the output head shared with the model.
    Scenario s = loadData("deepseek-v3-1024xh100-layout.json");
    const Plan withMtp = planOf(s);
    s.layout.split.layout = "Et|(tt|)*30L";
    const Plan without = planOf(s);
    REQUIRE(withMtp.perf.stageSeconds.size() == 8);
    // Rank 2 holds 8 MoE layers (3-4, 19-20, 35-36, 51-52); rank 7 gains about one of them and a head.
    const double moeLayer = without.perf.stageSeconds[2] / 8;
    const double added = withMtp.perf.stageSeconds[7] - without.perf.stageSeconds[7];
    CHECK(added > moeLayer);
    CHECK(added < 2.5 * moeLayer);
    // Every other rank is as it was.
    for (std::size_t r = 0; r < 7; ++r)
        CHECK_THAT(withMtp.perf.stageSeconds[r], WithinRel(without.perf.stageSeconds[r], 1e-12));
    CHECK(withMtp.perf.stepSeconds >= without.perf.stepSeconds);
    // Its MoE layer's weights and activations are on rank 7 too (embedding and head shared).
    const MemoryInputs in{s.model, s.training, without.layout, s.overheads, 80 * kGiB};
    Layout placed = without.layout;
    placed.split = withMtp.layout.split;
    const MemoryInputs inMtp{s.model, s.training, placed, s.overheads, 80 * kGiB};
    const MemoryBreakdown before = stageMemory(in, 7), after = stageMemory(inMtp, 7);
    CHECK(after.weights > before.weights);
    CHECK(after.activations > before.activations);
    CHECK_THAT(stageMemory(inMtp, 2).total(), WithinRel(stageMemory(in, 2).total(), 1e-12));
}

TEST_CASE("the search chooses the dispatcher and the EP overlap Megatron-Core runs",
          "[moe][search][dispatch]") {
    // DeepSeek-V3 on 2,048 H800 without a layout, on Megatron-LM (--moe-token-dispatcher-type
    // alltoall|allgather|flex, --overlap-moe-expert-parallel-comm).
    const Scenario s = deepSeekV3On2048();
    REQUIRE(s.layout.isOpen(kDispatcher));
    REQUIRE(s.layout.isOpen(kEpOverlap));
    const SearchResult r = searchLayouts(s, test::catalog(), SearchOptions{});
    REQUIRE(r.best.has_value());
    const NetworkTiers net = tiers("nvlink4-nvswitch", "ib-ndr-400", 2048);
    bool sawDeepEp = false, sawAllGather = false, sawOverlap = false;
    for (const Candidate& c : r.ranked) {
        const Layout& l = c.layout;
        INFO(layoutText(l));
        if (l.ep <= 1) {
            CHECK(l.moe.dispatcher == MoeDispatcher::AllToAll);
            CHECK(l.moe.epOverlap == EpOverlap::None);
            continue;
        }
        // An EP group of whole experts that leaves its server: DeepEP sends a token through the
        // NIC once per other server holding one of its experts (at most 4 under node-limited
        // routing) where the all-to-all sends every copy bound there, and the all-gather every
        // token of the group. (With expert TP the all-to-all's expert-TP gather of the routed
        // copies can make the all-gather cheaper.)
        if (l.etp() == 1 && crossesNodes(l.ep, 1, net.gpusPerNode)) {
            CHECK(l.moe.dispatcher == MoeDispatcher::DeepEp);
            sawDeepEp = true;
        }
        // EP 2 inside a server: the all-gather moves 1 copy of the tokens each way where the
        // all-to-all moves 8 · 1/2 = 4.
        if (l.ep == 2 && l.etp() == 1) {
            CHECK(l.moe.dispatcher == MoeDispatcher::AllGather);
            sawAllGather = true;
        }
        // 1F1B A2A overlap exactly where Megatron-LM allows it: not with the all-gather dispatcher
        // or full recomputation, and with PP only when interleaved.
        const bool allowed = l.moe.dispatcher != MoeDispatcher::AllGather && l.recompute != Recompute::Full &&
                             (l.pp == 1 || l.vpp > 1);
        CHECK((l.moe.epOverlap == EpOverlap::OneFOneB) == allowed);
        CHECK(l.moe.epOverlap != EpOverlap::DualPipe);  // Megatron-LM has no DualPipe
        sawOverlap = sawOverlap || allowed;
    }
    CHECK(sawDeepEp);
    CHECK(sawAllGather);
    CHECK(sawOverlap);
    // A dispatcher the scenario names is kept, EP searched or not.
    Scenario named = s;
    named.layout.open &= ~unsigned(kDispatcher);
    named.layout.moe.dispatcher = MoeDispatcher::AllToAll;
    const SearchResult kept = searchLayouts(named, test::catalog(), SearchOptions{});
    CHECK(std::all_of(kept.ranked.begin(), kept.ranked.end(),
                      [](const Candidate& c) { return c.layout.moe.dispatcher == MoeDispatcher::AllToAll; }));
    // A scenario file that fixes EP keeps Megatron-Core's default dispatcher and no overlap.
    auto fixedEp =
        parseScenario(R"({ "schema": "clusterplan.scenario/1", "model": { "preset": "deepseek-v3" },
        "cluster": { "gpu": "h800-sxm-80gb", "gpus_per_node": 8, "nodes": 256 },
        "layout": { "ep": 64 } })",
                      test::catalog());
    REQUIRE(fixedEp.ok());
    CHECK_FALSE(fixedEp->layout.isOpen(kDispatcher));
    CHECK_FALSE(fixedEp->layout.isOpen(kEpOverlap));
    CHECK(fixedEp->layout.isOpen(kTp));
}

TEST_CASE("DualPipe is searched only on a stack that may run it, as a layout of its own",
          "[moe][search][dualpipe]") {
    // Another stack (DeepSeek trained DeepSeek-V3 on its own, with deepseek-ai/DualPipe): DualPipe
    // needs an even PP without interleaving and an even number of micro-batches, at least 2·PP
    // (dualpipe.py, DualPipe.step).
    Scenario s = deepSeekV3On2048();
    s.training.framework = Framework::Other;
    const SearchResult r = searchLayouts(s, test::catalog(), SearchOptions{});
    std::size_t dualPipes = 0;
    for (const Candidate& c : r.ranked) {
        const Layout& l = c.layout;
        if (l.moe.epOverlap != EpOverlap::DualPipe)
            continue;
        INFO(layoutText(l));
        ++dualPipes;
        CHECK(l.pp % 2 == 0);
        CHECK(l.vpp == 1);
        CHECK(l.microBatches % 2 == 0);
        CHECK(l.microBatches >= 2 * l.pp);
        // Its twin without it holds one copy of the parameters instead of two.
        const auto twin = std::find_if(r.ranked.begin(), r.ranked.end(), [&](const Candidate& o) {
            Layout plain = l;
            plain.moe.epOverlap = EpOverlap::None;
            return o.layout == plain;
        });
        REQUIRE(twin != r.ranked.end());
        CHECK(c.memoryBytes > twin->memoryBytes);
    }
    CHECK(dualPipes > 0);
    // Megatron-LM: none.
    const SearchResult megatron = searchLayouts(deepSeekV3On2048(), test::catalog(), SearchOptions{});
    CHECK(std::none_of(megatron.ranked.begin(), megatron.ranked.end(),
                       [](const Candidate& c) { return c.layout.moe.epOverlap == EpOverlap::DualPipe; }));
}

TEST_CASE("the all-gather dispatcher moves every token of the group, the all-to-all k copies",
          "[moe][perf][dispatch]") {
    // Megatron-Core MoEAllGatherTokenDispatcher: all-gather over the expert TP × EP group forward,
    // reduce-scatter of the outputs; the gradients the other way. EP 4 inside an H100 server, 1 GB
    // of tokens per GPU: each all-gather and reduce-scatter moves 3/4 of the 4 GB gathered, 3 GB.
    const NetworkTiers net = tiers("nvlink4-nvswitch", "ib-ndr-400", 8);
    const EpExchange ep4{1e9, 8, 128, 4, 1};
    const double ag = epLayerSeconds(MoeDispatcher::AllGather, ep4, false, net);
    const double oneCall = collectiveSeconds(Collective::AllGather, 4e9, 4, 1, net);
    CHECK_THAT(oneCall, WithinRel(3e9 / net.intra.bandwidth, 0.01));
    CHECK_THAT(
        ag, WithinRel(2 * (oneCall + collectiveSeconds(Collective::ReduceScatter, 4e9, 4, 1, net)), 1e-12));
    // The all-to-all: 8 copies, 3/4 of them to the other three GPUs, 6 GB, four times a layer, at
    // 0.88 of NVLink's ring rate.
    const double a2a = epLayerSeconds(MoeDispatcher::AllToAll, ep4, false, net);
    CHECK_THAT(a2a, WithinRel(4 * (3 * net.intra.latency + 6e9 / (0.88 * net.intra.bandwidth)), 1e-9));
    CHECK(ag < a2a);
    // At EP 16 with top-2 (Mixtral-like) the all-to-all wins: 2 · 15/16 copies against 15.
    const NetworkTiers two = tiers("nvlink4-nvswitch", "ib-ndr-400", 16);
    const EpExchange ep16{1e9, 2, 16, 16, 1};
    CHECK(epLayerSeconds(MoeDispatcher::AllToAll, ep16, false, two) <
          epLayerSeconds(MoeDispatcher::AllGather, ep16, false, two));
}

TEST_CASE("DeepEP on Blackwell NVLink runs at what its kernels reach, not the link",
          "[moe][perf][dispatch]") {
    // Megatron-LM's GB200 guide (docs/discussions/deepseek-v3-gb200-optimization §2.2.1): DeepEP at
    // EP 32 in an NVL72 rack with 24 SMs, ~400 GB/s dispatch and ~190 GB/s combine against NVLink 5's
    // 900 GB/s. Qwen3-30B-A3B's shape on 8 B200 (torchtitan's DeepEP runs: 32,768 tokens of hidden
    // 2,048 per GPU, top-8 of 128 experts, BF16): 7/8 of the 8 copies over NVLink per exchange.
    const NetworkTiers net = tiers("nvlink5-nvswitch", "ib-ndr-400", 8);
    const double tokenBytes = 32768.0 * 2048 * 2;
    const EpExchange ep8{tokenBytes, 8, 128, 8, 1};
    const double moved = 8 * tokenBytes * 7 / 8;
    const double deepEp = epExchangeSeconds(MoeDispatcher::DeepEp, ep8, net);
    CHECK_THAT(moved / deepEp, WithinRel(2 / (1 / 400e9 + 1 / 190e9), 0.01));
    // The community's tuned DeepEP on B200 (torchtitan scripts/deepep TUNING_RESULTS_SUMMARY.md at
    // 022f885f: 218 GB/s dispatch, 185 GB/s combine, intranode EP 4): within 30 %.
    CHECK_THAT(moved / deepEp, WithinRel(2 / (1 / 218e9 + 1 / 185e9), 0.30));
    // Well below NCCL's all-to-all and HybridEP on the same link, at NVLink's rate.
    CHECK(epExchangeSeconds(MoeDispatcher::AllToAll, ep8, net) < 0.5 * deepEp);
    CHECK(epExchangeSeconds(MoeDispatcher::HybridEp, ep8, net) < 0.5 * deepEp);
    // On H800 the link binds first: DeepEP's README, 153 GB/s (the test above), unchanged.
    const NetworkTiers h800 = tiers("nvlink4-nvswitch-h800", "ib-ndr-400", 8);
    CHECK_THAT(moved / epExchangeSeconds(MoeDispatcher::DeepEp, ep8, h800), WithinRel(160e9, 0.02));
}

TEST_CASE("the all-gather dispatcher and the router groups are read, checked and written back",
          "[moe][scenario]") {
    Scenario s = loadData("deepseek-v3-2048xh800-as-trained.json");
    std::string json = scenarioToJson(s);
    json.replace(json.find("\"deepep\""), std::string("\"deepep\"").size(), "\"allgather\"");
    const auto gathered = parseScenario(json, test::catalog());
    REQUIRE(gathered.ok());
    CHECK(gathered->layout.moe.dispatcher == MoeDispatcher::AllGather);
    CHECK(scenarioToJson(gathered.value()).find("\"dispatcher\": \"allgather\"") != std::string::npos);
    CHECK(layoutText(planOf(gathered.value()).layout).find("all-gather dispatch") != std::string::npos);
    // A custom model's groups must divide its experts and pick at most all of them.
    const auto custom = [](const std::string& groups) {
        return parseScenario(R"({ "schema": "clusterplan.scenario/1", "model": { "preset": "deepseek-v3",
            "moe": { "experts": 256, "top_k": 8, "expert_ffn_hidden": 2048, )" +
                                 groups + R"( } } })",
                             test::catalog());
    };
    const auto seven = custom(R"("router_groups": 7, "router_group_topk": 4)");
    REQUIRE_FALSE(seven.ok());
    CHECK(seven.error().where == "model.moe.router_groups");
    CHECK(seven.error().message.find("256") != std::string::npos);
    const auto nine = custom(R"("router_groups": 8, "router_group_topk": 9)");
    REQUIRE_FALSE(nine.ok());
    CHECK(nine.error().where == "model.moe.router_group_topk");
    const auto fine = custom(R"("router_groups": 16, "router_group_topk": 2)");
    REQUIRE(fine.ok());
    CHECK(fine->model.moe->routerGroups == 16);
    CHECK(fine->model.moe->routerGroupTopK == 2);
}
