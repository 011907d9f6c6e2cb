#pragma once
// PlanController: the seam between the widgets and the engine. It owns the
// Scenario being edited and a copy of the Catalog, re-evaluates after edits (coalesced by a short
// single-shot timer) and publishes the Plan. Widgets never compute; they edit through update().
// The coalesced evaluation runs on a worker thread (a layout search over every key of
// Llama 3.1 405B on 16 384 GPUs takes longer than a frame, and the window must never freeze): at
// most one runs at a time, the latest edit is evaluated next, and a result overtaken by a later
// edit is dropped, never shown.
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "core/catalog/catalog.h"
#include "core/quote/quote_document.h"
#include "core/report/plan.h"
#include "core/scenario/scenario.h"

namespace clusterplan {
class EngineSession;  // core/calibration/engine_session.h
}  // namespace clusterplan

namespace clusterplan::ui {

class PlanController : public QObject {
    Q_OBJECT

public:
    static constexpr int kCoalesceMs = 30;

    // Copies the catalog into an engine session (core/calibration/engine_session.h), which every
    // evaluation of the window goes through and which keeps the fit to measured runs. The first
    // evaluation runs from the event loop, so that views connected after construction receive
    // the first plan or input error.
    PlanController(const Catalog& catalog, Scenario scenario, QObject* parent = nullptr);
    ~PlanController() override;
    PlanController(const PlanController&) = delete;
    PlanController& operator=(const PlanController&) = delete;

    [[nodiscard]] const Catalog& catalog() const;
    // The same catalog, for work on another thread (it is never modified: setCatalog() replaces
    // it, and a worker keeps the copy it was given).
    [[nodiscard]] std::shared_ptr<const Catalog> sharedCatalog() const;
    // The engine session on that catalog, for work on another thread (the Scaling tab's study):
    // it shares the fit to measured runs with the window's evaluations; safe from any thread.
    [[nodiscard]] std::shared_ptr<EngineSession> session() const { return m_session; }
    // Replaces the catalog (the user's price book was updated from a vendor's price list): a new
    // engine session (a fit made on the old catalog's profiles is never reused), the scenario is
    // evaluated again on it, and catalogChanged() tells the views whose choices (price books,
    // offers, GPUs) come from the catalog to rebuild.
    void setCatalog(const Catalog& catalog);
    [[nodiscard]] const Scenario& scenario() const { return m_scenario; }
    [[nodiscard]] const std::optional<Plan>& plan() const { return m_plan; }
    // While plan() has no layout search (a layout was pinned): the latest plan that had one, moved
    // aside when it was replaced (the Explorer keeps showing its ranking); empty otherwise.
    [[nodiscard]] const std::optional<Plan>& lastSearchedPlan() const { return m_lastSearched; }
    // True when the last evaluation refused the scenario (inputError): plan() is then the last
    // valid plan, not the one of the inputs on screen, and the views must say so.
    [[nodiscard]] bool planIsStale() const { return m_planStale; }
    // Counts the plans so far: a view that caches what it built from plan() compares this, which
    // does not depend on the order in which planChanged reaches the views.
    [[nodiscard]] std::uint64_t planGeneration() const { return m_planGeneration; }
    // How open layout keys are searched (clusterplan-cli search's flags); a change re-evaluates.
    [[nodiscard]] const SearchOptions& searchOptions() const { return m_searchOptions; }
    void setSearchOptions(const SearchOptions& options);

    // Applies an edit. A no-op edit (the scenario compares equal afterwards) is ignored;
    // otherwise scenarioChanged() is emitted at once and evaluation runs after kCoalesceMs.
    void update(const std::function<void(Scenario&)>& edit);
    // Evaluates now on this thread (cancelling a pending coalesced run and dropping the result of
    // one in flight); emits planChanged or inputError before it returns.
    void evaluateNow();
    // True while a coalesced evaluation runs on the worker thread.
    [[nodiscard]] bool isEvaluating() const { return m_worker.isRunning(); }
    // Evaluations whose result arrived after a later edit and was dropped (tests, status bar).
    [[nodiscard]] int staleResultsDropped() const { return m_staleDropped; }
    // Puts back an earlier scenario (undo/redo): like update(), but emits no scenarioEdited().
    void restore(const Scenario& scenario);
    // Starts over on the default scenario, with no file.
    void newScenario();
    // Opens a scenario that has no file yet (a quote from the quote book): modified, so that
    // closing asks to save it.
    void openUnsaved(Scenario scenario);
    // Opens a recovered autosave: the scenario comes back modified, attached to `originalPath`
    // (empty when it had no file), so that Save writes it where the user meant.
    QString recoverFile(const QString& autosavePath, const QString& originalPath);
    // The engine's accuracy as stated (resources/accuracy.json: the grouped cross-validation figure
    // and the independent one): the window cites the pair beside its times, the quote on its
    // assumptions page. validateInBackground() reads it on a worker thread and emits
    // accuracyChanged(); the application calls it once at start, tests only where they need it.
    void validateInBackground();
    [[nodiscard]] const std::optional<quote::Accuracy>& accuracy() const { return m_accuracy; }
    // Wall-clock time of the last evaluation, in milliseconds (status bar).
    [[nodiscard]] double lastEvaluationMs() const { return m_lastEvaluationMs; }
    // A job that evaluates `scenario` as the coalesced evaluation would (this session, hence its
    // last profile fit where the scenario's fitInputs() are the same, and the search options), for
    // another worker thread: it copies what it reads. Empty when the engine refuses the scenario.
    [[nodiscard]] std::function<std::optional<Plan>()> evaluationJob(Scenario scenario) const;
    // Profile fits to the scenario's measured runs computed so far, over every catalog: an edit
    // that cannot change the fit (layout, cost) reuses the last one (EngineSession).
    [[nodiscard]] int fitsComputed() const;

