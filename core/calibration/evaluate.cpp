#include "core/calibration/evaluate.h"

#include "core/calibration/fitted_evaluation.h"
#include "core/calibration/profile_fit.h"
#include "core/catalog/scenario_check.h"
#include "core/perf/profile_name.h"
#include "core/report/messages_plan.h"
#include "core/report/plan_scenario.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

// A scenario with measured runs: planned on a catalog whose every profile lookup answers the fitted
// profile, so the search, the chosen layout, the GPipe comparison and the band all use it.
Result<Plan> planCalibrated(const Scenario& scenario, const Catalog& catalog, ProfileFit fit,
                            const SearchOptions& options) {
    auto planned = planScenario(scenario, withFittedProfile(catalog, fit.after), options);
    if (!planned)
        return planned;
    Plan plan = std::move(planned).value();
    const auto n = fit.runs.size();
    const std::string before = formatFixed(100 * fit.meanAbsErrorBefore, 1);
    const std::string after = formatFixed(100 * fit.meanAbsErrorAfter, 1);
    // The profile by its stack, generation and precision; how the band was set translated too.
    Message profile = plainMessage(profileDisplayName(fit.before.id).value_or(fit.before.id));
    plan.notes.push_back(
        n == 1 ? makeNestedMessage(msg::kPlanCalibratedOne, {std::move(profile), plainMessage(before),
                                                             plainMessage(after), bandRuleMessage(fit)})
               : makeNestedMessage(msg::kPlanCalibratedMany,
                                   {std::move(profile), plainMessage(std::to_string(n)), plainMessage(before),
                                    plainMessage(after), bandRuleMessage(fit)}));
    plan.calibration = std::move(fit);
    return plan;
}

}  // namespace

Result<Plan> evaluate(const Scenario& scenario, const Catalog& catalog, const SearchOptions& options) {
    if (scenario.measured.empty())
        return planScenario(scenario, catalog, options);
    if (auto e = checkScenario(scenario, catalog))
        return *e;
    auto fit = fitProfile(scenario, catalog);
    if (!fit)
        return fit.error();
    return planCalibrated(scenario, catalog, std::move(fit).value(), options);
}

Result<Plan> evaluateWithFit(const Scenario& scenario, const Catalog& catalog, const ProfileFit& fit,
                             const SearchOptions& options) {
    if (scenario.measured.empty())
        return planScenario(scenario, catalog, options);
    if (auto e = checkScenario(scenario, catalog))
        return *e;
    return planCalibrated(scenario, catalog, fit, options);
}

}  // namespace clusterplan
