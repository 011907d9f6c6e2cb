// Desktop habits: undo/redo, New/Open/Save with the unsaved-changes question, recent
// files, drag and drop, window state across starts, the status bar, tooltips, MoE/MLA inputs.
#include "window_fixture.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDropEvent>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>

#include "ui/inputs/inputs_panel.h"
#include "ui/mainwindow/document_actions.h"
#include "ui/mainwindow/recent_files.h"
#include "ui/models/scenario_history.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// Dialog answers: every question gets `answer`, every file dialog `file`.
Prompter::TestAnswers answering(Prompter::Answer answer, QString file = {}) {
    return {[answer](Prompter::Question) { return answer; }, [file](bool) { return file; }, {}};
}

}  // namespace

TEST_CASE("habits.undo_redo_every_input_change", "[habits][undo]") {
    WindowFixture f;
    const Scenario original = f.controller.scenario();
    auto* tp = f.widget<QSpinBox>("tp");
    auto* layers = f.widget<QSpinBox>("layers");
    REQUIRE(f.editAndWait([&] { tp->setValue(2); }));
    REQUIRE(f.editAndWait([&] { layers->setValue(40); }));  // another part: a step of its own
    QUndoStack& stack = f.window.history().stack();
    REQUIRE(stack.count() == 2);

    REQUIRE(f.editAndWait([&] { stack.undo(); }));
    CHECK(f.controller.scenario().model.layers == 32);
    CHECK(layers->value() == 32);
    CHECK(f.controller.plan()->scenario.model.layers == 32);
    REQUIRE(f.editAndWait([&] { stack.undo(); }));
    CHECK(f.controller.scenario() == original);
    CHECK(tp->value() == 1);
    CHECK_FALSE(f.window.isWindowModified());  // back where it started: nothing to save

    REQUIRE(f.editAndWait([&] { stack.redo(); }));
    CHECK(f.controller.scenario().layout.tp == 2);
    CHECK(tp->value() == 2);
    CHECK(f.window.isWindowModified());
}

TEST_CASE("habits.typing_a_number_is_one_undo_step", "[habits][undo]") {
    WindowFixture f;
    auto* seqLen = f.widget<QSpinBox>("seqLen");
    seqLen->setFocus();
    seqLen->selectAll();
    REQUIRE(f.editAndWait([&] { QTest::keyClicks(seqLen, QStringLiteral("8192")); }));
    QTRY_COMPARE_WITH_TIMEOUT(f.controller.plan()->scenario.training.seqLen, std::int64_t{8192}, kWaitMs);
    QUndoStack& stack = f.window.history().stack();
    CHECK(stack.count() == 1);
    REQUIRE(f.editAndWait([&] { stack.undo(); }));
    CHECK(f.controller.scenario().training.seqLen == 4096);
}

TEST_CASE("habits.unsaved_changes_prompt", "[habits][files]") {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kept.json"));
    WindowFixture f(answering(Prompter::Answer::Cancel));
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(2); }));
    const Scenario edited = f.controller.scenario();

    // Cancel: New does nothing, closing is refused.
    f.window.documents().newScenario();
    CHECK(f.controller.scenario() == edited);
    f.window.close();
    CHECK(f.window.isVisible());

    // Save: asks for a file name (none yet), writes it, then starts over.
    f.window.prompter().answerWith(answering(Prompter::Answer::Yes, path));
    f.window.documents().newScenario();
    CHECK(QFileInfo::exists(path));
    CHECK(f.controller.scenario() == defaultScenario(f.catalog));
    CHECK_FALSE(f.window.isWindowModified());
    CHECK(f.window.history().stack().count() == 0);

    // Discard: the edit is dropped without a file.
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(4); }));
    f.window.prompter().answerWith(answering(Prompter::Answer::No));
    f.window.documents().newScenario();
    CHECK(f.controller.scenario().layout.tp == 1);
}

TEST_CASE("habits.recent_files_and_drag_and_drop", "[habits][files]") {
    QTemporaryDir dir;
    const QString first = dir.filePath(QStringLiteral("first.json"));
    const QString second = dir.filePath(QStringLiteral("second.json"));
    RecentFiles().clear();
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(2); }));
    f.window.prompter().answerWith(answering(Prompter::Answer::Yes, first));
    REQUIRE(f.window.documents().saveAs());
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(4); }));
    f.window.prompter().answerWith(answering(Prompter::Answer::Yes, second));
    REQUIRE(f.window.documents().saveAs());
    CHECK(RecentFiles().paths() == QStringList{second, first});

    // The Open Recent menu lists them newest first; its first entry opens second.json.
    auto* menu = f.widget<QMenu>("recentMenu");
    emit menu->aboutToShow();
    REQUIRE(menu->actions().size() >= 2);
    CHECK(menu->actions()[0]->text().contains(QStringLiteral("second.json")));
    CHECK(menu->actions()[1]->text().contains(QStringLiteral("first.json")));

    // Dropping first.json on the window opens it and moves it to the front.
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(first)});
    QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    // Sent to the window's event() directly: QApplication only routes drops of a real drag.
    static_cast<QObject&>(f.window).event(&drop);
    CHECK(f.controller.filePath() == first);
    CHECK(f.controller.scenario().layout.tp == 2);
    CHECK(RecentFiles().paths().first() == first);

    menu->actions()[0]->trigger();  // still the menu filled before the drop: second.json
    CHECK(f.controller.filePath() == second);
    CHECK(f.controller.scenario().layout.tp == 4);
}

