#pragma once
// ScenarioHistory: undo/redo of every input change, as snapshots of the Scenario (a few KB each)
// taken by PlanController::update(). Typing "128" into a field is one step, not three: edits of
// the same part of the scenario less than kMergeMs apart merge into one. Opening, New and
// recovering start a new history; saving marks the clean state, so undoing back to what was saved
// clears the window's modified mark.
#include <QObject>
#include <QUndoStack>

namespace clusterplan {
struct Scenario;
}

namespace clusterplan::ui {

class PlanController;

class ScenarioHistory : public QObject {
    Q_OBJECT

public:
    static constexpr qint64 kMergeMs = 1000;

    explicit ScenarioHistory(PlanController& controller, QObject* parent = nullptr);
    // Disconnects first: the stack's destructor clears it and signals indexChanged, which must not
    // reach the controller (or a window being destroyed) from a half-destroyed history.
    ~ScenarioHistory() override;

    [[nodiscard]] QUndoStack& stack() { return m_stack; }

private:
    void record(const Scenario& before, const Scenario& after);
    void startOver();

    PlanController& m_controller;
    QUndoStack m_stack;
};

}  // namespace clusterplan::ui
