// The 2026 hardware: GB200/GB300 NVL72 (Blackwell in compute trays of 4 inside a 72-GPU NVLink
// domain), A800, the H800 and H20 rechecked, the Ascend 910C; each entry's datasheet figures, the
// fabric a GPU is timed on, and plans on a rack-scale NVLink domain: TP, EP and CP span trays inside
// a rack at NVLink speed and leave it over the scale-out network.
#include <algorithm>
#include <string_view>

#include "core/catalog/cluster_resolution.h"
#include "core/catalog/gpu_switch.h"
#include "core/perf/collective_cost.h"
#include "core/perf/messages_perf.h"
#include "core/report/messages_plan.h"
#include "core/search/layout_search.h"
#include "core/util/units.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

const std::string kScenario =
    std::string(CLUSTERPLAN_TEST_DATA) + "/../../resources/scenarios/gb200-nvl72.json";

Scenario nvl72Scenario() {
    auto s = loadScenarioFile(kScenario, test::catalog());
    REQUIRE(s.ok());
    return s.value();
}

// Fixes every layout key: TP and EP as given, no PP or CP, DP the rest.
void fixLayout(Scenario& s, std::int64_t tp, std::int64_t ep) {
    s.layout = LayoutSpec{};
    s.layout.open = 0;
    s.layout.tp = tp;
    s.layout.ep = ep;
    s.layout.pp = 1;
    s.layout.cp = 1;
    s.layout.vpp = 1;
    s.layout.dp = s.cluster.gpus() / tp;
    s.layout.microBatch = 1;
    s.layout.zeroStage = 1;
    s.layout.recompute = Recompute::Full;
    s.layout.sequenceParallel = true;
}

bool hasNote(const Plan& p, std::string_view id) {
    return std::any_of(p.notes.begin(), p.notes.end(), [&](const Message& m) { return m.id == id; });
}

}  // namespace

