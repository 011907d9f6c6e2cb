#include "models/plan_controller.h"

#include "calibration/fitted_evaluation.h"
#include "models/qt_text.h"
#include "quote/quote_revision.h"
#include "scenario/scenario_check.h"
#include "scenario/scenario_json.h"
#include "validation/validation.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace clusterplan::ui {

PlanController::PlanController(const Catalog& catalog, Scenario scenario, QObject* parent)
    : QObject(parent), m_catalog(catalog), m_scenario(std::move(scenario)) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(kCoalesceMs);
    connect(&m_timer, &QTimer::timeout, this, &PlanController::evaluateNow);
    m_timer.start();
    connect(&m_validation, &QFutureWatcherBase::finished, this, [this] {
        m_accuracy = m_validation.result();
        emit accuracyChanged();
    });
}

PlanController::~PlanController() {
    m_validation.waitForFinished();
}

void PlanController::validateInBackground() {
    if (m_validation.isRunning())
        return;
    // The worker gets its own copy: the catalog is only read, but it must outlive the thread.
    m_validation.setFuture(QtConcurrent::run([catalog = m_catalog]() -> std::optional<quote::Accuracy> {
        auto report = runValidation(catalog);
        if (!report)
            return std::nullopt;
        return quote::summariseValidation(report.value());
    }));
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
    m_timer.start();
}

void PlanController::restore(const Scenario& scenario) {
    if (scenario == m_scenario)
        return;
    m_scenario = scenario;
    emit scenarioChanged(m_scenario);
    m_timer.start();
}

void PlanController::newScenario() {
    replaceDocument(defaultScenario(m_catalog), QString(), false);
}

void PlanController::setSearchOptions(const SearchOptions& options) {
    if (options.allowCrossNodeTp == m_searchOptions.allowCrossNodeTp &&
        options.maxMicroBatch == m_searchOptions.maxMicroBatch)
        return;
    m_searchOptions = options;
    m_timer.start();
}

void PlanController::evaluateNow() {
    m_timer.stop();
    QElapsedTimer clock;
    clock.start();
    Result<Plan> result = evaluateScenario();
    m_lastEvaluationMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    if (!result) {
        emit inputError(toQString(result.error().where), toQString(result.error().message));
        return;
    }
    m_plan = std::move(result).value();
    ++m_planGeneration;
    emit planChanged(*m_plan);
}

Result<Plan> PlanController::evaluateScenario() {
    if (m_scenario.measured.empty())
        return evaluate(m_scenario, m_catalog, m_searchOptions);
    // The fit times every measured run at every step of its search (~0.15 s of CPU on the README's
    // GPT-175B example, the plan itself ~0.01 s): refit only when what it reads has changed.
    Scenario inputs = fitInputs(m_scenario);
    if (!m_fit || !(m_fit->first == inputs)) {
        if (auto e = checkScenario(m_scenario, m_catalog))
            return *e;
        auto fit = fitProfile(m_scenario, m_catalog);
        if (!fit)
            return fit.error();
        ++m_fitsComputed;
        m_fit.emplace(std::move(inputs), std::move(fit).value());
    }
    return evaluateWithFit(m_scenario, m_catalog, m_fit->second, m_searchOptions);
}

QString PlanController::openFile(const QString& path) {
    Result<Scenario> loaded = loadScenarioFile(toStdString(path), m_catalog);
    if (!loaded)
        return toQString(loaded.error().toString());
    replaceDocument(std::move(loaded).value(), path, false);
    return {};
}

QString PlanController::recoverFile(const QString& autosavePath, const QString& originalPath) {
    Result<Scenario> loaded = loadScenarioFile(toStdString(autosavePath), m_catalog);
    if (!loaded)
        return toQString(loaded.error().toString());
    replaceDocument(std::move(loaded).value(), originalPath, true);
    return {};
}

void PlanController::replaceDocument(Scenario scenario, const QString& path, bool modified) {
    m_scenario = std::move(scenario);
    // The base of a quote's next revision: the file as opened. Recovered work was never saved, so
    // its first save keeps the revision it had.
    m_saved = modified ? std::nullopt : std::optional<Scenario>(m_scenario);
    m_filePath = path;
    m_modified = modified;
    emit documentReplaced();
    emit documentChanged();
    emit scenarioChanged(m_scenario);
    evaluateNow();
}

QString PlanController::saveFile(const QString& path) {
    // An edited quote is saved as its next revision (issue 8 §1).
    const Scenario toSave = m_saved ? quote::withNextRevision(m_scenario, *m_saved) : m_scenario;
    const Result<bool> saved = saveScenarioFile(toSave, toStdString(path));
    if (!saved)
        return toQString(saved.error().toString());
    m_saved = toSave;
    if (!(toSave == m_scenario)) {
        m_scenario = toSave;
        emit scenarioChanged(m_scenario);
        m_timer.start();  // the plan carries the quote it prints
    }
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
