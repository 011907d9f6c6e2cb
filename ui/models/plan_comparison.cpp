#include "ui/models/plan_comparison.h"

#include "core/calibration/evaluate.h"
#include "ui/models/plan_controller.h"

namespace clusterplan::ui {

PlanComparison::PlanComparison(PlanController& controller, QObject* parent)
    : QObject(parent), m_controller(controller) {
    connect(&controller, &PlanController::planChanged, this, &PlanComparison::followPlan);
}

void PlanComparison::selectLayout(std::optional<std::size_t> index) {
    const auto& plan = m_controller.plan();
    if (index && (!plan || !plan->search || *index >= plan->search->ranked.size()))
        index.reset();
    if (index == m_selectedIndex)
        return;
    m_selectedIndex = index;
    m_selectedLayout.reset();
    if (index)
        m_selectedLayout = plan->search->ranked[*index].layout;
    evaluateSelection();
    emit selectionChanged(m_selectedIndex);
    emit changed();
}

bool PlanComparison::useSelectedLayout() {
    if (!m_selectedLayout)
        return false;
    const LayoutSpec spec = fixedSpec(*m_selectedLayout);
    m_controller.update([&spec](Scenario& s) { s.layout = spec; });
    return true;
}

void PlanComparison::pinBaseline() {
    if (!m_controller.plan())
        return;
    m_baseline = m_controller.plan();
    emit baselineChanged();
    emit changed();
}

void PlanComparison::clearBaseline() {
    if (!m_baseline)
        return;
    m_baseline.reset();
    emit baselineChanged();
    emit changed();
}

// A new plan re-ranks the layouts: find the selected one again (the scenario may have pinned it,
// in which case there is no search and the current plan is that layout).
void PlanComparison::followPlan(const Plan& plan) {
    std::optional<std::size_t> found;
    if (m_selectedLayout && plan.search) {
        const auto& ranked = plan.search->ranked;
        for (std::size_t i = 0; i < ranked.size() && !found; ++i)
            if (ranked[i].layout == *m_selectedLayout)
                found = i;
    }
    const bool indexChanged = found != m_selectedIndex;
    m_selectedIndex = found;
    if (!found)
        m_selectedLayout.reset();
    evaluateSelection();
    if (indexChanged)
        emit selectionChanged(m_selectedIndex);
    emit changed();
}

void PlanComparison::evaluateSelection() {
    m_selectedPlan.reset();
    if (!m_selectedLayout || !m_controller.plan())
        return;
    Scenario pinned = m_controller.plan()->scenario;
    pinned.layout = fixedSpec(*m_selectedLayout);
    Result<Plan> result = evaluate(pinned, m_controller.catalog());
    if (result)
        m_selectedPlan = std::move(result).value();
}

}  // namespace clusterplan::ui
