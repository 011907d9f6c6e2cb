#include "ui/calibration/log_import.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QtConcurrent/QtConcurrentRun>

#include <fstream>

#include "core/launch/messages_launch.h"
#include "core/launch/training_log.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/plan_controller.h"
#include "ui/models/prompter.h"

namespace clusterplan::ui {

LogImport::LogImport(PlanController& controller, Prompter& prompter, QObject* parent)
    : QObject(parent), m_controller(controller), m_prompter(prompter) {
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] { finish(m_watcher.result()); });
}

LogImport::~LogImport() {
    m_watcher.waitForFinished();
}

void LogImport::addTo(QMenu* menu) {
    menu->addAction(tr("Import measured run from a &log…"), this, &LogImport::choose)
        ->setObjectName(QStringLiteral("actionImportLog"));
}

LogImport::Outcome LogImport::readRun(const QString& path, const Scenario& scenario) {
    Outcome outcome;
    const std::string name = path.toStdString();
    std::ifstream in(QFile::encodeName(path).toStdString(), std::ios::binary);
    if (!in) {
        outcome.unreadable = path;
        return outcome;
    }
    const auto log = readTrainingLog(in, name);
    if (!log) {
        outcome.error = log.error();
        return outcome;
    }
    auto run = measuredRunFromLog(log.value(), scenario, name);
    if (!run) {
        outcome.error = run.error();
        return outcome;
    }
    outcome.run = std::move(run).value();
    outcome.summary = describeLog(log.value(), QFileInfo(path).fileName().toStdString());
    outcome.summary.push_back(makeMessage(msg::kLogSource, {outcome.run->source}));
    return outcome;
}

void LogImport::choose() {
    if (m_reading)
        return;  // one log at a time
    const QString path =
        m_chooser ? m_chooser()
                  : QFileDialog::getOpenFileName(nullptr, tr("Import measured run from a log"), {},
                                                 tr("Training logs (*.log *.txt *.out);;All files (*)"),
                                                 nullptr, QFileDialog::DontUseNativeDialog);
    if (path.isEmpty())
        return;
    m_reading = true;
    m_watcher.setFuture(QtConcurrent::run(&LogImport::readRun, path, m_controller.scenario()));
}

void LogImport::finish(const Outcome& outcome) {
    m_reading = false;
    if (!outcome.run) {
        const QString error = outcome.error ? engineErrorLine(*outcome.error)
                                            : tr("%1 cannot be opened").arg(outcome.unreadable);
        m_prompter.warn(tr("Measured run not imported"), error);
        return;
    }
    const MeasuredRun run = *outcome.run;
    m_controller.update([&](Scenario& scenario) { scenario.measured.push_back(run); });
    emit imported(engineTexts(outcome.summary).join(QLatin1Char(' ')));
}

}  // namespace clusterplan::ui
