// Fuzz target: the reader of measured runs (the scenario's `measured` key) and the
// profile fit behind it. The input is the value of `measured`, spliced into a fixed,
// valid scenario, so every mutation lands on the measured runs rather than on the rest of a
// scenario (fuzz_scenario covers that). Every input is refused with a message naming its key, or
// is accepted; an accepted one must save and read back unchanged, and evaluate() must fit the
// profile to it and give a plan whose JSON (the calibration object included) and text are well
// formed - no crash, sanitizer report, NaN or hang.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/calibration/calibration_format.h"
#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"
#include "core/report/plan_format.h"
#include "output_checks.h"

using namespace clusterplan;

namespace {

const Catalog& builtinCatalog() {
    static const Catalog catalog = Catalog::builtin();
    return catalog;
}

// A small, fully fixed job (no search, so one fit step is a handful of evaluations): Llama 3.1 8B
// on two 8x A100 servers. The measured runs may name other node counts and layouts.
constexpr std::string_view kBefore = R"({
  "schema": "clusterplan.scenario/1",
  "model": { "preset": "llama-3.1-8b" },
  "training": { "seq_len": 4096, "global_batch": 256, "tokens": 1e10, "precision": "bf16" },
  "cluster": { "gpu": "a100-sxm-80gb", "gpus_per_node": 8, "nodes": 2, "inter_node": "ib-hdr-200" },
  "layout": { "tp": 2, "pp": 1, "dp": 0, "cp": 1, "ep": 1, "vpp": 1, "micro_batch": 1,
              "zero_stage": 1, "recompute": "selective", "sequence_parallel": true },
  "measured": )";
constexpr std::string_view kAfter = "\n}\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(kBefore);
    text.append(reinterpret_cast<const char*>(data), size);
    text.append(kAfter);
    auto scenario = parseScenario(text, builtinCatalog(), "fuzz.json");
    if (!scenario) {
        testing::requireMessage(scenario.error(), "measured runs reader");
        return 0;
    }
    testing::requireRoundTrip(scenario.value(), builtinCatalog());
    auto plan = evaluate(scenario.value(), builtinCatalog());
    if (!plan) {
        testing::requireMessage(plan.error(), "evaluate (profile fit)");
        return 0;
    }
    testing::requireJson(planToJson(plan.value()), "plan JSON");
    (void)planToText(plan.value());
    if (plan->calibration)
        (void)profileFitToText(*plan->calibration);
    return 0;
}
