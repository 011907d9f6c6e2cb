#include "core/calibration/evaluate.h"

#include "core/catalog/scenario_check.h"

namespace clusterplan {

namespace {

// The catalog the caller keeps alive for the call, shared without owning it.
std::shared_ptr<const Catalog> borrowed(const Catalog& catalog) {
    return {std::shared_ptr<const Catalog>(), &catalog};
}

}  // namespace

Result<Plan> evaluate(const Scenario& scenario, const Catalog& catalog, const SearchOptions& options) {
    return EngineSession(catalog).evaluate(scenario, options);
}

Result<Plan> planScenario(const Scenario& scenario, const Catalog& catalog, const SearchOptions& options,
                          const PlanParts& parts) {
    if (auto e = checkScenario(scenario, catalog))
        return *e;
    return planScenario(scenario, resolveInputs(scenario, borrowed(catalog)), options, parts);
}

SearchResult searchLayouts(const Scenario& scenario, const Catalog& catalog, const SearchOptions& options) {
    const ResolvedInputs inputs = resolveInputs(scenario, borrowed(catalog));
    return searchLayouts(scenario, inputs.hardware(), options);
}

LayoutSpec frameworkDefaultLayout(const Scenario& scenario, const Catalog& catalog, Message& description) {
    const ResolvedInputs inputs = resolveInputs(scenario, borrowed(catalog));
    return frameworkDefaultLayout(scenario, inputs.hardware(), description);
}

Result<ProfileFit> fitProfile(const Scenario& scenario, const Catalog& catalog) {
    return fitProfile(scenario, resolveInputs(scenario, borrowed(catalog)));
}

Scenario measuredRunScenario(const Scenario& scenario, const MeasuredRun& run, const Catalog& catalog) {
    const ResolvedInputs inputs = resolveInputs(scenario, borrowed(catalog));
    return measuredRunScenario(scenario, run, inputs.hardware());
}

Catalog withFittedProfile(const Catalog& catalog, const PerfProfile& fitted) {
    Catalog c = catalog;
    c.perfProfiles().pin(fitted);
    return c;
}

}  // namespace clusterplan
