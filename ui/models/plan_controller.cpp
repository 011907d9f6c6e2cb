#include "ui/models/plan_controller.h"

#include "core/calibration/engine_session.h"
#include "core/io/scenario_json.h"
#include "core/validation/validation.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/qt_text.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <thread>
#include <utility>

namespace clusterplan::ui {

PlanController::PlanController(const Catalog& catalog, Scenario scenario, QObject* parent)
    : QObject(parent)
    , m_session(std::make_shared<EngineSession>(std::make_shared<const Catalog>(catalog)))
    , m_scenario(std::move(scenario)) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(kCoalesceMs);
    connect(&m_timer, &QTimer::timeout, this, &PlanController::startWorker);
    m_timer.start();
    connect(&m_validation, &QFutureWatcherBase::finished, this, [this] {
        m_accuracy = m_validation.result();
        emit accuracyChanged();
    });
    connect(&m_worker, &QFutureWatcherBase::finished, this, &PlanController::workerFinished);
}

PlanController::~PlanController() {
    m_worker.waitForFinished();
    m_validation.waitForFinished();
}

const Catalog& PlanController::catalog() const {
    return m_session->catalog();
}

std::shared_ptr<const Catalog> PlanController::sharedCatalog() const {
    return m_session->sharedCatalog();
}

int PlanController::fitsComputed() const {
    return m_fitsRetired + static_cast<int>(m_session->counters().fitsComputed);
}

void PlanController::setCatalog(const Catalog& catalog) {
    // A new session: the old one's fit was made on the old catalog's profiles. An evaluation in
    // flight keeps the old session it was given and its result is dropped as stale.
    m_fitsRetired += static_cast<int>(m_session->counters().fitsComputed);
    m_session = std::make_shared<EngineSession>(std::make_shared<const Catalog>(catalog));
    emit catalogChanged();
    schedule();
}

void PlanController::validateInBackground() {
    if (m_validation.isRunning())
        return;
    // The worker gets its own copy: the catalog is only read, but it must outlive the thread.
    // The stated pair (resources/accuracy.json), read once; kept asynchronous so that callers wait
    // for accuracyChanged() as before.
    m_validation.setFuture(
        QtConcurrent::run([]() -> std::optional<quote::Accuracy> { return builtinAccuracyStatement(); }));
}

void PlanController::update(const std::function<void(Scenario&)>& edit) {
    Scenario edited = m_scenario;
    edit(edited);
    if (edited == m_scenario)
        return;
    const Scenario before = std::exchange(m_scenario, std::move(edited));
    setModified(true);
    emit scenarioEdited(before, m_scenario);
    emit scenarioChanged(m_scenario);
    schedule();
}

void PlanController::restore(const Scenario& scenario) {
    if (scenario == m_scenario)
        return;
    m_scenario = scenario;
    emit scenarioChanged(m_scenario);
    schedule();
}

void PlanController::newScenario() {
    replaceDocument(defaultScenario(catalog()), QString(), false);
}

void PlanController::openUnsaved(Scenario scenario) {
    replaceDocument(std::move(scenario), QString(), true);
}

void PlanController::setSearchOptions(const SearchOptions& options) {
    if (options.allowCrossNodeTp == m_searchOptions.allowCrossNodeTp &&
        options.maxMicroBatch == m_searchOptions.maxMicroBatch)
        return;
    m_searchOptions = options;
    schedule();
}

void PlanController::evaluateNow() {
    m_timer.stop();
    m_workerWanted = false;
    Request r = request();  // a result in flight is now stale
    // The UI thread waits for this evaluation anyway: its search may use every core.
    r.options.threads = 0;
    const std::shared_ptr<Evaluation> evaluation = run(r);
    publish(*evaluation);
}

PlanController::Request PlanController::request() {
    return request(++m_requested, m_scenario);
}

PlanController::Request PlanController::request(std::uint64_t id, Scenario scenario) const {
    SearchOptions options = m_searchOptions;
    // The search may use every core but one: the UI thread keeps one for input and painting.
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    options.threads = cores > 1 ? cores - 1 : 1;
    return {id, std::move(scenario), m_session, options};
}

