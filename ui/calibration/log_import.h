#pragma once
// LogImport: File ▸ Import measured run from a log… reads a training log (Megatron-LM, torchtitan or
// DeepSpeed; core/launch/training_log.h) into the scenario's measured runs, as `clusterplan-cli calibrate
// FILE --log LOG --save` does: the steady step or throughput, the peak memory with its counter, the
// layout from the log's argument dump or the scenario's. The Measured runs tab then shows it beside the
// prediction, and the plan is fitted to it. An unreadable log is a warning naming its line.
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QMenu;

namespace clusterplan::ui {

class PlanController;
class Prompter;

class LogImport : public QObject {
    Q_OBJECT

public:
    LogImport(PlanController& controller, Prompter& prompter, QObject* parent = nullptr);
    // The action "actionImportLog" in `menu`.
    void addTo(QMenu* menu);
    // Where the log is chosen: a file dialog, unless a test sets another (an empty path cancels).
    void setChooser(std::function<QString()> chooser) { m_chooser = std::move(chooser); }

    // Adds the log's run to the scenario's measured runs; returns an empty string or the error, and the
    // engine's description of the run in `summary`.
    QString importLog(const QString& path, QStringList& summary);

signals:
    // After a log was imported: what it gave (the window's status bar).
    void imported(const QString& message) const;

private:
    void choose();

    PlanController& m_controller;
    Prompter& m_prompter;
    std::function<QString()> m_chooser;
};

}  // namespace clusterplan::ui
