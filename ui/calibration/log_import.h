#pragma once
// LogImport: File ▸ Import measured run from a log… reads a training log (Megatron-LM, NeMo, torchtitan
// or DeepSpeed; core/launch/training_log.h) into the scenario's measured runs, as `clusterplan-cli
// calibrate FILE --log LOG --save` does: the steady step or throughput, the peak memory with its
// counter, the layout from the log's argument dump or the scenario's. The log is read on a worker
// thread (a multi-GB log takes a while; the window keeps painting); then the run joins the measured
// runs, the Measured runs tab shows it beside the prediction, and the plan is fitted to it. An
// unreadable log is a warning naming its line.
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

#include "core/scenario/scenario.h"
#include "core/util/message.h"
#include "core/util/result.h"

class QMenu;

namespace clusterplan::ui {

class PlanController;
class Prompter;

class LogImport : public QObject {
    Q_OBJECT

public:
    LogImport(PlanController& controller, Prompter& prompter, QObject* parent = nullptr);
    ~LogImport() override;
    // The action "actionImportLog" in `menu`.
    void addTo(QMenu* menu);
    // Where the log is chosen: a file dialog, unless a test sets another (an empty path cancels).
    void setChooser(std::function<QString()> chooser) { m_chooser = std::move(chooser); }
    // A log is being read, or its run not yet added.
    [[nodiscard]] bool isReading() const { return m_reading; }

    // What reading a log gave: the run and the engine's description of it, or the error.
    struct Outcome {
        std::optional<MeasuredRun> run;
        std::vector<Message> summary;
        std::optional<Error> error;
        QString unreadable;  // the file could not be opened
    };
    // Reads `path` as a run of `scenario` (any thread).
    static Outcome readRun(const QString& path, const Scenario& scenario);

signals:
    // After a log was imported: what it gave (the window's status bar).
    void imported(const QString& message) const;

private:
    void choose();
    void finish(const Outcome& outcome);

    PlanController& m_controller;
    Prompter& m_prompter;
    std::function<QString()> m_chooser;
    QFutureWatcher<Outcome> m_watcher;
    bool m_reading = false;
};

}  // namespace clusterplan::ui
