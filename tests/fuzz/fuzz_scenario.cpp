// Fuzz target: a scenario file as a user might receive it. Every input either is refused with a
// message or is accepted; an accepted scenario must save and read back unchanged, and evaluate()
// (with the layout search when keys are open) must produce a plan whose JSON, CSV and text
// forms are all well formed — no crash, sanitizer report, NaN or hang along the way.
#include <cstdint>
#include <string_view>

#include "core/calibration/evaluate.h"
#include "core/cost/cost_format.h"
#include "core/cost/cost_json.h"
#include "core/io/scenario_json.h"
#include "core/report/plan_format.h"
#include "core/search/search_format.h"
#include "core/util/json_write.h"
#include "output_checks.h"

using namespace clusterplan;

namespace {

const Catalog& builtinCatalog() {
    static const Catalog catalog = Catalog::builtin();
    return catalog;
}

void requireWellFormedPlan(const Plan& plan) {
    testing::requireJson(planToJson(plan), "plan JSON");
    (void)planToText(plan);
    if (plan.search) {
        testing::requireJson(searchToJson(*plan.search, 20), "search JSON");
        testing::requireCsv(searchToCsv(*plan.search, 20), "search CSV");
        (void)searchToText(*plan.search, 20);
    }
    if (plan.cost) {
        json::Writer w;
        w.beginObject();
        cost::writeCostJson(w, *plan.cost);
        w.endObject();
        testing::requireJson(w.str(), "cost JSON");
        testing::requireCsv(cost::costToCsv(*plan.cost), "cost CSV");
        (void)cost::costToText(*plan.cost);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto scenario = parseScenario(text, builtinCatalog(), "fuzz.json");
    if (!scenario) {
        testing::requireMessage(scenario.error(), "scenario reader");
        return 0;
    }
    testing::requireRoundTrip(scenario.value(), builtinCatalog());
    auto plan = evaluate(scenario.value(), builtinCatalog());
    if (!plan) {
        testing::requireMessage(plan.error(), "evaluate");
        return 0;
    }
    requireWellFormedPlan(plan.value());
    return 0;
}
