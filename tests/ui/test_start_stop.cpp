// Fifty starts of the real window (offscreen), each ended by SIGTERM at a random moment of its
// start-up: each ends by that signal or with exit status 0, never by SIGABRT, SIGSEGV or a
// sanitizer's report (an exit status of its own), and the work a crashed run autosaved is still
// there and offered at the next start. A user who closes a slow start from the task manager, or a
// session manager that ends the desktop while the window opens, must not lose unsaved work.
#include <catch2/catch.hpp>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/io/scenario_json.h"
#include "ui/mainwindow/autosave.h"
#include "ui/models/plan_controller.h"

extern char** environ;

using namespace clusterplan;
using namespace clusterplan::ui;

namespace {

// This process's environment with the window's data, settings and language set apart.
std::vector<std::string> childEnvironment(const QString& home) {
    const std::vector<std::string> replaced{
        "QT_QPA_PLATFORM=", "XDG_DATA_HOME=", "XDG_CONFIG_HOME=", "LC_ALL=", "LANG="};
    std::vector<std::string> env;
    for (char** entry = environ; *entry; ++entry) {
        const std::string text(*entry);
        bool keep = true;
        for (const std::string& prefix : replaced)
            keep = keep && text.rfind(prefix, 0) != 0;
        if (keep)
            env.push_back(text);
    }
    env.push_back("QT_QPA_PLATFORM=offscreen");
    env.push_back("XDG_DATA_HOME=" + (home + QStringLiteral("/data")).toStdString());
    env.push_back("XDG_CONFIG_HOME=" + (home + QStringLiteral("/config")).toStdString());
    env.push_back("LC_ALL=en_US.UTF-8");
    env.push_back("LANG=en_US.UTF-8");
    return env;
}

// Starts the window, sends it SIGTERM after `after`, and returns its wait status. Its output goes
// to `log`.
int startAndTerminate(const std::vector<std::string>& env, std::chrono::milliseconds after,
                      const QString& log) {
    std::vector<char*> envp;
    for (const std::string& entry : env)
        envp.push_back(const_cast<char*>(entry.c_str()));
    envp.push_back(nullptr);
    char program[] = CLUSTERPLAN_GUI;
    char* argv[] = {program, nullptr};
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    const std::string logPath = log.toStdString();
    posix_spawn_file_actions_addopen(&files, 1, logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&files, 1, 2);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, program, &files, nullptr, argv, envp.data());
    posix_spawn_file_actions_destroy(&files);
    REQUIRE(spawned == 0);
    std::this_thread::sleep_for(after);
    kill(pid, SIGTERM);
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    return status;
}

QString describe(int status) {
    if (WIFSIGNALED(status))
        return QStringLiteral("signal %1 (%2)")
            .arg(WTERMSIG(status))
            .arg(QString::fromLocal8Bit(strsignal(WTERMSIG(status))));
    return QStringLiteral("exit status %1").arg(WEXITSTATUS(status));
}

}  // namespace

TEST_CASE("start_stop.fifty_starts_ended_by_sigterm_keep_the_autosaved_work", "[start_stop]") {
    QTemporaryDir home;
    REQUIRE(home.isValid());
    const QString appData = home.path() + QStringLiteral("/data/ClusterPlan/clusterplan");
    REQUIRE(QDir().mkpath(appData));
    // What an earlier run left when it crashed: its unsaved work and the file it belonged to.
    const Catalog catalog = Catalog::builtin();
    Scenario unsaved = defaultScenario(catalog);
    unsaved.layout.tp = 4;
    unsaved.cluster.nodes = 2;
    const QString autosave = appData + QStringLiteral("/autosave.json");
    REQUIRE(saveScenarioFile(unsaved, autosave.toStdString()));
    const QString original = QStringLiteral("/tmp/customer-quote.json");
    {
        QFile source(appData + QStringLiteral("/autosave.source"));
        REQUIRE(source.open(QIODevice::WriteOnly));
        source.write(original.toUtf8());
    }

    const std::vector<std::string> env = childEnvironment(home.path());
    const QString log = home.path() + QStringLiteral("/window.log");
    std::mt19937 random(20261206);
    // Up to 1.2 s: past the first painted plan of an optimised build (150–260 ms), inside a
    // sanitizer build's start.
    std::uniform_int_distribution<int> moment(0, 1200);
    for (int start = 0; start < 50; ++start) {
        const int ms = moment(random);
        const int status = startAndTerminate(env, std::chrono::milliseconds(ms), log);
        QFile output(log);
        REQUIRE(output.open(QIODevice::ReadOnly));
        INFO("start " << start + 1 << ", SIGTERM after " << ms << " ms: " << describe(status).toStdString()
                      << "; its output:\n"
                      << output.readAll().toStdString());
        CHECK(((WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) ||
               (WIFEXITED(status) && WEXITSTATUS(status) == 0)));
        // The work is still there, whole (written atomically, never truncated by a kill).
        const Result<Scenario> kept = loadScenarioFile(autosave.toStdString(), catalog);
        REQUIRE(kept.ok());
        CHECK(*kept == unsaved);
    }

    // The next start offers it back: the window's Autosave, looking where the window looks.
    const QString appName = QCoreApplication::applicationName();
    const QByteArray dataHome = qgetenv("XDG_DATA_HOME");
    QCoreApplication::setApplicationName(QStringLiteral("clusterplan"));
    qputenv("XDG_DATA_HOME", (home.path() + QStringLiteral("/data")).toLocal8Bit());
    {
        PlanController controller(catalog, defaultScenario(catalog));
        Autosave next(controller);
        const auto offered = next.recovery();
        REQUIRE(offered.has_value());
        CHECK(offered->originalPath == original);
        CHECK(next.recover().isEmpty());
        CHECK(controller.scenario() == unsaved);
        next.discardRecovery();
    }
    qputenv("XDG_DATA_HOME", dataHome);
    QCoreApplication::setApplicationName(appName);
}
