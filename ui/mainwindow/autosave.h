#pragma once
// Autosave: unsaved work survives a crash. kDelayMs after the last edit of a modified scenario it
// is written (atomically, core/util/atomic_file.h) to QStandardPaths::AppDataLocation as
// autosave.json, with the path of the file it belongs to in autosave.source. Saving, opening,
// starting over or closing normally deletes it; so an autosave found at start means the last run
// ended without closing (a crash, a kill, a power cut) and is offered back.
//
// One running window owns the autosave (a QLockFile); a second instance neither writes one nor
// offers the first one's work as "recovered".
#include <QDateTime>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>

namespace clusterplan::ui {

class PlanController;

class Autosave : public QObject {
    Q_OBJECT

public:
    static constexpr int kDelayMs = 2000;

    struct Recovery {
        QString autosavePath;
        QString originalPath;  // empty: the work had not been saved to a file yet
        QDateTime written;

        // When, in ISO 8601 local time ("2026-12-06 05:12"): "12/6/26" reads as June or December.
        [[nodiscard]] QString writtenText() const {
            return written.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
        }
    };

    explicit Autosave(PlanController& controller, QObject* parent = nullptr);
    ~Autosave() override;  // a normal end: nothing to recover

    // The unsaved work of a run that ended without closing; empty when there is none (or another
    // instance owns the autosave).
    [[nodiscard]] std::optional<Recovery> recovery() const;
    // Loads the recovered scenario into the controller; returns the error message, if any.
    QString recover();
    void discardRecovery();

    // Writes now (the timer's job); public for tests and for "write before a risky step".
    void writeNow();
    [[nodiscard]] QString autosavePath() const;

private:
    void scheduleOrDiscard();
    void remove();
    [[nodiscard]] QString sourcePath() const;

    PlanController& m_controller;
    QString m_dir;
    std::unique_ptr<QLockFile> m_lock;
    bool m_owner = false;
    bool m_recoveryPending = false;  // never overwrite work the user has not answered for
    QTimer m_timer;
};

}  // namespace clusterplan::ui