TEST_CASE("habits.window_state_restored_on_start", "[habits][settings]") {
    {
        WindowFixture f;
        f.widget<QTabWidget>("chartTabs")->setCurrentIndex(2);
        f.window.resize(1234, 777);
        REQUIRE(f.window.close());  // a normal close stores the window state
    }
    WindowFixture again;
    CHECK(again.widget<QTabWidget>("chartTabs")->currentIndex() == 2);
    INFO("restored " << again.window.width() << "x" << again.window.height() << ", minimum "
                     << again.window.minimumSizeHint().width() << "x"
                     << again.window.minimumSizeHint().height());
    CHECK(again.window.size() == QSize(1234, 777));
    QSettings().remove(QStringLiteral("window"));
}

TEST_CASE("habits.status_bar_shows_the_evaluation_time", "[habits]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(2); }));
    const QString status = f.widget<QLabel>("evaluationStatus")->text();
    CHECK(status.contains(QStringLiteral(" ms")));
    CHECK(f.controller.lastEvaluationMs() > 0);
}

TEST_CASE("habits.every_input_has_a_tooltip_with_range_and_source", "[habits][inputs]") {
    WindowFixture f;
    auto* inputs = f.window.findChild<InputsPanel*>();
    REQUIRE(inputs != nullptr);
    int checked = 0;
    for (QWidget* input : inputs->findChildren<QWidget*>()) {
        if (!qobject_cast<QAbstractSpinBox*>(input) && !qobject_cast<QComboBox*>(input) &&
            !qobject_cast<QCheckBox*>(input))
            continue;
        INFO(input->objectName().toStdString() << ": " << input->toolTip().toStdString());
        if (qobject_cast<QAbstractSpinBox*>(input))
            CHECK(input->toolTip().contains(QStringLiteral("Range: ")));
        // The price book and offer boxes show the chosen entry's own source and date instead.
        if (input->objectName() != QLatin1String("priceBook") &&
            input->objectName() != QLatin1String("rentOffer"))
            CHECK(input->toolTip().contains(QStringLiteral("Source: ")));
        ++checked;
    }
    CHECK(checked >= 40);
    CHECK(f.widget<QSpinBox>("pp")->toolTip().contains(QStringLiteral("Scenario key: layout.pp")));
    CHECK(
        f.widget<QDoubleSpinBox>("utilization")->toolTip().contains(QStringLiteral("Range: 0.0 to 100.0 %")));
}

TEST_CASE("habits.moe_and_mla_fields_are_editable", "[habits][inputs]") {
    WindowFixture f;
    const double dense = f.controller.plan()->params.total;
    auto* experts = f.widget<QSpinBox>("moeExperts");
    CHECK_FALSE(experts->isEnabled());
    REQUIRE(f.editAndWait([&] { f.widget<QCheckBox>("moeOn")->setChecked(true); }));
    REQUIRE(f.controller.scenario().model.moe.has_value());
    CHECK(f.controller.scenario().model.moe->experts == 8);
    CHECK(experts->isEnabled());
    const double eight = f.controller.plan()->params.total;
    CHECK(eight > dense * 4);                               // 8 expert MLPs replace one
    CHECK(f.controller.plan()->params.active < eight / 2);  // top-2 of 8 active
    REQUIRE(f.editAndWait([&] { experts->setValue(16); }));
    CHECK(f.controller.plan()->params.total > eight * 1.5);
    CHECK(f.widget<QComboBox>("modelPreset")->currentText().endsWith(QStringLiteral("(edited)")));

    REQUIRE(f.editAndWait([&] { f.widget<QCheckBox>("mlaOn")->setChecked(true); }));
    REQUIRE(f.controller.scenario().model.mla.has_value());
    CHECK(f.controller.scenario().model.mla->kvLoraRank == 512);
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("mlaKvRank")->setValue(256); }));
    CHECK(f.controller.plan()->scenario.model.mla->kvLoraRank == 256);
}
