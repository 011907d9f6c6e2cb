// Export ▸ Launch configuration and File ▸ Import measured run from a log. One Export entry per
// framework writes the files `clusterplan-cli launch` writes for the window's plan, says where in the
// status bar, and shows the engine's warnings, or its refusal with the layout key, in the window's
// language; a log's run joins the scenario's measured runs.
#include "window_fixture.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QStatusBar>
#include <QTemporaryDir>

#include "cli_runner.h"
#include "ui/calibration/log_import.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

QAction* launchAction(MainWindow& window, const char* framework) {
    auto* action =
        window.findChild<QAction*>(QStringLiteral("exportLaunch_") + QString::fromLatin1(framework));
    REQUIRE(action != nullptr);
    return action;
}

QByteArray read(const QString& path) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

}  // namespace

TEST_CASE("export.launch_menu_writes_what_the_cli_writes", "[export]") {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("window"));
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.exportPath = [&](const QString& tag) {
        CHECK(tag == QStringLiteral("launch"));
        return folder;
    };
    WindowFixture f(std::move(answers));
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/launch/dense-3d.json";
    REQUIRE(
        f.editAndWait([&] { REQUIRE(f.controller.openFile(QString::fromStdString(scenario)).isEmpty()); }));

    launchAction(f.window, "megatron")->trigger();
    CHECK(f.window.statusBar()->currentMessage() ==
          QStringLiteral("Wrote the Megatron-LM core_v0.19.0 launch configuration to ") + folder);
    REQUIRE(f.window.prompter().warnings().size() == 1);
    CHECK(f.window.prompter().warnings().front().contains(QStringLiteral("Fill in the placeholders")));

    const std::string cliFolder = dir.filePath(QStringLiteral("cli")).toStdString();
    const auto run =
        clusterplan::test::runCli("launch '" + scenario + "' --framework megatron --out '" + cliFolder + "'");
    INFO(run.out);
    REQUIRE(run.status == 0);
    for (const char* name : {"pretrain_gpt.sh", "pretrain_gpt.sbatch"})
        CHECK(read(QDir(folder).filePath(QLatin1String(name))) ==
              read(QDir(QString::fromStdString(cliFolder)).filePath(QLatin1String(name))));
}

TEST_CASE("export.launch_menu_refuses_in_the_window_language", "[export]") {
    QTemporaryDir dir;
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.exportPath = [&](const QString&) { return dir.filePath(QStringLiteral("launch")); };
    WindowFixture f(std::move(answers));
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/launch/dense-3d.json";
    REQUIRE(
        f.editAndWait([&] { REQUIRE(f.controller.openFile(QString::fromStdString(scenario)).isEmpty()); }));
    inEnglishAndChinese(f, [&] {
        const qsizetype before = f.window.prompter().warnings().size();
        launchAction(f.window, "deepspeed")->trigger();
        REQUIRE(f.window.prompter().warnings().size() == before + 1);
        const QString refusal = f.window.prompter().warnings().back();
        CHECK(refusal.startsWith(QStringLiteral("layout.tp")));
        CHECK(refusal.contains(QStringLiteral("TP 4")));
    });
    CHECK(f.window.prompter().warnings().back().contains(kHan));  // the last check ran in Chinese
    CHECK_FALSE(QFile::exists(dir.filePath(QStringLiteral("launch/ds_config.json"))));
}

// File ▸ Import measured run from a log…: the log's run joins the scenario's measured runs, which the
// plan is then fitted to; a malformed log is a warning naming its line, in the window's language.
TEST_CASE("export.import_log_adds_a_measured_run", "[export]") {
    WindowFixture f;
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/llama3-8b-8xa100.json";
    REQUIRE(
        f.editAndWait([&] { REQUIRE(f.controller.openFile(QString::fromStdString(scenario)).isEmpty()); }));
    const QString logs = QStringLiteral(CLUSTERPLAN_TEST_DATA "/launch/logs/");
    const auto importFrom = [&](const QString& file) {
        auto* reader = f.window.findChild<LogImport*>();
        REQUIRE(reader != nullptr);
        reader->setChooser([&] { return logs + file; });
        f.window.findChild<QAction*>(QStringLiteral("actionImportLog"))->trigger();
        REQUIRE(QTest::qWaitFor([&] { return !reader->isReading(); }, kWaitMs));  // read on a worker thread
    };
    REQUIRE(f.editAndWait([&] { importFrom(QStringLiteral("megatron-llama8b.log")); }));
    REQUIRE(f.controller.scenario().measured.size() == 1);
    CHECK(f.controller.scenario().measured.front().stepSeconds == Approx(84.3104));
    CHECK(f.controller.scenario().measured.front().layout.dp == 8);
    REQUIRE(f.controller.plan());
    CHECK(f.controller.plan()->calibration.has_value());
    CHECK(f.window.statusBar()->currentMessage().contains(QStringLiteral("steady step 84.31 s")));
    CHECK(f.window.statusBar()->currentMessage().contains(QStringLiteral("max reserved, rank 7, line 42")));

    inEnglishAndChinese(f, [&] {
        const qsizetype before = f.window.prompter().warnings().size();
        importFrom(QStringLiteral("megatron-malformed.log"));
        REQUIRE(f.window.prompter().warnings().size() == before + 1);
        CHECK(f.window.prompter().warnings().back().contains(QStringLiteral("megatron-malformed.log:6")));
    });
    CHECK(f.window.prompter().warnings().back().contains(kHan));
    CHECK(f.controller.scenario().measured.size() == 1);
}