TEST_CASE("GB200, GB300, A800 and Ascend 910C carry their datasheet figures and sources", "[catalog]") {
    const Catalog& c = test::catalog();
    CHECK(c.diagnostics().empty());
    for (const char* id : {"gb200-nvl72-186gb", "gb300-nvl72-279gb", "a800-sxm-80gb", "ascend-910c-128gb",
                           "h800-sxm-80gb", "h20-96gb"}) {
        INFO(id);
        REQUIRE(c.gpu(id) != nullptr);
        CHECK_FALSE(c.gpu(id)->source.empty());
        CHECK_FALSE(c.gpu(id)->asOf.empty());
    }
    // NVIDIA GB200 NVL72 specifications (GTC 2024): per rack of 72 GPUs 360 PF BF16, 720 PF FP8,
    // 1,440 PF FP4 with 2:4 sparsity, 13.4 TB HBM3e at 576 TB/s; dense per GPU is half of rack / 72.
    const GpuSpec& gb200 = *c.gpu("gb200-nvl72-186gb");
    CHECK(gb200.tflopsBf16 == 360'000.0 / 72 / 2);
    CHECK(gb200.tflopsFp8 == 720'000.0 / 72 / 2);
    CHECK(gb200.tflopsFp4 == 1'440'000.0 / 72 / 2);
    CHECK_THAT(gb200.hbmGib, WithinAbs(13'400.0 / 72, 0.2));
    CHECK(gb200.hbmBandwidthGBs == 576'000.0 / 72);
    CHECK(gb200.nvlinkGBs == 1800.0 / 2);  // NVLink 5: 1.8 TB/s bidirectional per GPU
    CHECK(gb200.tdpW == 1200.0);           // NVIDIA Blackwell datasheet: up to 1,200 W in GB200 NVL72
    CHECK(gb200.defaultGpusPerNode == 4);  // a compute tray: two superchips of 1 Grace + 2 GPUs
    // The tray's host memory is its two Grace CPUs' LPDDR5X: 2 × 480 GB at 2 × 512 GB/s, reached
    // over NVLink-C2C (900 GB/s bidirectional per superchip, shared by its two GPUs).
    REQUIRE(gb200.host.has_value());
    CHECK(gb200.host->memoryGib == 2 * 480.0);
    CHECK(gb200.host->memoryBandwidthGBs == 2 * 512.0);
    CHECK(gb200.host->linkGBs == 900.0 / 2 / 2);
    // GB300 NVL72 (GTC 2025): Blackwell Ultra, 1,080 PF dense FP4 per rack = 15,000 per GPU; BF16 and
    // FP8 as GB200; 279 GB of 288 GB HBM3e usable; 1.4 kW.
    const GpuSpec& gb300 = *c.gpu("gb300-nvl72-279gb");
    CHECK(gb300.tflopsFp4 == 1'080'000.0 / 72);
    CHECK(gb300.tflopsBf16 == gb200.tflopsBf16);
    CHECK(gb300.tflopsFp8 == gb200.tflopsFp8);
    CHECK(gb300.hbmGib == 279.0);
    CHECK(gb300.tdpW == 1400.0);
    CHECK(gb300.intraNodeFabric == "nvlink5-nvl72");
    // A800 SXM4 80GB: the A100 SXM4 80GB's compute and memory, NVLink 400 GB/s bidirectional.
    const GpuSpec& a800 = *c.gpu("a800-sxm-80gb");
    const GpuSpec& a100 = *c.gpu("a100-sxm-80gb");
    CHECK(a800.tflopsBf16 == a100.tflopsBf16);
    CHECK(a800.hbmBandwidthGBs == a100.hbmBandwidthGBs);
    CHECK(a800.nvlinkGBs == 400.0 / 2);
    CHECK(c.fabric(a800.intraNodeFabric)->bandwidthGBs == 400.0 / 2);
    // H800: NVLink 400 GB/s bidirectional (DeepSeek-V3 report §3.2.2), timed on its own fabric.
    const GpuSpec& h800 = *c.gpu("h800-sxm-80gb");
    CHECK(c.fabric(h800.intraNodeFabric)->bandwidthGBs == 200.0);
    CHECK(c.fabric(h800.intraNodeFabric)->efficiency == 160.0 / 200.0);  // DeepSeek measured 160 GB/s
    // Ascend 910C (Huawei Connect 2025 roadmap): 800 TFLOPS FP16, 784 GB/s interconnect; 128 GB at 3.2 TB/s.
    const GpuSpec& c910 = *c.gpu("ascend-910c-128gb");
    CHECK(c910.tflopsFp16 == 800.0);
    CHECK(c910.nvlinkGBs == 784.0 / 2);
    CHECK(c910.hbmGib == 128.0);
    CHECK(c910.hbmBandwidthGBs == 3200.0);
}

TEST_CASE("the NVL72 fabric is one 72-GPU NVLink 5 domain of which a job uses 64", "[catalog]") {
    const Catalog& c = test::catalog();
    const Fabric* nvl72 = c.fabric("nvlink5-nvl72");
    REQUIRE(nvl72 != nullptr);
    CHECK_FALSE(nvl72->source.empty());
    CHECK(nvl72->scope == FabricScope::Intra);
    CHECK(nvl72->bandwidthGBs == 900.0);
    CHECK(nvl72->domainGpus == 72);  // 18 compute trays × 4 GPUs
    CHECK(nvl72->domainGpusUsed == 64);
    CHECK(scaleUpDomainGpus(*nvl72, 4) == 64);
    // A server's fabric ends at the server.
    CHECK(c.fabric("nvlink4-nvswitch")->domainGpus == 0);
    CHECK(scaleUpDomainGpus(*c.fabric("nvlink4-nvswitch"), 8) == 8);
}

TEST_CASE("no GPU is timed on a fabric faster than its own NVLink", "[catalog]") {
    // A cut-down part (A800, H800) on the full part's fabric would have its TP and EP traffic timed
    // 1.5 to 2.25 times too fast.
    for (const auto& [id, gpu] : test::catalog().gpus()) {
        INFO(id);
        const Fabric* f = test::catalog().fabric(gpu.intraNodeFabric);
        REQUIRE(f != nullptr);
        if (gpu.nvlinkGBs)
            CHECK(f->bandwidthGBs <= *gpu.nvlinkGBs);
    }
}

TEST_CASE("a user fabric's domain is read strictly", "[catalog]") {
    const auto fabric = [](const std::string& extra) {
        return R"({"fabrics": [{"id": "my-domain", "name": "x", "scope": "intra", "bandwidth_gb_s": 900,
                   "latency_us": 1.9, "efficiency": 0.8, )" +
               extra + R"(, "source": "our lab", "as_of": "2026-12"}]})";
    };
    Catalog ok = Catalog::builtin();
    REQUIRE(ok.mergeJson(fabric(R"("domain_gpus": 36, "domain_gpus_used": 32)"), "ok.json").ok());
    REQUIRE(ok.fabric("my-domain") != nullptr);
    CHECK(ok.fabric("my-domain")->domainGpusUsed == 32);
    // Without a used count the job uses the whole domain.
    Catalog whole = Catalog::builtin();
    REQUIRE(whole.mergeJson(fabric(R"("domain_gpus": 36)"), "whole.json").ok());
    CHECK(whole.fabric("my-domain")->domainGpusUsed == 36);
    // More GPUs used than the domain has is refused, naming the key.
    Catalog bad = Catalog::builtin();
    REQUIRE(bad.mergeJson(fabric(R"("domain_gpus": 36, "domain_gpus_used": 64)"), "bad.json").ok());
    CHECK(bad.fabric("my-domain") == nullptr);
    REQUIRE(bad.diagnostics().size() == 1);
    CHECK(bad.diagnostics()[0].key == "fabrics[0].domain_gpus_used");
}

TEST_CASE("inside an NVL72 domain a group spanning trays runs at NVLink speed, across racks over the network",
          "[perf]") {
    const Catalog& c = test::catalog();
    const Fabric& nvl72 = *c.fabric("nvlink5-nvl72");
    const Fabric& ib = *c.fabric("ib-ndr-400");
    // 256 GB200: 64 trays of 4, one NIC per GPU, four racks of 64 used GPUs.
    const NetworkTiers net = makeTiers(nvl72, ib, 4, 4, 256);
    CHECK(net.gpusPerNode == 64);
    const double nvlink = 900e9 * 0.8;  // rate × efficiency, bytes/s per GPU and direction
    const double rail = 50e9 * 0.94;    // NDR 400 Gb/s × efficiency, one NIC per GPU
    const double bytes = 1024.0 * 1024 * 1024;
    const double nvlinkStep = 1.9e-6, railStep = 4.0e-6;  // the fabrics' per-step latencies
    // TP 8 over two trays: a large all-reduce is NCCL's Simple ring on NVLink, 2·7/8·S/B, plus 14
    // steps of 3.4 µs and the call's 8.4 µs (about 2 % of it).
    const double tp8 = collectiveSeconds(Collective::AllReduce, bytes, 8, 1, net);
    CHECK_THAT(tp8, WithinRel(2 * 7.0 / 8 * bytes / nvlink + 14 * 3.4e-6 + 8.4e-6, 1e-9));
    // EP 32 with stride 2 spans 64 GPUs: still one domain, one step per peer on NVLink, at the 0.88
    // of the ring rate NCCL's all-to-all reaches on NVSwitch (collective_cost.cpp: nccl-tests on
    // H100, the Megatron-Core MoE paper's EP 64 inside a GB200 NVL72 rack).
    const double nvlinkAllToAll = 0.88 * nvlink;
    const double ep32Inside = collectiveSeconds(Collective::AllToAll, bytes, 32, 2, net);
    CHECK_THAT(ep32Inside, WithinRel(31 * nvlinkStep + 31.0 / 32 * bytes / nvlinkAllToAll, 1e-9));
    // The same EP 32 with stride 4 spans 128 GPUs: two racks, 16 members in each; half of every
    // GPU's data leaves its rack over its NIC: 15/32·S to the other 15 members of its rack on NVLink
    // plus the 16/32·S bound for the other rack, once, on the rail.
    const double ep32Across = collectiveSeconds(Collective::AllToAll, bytes, 32, 4, net);
    CHECK_THAT(ep32Across, WithinRel(15 * nvlinkStep + 15.0 / 16 * bytes / 2 / nvlinkAllToAll + railStep +
                                         bytes / 2 / rail,
                                     1e-9));
    CHECK(ep32Across > 4 * ep32Inside);
    // The same TP 8 on trays without a rack-wide domain (NVLink ends at the tray, as on a 4-GPU
    // server) crosses to the network: reduce-scatter in the tray, all-reduce of a quarter over two
    // rails, all-gather in the tray.
    const NetworkTiers trays = makeTiers(*c.fabric("nvlink5-nvswitch"), ib, 4, 4, 256);
    CHECK(trays.gpusPerNode == 4);
    const double tp8Trays = collectiveSeconds(Collective::AllReduce, bytes, 8, 1, trays);
    CHECK_THAT(tp8Trays, WithinRel(2 * 3.0 / 4 * bytes / nvlink + 2 * 0.5 * bytes / 4 / rail, 0.03));
    CHECK(tp8Trays > 2.5 * tp8);
    // A point-to-point send to the next rack's GPU goes over the network, inside the rack over NVLink.
    CHECK(p2pSeconds(bytes, 32, net) < p2pSeconds(bytes, 64, net) / 10);
}

TEST_CASE("a GB200 NVL72 plan with TP 8 over two trays times TP on NVLink and keeps it inside the rack",
          "[perf][nvl72]") {
    const Catalog& c = test::catalog();
    Scenario s = nvl72Scenario();
    s.cluster.nodes = 16;  // one rack's 64 used GPUs
    fixLayout(s, 8, 8);    // TP over trays 2k and 2k+1; EP 8 at stride 8: all 64 GPUs of the rack
    const auto plan = evaluate(s, c);
    REQUIRE(plan.ok());
    CHECK(plan->layout.tp == 8);
    CHECK(plan->layout.ep == 8);
    // No "TP spans servers" warning: the tray is not where NVLink ends.
    CHECK_FALSE(hasNote(*plan, msg::kPlanArticleTpAcrossServers.id));
    // The same cluster with NVLink ending at the tray: TP and EP go over the network, several times slower.
    Scenario trays = s;
    trays.cluster.intraNode = "nvlink5-nvswitch";
    const auto trayPlan = evaluate(trays, c);
    REQUIRE(trayPlan.ok());
    CHECK(hasNote(*trayPlan, msg::kPlanArticleTpAcrossServers.id));
    const double tp = plan->perf.tpCommSeconds + plan->perf.tpCommHiddenSeconds;
    const double tpTrays = trayPlan->perf.tpCommSeconds + trayPlan->perf.tpCommHiddenSeconds;
    CHECK(tp > 0);
    CHECK(tpTrays > 1.5 * tp);
    CHECK(trayPlan->perf.epCommSeconds > 2 * plan->perf.epCommSeconds);
    // Host memory per GPU is a quarter of the tray's two Grace CPUs' LPDDR5X.
    CHECK(plan->host.memoryGib == 960.0);
    CHECK_THAT(hostCapacityPerGpu(plan->host, s.cluster), WithinRel(960.0 / 4 * units::kGiB, 1e-12));
}

TEST_CASE("TP 8 with EP 32 spans four racks and its all-to-all is timed over the network", "[perf][nvl72]") {
    const Catalog& c = test::catalog();
    Scenario s = nvl72Scenario();  // 256 GPUs: four racks
    fixLayout(s, 8, 32);           // EP ranks at stride 8: 256 GPUs, beyond one domain
    const auto across = evaluate(s, c);
    REQUIRE(across.ok());
    // A rack-scale domain of 512 GPUs (an NVLink Switch system of that size: a user fabric) holds the
    // same EP group: its all-to-all then stays on NVLink.
    Catalog big = Catalog::builtin();
    REQUIRE(big.mergeJson(R"({"fabrics": [{"id": "nvlink5-512", "name": "NVLink 5, 512-GPU domain",
        "scope": "intra", "bandwidth_gb_s": 900, "latency_us": 1.9, "efficiency": 0.8, "domain_gpus": 576,
        "domain_gpus_used": 512, "source": "test: a larger domain", "as_of": "2026-12"}]})",
                          "big.json")
                .ok());
    Scenario inside = s;
    inside.cluster.intraNode = "nvlink5-512";
    const auto one = evaluate(inside, big);
    REQUIRE(one.ok());
    CHECK(one->perf.tpCommSeconds + one->perf.tpCommHiddenSeconds ==
          across->perf.tpCommSeconds + across->perf.tpCommHiddenSeconds);  // TP stays in a rack either way
    // Per MoE layer and micro-batch EP costs 4 all-to-alls of the routed tokens / TP (33.5 MB here)
    // and, under sequence parallelism, a gather and a scatter of all of them inside the TP group
    // (on NVLink in both cases): the all-to-alls go from ~0.1 ms on NVLink to ~0.43 ms with three
    // quarters of the data on the rails, the total from ~1.7 ms to ~3.0 ms.
    CHECK(across->perf.epCommSeconds > 1.5 * one->perf.epCommSeconds);
}

