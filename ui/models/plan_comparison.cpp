#include "ui/models/plan_comparison.h"

#include "ui/models/plan_controller.h"

#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace clusterplan::ui {

PlanComparison::PlanComparison(PlanController& controller, QObject* parent)
    : QObject(parent), m_controller(controller) {
    connect(&controller, &PlanController::planChanged, this, &PlanComparison::followPlan);
    connect(&m_selectionWorker, &QFutureWatcherBase::finished, this, &PlanComparison::selectionEvaluated);
}

PlanComparison::~PlanComparison() {
    m_selectionWorker.waitForFinished();
}

const Plan* PlanComparison::rankingPlan() const {
    const auto& plan = m_controller.plan();
    if (plan && plan->search)
        return &*plan;
    const auto& explored = m_controller.lastSearchedPlan();
    return m_keepExplored && explored ? &*explored : nullptr;
}

void PlanComparison::selectLayout(std::optional<std::size_t> index) {
    const Plan* plan = rankingPlan();
    if (index && (!plan || *index >= plan->search->ranked.size()))
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

void PlanComparison::keepExplored(const Plan& plan) {
    // The controller keeps the searched plan (PlanController::lastSearchedPlan): a copy here cost
    // a tenth of the UI thread's work per edit on a large search.
    if (plan.search) {
        m_keepExplored = true;
        return;
    }
    const auto& explored = m_controller.lastSearchedPlan();
    if (!m_keepExplored || !explored)
        return;
    Scenario scenario = explored->scenario;
    scenario.layout = plan.scenario.layout;
    if (!(scenario == plan.scenario))
        m_keepExplored = false;
}

// A new plan re-ranks the layouts: find the selected one again (in the explored search when the
// scenario pinned a layout of it, which the selection then still marks).
void PlanComparison::followPlan(const Plan& plan) {
    keepExplored(plan);
    std::optional<std::size_t> found;
    const Plan* ranking = rankingPlan();
    if (m_selectedLayout && ranking) {
        const auto& ranked = ranking->search->ranked;
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
    ++m_selectionRequest;  // a result in flight now answers an older selection or plan
    m_selectionPending = m_selectedLayout && m_controller.plan();
    if (!m_selectionPending)
        return;
    if (!m_selectionWorker.isRunning())
        startSelectionWorker();  // else restarted when the running one returns an older id
}

void PlanComparison::startSelectionWorker() {
    Scenario pinned = m_controller.plan()->scenario;
    pinned.layout = fixedSpec(*m_selectedLayout);
    auto job = m_controller.evaluationJob(std::move(pinned));
    m_selectionWorker.setFuture(QtConcurrent::run([id = m_selectionRequest, job = std::move(job)] {
        return SelectionEvaluation{id, job()};
    }));
}

void PlanComparison::selectionEvaluated() {
    SelectionEvaluation evaluation = m_selectionWorker.result();
    if (!m_selectionPending || evaluation.id != m_selectionRequest) {
        if (m_selectionPending)
            startSelectionWorker();  // the selection or the plan changed while it ran
        return;
    }
    m_selectionPending = false;
    m_selectedPlan = std::move(evaluation.plan);
    emit changed();
}

}  // namespace clusterplan::ui
