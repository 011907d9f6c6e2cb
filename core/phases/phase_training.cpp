// What one phase trains (see phase_training.h).
#include "core/phases/phase_training.h"

#include <algorithm>
#include <limits>

#include "core/catalog/catalog.h"
#include "core/catalog/phase_check.h"
#include "core/cost/ownership.h"
#include "core/util/json_read.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

constexpr double kSecondsPerMonth =
    cost::kHoursPerMonth * units::kSecondsPerHour;  // 730 h (cost/ownership.h)

Scenario phaseScenario(const Scenario& s, const PhaseSetup& p) {
    Scenario out = s;
    out.phases.clear();
    out.cluster = p.cluster;
    out.modelPreset = p.modelPreset;
    out.model = p.model;
    if (p.tokens)
        out.training.tokens = *p.tokens;
    if (!(p.cluster == s.cluster && p.model == s.model))
        out.layout.open = kAllLayoutKeys;
    return out;
}

// The catalog with the slice's card holding only its share of the memory: the layout search then
// looks for a layout that fits the slice. Its speed stays the card's; tokens/s is scaled after.
Catalog sliceCatalog(const Catalog& catalog, const PhaseSetup& p, const PhaseInputs& resolved) {
    Catalog out = catalog;
    GpuSpec card = resolved.gpus.at(p.index);
    card.hbmGib *= p.slice->fraction;
    card.visibleGib *= p.slice->fraction;
    out.putGpu(std::move(card));
    return out;
}

}  // namespace

Result<PhaseTraining> trainPhase(const Scenario& s, const PhaseSetup& p, EngineSession& session,
                                 const PhaseInputs& resolved) {
    const PlanParts parts = PlanParts::stepTimeOnly();
    auto plan =
        p.slice ? EngineSession(std::make_shared<const Catalog>(sliceCatalog(session.catalog(), p, resolved)))
                      .evaluate(phaseScenario(s, p), {}, parts)
                : session.evaluate(phaseScenario(s, p), {}, parts);
    if (!plan)
        return relocated(json::indexPath("phases", p.index) +
                             (plan.error().where.empty() ? "" : ": " + plan.error().where),
                         plan.error());
    const double share = p.slice ? p.slice->fraction : 1.0;
    PhaseTraining t;
    t.model = plan->scenario.model.name;
    t.params = plan->params.total;
    t.memoryGib = plan->memory.total() / units::kGiB;
    t.capacityGib = plan->memory.capacity / units::kGiB;
    t.fits = plan->memory.fits();
    t.tokensPerSecond = plan->perf.tokensPerSecond * share;
    const double rate =
        t.fits ? t.tokensPerSecond * s.cost.utilization : 0.0;  // tokens per wall-clock second
    double left = p.tokens.value_or(std::numeric_limits<double>::infinity());
    for (int m = 0; m < p.months; ++m) {
        const double month = std::min(left, rate * kSecondsPerMonth);
        t.tokensByMonth.push_back(month);
        t.tokens += month;
        left -= month;
    }
    t.trainingDays = rate > 0 ? t.tokens / rate / units::kSecondsPerDay : 0.0;
    t.reachedGoal = p.tokens && t.tokens >= *p.tokens * (1 - 1e-12);
    return t;
}

}  // namespace clusterplan