TEST_CASE("the search lets TP span trays inside an NVL72 rack without --allow-cross-node-tp",
          "[search][nvl72]") {
    const Catalog& c = test::catalog();
    Scenario s = nvl72Scenario();
    s.model = test::preset("qwen3-30b-a3b");
    s.modelPreset = "qwen3-30b-a3b";
    s.cluster.nodes = 16;
    s.training.globalBatch = 256;
    const SearchResult r = searchLayouts(s, c, SearchOptions{});
    REQUIRE_FALSE(r.ranked.empty());
    std::int64_t largestTp = 0;
    for (const auto& cand : r.ranked)
        largestTp = std::max(largestTp, cand.layout.tp);
    CHECK(largestTp == 32);  // the model's 32 heads, all inside the rack's 64 GPUs
    // Trays whose NVLink ends at the tray keep TP at 4.
    Scenario trays = s;
    trays.cluster.intraNode = "nvlink5-nvswitch";
    std::int64_t trayTp = 0;
    for (const auto& cand : searchLayouts(trays, c, SearchOptions{}).ranked)
        trayTp = std::max(trayTp, cand.layout.tp);
    CHECK(trayTp == 4);
}

TEST_CASE("a new GPU generation borrows the nearest calibrated profile and the plan says so", "[perf]") {
    const Catalog& c = test::catalog();
    const GpuSpec& gb200 = *c.gpu("gb200-nvl72-186gb");
    // BF16 on Blackwell has no calibrated profile: the Hopper one times it.
    const PerfProfile& bf16 = profileFor(c.perfProfiles(), gb200, Framework::Megatron, Precision::Bf16);
    CHECK(bf16.calibrated);
    CHECK(bf16.architecture == "hopper");
    // FP8 on Blackwell has one of its own.
    const PerfProfile& fp8 = profileFor(c.perfProfiles(), gb200, Framework::Nemo, Precision::Fp8);
    CHECK(fp8.architecture == "blackwell");
    // A GPU that names no architecture to borrow from keeps the uncalibrated default.
    const PerfProfile& b200 =
        profileFor(c.perfProfiles(), *c.gpu("b200-sxm-180gb"), Framework::Megatron, Precision::Bf16);
    CHECK_FALSE(b200.calibrated);
    Scenario s = nvl72Scenario();
    s.cluster.nodes = 16;
    fixLayout(s, 8, 8);
    const auto plan = evaluate(s, c);
    REQUIRE(plan.ok());
    CHECK(hasNote(*plan, msg::kPerfProfileOfOtherGpu.id));
    CHECK_FALSE(hasNote(*plan, msg::kPerfProfileUncalibrated.id));
}