    // Scenario files. Both return an empty string on success, else a message naming the file
    // and, for malformed JSON, its FILE:LINE:COL. A failed open leaves the scenario unchanged.
    QString openFile(const QString& path);
    QString saveFile(const QString& path);

    // The file the scenario came from or was last saved to; empty for the default scenario.
    [[nodiscard]] QString filePath() const { return m_filePath; }
    void setFilePath(const QString& path);
    // True when the scenario was edited since it was opened or saved.
    [[nodiscard]] bool isModified() const { return m_modified; }
    // Set by the undo history: undoing back to the saved scenario is not a modification.
    void setModified(bool modified);

signals:
    void scenarioChanged(const clusterplan::Scenario& scenario);
    void planChanged(const clusterplan::Plan& plan);
    // `where` is the engine's key path ("layout.tp"); the last valid plan stays current.
    void inputError(const QString& where, const QString& message);
    // File path or modified flag changed.
    void documentChanged();
    // An input edit through update(), with the scenario before and after it (undo history).
    void scenarioEdited(const clusterplan::Scenario& before, const clusterplan::Scenario& after);
    // A different document replaced the scenario (new, open, recover): history starts over.
    void documentReplaced();
    // The scenario was written to filePath().
    void scenarioSaved();
    // setCatalog() replaced the catalog.
    void catalogChanged();
    void accuracyChanged();
    // A coalesced evaluation started on the worker thread (the status bar says so).
    void evaluationStarted();

private:
    // What one evaluation reads, copied so that the worker shares nothing the UI thread edits.
    struct Request {
        std::uint64_t id = 0;
        Scenario scenario;
        std::shared_ptr<EngineSession> session;
        SearchOptions options;
    };
    // What it gives back: the plan or the input error, its time.
    struct Evaluation {
        std::uint64_t id = 0;
        Result<Plan> plan = Error{"", ""};
        double ms = 0;
    };
    // The next request for the scenario being edited (it makes any result in flight stale).
    [[nodiscard]] Request request();
    [[nodiscard]] Request request(std::uint64_t id, Scenario scenario) const;
    static std::shared_ptr<Evaluation> run(const Request& request);
    // After an edit: marks any result in flight stale and (re)starts the coalescing timer.
    void schedule();
    void startWorker();
    void workerFinished();
    void publish(Evaluation& evaluation);
    void replaceDocument(Scenario scenario, const QString& path, bool modified);

    std::shared_ptr<EngineSession> m_session;
    Scenario m_scenario;
    std::optional<Plan> m_plan;
    std::optional<Plan> m_lastSearched;
    std::uint64_t m_planGeneration = 0;
    SearchOptions m_searchOptions;
    QTimer m_timer;
    QString m_filePath;
    bool m_modified = false;
    bool m_planStale = false;  // the last evaluation ended in an input error
    double m_lastEvaluationMs = 0;
    int m_fitsRetired = 0;  // fits of the sessions setCatalog() replaced
    // Evaluation requests: every edit takes the next id; a result is shown only when its id is
    // still the latest (m_requested) when it arrives.
    std::uint64_t m_requested = 0;
    bool m_workerWanted = false;  // an edit arrived while the worker was busy
    int m_staleDropped = 0;
    QFutureWatcher<std::shared_ptr<Evaluation>> m_worker;
    std::optional<quote::Accuracy> m_accuracy;
    QFutureWatcher<std::optional<quote::Accuracy>> m_validation;
};

}  // namespace clusterplan::ui
