#include "core/calibration/engine_session.h"

#include "core/catalog/scenario_check.h"
#include "core/perf/profile_name.h"
#include "core/report/messages_plan.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

// The plan of a scenario with measured runs says how the fit went.
void addCalibrationNote(Plan& plan, ProfileFit fit) {
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
}

}  // namespace

Scenario fitInputs(const Scenario& scenario) {
    Scenario inputs = scenario;
    inputs.layout = {};
    inputs.cost = {};
    // The server line that states the host memory (catalog/cluster_resolution.cpp) is read from
    // these two; the host memory bounds what a run's layout may offload.
    inputs.cost.priceBook = scenario.cost.priceBook;
    inputs.cost.rentOffer = scenario.cost.rentOffer;
    inputs.quote.reset();
    inputs.phases.clear();
    return inputs;
}

EngineSession::EngineSession(std::shared_ptr<const Catalog> catalog) : m_catalog(std::move(catalog)) {}

// Aliasing an empty owner: a non-null pointer that owns nothing.
EngineSession::EngineSession(const Catalog& catalog)
    : m_catalog(std::shared_ptr<const Catalog>(std::shared_ptr<const Catalog>(), &catalog)) {}

std::optional<Error> EngineSession::check(const Scenario& scenario) {
    ++m_checks;
    return checkScenario(scenario, *m_catalog);
}

ResolvedInputs EngineSession::resolve(const Scenario& scenario) {
    ++m_resolutions;
    return resolveInputs(scenario, m_catalog);
}

Result<ProfileFit> EngineSession::fit(const Scenario& scenario, const ResolvedInputs& prior) {
    Scenario key = fitInputs(scenario);
    {
        const std::lock_guard<std::mutex> lock(m_fitMutex);
        if (m_fit && m_fit->first == key)
            return m_fit->second;
    }
    auto fitted = fitProfile(scenario, prior);
    if (!fitted)
        return fitted.error();
    ++m_fits;
    auto entry = std::make_shared<const std::pair<Scenario, ProfileFit>>(std::move(key), fitted.value());
    const std::lock_guard<std::mutex> lock(m_fitMutex);
    m_fit = std::move(entry);
    return fitted;
}

Result<PreparedScenario> EngineSession::prepare(const Scenario& scenario) {
    if (auto e = check(scenario))
        return *e;
    PreparedScenario prepared{resolve(scenario), std::nullopt};
    if (scenario.measured.empty())
        return prepared;
    auto fitted = fit(scenario, prepared.inputs);
    if (!fitted)
        return fitted.error();
    prepared.inputs.profile = fitted->after;
    prepared.fit = std::move(fitted).value();
    return prepared;
}

ResolvedInputs EngineSession::resolveVariant(const Scenario& variant, const PreparedScenario& prepared) {
    ResolvedInputs inputs = resolve(variant);
    inputs.profile = prepared.inputs.profile;
    return inputs;
}

Result<Plan> EngineSession::evaluate(const Scenario& scenario, const SearchOptions& options,
                                     const PlanParts& parts) {
    ++m_evaluations;
    auto prepared = prepare(scenario);
    if (!prepared)
        return prepared.error();
    auto plan = planScenario(scenario, prepared->inputs, options, parts);
    if (plan && prepared->fit)
        addCalibrationNote(plan.value(), std::move(*prepared.value().fit));
    return plan;
}

EngineSession::Counters EngineSession::counters() const {
    return {m_evaluations.load(), m_checks.load(), m_resolutions.load(), m_fits.load()};
}

void EngineSession::clearFit() {
    const std::lock_guard<std::mutex> lock(m_fitMutex);
    m_fit.reset();
}

}  // namespace clusterplan
