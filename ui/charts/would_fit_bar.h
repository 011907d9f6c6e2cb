#pragma once
// WouldFitBar: under the verdict of a plan that does not fit, what would — the nearest layout on
// this cluster, the smallest cluster of this GPU and the cheapest option
// (core/studies/fit_suggestions.h), each a button that opens it as the scenario, undoable like any
// edit, with the plan it opens (cluster, layout, days, cost) as its tooltip. Found on a worker
// thread from a copy of the scenario; hidden while the plan fits or is not the one on screen.
#include <QFutureWatcher>
#include <QWidget>

#include <array>
#include <atomic>
#include <memory>
#include <optional>

#include "core/studies/fit_suggestions.h"

class QLabel;
class QPushButton;

namespace clusterplan::ui {

class PlanController;

class WouldFitBar : public QWidget {
    Q_OBJECT

public:
    explicit WouldFitBar(PlanController& controller, QWidget* parent = nullptr);
    ~WouldFitBar() override;

    // "Nearest layout", "Smallest cluster", "Cheapest option" (0, 1, 2): hidden when there is none.
    [[nodiscard]] QPushButton* button(std::size_t index) const { return m_buttons[index]; }
    [[nodiscard]] bool isFinding() const { return m_watcher.isRunning() || m_pending; }
    [[nodiscard]] QString text() const;
    // Opens suggestion `index` as the scenario (what its button does).
    void open(std::size_t index);

signals:
    void suggestionsShown();

private:
    void planChanged();
    void find(const Scenario& scenario);
    void found();

    PlanController& m_controller;
    QLabel* m_label = nullptr;
    std::array<QPushButton*, 3> m_buttons{};
    QFutureWatcher<std::shared_ptr<FitSuggestions>> m_watcher;
    std::optional<Scenario> m_for;      // the scenario the suggestions shown (or sought) are for
    std::optional<Scenario> m_running;  // the one being searched
    bool m_pending = false;             // a newer scenario waits for the running search
    std::shared_ptr<FitSuggestions> m_suggestions;
    // Set when the bar goes: the search running then stops early.
    std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
};

}  // namespace clusterplan::ui
