// CPU offload against ZeRO-Offload's published single-GPU figure (Ren et al. 2021,
// arXiv:2101.06840: "It can train models with over 13 billion parameters on a single GPU", a
// 32 GB V100), the host-memory check on the seed article's server (§3 #1: 8×A100, 1 TB DDR4),
// and the layout search choosing offload only when nothing else fits.
#include <algorithm>

#include "core/calibration/evaluate.h"
#include "core/export/report_tables.h"
#include "core/hardware/host_spec.h"
#include "core/perf/offload_time.h"
#include "core/search/layout_search.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinRel;

namespace {

Plan plan(const Scenario& s) {
    auto p = evaluate(s, test::catalog());
    INFO((p.ok() ? std::string() : p.error().toString()));
    REQUIRE(p.ok());
    return p.value();
}

// ZeRO-Offload's single-GPU runs: fp16 on one V100 32GB, activation checkpointing, batch 1 of
// 1024 tokens (the paper's GPT-2-like models), ZeRO stage 1 (DeepSpeed needs ZeRO for offload).
Scenario oneV100(const std::string& model, std::optional<Offload> offload) {
    Scenario s = test::scenarioWithModel(model);
    s.cluster.gpu = "v100-sxm2-32gb";
    s.cluster.intraNode.clear();
    s.cluster.gpusPerNode = 1;
    s.training.precision = Precision::Fp16;
    s.training.seqLen = 1024;
    s.training.globalBatch = 8;
    s.layout = LayoutSpec{1, 1, 1, 1, 1, 1, 1, 1, Recompute::Full, false, offload};
    return s;
}

// The seed article's server: 8× A100 80GB with 1 TB of DDR4 (price book line), Llama 3.1 70B,
// ZeRO-3 and full recomputation.
Scenario seedServer70b(std::optional<Offload> offload) {
    Scenario s = test::scenarioWithModel("llama-3.1-70b");
    s.training.globalBatch = 64;
    s.layout = LayoutSpec{1, 1, 0, 1, 1, 1, 1, 3, Recompute::Full, false, offload};
    return s;
}

}  // namespace

TEST_CASE("ZeRO-Offload trains a 13B model on one 32 GB V100", "[offload]") {
    const Plan off = plan(oneV100("llama-2-13b", Offload::Optimizer));
    CHECK(off.memory.fits());
    // What stays on the GPU: the fp16 weights (13B × 2 B) and one gradient bucket.
    CHECK_THAT(off.memory.weights, WithinRel(13.0e9 * 2, 0.02));
    CHECK(off.memory.optimizer == 0);
    // On the host: fp32 master + Adam moments (12 B) and fp32 gradients (4 B) per parameter.
    CHECK_THAT(off.memory.host.total(), WithinRel(13.0e9 * 16, 0.02));
    // Without offload it does not fit, and a 30B-class model does not fit even with it.
    CHECK_FALSE(plan(oneV100("llama-2-13b", std::nullopt)).memory.fits());
    CHECK_FALSE(plan(oneV100("qwen2.5-32b", Offload::Optimizer)).memory.fits());
}

TEST_CASE("offload time: PCIe copies hidden behind backward, CPU step bound by host bandwidth", "[offload]") {
    OffloadInputs in;
    in.offload = Offload::Optimizer;
    in.trainableShard = 1e9;
    in.gradientBytes = 2;
    in.microBatches = 4;
    in.backwardSeconds = 1;
    in.gpusPerNode = 8;
    in.host.pcieGBs = 25;
    in.host.memoryBandwidthGBs = 409.6;
    const OffloadTime t = offloadTime(in);
    // 2 GB of gradients at 25 GB/s = 0.08 s per micro-batch, all hidden behind 1 s of backward.
    CHECK(t.transfersExposed == 0);
    CHECK_THAT(t.transfersTotal, WithinRel(4 * 0.08, 1e-12));
    // 8 GPUs × 1e9 parameters × 30 B at half of 409.6 GB/s.
    CHECK_THAT(t.cpuOptimizer, WithinRel(8e9 * 30 / (409.6e9 * 0.5), 1e-12));
    CHECK(t.optimizerExposed == t.cpuOptimizer);
    // PCIe generations: 4.0 x16 is 31.5 GB/s per direction (PCI-SIG), 5.0 twice that.
    CHECK_THAT(pcieX16GBs(4), WithinRel(31.5, 0.001));
    CHECK_THAT(pcieX16GBs(5), WithinRel(63.0, 0.001));
}

