#include "ui/mainwindow/autosave.h"

#include "core/io/scenario_json.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace clusterplan::ui {

Autosave::Autosave(PlanController& controller, QObject* parent)
    : QObject(parent)
    , m_controller(controller)
    , m_dir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)) {
    QDir().mkpath(m_dir);
    m_lock = std::make_unique<QLockFile>(m_dir + QStringLiteral("/autosave.lock"));
    // Stale by its process only: a window that has run for hours keeps its lock (QLockFile's
    // default also calls a lock stale 30 s after it was written, live process or not).
    m_lock->setStaleLockTime(0);
    m_owner = m_lock->tryLock(0);  // a stale lock of a crashed run is taken over
    // A run killed between creating its lock file and writing its process id into it leaves the
    // file empty, which QLockFile can never call stale once the age rule is off: nothing holds it.
    qint64 pid = 0;
    QString host, app;
    if (!m_owner && !m_lock->getLockInfo(&pid, &host, &app) && m_lock->removeStaleLockFile())
        m_owner = m_lock->tryLock(0);
    m_recoveryPending = m_owner && QFileInfo::exists(autosavePath());
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::writeNow);
    connect(&controller, &PlanController::scenarioChanged, this, &Autosave::scheduleOrDiscard);
    connect(&controller, &PlanController::documentChanged, this, &Autosave::scheduleOrDiscard);
}

Autosave::~Autosave() {
    if (m_owner && !m_recoveryPending)
        remove();
}

QString Autosave::autosavePath() const {
    return m_dir + QStringLiteral("/autosave.json");
}

QString Autosave::sourcePath() const {
    return m_dir + QStringLiteral("/autosave.source");
}

std::optional<Autosave::Recovery> Autosave::recovery() const {
    if (!m_recoveryPending)
        return std::nullopt;
    QFile source(sourcePath());
    const QString original =
        source.open(QIODevice::ReadOnly) ? QString::fromUtf8(source.readAll()) : QString();
    return Recovery{autosavePath(), original, QFileInfo(autosavePath()).lastModified()};
}

QString Autosave::recover() {
    const auto found = recovery();
    if (!found)
        return {};
    m_recoveryPending = false;
    const QString error = m_controller.recoverFile(found->autosavePath, found->originalPath);
    if (error.isEmpty())
        writeNow();  // it is this run's unsaved work now
    return error;
}

void Autosave::discardRecovery() {
    m_recoveryPending = false;
    remove();
}

void Autosave::scheduleOrDiscard() {
    if (!m_owner || m_recoveryPending)
        return;
    if (m_controller.isModified()) {
        m_timer.start();
    } else {
        m_timer.stop();
        remove();
    }
}

void Autosave::writeNow() {
    m_timer.stop();
    if (!m_owner || m_recoveryPending || !m_controller.isModified())
        return;
    if (!saveScenarioFile(m_controller.scenario(), toStdString(autosavePath())))
        return;  // best effort: the next edit tries again; the user's own file is untouched
    QSaveFile source(sourcePath());
    if (source.open(QIODevice::WriteOnly)) {
        source.write(m_controller.filePath().toUtf8());
        source.commit();
    }
}

void Autosave::remove() {
    QFile::remove(autosavePath());
    QFile::remove(sourcePath());
}

}  // namespace clusterplan::ui
