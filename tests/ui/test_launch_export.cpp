// Export ▸ Launch configuration and File ▸ Import measured run from a log. One Export entry per
// framework writes the files `clusterplan-cli launch` writes for the window's plan, says where in the
// status bar, and shows the engine's warnings, or its refusal with the layout key, in the window's
// language; a log's run joins the scenario's measured runs.
#include "window_fixture.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "cli_runner.h"
#include "core/calibration/engine_session.h"
#include "core/io/scenario_json.h"
#include "core/report/plan_format.h"
#include "ui/calibration/log_import.h"
#include "ui/calibration/measured_runs_model.h"
#include "ui/calibration/measured_runs_tab.h"
#include "ui/charts/layout_explorer_tab.h"
#include "ui/models/plan_comparison.h"

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
    // No Explorer selection: the planned layout, named.
    const QString status = f.window.statusBar()->currentMessage();
    CHECK(status.startsWith(QStringLiteral(
        "Wrote the Megatron-LM core_v0.19.0 launch configuration of the planned layout (TP ")));
    CHECK(status.endsWith(QStringLiteral(") to ") + folder));
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

// A scenario with measured runs is planned on the profile fitted to them. The export plans it again:
// through the window's engine session, whose fit cache already holds that fit, so exporting fits
// nothing again and the session counts the export's evaluation.
TEST_CASE("export.launch_plans_through_the_window_engine_session", "[export]") {
    QTemporaryDir dir;
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.exportPath = [&](const QString&) { return dir.filePath(QStringLiteral("calibrated")); };
    WindowFixture f(std::move(answers));
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/calibrate-gpt175b.json";
    REQUIRE(
        f.editAndWait([&] { REQUIRE(f.controller.openFile(QString::fromStdString(scenario)).isEmpty()); }));
    REQUIRE(f.controller.plan().has_value());
    REQUIRE(f.controller.plan()->calibration.has_value());
    const auto before = f.controller.session()->counters();
    REQUIRE(before.fitsComputed >= 1);

    launchAction(f.window, "megatron")->trigger();  // the scenario's own stack: one plan
    CHECK(f.window.statusBar()->currentMessage().startsWith(QStringLiteral("Wrote the Megatron-LM")));
    const auto after = f.controller.session()->counters();
    CHECK(after.evaluations == before.evaluations + 1);
    CHECK(after.fitsComputed == before.fitsComputed);
}