TEST_CASE("70B full fine-tune on the seed's 8×A100 server: host memory is the limit", "[offload]") {
    // Without offload the model states alone are ~140 GB per GPU (70.6B × 16 B / 8).
    CHECK_FALSE(plan(seedServer70b(std::nullopt)).memory.fitsGpu());
    // ZeRO-Offload moves 16 B per parameter to the host: 70.6B × 16 B = 1.13 TB > the 1 TB server.
    const Plan off = plan(seedServer70b(Offload::Optimizer));
    CHECK(off.host.memoryGib == 1024);
    CHECK(off.memory.fitsGpu());
    CHECK_FALSE(off.memory.host.fits());
    // With 2 TB of host memory (DGX A100 640GB) it fits, and the CPU step costs time.
    Scenario big = seedServer70b(Offload::Optimizer);
    big.cluster.cpuMemoryGib = 2048;
    const Plan fits = plan(big);
    CHECK(fits.memory.fits());
    CHECK(fits.perf.optimizerSeconds > plan(seedServer70b(std::nullopt)).perf.optimizerSeconds);
}

TEST_CASE("the layout search chooses offload only when nothing else fits, and says so", "[offload]") {
    Scenario s = seedServer70b(std::nullopt);
    s.cluster.cpuMemoryGib = 2048;
    s.layout.open = kTp | kPp | kMicroBatch | kZeroStage;
    const Plan p = plan(s);
    REQUIRE(p.search);
    CHECK(p.search->offloadChosen);
    CHECK(p.layout.offload != Offload::None);
    CHECK(p.memory.fits());
    CHECK(p.search->explanation.text().find("CPU offload") != std::string::npos);
    // LoRA fits without offload: the search does not offload.
    s.training.method = TrainingMethod::Lora;
    const Plan l = plan(s);
    CHECK_FALSE(l.search->offloadChosen);
    CHECK(l.layout.offload == Offload::None);
}

// The offload modes' visits are merged into the ranking the first visits made: one order over all.
TEST_CASE("the search's ranking with offload is one order over every pass", "[offload]") {
    Scenario s = seedServer70b(std::nullopt);
    s.cluster.cpuMemoryGib = 2048;
    s.layout.open = kTp | kPp | kMicroBatch | kZeroStage;
    SearchOptions one;
    one.threads = 1;
    const SearchResult r = searchLayouts(s, test::catalog(), one);
    REQUIRE(r.offloadChosen);
    REQUIRE(r.ranked.front().fits);
    bool plain = false;  // a layout without offload (from the first pass) is in the ranking
    for (std::size_t i = 1; i < r.ranked.size(); ++i) {
        const Candidate& p = r.ranked[i - 1];
        const Candidate& c = r.ranked[i];
        plain = plain || c.layout.offload == Offload::None;
        INFO("rank " << i);
        REQUIRE((p.fits || !c.fits));
        if (c.fits)
            REQUIRE(p.perf.stepSeconds <= c.perf.stepSeconds);
        else if (!p.fits)
            REQUIRE(p.memoryBytes <= c.memoryBytes);
    }
    CHECK(plain);
    SearchOptions many;
    many.threads = 3;
    const SearchResult b = searchLayouts(s, test::catalog(), many);
    REQUIRE(b.ranked.size() == r.ranked.size());
    for (std::size_t i = 0; i < r.ranked.size(); ++i)
        CHECK(b.ranked[i].layout == r.ranked[i].layout);
}

TEST_CASE("layouts.csv names each layout's offload, and the chosen one offloads the optimizer", "[offload]") {
    // The seed's 70B full fine-tune on 8x A100 80GB with 2 TB of host memory and the search open:
    // only offload fits, so the ranking holds offloaded layouts first and the rest after them.
    Scenario s = seedServer70b(std::nullopt);
    s.cluster.cpuMemoryGib = 2048;
    s.layout.open = kTp | kPp | kMicroBatch | kZeroStage;
    const Plan p = plan(s);
    REQUIRE(p.search);
    REQUIRE(p.search->offloadChosen);
    const csv::Table t = report_tables::layouts(p);
    const auto column = std::find(t.header.begin(), t.header.end(), "offload") - t.header.begin();
    REQUIRE(column < static_cast<std::ptrdiff_t>(t.header.size()));
    // With the other layout keys: after sequence_parallel, before the results.
    CHECK(t.header[static_cast<std::size_t>(column) - 1] == "sequence_parallel");
    const auto text = csv::parseCsv(csv::toCsv(t, false));
    REQUIRE(text.ok());
    const auto& rows = text.value();
    REQUIRE(rows.size() == p.search->ranked.size() + 1);
    CHECK(rows[1][static_cast<std::size_t>(column)] == "optimizer");  // the recommended layout
    CHECK(p.layout.offload == Offload::Optimizer);
    bool withoutOffload = false;
    for (std::size_t i = 0; i < p.search->ranked.size(); ++i) {
        const std::string& cell = rows[i + 1][static_cast<std::size_t>(column)];
        CHECK(cell == toString(p.search->ranked[i].layout.offload));
        withoutOffload = withoutOffload || cell == "none";
    }
    CHECK(withoutOffload);  // the layouts tried first, none of which fits
}
