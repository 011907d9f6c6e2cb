// Autosave and recovery after a crash: unsaved work is written to the app data
// folder; a run that finds it at start offers it back; a normal end leaves nothing behind.
#include "window_fixture.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSpinBox>
#include <QStandardPaths>
#include <QUndoStack>

#include "ui/mainwindow/autosave.h"
#include "ui/models/scenario_history.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

QString dataDir() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

// What a crashed run leaves: its autosave and the path of the file it belonged to, no lock.
Scenario simulateCrash(const Catalog& catalog, const QString& originalPath) {
    QDir().mkpath(dataDir());
    Scenario unsaved = defaultScenario(catalog);
    unsaved.layout.tp = 4;
    unsaved.cluster.nodes = 2;
    REQUIRE(saveScenarioFile(unsaved, (dataDir() + QStringLiteral("/autosave.json")).toStdString()));
    QFile source(dataDir() + QStringLiteral("/autosave.source"));
    REQUIRE(source.open(QIODevice::WriteOnly));
    source.write(originalPath.toUtf8());
    return unsaved;
}

Prompter::TestAnswers recoveryAnswer(Prompter::Answer answer, int* asked) {
    return {[answer, asked](Prompter::Question question) {
                CHECK(question == Prompter::Question::RecoverAutosave);
                ++*asked;
                return answer;
            },
            [](bool) { return QString(); },
            {}};
}

}  // namespace

TEST_CASE("recovery.autosave_found_at_start_is_offered_and_restored", "[recovery]") {
    const Catalog catalog = Catalog::builtin();
    const QString original = QStringLiteral("/tmp/customer-quote.json");
    const Scenario unsaved = simulateCrash(catalog, original);
    int asked = 0;
    WindowFixture f(recoveryAnswer(Prompter::Answer::Yes, &asked));
    REQUIRE(QTest::qWaitFor([&] { return f.controller.scenario() == unsaved; }, kWaitMs));
    CHECK(asked == 1);
    CHECK(f.controller.filePath() == original);  // Save goes where the user meant
    CHECK(f.controller.isModified());            // still unsaved work
    CHECK(f.window.isWindowModified());
    CHECK(f.widget<QSpinBox>("tp")->value() == 4);
    CHECK(f.widget<QSpinBox>("nodes")->value() == 2);
    REQUIRE(QTest::qWaitFor([&] { return f.controller.plan()->layout.tp == 4; }, kWaitMs));
    CHECK(f.window.history().stack().count() == 0);
}

TEST_CASE("recovery.declined_autosave_is_deleted", "[recovery]") {
    const Catalog catalog = Catalog::builtin();
    simulateCrash(catalog, {});
    int asked = 0;
    {
        WindowFixture f(recoveryAnswer(Prompter::Answer::No, &asked));
        REQUIRE(QTest::qWaitFor([&] { return asked == 1; }, kWaitMs));
        CHECK(f.controller.scenario() == defaultScenario(catalog));
        CHECK_FALSE(QFile::exists(f.window.autosave().autosavePath()));
    }
    // Nothing is offered again: the next window starts on the default scenario, plans it, and never
    // asks (its answers count every question).
    int askedAgain = 0;
    WindowFixture next(recoveryAnswer(Prompter::Answer::Yes, &askedAgain));
    REQUIRE(QTest::qWaitFor([&] { return next.controller.plan().has_value(); }, kWaitMs));
    QApplication::processEvents();
    CHECK(askedAgain == 0);
    CHECK(next.controller.scenario() == defaultScenario(catalog));
}

TEST_CASE("recovery.unsaved_edits_are_autosaved_and_removed_on_a_normal_end", "[recovery]") {
    QString path;
    {
        WindowFixture f;
        path = f.window.autosave().autosavePath();
        REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(2); }));
        // The timer writes Autosave::kDelayMs after the last edit.
        REQUIRE(QTest::qWaitFor([&] { return QFile::exists(path); }, Autosave::kDelayMs + kWaitMs));
        auto saved = loadScenarioFile(path.toStdString(), f.catalog);
        REQUIRE(saved.ok());
        CHECK(saved->layout.tp == 2);
        // Undoing back to the saved state leaves nothing to recover.
        REQUIRE(f.editAndWait([&] { f.window.history().stack().undo(); }));
        CHECK_FALSE(QFile::exists(path));
        REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(4); }));
        f.window.autosave().writeNow();
        CHECK(QFile::exists(path));
    }
    CHECK_FALSE(QFile::exists(path));  // the window closed normally
}

// The offer says when the work was autosaved as a date no locale reads two ways: "12/6/26 5:12 AM"
// is June in some and December in others, in English and in the Chinese window alike.
TEST_CASE("recovery.autosave_time_is_an_iso_date", "[recovery]") {
    const Autosave::Recovery recovery{QString(), QString(), QDateTime(QDate(2026, 12, 6), QTime(5, 12, 40))};
    CHECK(recovery.writtenText() == QStringLiteral("2026-12-06 05:12"));
    const Autosave::Recovery evening{QString(), QString(), QDateTime(QDate(2026, 1, 9), QTime(17, 3))};
    CHECK(evening.writtenText() == QStringLiteral("2026-01-09 17:03"));
}

TEST_CASE("recovery.a_lock_left_empty_by_a_killed_start_does_not_hide_the_autosave", "[recovery]") {
    // A run killed between creating its lock file and writing its process id into it (the
    // start/stop test's SIGTERM can land there) leaves an empty autosave.lock: the next start must
    // still own the autosave and offer it back, not wait for the lock to age.
    const Catalog catalog = Catalog::builtin();
    const Scenario unsaved = simulateCrash(catalog, QStringLiteral("/tmp/customer-quote.json"));
    {
        QFile lock(dataDir() + QStringLiteral("/autosave.lock"));
        REQUIRE(lock.open(QIODevice::WriteOnly | QIODevice::Truncate));
    }
    PlanController controller(catalog, defaultScenario(catalog));
    Autosave next(controller);
    REQUIRE(next.recovery().has_value());
    CHECK(next.recover().isEmpty());
    CHECK(controller.scenario() == unsaved);
    next.discardRecovery();
}

TEST_CASE("recovery.a_live_window_keeps_its_lock_however_long_it_runs", "[recovery]") {
    // QLockFile's default calls any lock 30 s old stale; a second window must not take over the
    // autosave of a first one that has simply been open for a while (it would offer the first
    // window's unsaved work as a crash's and then write over it).
    const Catalog catalog = Catalog::builtin();
    PlanController first(catalog, defaultScenario(catalog));
    Autosave owner(first);
    const QString lock = dataDir() + QStringLiteral("/autosave.lock");
    REQUIRE(QFile::exists(lock));
    {
        QFile file(lock);
        REQUIRE(file.open(QIODevice::ReadWrite));
        REQUIRE(
            file.setFileTime(QDateTime::currentDateTime().addSecs(-3600), QFileDevice::FileModificationTime));
    }
    simulateCrash(catalog, QStringLiteral("/tmp/customer-quote.json"));  // the first window's autosave
    PlanController second(catalog, defaultScenario(catalog));
    Autosave other(second);
    CHECK_FALSE(other.recovery().has_value());
    QFile::remove(dataDir() + QStringLiteral("/autosave.json"));
    QFile::remove(dataDir() + QStringLiteral("/autosave.source"));
}
