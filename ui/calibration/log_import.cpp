#include "ui/calibration/log_import.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>

#include <fstream>

#include "core/launch/training_log.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/plan_controller.h"
#include "ui/models/prompter.h"

namespace clusterplan::ui {

LogImport::LogImport(PlanController& controller, Prompter& prompter, QObject* parent)
    : QObject(parent), m_controller(controller), m_prompter(prompter) {}

void LogImport::addTo(QMenu* menu) {
    menu->addAction(tr("Import measured run from a &log…"), this, &LogImport::choose)
        ->setObjectName(QStringLiteral("actionImportLog"));
}

QString LogImport::importLog(const QString& path, QStringList& summary) {
    summary.clear();
    const std::string name = path.toStdString();
    std::ifstream in(QFile::encodeName(path).toStdString(), std::ios::binary);
    if (!in)
        return tr("%1 cannot be opened").arg(path);
    const auto log = readTrainingLog(in, name);
    if (!log)
        return engineErrorLine(log.error());
    const auto run = measuredRunFromLog(log.value(), m_controller.scenario(), name);
    if (!run)
        return engineErrorLine(run.error());
    summary = engineTexts(describeLog(log.value(), QFileInfo(path).fileName().toStdString()));
    m_controller.update([&](Scenario& scenario) { scenario.measured.push_back(run.value()); });
    return {};
}

void LogImport::choose() {
    const QString path =
        m_chooser ? m_chooser()
                  : QFileDialog::getOpenFileName(nullptr, tr("Import measured run from a log"), {},
                                                 tr("Training logs (*.log *.txt *.out);;All files (*)"),
                                                 nullptr, QFileDialog::DontUseNativeDialog);
    if (path.isEmpty())
        return;
    QStringList summary;
    if (const QString error = importLog(path, summary); !error.isEmpty()) {
        m_prompter.warn(tr("Measured run not imported"), error);
        return;
    }
    emit imported(summary.join(QLatin1Char(' ')));
}

}  // namespace clusterplan::ui
