// Scaling study: minimum GPUs, deadline, scaling efficiency, and the seed article's hardware
// comparisons (one 8-GPU server vs two 4-GPU servers; NVLink vs PCIe; InfiniBand vs Ethernet).
#include <algorithm>

#include "core/io/scenario_json.h"
#include "core/search/messages_search.h"
#include "core/studies/scaling_study.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

Scenario scenarioFor(const std::string& model, std::int64_t batch, std::int64_t seq) {
    Scenario s = test::scenarioWithModel(model);
    s.training.globalBatch = batch;
    s.training.seqLen = seq;
    return s;
}

const Comparison& find(const ScalingReport& r, const std::string& text) {
    for (const auto& c : r.comparisons)
        if (c.label.text.find(text) != std::string::npos)
            return c;
    FAIL("no comparison labelled " << text);
    return r.comparisons.front();
}

}  // namespace

TEST_CASE("a 70B model needs more than one 8x A100 server (seed article error 8)", "[scaling]") {
    // Mixed-precision Adam needs 16 bytes per parameter: 1.13 TB of model states for 70.6B.
    const ScalingReport r = scalingStudy(scenarioFor("llama-3.1-70b", 256, 4096), test::catalog(), 64, 0);
    REQUIRE(r.minimumGpus.has_value());
    CHECK(*r.minimumGpus > 8);
    CHECK(*r.minimumGpus <= 32);
    for (const auto& p : r.curve)
        if (p.gpus < *r.minimumGpus)
            CHECK_FALSE(p.fits);
}

TEST_CASE("a deadline picks the first GPU count that meets it; per-GPU throughput stops growing",
          "[scaling]") {
    Scenario s = scenarioFor("llama-3.1-8b", 512, 4096);
    s.training.tokens = 1e11;
    const ScalingReport r = scalingStudy(s, test::catalog(), 512, 10);
    REQUIRE(r.gpusForDeadline.has_value());
    for (const auto& p : r.curve) {
        if (!p.fits)
            continue;
        CHECK(p.efficiency < 1.1);  // no superlinear miracle beyond memory effects
        if (p.gpus < *r.gpusForDeadline)
            CHECK(p.trainDays > 10);
        if (p.gpus == *r.gpusForDeadline)
            CHECK(p.trainDays <= 10);
    }
    CHECK(r.curve.back().efficiency < r.curve[2].efficiency);
}

TEST_CASE("one 8-GPU server beats two 4-GPU servers, NVLink beats PCIe, IB beats Ethernet", "[scaling]") {
    // A small global batch keeps communication visible, as in the seed article's warnings.
    Scenario s = scenarioFor("llama-3.1-8b", 16, 2048);
    s.cluster.nodes = 2;
    const ScalingReport r = scalingStudy(s, test::catalog(), 16, 0);
    const auto tps = [](const Comparison& c) { return c.best.perf.tokensPerSecond; };
    CHECK(tps(find(r, "1 server × 8 GPUs")) > tps(find(r, "2 servers × 4 GPUs")));
    // The fabrics by their product names, not their catalog ids.
    CHECK(tps(find(r, "inside servers: NVLink 3")) > tps(find(r, "inside servers: PCIe 4.0")));
    CHECK(tps(find(r, "between servers: InfiniBand NDR")) > tps(find(r, "between servers: Ethernet 25 GbE")));
    CHECK(find(r, "1 server × 8 GPUs").label.text.find("(NVLink 3 + NVSwitch") != std::string::npos);
}

// The scale-out fabrics compared are the catalog's choice ("scaling_comparison": true in
// resources/catalog.json), fastest first; a user catalog can add one.
TEST_CASE("the scale-out fabrics compared are those the catalog marks, fastest first", "[scaling]") {
    Scenario s = scenarioFor("llama-3.1-8b", 16, 2048);
    s.cluster.nodes = 2;
    std::vector<std::string> names;
    for (const Comparison& c : scalingStudy(s, test::catalog(), 16, 0).comparisons)
        if (c.label.text.find("between servers: ") != std::string::npos)
            names.push_back(c.label.text.substr(c.label.text.find("between servers: ") + 17));
    CHECK(names == std::vector<std::string>{"InfiniBand NDR 400 Gb/s (1 NIC per GPU)",
                                            "InfiniBand HDR 200 Gb/s (1 NIC per GPU)", "RoCE v2 200 GbE",
                                            "Ethernet 100 GbE (TCP sockets, no RDMA)",
                                            "Ethernet 25 GbE (TCP sockets, no RDMA)"});

    const std::string tenGbE = "{\"schema\": \"clusterplan.catalog/1\", \"fabrics\": [{\"id\": \"eth-10\", "
                               "\"scaling_comparison\": true, \"name\": \"10 GbE\", \"scope\": \"inter\", "
                               "\"bandwidth_gb_s\": 1.25, \"latency_us\": 30, \"efficiency\": 0.7, "
                               "\"source\": \"IEEE 802.3ae (10GBASE-R line rate)\", \"as_of\": \"2002\"}]}";
    Catalog catalog = test::catalog();
    REQUIRE(catalog.mergeJson(tenGbE, "user-catalog.json"));
    bool slowestLast = false;
    for (const Comparison& c : scalingStudy(s, catalog, 16, 0).comparisons)
        slowestLast = c.label.text.find("between servers: ") != std::string::npos &&
                      c.label.text.find("10 GbE") != std::string::npos;
    CHECK(slowestLast);
}

