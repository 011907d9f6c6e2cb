#include "ui/models/scenario_history.h"

#include "ui/models/plan_controller.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QUndoCommand>

#include <string>
#include <utility>

namespace clusterplan::ui {

namespace {

// Which parts of the scenario an edit touched, as bits; edits merge only within one part.
unsigned touchedParts(const Scenario& a, const Scenario& b) {
    return (a.model == b.model && a.modelPreset == b.modelPreset ? 0u : 1u) |
           (a.cluster == b.cluster ? 0u : 2u) | (a.training == b.training ? 0u : 4u) |
           (a.layout == b.layout ? 0u : 8u) | (a.cost == b.cost ? 0u : 16u) |
           (a == b ? 0u : 32u);  // anything else
}

// One input change: the scenario before and after it.
class ScenarioEdit : public QUndoCommand {
public:
    ScenarioEdit(PlanController& controller, Scenario before, Scenario after)
        : QUndoCommand(QCoreApplication::translate("ScenarioHistory", "input change"))
        , m_controller(controller)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_parts(touchedParts(m_before, m_after))
        , m_lastMs(QDateTime::currentMSecsSinceEpoch()) {}

    int id() const override { return 1; }

    // The first redo() comes from QUndoStack::push(), when the edit is already applied.
    void redo() override {
        if (m_done)
            m_controller.restore(keepingQuoteNumber(m_after));
        m_done = true;
    }
    void undo() override { m_controller.restore(keepingQuoteNumber(m_before)); }

    bool mergeWith(const QUndoCommand* other) override {
        const auto* next = static_cast<const ScenarioEdit*>(other);
        // A measured run's cell is committed whole (Return, or leaving the cell), not keystroke by
        // keystroke: each such edit, and adding or removing a run, is an undo step of its own.
        if (editsRuns() || next->editsRuns())
            return false;
        if (next->m_parts != m_parts || next->m_lastMs - m_lastMs > ScenarioHistory::kMergeMs ||
            !(next->m_before == m_after))
            return false;
        m_after = next->m_after;
        m_lastMs = next->m_lastMs;
        setObsolete(m_after == m_before);  // typed back to where it started
        return true;
    }

private:
    [[nodiscard]] bool editsRuns() const { return !(m_before.measured == m_after.measured); }
    // The quote book's number and revision are recorded by exports, not edited
    // (PlanController::recordQuoteNumber): undoing an input keeps them, unless this step edited
    // them itself (Quote details…).
    [[nodiscard]] Scenario keepingQuoteNumber(Scenario s) const {
        const auto numberOf = [](const Scenario& x) {
            return x.quote ? std::make_pair(x.quote->number, x.quote->revision)
                           : std::make_pair(std::string(), std::int64_t{0});
        };
        const auto& now = m_controller.scenario().quote;
        if (numberOf(m_before) != numberOf(m_after) || !now)
            return s;
        quote::QuoteInfo info = s.quote.value_or(quote::QuoteInfo{});
        info.number = now->number;
        info.revision = now->revision;
        s.quote = info;
        return s;
    }

    PlanController& m_controller;
    Scenario m_before;
    Scenario m_after;
    unsigned m_parts;
    qint64 m_lastMs;
    bool m_done = false;
};

}  // namespace

ScenarioHistory::~ScenarioHistory() {
    m_stack.disconnect(this);
}

ScenarioHistory::ScenarioHistory(PlanController& controller, QObject* parent)
    : QObject(parent), m_controller(controller) {
    connect(&controller, &PlanController::scenarioEdited, this, &ScenarioHistory::record);
    connect(&controller, &PlanController::documentReplaced, this, &ScenarioHistory::startOver);
    connect(&controller, &PlanController::scenarioSaved, &m_stack, &QUndoStack::setClean);
    connect(&m_stack, &QUndoStack::indexChanged, this,
            [this] { m_controller.setModified(!m_stack.isClean() || m_stack.cleanIndex() < 0); });
}

void ScenarioHistory::startOver() {
    const bool modified = m_controller.isModified();  // a recovered autosave is unsaved work
    m_stack.clear();
    if (modified) {
        m_stack.resetClean();
        m_controller.setModified(true);
    }
}

void ScenarioHistory::record(const Scenario& before, const Scenario& after) {
    m_stack.push(new ScenarioEdit(m_controller, before, after));
}

}  // namespace clusterplan::ui
