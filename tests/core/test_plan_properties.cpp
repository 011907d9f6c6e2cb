// Property sweep: many valid scenarios (every model preset × GPU counts × parallel
// layouts) evaluate to plans with no NaN or infinity anywhere (planToJson throws NonFiniteValue
// naming the key path otherwise, and the JSON must parse), and the physics moves the right way:
// memory and step time grow with the model within a family, and ZeRO-3's memory per GPU shrinks
// as data parallelism grows (ZeRO, arXiv:1910.02054 §5: states divided by N_d).
#include <boost/json.hpp>

#include "core/calibration/evaluate.h"
#include "core/report/plan_format.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

Scenario scenarioFor(const std::string& model, std::int64_t gpus, const LayoutSpec& layout) {
    Scenario s = test::scenarioWithModel(model);
    s.cluster.gpu = "h100-sxm-80gb";
    s.cluster.gpusPerNode = std::min<std::int64_t>(gpus, 8);
    s.cluster.nodes = gpus / s.cluster.gpusPerNode;
    s.cluster.interNode = "ib-ndr-400";
    s.training.globalBatch = 512;
    s.layout = layout;
    s.layout.open = 0;
    return s;
}

LayoutSpec layout(std::int64_t tp, std::int64_t pp, int zero, Recompute r) {
    LayoutSpec l;
    l.tp = tp;
    l.pp = pp;
    l.dp = 0;  // the rest of the cluster
    l.cp = 1;
    l.ep = 1;
    l.vpp = 1;
    l.microBatch = 1;
    l.zeroStage = zero;
    l.recompute = r;
    l.sequenceParallel = tp > 1;
    return l;
}

Plan planFor(const Scenario& s) {
    const auto plan = evaluate(s, test::catalog());
    INFO(s.modelPreset << " on " << s.cluster.gpus() << " GPUs: " << (plan ? "" : plan.error().toString()));
    REQUIRE(plan);
    return plan.value();
}

}  // namespace

TEST_CASE("no NaN or infinity in any plan of the sweep", "[properties]") {
    const LayoutSpec layouts[] = {
        layout(1, 1, 0, Recompute::None),      layout(1, 1, 3, Recompute::Full),
        layout(2, 2, 1, Recompute::Selective), layout(8, 1, 2, Recompute::Selective),
        layout(8, 4, 1, Recompute::Full),      layout(4, 8, 3, Recompute::None)};
    std::size_t evaluated = 0;
    for (const auto& [id, model] : test::catalog().models()) {
        for (const std::int64_t gpus : {8, 64, 512}) {
            for (const auto& l : layouts) {
                const Scenario s = scenarioFor(id, gpus, l);
                const auto plan = evaluate(s, test::catalog());
                if (!plan)
                    continue;  // e.g. TP not dividing the heads: refused with a message, not a plan
                INFO(id << ", " << gpus << " GPUs, TP" << l.tp << " PP" << l.pp << " ZeRO-" << l.zeroStage);
                std::string json;
                REQUIRE_NOTHROW(json = planToJson(plan.value()));
                boost::system::error_code ec;
                boost::json::parse(json, ec);
                REQUIRE(!ec);
                REQUIRE_NOTHROW(planToText(plan.value()));
                ++evaluated;
            }
        }
    }
    CHECK(evaluated > 200);  // the sweep really covered most combinations
}

TEST_CASE("memory and step time grow with the model within a family", "[properties]") {
    const LayoutSpec zero3 = layout(1, 1, 3, Recompute::Full);
    for (const auto& family :
         {std::vector<std::string>{"llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b"},
          std::vector<std::string>{"qwen2.5-7b", "qwen2.5-14b", "qwen2.5-32b", "qwen2.5-72b"},
          std::vector<std::string>{"llama-2-7b", "llama-2-13b", "llama-2-70b"}}) {
        double memory = 0;
        double step = 0;
        for (const auto& id : family) {
            const Plan p = planFor(scenarioFor(id, 64, zero3));
            INFO(id);
            CHECK(p.memory.total() > memory);
            CHECK(p.perf.stepSeconds > step);
            memory = p.memory.total();
            step = p.perf.stepSeconds;
        }
    }
}

TEST_CASE("ZeRO-3 memory per GPU shrinks as data parallelism grows", "[properties]") {
    for (const char* id : {"llama-3.1-8b", "qwen2.5-14b", "llama-3.1-70b"}) {
        double previous = 0;
        for (const std::int64_t gpus : {8, 16, 32, 64, 128}) {
            const Plan p = planFor(scenarioFor(id, gpus, layout(1, 1, 3, Recompute::Full)));
            INFO(id << " on " << gpus << " GPUs");
            CHECK(p.layout.dp == gpus);
            if (previous > 0) {
                CHECK(p.memory.total() < previous);
            }
            previous = p.memory.total();
        }
    }
}
