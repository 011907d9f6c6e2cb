#include "ui/mainwindow/document_actions.h"

#include "ui/mainwindow/recent_files.h"
#include "ui/models/plan_controller.h"
#include "ui/models/prompter.h"
#include "ui/models/scenario_file_name.h"

#include <QDir>
#include <QFileInfo>

namespace clusterplan::ui {

DocumentActions::DocumentActions(PlanController& controller, Prompter& prompter, RecentFiles& recent,
                                 QObject* parent)
    : QObject(parent), m_controller(controller), m_prompter(prompter), m_recent(recent) {}

void DocumentActions::newScenario() {
    if (maybeSave())
        m_controller.newScenario();
}

void DocumentActions::open() {
    if (!maybeSave())
        return;
    const QString path = m_prompter.openFileName(QFileInfo(m_controller.filePath()).path());
    if (path.isEmpty())
        return;
    const QString error = m_controller.openFile(path);
    if (!error.isEmpty()) {
        m_prompter.warn(tr("Cannot open scenario"), error);
        return;
    }
    m_recent.add(path);
}

bool DocumentActions::openPath(const QString& path) {
    if (!maybeSave())
        return false;
    const QString error = m_controller.openFile(path);
    if (!error.isEmpty()) {
        if (!QFileInfo::exists(path))
            m_recent.remove(path);
        m_prompter.warn(tr("Cannot open scenario"), error);
        return false;
    }
    m_recent.add(path);
    return true;
}

bool DocumentActions::save() {
    if (m_controller.filePath().isEmpty())
        return saveAs();
    return saveTo(m_controller.filePath());
}

bool DocumentActions::saveAs() {
    const QString path =
        m_prompter.saveFileName(proposedScenarioPath(m_controller.filePath(), QDir::homePath()));
    if (path.isEmpty())
        return false;
    return saveTo(withScenarioExtension(path));
}

bool DocumentActions::saveTo(const QString& path) {
    const QString error = m_controller.saveFile(path);
    if (!error.isEmpty()) {
        m_prompter.warn(tr("Cannot save scenario"), error);
        return false;
    }
    m_recent.add(path);
    return true;
}

bool DocumentActions::maybeSave() {
    if (!m_controller.isModified())
        return true;
    switch (m_prompter.ask(Prompter::Question::SaveChanges)) {
    case Prompter::Answer::Yes:
        return save();
    case Prompter::Answer::No:
        return true;
    case Prompter::Answer::Cancel:
        break;
    }
    return false;
}

}  // namespace clusterplan::ui
