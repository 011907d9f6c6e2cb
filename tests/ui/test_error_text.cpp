// The engine's input errors in the window's language: the red field's reason and the
// dialog that cannot open a scenario are Chinese in Chinese, with the engine's numbers and key
// paths in them, and in English exactly what the CLI prints.
#include "window_fixture.h"

#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTemporaryDir>

#include "ui/charts/verdict_card.h"
#include "ui/i18n/engine_text.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// TP 5 on the default scenario (Llama 3.1 8B, 32 attention heads) on 5 servers of 8 GPUs: TP 5
// divides the 40 GPUs and dp = 8 divides the global batch of 512, so the one rule it breaks is the
// heads'. The error signals of the last edit are in `errors`.
void tpFiveOnFiveServers(WindowFixture& f, QSignalSpy& errors) {
    REQUIRE(f.controller.scenario().modelPreset == "llama-3.1-8b");
    REQUIRE_FALSE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(5); }));  // not on 8 GPUs
    errors.clear();
    REQUIRE_FALSE(f.editAndWait([&] { f.widget<QSpinBox>("nodes")->setValue(5); }));
    REQUIRE(f.controller.scenario().cluster.gpus() == 40);
    REQUIRE(f.controller.scenario().layout.tp == 5);
    REQUIRE(errors.count() == 1);
}

// A scenario file with a misspelt key ("seq_lenn").
QString unknownKeyFile(const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("unknown_key.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"},
                  "training": {"seq_lenn": 4096}})");
    return path;
}

}  // namespace

TEST_CASE("error_text.chinese_field_error_for_tp_that_does_not_divide_the_heads", "[language][errors]") {
    WindowFixture f;
    f.window.setLanguage(QStringLiteral("zh_CN"));
    QSignalSpy errors(&f.controller, &PlanController::inputError);
    tpFiveOnFiveServers(f, errors);
    const QString where = errors.front().at(0).toString();
    const QString message = errors.front().at(1).toString();
    INFO(message.toStdString());
    CHECK(where == QStringLiteral("layout.tp"));
    CHECK(message.contains(kHan));
    CHECK(message.contains(QStringLiteral("32")));
    CHECK(message.contains(QStringLiteral("5")));
    CHECK_FALSE(message.contains(QStringLiteral("must divide")));
    const QString label = f.widget<QLabel>("errorLabel")->text();
    CHECK(label.contains(message));
    CHECK(f.widget<QSpinBox>("tp")->toolTip().contains(message));
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("error_text.english_field_error_is_the_engines_text", "[language][errors]") {
    WindowFixture f;
    QSignalSpy errors(&f.controller, &PlanController::inputError);
    tpFiveOnFiveServers(f, errors);
    CHECK(errors.front().at(1).toString() == QStringLiteral("is 5, must divide the attention heads (32)"));
}

TEST_CASE("error_text.chinese_dialog_for_an_unknown_key", "[language][errors][files]") {
    WindowFixture f;
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = unknownKeyFile(dir);

    const QString english = f.controller.openFile(path);
    const auto loaded = loadScenarioFile(path.toStdString(), f.catalog);
    REQUIRE_FALSE(loaded.ok());
    CHECK(english.toStdString() == loaded.error().toString());

    f.window.setLanguage(QStringLiteral("zh_CN"));
    const QString chinese = f.controller.openFile(path);
    INFO(chinese.toStdString());
    CHECK(chinese.contains(kHan));
    CHECK(chinese.contains(QStringLiteral("training.seq_lenn")));
    CHECK(chinese.contains(QStringLiteral("“seq_len”")));  // the closest key, as it is typed
    CHECK_FALSE(chinese.contains(QStringLiteral("unknown key")));
    CHECK(f.controller.filePath().isEmpty());
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("error_text.nested_reasons_are_translated_too", "[language][errors]") {
    WindowFixture f;
    f.window.setLanguage(QStringLiteral("zh_CN"));
    const auto parsed = parseScenario(
        R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"}, "cluster": {"nodes": "four"}})",
        f.catalog, "test.json");
    REQUIRE_FALSE(parsed.ok());
    const QString chinese = engineText(parsed.error());
    INFO(chinese.toStdString());
    CHECK(chinese.contains(kHan));
    CHECK_FALSE(chinese.contains(QStringLiteral("a string")));  // the kind of value is translated too
    // An error made without a catalog id shows its English.
    CHECK(engineText(Error{"line 3", "a quoted field is not closed"}) ==
          QStringLiteral("a quoted field is not closed"));
    f.window.setLanguage(QStringLiteral("en"));
}

// After an input the engine refuses, the verdict card still showed the last plan's green
// FITS with no mark. It must say that it shows the last valid plan, in grey, until a valid input
// brings a new plan.
TEST_CASE("error_text.verdict_marks_the_last_valid_plan_after_an_invalid_input", "[errors]") {
    WindowFixture f;
    const VerdictCard* verdict = f.window.verdict();
    REQUIRE(f.controller.plan()->memory.fits());
    REQUIRE(verdict->figure(QStringLiteral("fit")).contains(QStringLiteral("#009E73")));
    REQUIRE_FALSE(verdict->details().contains(QStringLiteral("Last valid plan")));
    const int tp = f.widget<QSpinBox>("tp")->value();

    REQUIRE_FALSE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(5); }));
    CHECK(f.controller.planIsStale());
    CHECK(verdict->details().startsWith(QStringLiteral("Last valid plan: the input marked in red")));
    CHECK(verdict->figure(QStringLiteral("fit")).contains(QStringLiteral("#808080")));
    f.window.setLanguage(QStringLiteral("zh_CN"));
    CHECK(f.window.verdict()->details().startsWith(QStringLiteral("上一个有效方案")));
    f.window.setLanguage(QStringLiteral("en"));

    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(tp); }));
    CHECK_FALSE(f.controller.planIsStale());
    CHECK_FALSE(f.window.verdict()->details().contains(QStringLiteral("Last valid plan")));
    CHECK(f.window.verdict()->figure(QStringLiteral("fit")).contains(QStringLiteral("#009E73")));
    // Servers counted in words a customer reads: "(1 node)", "(16,384 nodes)", never "(1 nodes)".
    CHECK(VerdictCard::nodesText(1) == QStringLiteral("1 node"));
    CHECK(VerdictCard::nodesText(16384) == QStringLiteral("16,384 nodes"));
    CHECK(f.window.verdict()->details().contains(
        QStringLiteral("(%1)").arg(VerdictCard::nodesText(f.controller.scenario().cluster.nodes))));
}