TEST_CASE("every scaling row is the plan evaluate gives for its layout, CPU offload named", "[scaling]") {
    // The default scenario (Llama 3.1 8B): on one A100 no layout fits in GPU memory alone, so the
    // search keeps the optimizer states in host memory. A row is a promise the user checks with
    // evaluate: the same cluster and layout must give the same throughput and fit.
    const Scenario s = defaultScenario(test::catalog());
    const ScalingReport r = scalingStudy(s, test::catalog(), 8, 0);
    REQUIRE(r.curve.front().gpus == 1);
    REQUIRE(r.curve.front().fits);
    CHECK(r.curve.front().best.layout.offload != Offload::None);
    CHECK(scalingToText(r).find(", CPU offload optimizer") != std::string::npos);
    CHECK(scalingToJson(r).find("\"offload\": \"optimizer\"") != std::string::npos);
    CHECK(scalingToCsv(r).find(",recompute,offload\n") != std::string::npos);
    for (const auto& p : r.curve) {
        if (!p.fits)
            continue;
        INFO(p.gpus << " GPUs");
        Scenario v = s;
        v.cluster.gpusPerNode = p.gpusPerNode;
        v.cluster.nodes = p.nodes;
        v.layout = fixedSpec(p.best.layout);
        const auto plan = evaluate(v, test::catalog());
        REQUIRE(plan.ok());
        CHECK(plan.value().memory.fits());
        CHECK(plan.value().layout.offload == p.best.layout.offload);
        CHECK(plan.value().perf.tokensPerSecond == Approx(p.best.perf.tokensPerSecond).epsilon(1e-9));
        CHECK(plan.value().perf.trainDays == Approx(p.trainDays).epsilon(1e-9));
    }
}

TEST_CASE("an efficiency above 100 % says why: the smallest count needs a slower layout", "[scaling]") {
    // Llama 3.1 70B first fits on 16 A100 with TP 8 × PP 2 (pipeline bubbles, no data
    // parallelism); from 32 GPUs on, layouts with less model parallelism fit and run faster per GPU.
    const ScalingReport r = scalingStudy(scenarioFor("llama-3.1-70b", 256, 4096), test::catalog(), 64, 0);
    const auto peak =
        std::max_element(r.curve.begin(), r.curve.end(), [](const ScalePoint& a, const ScalePoint& b) {
            return a.efficiency < b.efficiency;
        });
    REQUIRE(peak->efficiency > 1.0005);
    const auto note = std::find_if(r.notes.begin(), r.notes.end(),
                                   [](const Message& m) { return m.id == msg::kScalingSuperlinear.id; });
    REQUIRE(note != r.notes.end());
    INFO(note->text);
    CHECK(note->text.find("against that of the smallest GPU count that fits (" +
                          std::to_string(*r.minimumGpus) + ")") != std::string::npos);
    CHECK(note->text.find("on " + std::to_string(peak->gpus) + " GPUs as TP") != std::string::npos);
    CHECK(scalingToText(r).find("It passes 100 %") != std::string::npos);

    // The default scenario (Llama 3.1 8B, 1 to 8 A100) never passes 100 %: no such note.
    const ScalingReport flat = scalingStudy(defaultScenario(test::catalog()), test::catalog(), 8, 0);
    for (const auto& p : flat.curve)
        REQUIRE(p.efficiency <= 1.0005);
    CHECK(std::none_of(flat.notes.begin(), flat.notes.end(),
                       [](const Message& m) { return m.id == msg::kScalingSuperlinear.id; }));
}