std::function<std::optional<Plan>()> PlanController::evaluationJob(Scenario scenario) const {
    // Id 0: not an evaluation of the edited scenario, so the one in flight stays current.
    return [r = request(0, std::move(scenario))]() -> std::optional<Plan> {
        Result<Plan> plan = std::move(run(r)->plan);
        if (!plan)
            return std::nullopt;
        return std::move(plan).value();
    };
}

void PlanController::schedule() {
    ++m_requested;  // a result in flight now describes an older scenario: it will be dropped
    m_timer.start();
}

void PlanController::startWorker() {
    if (m_worker.isRunning()) {
        m_workerWanted = true;  // evaluated when the running one returns
        return;
    }
    m_workerWanted = false;
    m_worker.setFuture(QtConcurrent::run(&PlanController::run, request()));
    emit evaluationStarted();
}

void PlanController::workerFinished() {
    const std::shared_ptr<Evaluation> evaluation = m_worker.result();
    if (evaluation->id == m_requested) {
        publish(*evaluation);
    } else {
        ++m_staleDropped;  // a fit it computed stays in the session
    }
    if (m_workerWanted)
        startWorker();
}

void PlanController::publish(Evaluation& evaluation) {
    m_lastEvaluationMs = evaluation.ms;
    if (!evaluation.plan) {
        m_planStale = true;
        emit inputError(toQString(evaluation.plan.error().where), engineText(evaluation.plan.error()));
        return;
    }
    Plan next = std::move(evaluation.plan).value();
    // Moved, never copied: a search's ranking holds thousands of candidates.
    if (next.search)
        m_lastSearched.reset();
    else if (m_plan && m_plan->search)
        m_lastSearched = std::move(m_plan);
    m_plan = std::move(next);
    m_planStale = false;
    ++m_planGeneration;
    emit planChanged(*m_plan);
}

// Runs on the worker thread (or on the UI thread for evaluateNow): reads only `r`.
std::shared_ptr<PlanController::Evaluation> PlanController::run(const Request& r) {
    auto out = std::make_shared<Evaluation>();
    out->id = r.id;
    QElapsedTimer clock;
    clock.start();
    // The session refits only when what the fit reads has changed: the fit times every measured
    // run at every step of its search, many plain plans' worth of CPU.
    out->plan = r.session->evaluate(r.scenario, r.options);
    out->ms = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    return out;
}

QString PlanController::openFile(const QString& path) {
    Result<Scenario> loaded = loadScenarioFile(toStdString(path), catalog());
    if (!loaded)
        return engineErrorLine(loaded.error());
    replaceDocument(std::move(loaded).value(), path, false);
    return {};
}

QString PlanController::recoverFile(const QString& autosavePath, const QString& originalPath) {
    Result<Scenario> loaded = loadScenarioFile(toStdString(autosavePath), catalog());
    if (!loaded)
        return engineErrorLine(loaded.error());
    replaceDocument(std::move(loaded).value(), originalPath, true);
    return {};
}

void PlanController::replaceDocument(Scenario scenario, const QString& path, bool modified) {
    m_scenario = std::move(scenario);
    m_filePath = path;
    m_modified = modified;
    emit documentReplaced();
    emit documentChanged();
    emit scenarioChanged(m_scenario);
    evaluateNow();
}

QString PlanController::saveFile(const QString& path) {
    // Saving makes no revision: the quote book keeps the one revision counter (an export of
    // changed content, or Revise in the Quote book dialog).
    const Result<bool> saved = saveScenarioFile(m_scenario, toStdString(path));
    if (!saved)
        return engineErrorLine(saved.error());
    m_filePath = path;
    m_modified = false;
    emit scenarioSaved();
    emit documentChanged();
    return {};
}

void PlanController::setFilePath(const QString& path) {
    if (path == m_filePath)
        return;
    m_filePath = path;
    emit documentChanged();
}

void PlanController::setModified(bool modified) {
    if (modified == m_modified)
        return;
    m_modified = modified;
    emit documentChanged();
}

}  // namespace clusterplan::ui
