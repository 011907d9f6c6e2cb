// Fuzz target: a user catalog file (~/.config/clusterplan/catalog.json or --catalog). A malformed
// file is refused with a message, bad entries are skipped with a diagnostic, and every GPU or
// model the file adds must then work in a plan: the default scenario evaluated on each new GPU
// and with each new model preset must give a well-formed plan or a clear error.
#include <cstdint>
#include <string_view>

#include "core/calibration/evaluate.h"
#include "core/catalog/catalog_lookup.h"
#include "core/io/scenario_json.h"
#include "core/report/plan_format.h"
#include "output_checks.h"

using namespace clusterplan;

namespace {

const Catalog& builtinCatalog() {
    static const Catalog catalog = Catalog::builtin();
    return catalog;
}

// The default scenario with its layout fixed, so one evaluation costs one layout, not a search.
Scenario fixedLayoutScenario(const Catalog& catalog) {
    Scenario s = defaultScenario(catalog);
    s.layout.open = 0;
    return s;
}

void evaluateWith(const Scenario& scenario, const Catalog& catalog) {
    auto plan = evaluate(scenario, catalog);
    if (!plan) {
        testing::requireMessage(plan.error(), "evaluate with a user entry");
        return;
    }
    testing::requireJson(planToJson(plan.value()), "plan JSON with a user entry");
    (void)planToText(plan.value());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Catalog catalog = builtinCatalog();
    auto merged = catalog.mergeJson(text, "fuzz-catalog.json");
    if (!merged) {
        testing::requireMessage(merged.error(), "catalog reader");
        return 0;
    }
    for (const auto& d : catalog.diagnostics())
        if (d.reason.empty())
            testing::fuzzFailure("catalog reader", "a diagnostic without a reason at " + d.key);
    (void)presetsToText(catalog);
    const Scenario base = fixedLayoutScenario(builtinCatalog());
    for (const auto& [id, gpu] : catalog.gpus()) {
        if (builtinCatalog().gpu(id))
            continue;
        Scenario s = base;
        s.cluster.gpu = id;
        evaluateWith(s, catalog);
    }
    for (const auto& [id, model] : catalog.models()) {
        if (builtinCatalog().model(id))
            continue;
        Scenario s = base;
        s.modelPreset = id;
        s.model = model;
        evaluateWith(s, catalog);
    }
    return 0;
}