// Picking GB200 for an HGX cluster sized in servers of 8 gives trays of 4 and the rack's NVLink
// domain (the GPU count kept); a server size the user chose is kept.
TEST_CASE("switching to a rack-scale GPU sizes the cluster in its trays and takes its fabric", "[catalog]") {
    const Catalog& catalog = test::catalog();
    const GpuSpec* gb200 = catalog.gpu("gb200-nvl72-186gb");
    REQUIRE(gb200 != nullptr);
    REQUIRE(gb200->defaultGpusPerNode == 4);

    Scenario s;
    s.cluster.gpu = "h100-sxm-80gb";
    s.cluster.gpusPerNode = 8;
    s.cluster.nodes = 16;
    s.cluster.intraNode = catalog.gpu("h100-sxm-80gb")->intraNodeFabric;
    switchGpu(s, "gb200-nvl72-186gb", catalog);
    CHECK(s.cluster.gpu == "gb200-nvl72-186gb");
    CHECK(s.cluster.gpusPerNode == 4);
    CHECK(s.cluster.nodes == 32);
    CHECK(s.cluster.intraNode.empty());

    // Back to H100: servers of 8 again, 128 GPUs still.
    switchGpu(s, "h100-sxm-80gb", catalog);
    CHECK(s.cluster.gpusPerNode == 8);
    CHECK(s.cluster.nodes == 16);

    // Two servers of 2 GPUs chosen by hand stay two servers of 2.
    s.cluster.gpusPerNode = 2;
    s.cluster.nodes = 2;
    switchGpu(s, "gb200-nvl72-186gb", catalog);
    CHECK(s.cluster.gpusPerNode == 2);
    CHECK(s.cluster.nodes == 2);
}
