// Scenario files through the controller: save/open round trip, broken files, window state.
#include "window_fixture.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTemporaryDir>

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

void writeFile(const QString& path, const QByteArray& contents) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    REQUIRE(file.write(contents) == contents.size());
}

}  // namespace

TEST_CASE("files.save_then_open_round_trips", "[files]") {
    WindowFixture f;
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("plan.json"));

    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(2); }));
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("layers")->setValue(40); }));
    auto* zero = f.widget<QComboBox>("zeroStage");
    REQUIRE(f.editAndWait([&] { zero->setCurrentIndex(zero->findData(3)); }));
    const Scenario saved = f.controller.scenario();
    REQUIRE(f.window.isWindowModified());

    CHECK(f.controller.saveFile(path).isEmpty());
    CHECK(f.controller.filePath() == path);
    CHECK_FALSE(f.window.isWindowModified());
    CHECK(f.window.windowTitle().contains(QStringLiteral("plan.json")));

    // Edit after saving, then open the file again: the saved scenario comes back into the inputs.
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(4); }));
    REQUIRE_FALSE(f.controller.scenario() == saved);
    CHECK(f.controller.openFile(path).isEmpty());
    CHECK(f.controller.scenario() == saved);
    CHECK(f.controller.scenario().modelPreset == "llama-3.1-8b");
    CHECK(f.controller.scenario().model.layers == 40);
    CHECK(f.widget<QSpinBox>("tp")->value() == 2);
    CHECK(f.widget<QSpinBox>("layers")->value() == 40);
    CHECK(zero->currentData().toInt() == 3);
    CHECK(f.widget<QComboBox>("modelPreset")->currentText() == QStringLiteral("Llama 3.1 8B (edited)"));
    REQUIRE(f.controller.plan().has_value());
    CHECK(f.controller.plan()->layout.tp == 2);
    CHECK_FALSE(f.window.isWindowModified());
}

TEST_CASE("files.broken_json_reports_position_and_changes_nothing", "[files]") {
    WindowFixture f;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    writeFile(path, "{\n  \"schema\": \"clusterplan.scenario/1\",\n  \"model\": { \"preset\": "
                    "\"llama-3.1-8b\" \n  ,,\n}\n");
    const Scenario before = f.controller.scenario();

    const QString error = f.controller.openFile(path);
    INFO(error.toStdString());
    CHECK(error.contains(QRegularExpression(QStringLiteral(":\\d+:\\d+"))));  // FILE:LINE:COL
    CHECK(error.contains(QStringLiteral("broken.json")));
    CHECK(f.controller.scenario() == before);
    CHECK(f.controller.filePath().isEmpty());
    CHECK(f.window.windowTitle().contains(QStringLiteral("default scenario")));
}

TEST_CASE("files.invalid_scenario_names_the_key", "[files]") {
    WindowFixture f;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("unknown_gpu.json"));
    writeFile(path, R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"},
                       "cluster": {"gpu": "h100-sxm-80g"}})");
    const QString error = f.controller.openFile(path);
    INFO(error.toStdString());
    CHECK(error.contains(QStringLiteral("cluster.gpu")));
    CHECK(f.controller.scenario().cluster.gpu == "a100-sxm-80gb");
}

TEST_CASE("files.missing_file_is_an_error", "[files]") {
    WindowFixture f;
    const QString error = f.controller.openFile(QStringLiteral("/nonexistent/scenario.json"));
    CHECK_FALSE(error.isEmpty());
    CHECK(f.controller.filePath().isEmpty());
}

TEST_CASE("files.open_layout_keys_show_the_searched_layout", "[files]") {
    WindowFixture f;
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("open.json"));
    // No "layout" object: every layout key is searched.
    writeFile(path, R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-70b"},
        "training": {"global_batch": 256}, "cluster": {"gpu": "h100-sxm-80gb", "nodes": 4}})");
    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(path).isEmpty()); }));
    REQUIRE(f.controller.plan().has_value());
    const Plan& plan = *f.controller.plan();
    REQUIRE(plan.search.has_value());
    auto* tp = f.widget<QSpinBox>("tp");
    CHECK(tp->value() == plan.layout.tp);
    CHECK(tp->suffix().contains(QStringLiteral("searched")));
    CHECK(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("Layout search")));
    // Editing a searched key pins it (to a value other than the searched one, so that it changes).
    const int pinned = plan.layout.tp == 8 ? 4 : 8;
    REQUIRE(f.editAndWait([&] { tp->setValue(pinned); }));
    CHECK_FALSE(f.controller.scenario().layout.isOpen(kTp));
    CHECK(f.controller.plan()->layout.tp == pinned);
    CHECK(tp->suffix().isEmpty());
}