// A row selected in the Explorer but not applied ("use this layout" not clicked) is the layout the user
// means to run: the submenu says so, and the export is the one the CLI writes for the scenario with that
// layout pinned; the scenario itself is left as it was.
TEST_CASE("export.launch_exports_the_layout_selected_in_the_explorer", "[export]") {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("selected"));
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.exportPath = [&](const QString&) { return folder; };
    WindowFixture f(std::move(answers));
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.layout.open = kAllLayoutKeys; }); }));
    f.window.showTabOf(f.window.explorer());
    QApplication::processEvents();
    const Plan plan = *f.controller.plan();
    REQUIRE(plan.search.has_value());
    const auto& ranked = plan.search->ranked;
    std::optional<std::size_t> row;
    for (std::size_t i = 0; i < ranked.size() && !row; ++i)
        if (ranked[i].fits && ranked[i].layout != plan.layout &&
            (ranked[i].layout.tp != plan.layout.tp || ranked[i].layout.pp != plan.layout.pp))
            row = i;
    REQUIRE(row.has_value());
    const Layout chosen = ranked[*row].layout;

    auto* menu = f.window.findChild<QMenu*>(QStringLiteral("exportLaunchMenu"));
    REQUIRE(menu != nullptr);
    auto* line = f.window.findChild<QAction*>(QStringLiteral("exportLaunchLayout"));
    REQUIRE(line != nullptr);
    emit menu->aboutToShow();
    CHECK(line->text().startsWith(QStringLiteral("Exports the planned layout (")));
    CHECK_FALSE(line->isEnabled());  // a line to read, not to click

    // The row clicked in the Explorer's table, as a user picks it.
    QTableView* table = f.window.explorer()->table();
    const auto* proxy = qobject_cast<const QSortFilterProxyModel*>(table->model());
    REQUIRE(proxy != nullptr);
    const QModelIndex cell = proxy->mapFromSource(proxy->sourceModel()->index(static_cast<int>(*row), 0));
    REQUIRE(cell.isValid());
    table->scrollTo(cell);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(cell).center());
    REQUIRE(f.window.comparison().selectedIndex() == row);
    REQUIRE(QTest::qWaitFor([&] { return !f.window.comparison().isEvaluating(); }, kWaitMs));

    emit menu->aboutToShow();
    const QString layout = QString::fromStdString(layoutText(chosen));
    CHECK(line->text() ==
          QStringLiteral("Exports the layout selected in the Explorer (") + layout + QLatin1Char(')'));
    launchAction(f.window, "megatron")->trigger();
    CHECK(f.window.statusBar()->currentMessage() ==
          QStringLiteral("Wrote the Megatron-LM core_v0.19.0 launch configuration of the layout selected in "
                         "the Explorer (") +
              layout + QStringLiteral(") to ") + folder);
    CHECK(f.controller.scenario().layout.open == kAllLayoutKeys);  // exported, not applied

    // The same files as the CLI's for the scenario with that layout pinned.
    Scenario pinned = f.controller.scenario();
    pinned.layout = fixedSpec(chosen);
    const QString scenarioFile = dir.filePath(QStringLiteral("pinned.json"));
    REQUIRE(saveScenarioFile(pinned, scenarioFile.toStdString()).ok());
    const std::string cliFolder = dir.filePath(QStringLiteral("cli")).toStdString();
    const auto run = clusterplan::test::runCli("launch '" + scenarioFile.toStdString() +
                                               "' --framework megatron --out '" + cliFolder + "'");
    INFO(run.out);
    REQUIRE(run.status == 0);
    const QByteArray script = read(QDir(folder).filePath(QStringLiteral("pretrain_gpt.sh")));
    CHECK(script ==
          read(QDir(QString::fromStdString(cliFolder)).filePath(QStringLiteral("pretrain_gpt.sh"))));
    CHECK(script.contains(("--tensor-model-parallel-size " + std::to_string(chosen.tp)).c_str()));
    CHECK(script.contains(("--pipeline-model-parallel-size " + std::to_string(chosen.pp)).c_str()));

    // In Chinese the line names the Explorer by its tab's name (the menus are rebuilt in the language).
    f.window.setLanguage(QStringLiteral("zh_CN"));
    auto* chineseMenu = f.window.findChild<QMenu*>(QStringLiteral("exportLaunchMenu"));
    REQUIRE(chineseMenu != nullptr);
    emit chineseMenu->aboutToShow();
    const auto* chinese = f.window.findChild<QAction*>(QStringLiteral("exportLaunchLayout"));
    REQUIRE(chinese != nullptr);
    CHECK(chinese->text().contains(QStringLiteral("布局探索")));
    CHECK(chinese->text().contains(layout));
    f.window.setLanguage(QStringLiteral("en"));
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
    CHECK(f.window.statusBar()->currentMessage().contains(
        QStringLiteral("the measured run's source: megatron-llama8b.log:33-41")));
    // The Measured runs table shows where the run was read: the log's name and its steady lines.
    CHECK(f.controller.scenario().measured.front().source == "megatron-llama8b.log:33-41");
    const MeasuredRunsModel* runs = f.window.measuredRuns()->runsModel();
    CHECK(runs->headerData(MeasuredRunsModel::Source, Qt::Horizontal, Qt::DisplayRole).toString() ==
          QStringLiteral("Source"));
    CHECK(runs->data(runs->index(0, MeasuredRunsModel::Source), Qt::DisplayRole).toString() ==
          QStringLiteral("megatron-llama8b.log:33-41"));

    inEnglishAndChinese(f, [&] {
        const qsizetype before = f.window.prompter().warnings().size();
        importFrom(QStringLiteral("megatron-malformed.log"));
        REQUIRE(f.window.prompter().warnings().size() == before + 1);
        CHECK(f.window.prompter().warnings().back().contains(QStringLiteral("megatron-malformed.log:6")));
    });
    CHECK(f.window.prompter().warnings().back().contains(kHan));
    CHECK(f.controller.scenario().measured.size() == 1);
}
