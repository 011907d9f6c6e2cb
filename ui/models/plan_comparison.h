#pragma once
// PlanComparison: the plans the views show beside the current one.
// - The selected layout: one row of the search ranking, picked in the layout explorer (a point or
//   a table row). It is evaluated by the engine as a scenario with every layout key pinned to it,
//   so the Memory and Time views show the engine's numbers for it, never numbers the UI derives.
//   That evaluation runs on a worker thread like every edit's (with measured runs it takes tens
//   of milliseconds even with the controller's profile fit): selectedPlan() is empty until it
//   arrives, a result overtaken by a later selection or plan is dropped, and changed() is emitted
//   when it is shown.
//   After an edit the selection follows the same layout in the new ranking, or is dropped.
// - The baseline: a copy of the current plan kept by "Pin as baseline" until cleared.
// - The explored search: the last plan with a layout search. "Use this layout" pins one of its
//   layouts, which closes the search; the explored plan is kept, so the Explorer still shows its
//   cloud and table and the user can compare and use another layout without Undo. It is dropped
//   as soon as an input other than the layout changes: its cloud would then describe another job.
// useSelectedLayout() pins the selected layout's keys in the controller's scenario.
#include <QFutureWatcher>
#include <QObject>

#include <cstdint>
#include <optional>

#include "core/report/plan.h"

namespace clusterplan::ui {

class PlanController;

class PlanComparison : public QObject {
    Q_OBJECT

public:
    explicit PlanComparison(PlanController& controller, QObject* parent = nullptr);
    ~PlanComparison() override;
    PlanComparison(const PlanComparison&) = delete;
    PlanComparison& operator=(const PlanComparison&) = delete;

    [[nodiscard]] PlanController& controller() const { return m_controller; }
    // Index into the current plan's search->ranked; empty when nothing is selected.
    [[nodiscard]] std::optional<std::size_t> selectedIndex() const { return m_selectedIndex; }
    [[nodiscard]] const std::optional<Plan>& selectedPlan() const { return m_selectedPlan; }
    // True while the selected layout's evaluation runs (selectedPlan() is then empty).
    [[nodiscard]] bool isEvaluating() const { return m_selectionPending; }
    [[nodiscard]] const std::optional<Plan>& baseline() const { return m_baseline; }
    // The plan whose search the Explorer shows and selectedIndex() indexes: the current plan when
    // it searched, else the explored plan a layout was used from; null when there is neither.
    [[nodiscard]] const Plan* rankingPlan() const;

    // Selects ranked[index] of the current plan's search (out of range: clears the selection).
    void selectLayout(std::optional<std::size_t> index);
    // Pins the selected layout's keys in the scenario (closing the search); false without one.
    bool useSelectedLayout();
    void pinBaseline();
    void clearBaseline();

signals:
    void selectionChanged(std::optional<std::size_t> index);
    void baselineChanged();
    // Anything the views compare changed: the current plan, the selection or the baseline.
    void changed();

private:
    void followPlan(const Plan& plan);
    // Keeps the explored plan while `plan` is one of its layouts (the scenario differs only in
    // the layout), replaces it with a plan that searched, drops it otherwise.
    void keepExplored(const Plan& plan);
    // Starts the selected layout's evaluation (or leaves it to the running one's return).
    void evaluateSelection();
    void startSelectionWorker();
    void selectionEvaluated();

    // One evaluation of the selected layout, with the request it answers.
    struct SelectionEvaluation {
        std::uint64_t id = 0;
        std::optional<Plan> plan;
    };
    PlanController& m_controller;
    std::optional<std::size_t> m_selectedIndex;
    std::optional<Layout> m_selectedLayout;
    std::optional<Plan> m_selectedPlan;
    std::optional<Plan> m_baseline;
    bool m_keepExplored = false;           // the controller's lastSearchedPlan() is still this job's
    std::uint64_t m_selectionRequest = 0;  // the latest; an older result is dropped
    bool m_selectionPending = false;       // requested and not yet shown or dropped
    QFutureWatcher<SelectionEvaluation> m_selectionWorker;
};

}  // namespace clusterplan::ui
