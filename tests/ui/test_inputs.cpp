// The window driven through its real input widgets: summary, ZeRO, input errors, GPU, presets.
#include "window_fixture.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QPixmap>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTextDocument>
#include <QWheelEvent>

#include "core/util/units.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/zero_comparison_chart_view.h"
#include "ui/mainwindow/summary_view.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

// A new text is laid out once: the scroll bar stays while one long text replaces another (it would
// hide for the cleared document and show again, each time laying the whole text out again), and
// hides when the new text fits.
TEST_CASE("window.summary_scroll_bar_follows_the_text_it_is_given", "[window]") {
    SummaryView view;
    view.resize(320, 120);
    view.show();
    QString text;
    for (int i = 0; i < 40; ++i)
        text += QStringLiteral("<p>line %1</p>").arg(i);
    view.setText(text);
    QApplication::processEvents();
    REQUIRE(view.verticalScrollBar()->isVisible());
    view.setText(text + QStringLiteral("<p>one more line</p>"));
    CHECK(view.verticalScrollBar()->isVisible());
    CHECK(view.verticalScrollBarPolicy() == Qt::ScrollBarAsNeeded);
    CHECK(view.document()->toPlainText().endsWith(QStringLiteral("one more line")));
    view.setText(QStringLiteral("<p>short</p>"));
    QApplication::processEvents();
    CHECK_FALSE(view.verticalScrollBar()->isVisible());
    CHECK(view.verticalScrollBarPolicy() == Qt::ScrollBarAsNeeded);
    CHECK(view.document()->toPlainText() == QStringLiteral("short"));
}

TEST_CASE("window.summary_shows_default_model", "[window]") {
    WindowFixture f;
    const QString summary = f.widget<SummaryView>("summary")->text();
    CHECK(summary.contains(QStringLiteral("Llama 3.1 8B")));
    CHECK(summary.contains(QStringLiteral("8.03 B")));  // 8,030,261,248 parameters
    CHECK(summary.contains(QStringLiteral("GiB")));
    CHECK(f.window.windowTitle().contains(QStringLiteral("default scenario")));
    CHECK_FALSE(f.window.isWindowModified());
}

TEST_CASE("window.zero3_lowers_memory", "[window]") {
    WindowFixture f;
    auto* zero = f.widget<QComboBox>("zeroStage");
    REQUIRE(zero->count() == 4);
    if (zero->currentIndex() != 0)
        REQUIRE(f.editAndWait([&] { zero->setCurrentIndex(0); }));
    const double ddp = stackedTotal(*f.window.memoryChart(), 0);

    REQUIRE(f.editAndWait([&] { zero->setCurrentIndex(zero->findData(3)); }));
    CHECK(f.controller.scenario().layout.zeroStage == 3);
    const double zero3 = stackedTotal(*f.window.memoryChart(), 0);
    INFO("ZeRO-0 " << ddp << " GiB, ZeRO-3 " << zero3 << " GiB");
    CHECK(zero3 < 0.5 * ddp);  // 8 data-parallel ranks shard weights, gradients and moments
    CHECK(ddp - zero3 > 20.0);
    CHECK(f.window.isWindowModified());
}

TEST_CASE("window.tp_error_marks_field_and_keeps_chart", "[window]") {
    WindowFixture f;
    auto* tp = f.widget<QSpinBox>("tp");
    auto* errorLabel = f.widget<QLabel>("errorLabel");
    REQUIRE(tp->value() == 1);
    CHECK(tp->styleSheet().isEmpty());
    CHECK_FALSE(errorLabel->isVisible());
    const double before = stackedTotal(*f.window.memoryChart(), 0);
    const QString summaryBefore = f.widget<SummaryView>("summary")->text();

    // Type "5" over the selected "1": 5 does not divide Llama 3.1 8B's 32 heads.
    const bool planned = f.editAndWait([&] {
        tp->selectAll();
        QTest::keyClicks(tp, QStringLiteral("5"));
    });
    REQUIRE_FALSE(planned);
    CHECK(tp->value() == 5);
    CHECK_FALSE(tp->styleSheet().isEmpty());
    CHECK(tp->property("inputError").toBool());
    // Drawn red, as the status bar says: its border's pixels are the mark's colour.
    const QImage drawn = tp->grab().toImage();
    int red = 0;
    for (int y = 0; y < drawn.height(); ++y)
        for (int x = 0; x < drawn.width(); ++x)
            if (const QColor c = drawn.pixelColor(x, y); c.red() > 180 && c.green() < 90 && c.blue() < 90)
                ++red;
    INFO(red << " red pixels of " << drawn.width() << "x" << drawn.height());
    CHECK(red >= drawn.width());
    // Named as the form names it; the key path is the CLI's and the file's word.
    CHECK(tp->toolTip().contains(QStringLiteral("Tensor parallel (TP): ")));
    CHECK(errorLabel->isVisible());
    CHECK(errorLabel->text().contains(QStringLiteral("Tensor parallel (TP): ")));
    CHECK_FALSE(errorLabel->text().contains(QStringLiteral("layout.tp")));
    CHECK(f.widget<QLabel>("evaluationStatus")
              ->text()
              .contains(QStringLiteral("Tensor parallel (TP) is not valid")));
    // The charts and summary keep the last valid plan.
    CHECK(stackedTotal(*f.window.memoryChart(), 0) == Approx(before));
    CHECK(f.widget<SummaryView>("summary")->text() == summaryBefore);
    REQUIRE(f.controller.plan().has_value());
    CHECK(f.controller.plan()->layout.tp == 1);

    REQUIRE(f.editAndWait([&] { tp->setValue(1); }));
    CHECK(tp->styleSheet().isEmpty());
    CHECK_FALSE(tp->property("inputError").toBool());
    CHECK_FALSE(errorLabel->isVisible());
}

TEST_CASE("window.error_on_other_sections_marks_their_field", "[window]") {
    WindowFixture f;
    auto* batch = f.widget<QSpinBox>("globalBatch");
    // 511 sequences cannot be split over 8 data-parallel ranks.
    REQUIRE_FALSE(f.editAndWait([&] { batch->setValue(511); }));
    CHECK_FALSE(batch->styleSheet().isEmpty());
    CHECK(f.widget<QLabel>("errorLabel")->text().contains(QStringLiteral("Global batch: ")));
    REQUIRE(f.editAndWait([&] { batch->setValue(512); }));
    CHECK(batch->styleSheet().isEmpty());
}

TEST_CASE("window.gpu_change_moves_capacity_line", "[window]") {
    WindowFixture f;
    auto* gpu = f.widget<QComboBox>("gpu");
    REQUIRE(gpu->currentData().toString() == QStringLiteral("a100-sxm-80gb"));
    const double a100 = capacityLineGib(*f.window.memoryChart());
    CHECK(a100 == Approx(capacityLineGib(*f.window.zeroChart())));

    const int h100 = gpu->findData(QStringLiteral("h100-sxm-80gb"));
    REQUIRE(h100 >= 0);
    REQUIRE(f.editAndWait([&] { gpu->setCurrentIndex(h100); }));
    CHECK(f.controller.scenario().cluster.gpu == "h100-sxm-80gb");
    const double h100Gib = capacityLineGib(*f.window.memoryChart());
    CHECK(h100Gib != Approx(a100).margin(0.01));
    CHECK(h100Gib == Approx(f.controller.plan()->memory.capacity / clusterplan::units::kGiB));
    CHECK(capacityLineGib(*f.window.zeroChart()) == Approx(h100Gib));
    CHECK(f.window.memoryChart()->chart()->title().contains(QStringLiteral("79.11 GiB")));
}

// A GB200 NVL72 is sized in trays of 4: picking it for the default 1 × 8 server gives 2 trays, the
// spin box shows it, and H100 again gives the server of 8 back.
TEST_CASE("window.rack_scale_gpu_sizes_the_cluster_in_trays", "[window]") {
    WindowFixture f;
    auto* gpu = f.widget<QComboBox>("gpu");
    const int gb200 = gpu->findData(QStringLiteral("gb200-nvl72-186gb"));
    REQUIRE(gb200 >= 0);
    REQUIRE(f.editAndWait([&] { gpu->setCurrentIndex(gb200); }));
    CHECK(f.controller.scenario().cluster.gpusPerNode == 4);
    CHECK(f.controller.scenario().cluster.nodes == 2);
    CHECK(f.widget<QSpinBox>("gpusPerNode")->value() == 4);
    REQUIRE(f.editAndWait([&] { gpu->setCurrentIndex(gpu->findData(QStringLiteral("h100-sxm-80gb"))); }));
    CHECK(f.controller.scenario().cluster.gpusPerNode == 8);
    CHECK(f.controller.scenario().cluster.nodes == 1);
}

TEST_CASE("window.model_field_edit_marks_preset_edited", "[window]") {
    WindowFixture f;
    auto* preset = f.widget<QComboBox>("modelPreset");
    auto* layers = f.widget<QSpinBox>("layers");
    REQUIRE(preset->currentText() == QStringLiteral("Llama 3.1 8B"));

    REQUIRE(f.editAndWait([&] { layers->setValue(40); }));
    CHECK(preset->currentText() == QStringLiteral("Llama 3.1 8B (edited)"));
    CHECK(f.controller.scenario().modelPreset == "llama-3.1-8b");  // still "based on" the preset
    CHECK(f.controller.scenario().model.layers == 40);
    CHECK(f.controller.scenario().model.name == "Llama 3.1 8B (edited)");
    CHECK(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("(edited)")));

    REQUIRE(f.editAndWait([&] { layers->setValue(32); }));
    CHECK(preset->currentText() == QStringLiteral("Llama 3.1 8B"));
    CHECK(f.controller.scenario().model.name == "Llama 3.1 8B");
}

TEST_CASE("window.preset_choice_loads_its_fields", "[window]") {
    WindowFixture f;
    auto* preset = f.widget<QComboBox>("modelPreset");
    const int index = preset->findData(QStringLiteral("llama-3.1-70b"));
    REQUIRE(index >= 0);
    f.editAndWait([&] { preset->setCurrentIndex(index); });  // on 8 GPUs: a plan that may not fit
    CHECK(f.widget<QSpinBox>("layers")->value() == 80);
    CHECK(f.widget<QSpinBox>("heads")->value() == 64);
    CHECK(f.controller.scenario().modelPreset == "llama-3.1-70b");
    CHECK(preset->currentText() == QStringLiteral("Llama 3.1 70B"));
}

TEST_CASE("window.every_input_has_an_object_name", "[window]") {
    WindowFixture f;
    for (const char* name :
         {"modelPreset", "layers", "hidden",      "heads",       "kvHeads",  "headDim",   "ffnHidden",
          "vocab",       "mlp",    "gpu",         "gpusPerNode", "nodes",    "precision", "optimizer",
          "gradDtype",   "seqLen", "globalBatch", "tp",          "pp",       "dp",        "cp",
          "ep",          "vpp",    "microBatch",  "zeroStage",   "recompute"}) {
        INFO(name);
        CHECK(f.window.findChild<QWidget*>(QString::fromLatin1(name)) != nullptr);
    }
    CHECK(f.widget<QCheckBox>("flashAttention")->isChecked() ==
          f.controller.scenario().training.flashAttention);
    CHECK(f.widget<QCheckBox>("sequenceParallel") != nullptr);
    CHECK(f.widget<QSpinBox>("dp")->text() == QStringLiteral("auto (the rest)"));
}

TEST_CASE("window.invalid_start_shows_error_and_no_plan", "[window]") {
    const Catalog catalog = Catalog::builtin();
    Scenario scenario = defaultScenario(catalog);
    scenario.layout.tp = 5;
    PlanController controller(catalog, scenario);
    MainWindow window(controller);
    QSignalSpy failed(&controller, &PlanController::inputError);
    window.show();
    REQUIRE(QTest::qWaitFor([&] { return failed.count() > 0; }, kWaitMs));

    auto* tp = window.findChild<QSpinBox*>(QStringLiteral("tp"));
    REQUIRE(tp != nullptr);
    CHECK(tp->value() == 5);
    CHECK_FALSE(tp->styleSheet().isEmpty());
    CHECK(window.findChild<QLabel*>(QStringLiteral("errorLabel"))->isVisible());
    CHECK(window.findChild<SummaryView*>(QStringLiteral("summary"))
              ->text()
              .contains(QStringLiteral("No valid plan")));
    CHECK(window.memoryChart()->chart()->series().isEmpty());
    CHECK_FALSE(controller.plan().has_value());
}

TEST_CASE("window.summary_shows_step_time_and_follows_the_stack", "[window]") {
    WindowFixture f;
    auto* summary = f.widget<SummaryView>("summary");
    CHECK(summary->text().contains(QStringLiteral("Step time")));
    // The profile by its stack, GPU generation and precision, not its id ("megatron-ampere-bf16").
    CHECK(summary->text().contains(QStringLiteral("profile Megatron-LM, Ampere, BF16")));
    CHECK(summary->text().contains(QStringLiteral("MFU")));
    auto* framework = f.widget<QComboBox>("framework");
    REQUIRE(f.editAndWait(
        [&] { framework->setCurrentIndex(framework->findData(static_cast<int>(Framework::Fsdp))); }));
    CHECK(f.controller.scenario().training.framework == Framework::Fsdp);
    CHECK(summary->text().contains(QStringLiteral("PyTorch FSDP, Ampere, BF16")));
}

TEST_CASE("window.stack_features_are_stack_default_on_or_off", "[window]") {
    WindowFixture f;
    auto* dpOverlap = f.widget<QComboBox>("overlapGradReduce");
    auto* tpOverlap = f.widget<QComboBox>("tpCommOverlap");
    // A scenario that leaves them out shows the stack's default.
    CHECK(dpOverlap->currentData().toInt() == -1);
    CHECK(tpOverlap->currentData().toInt() == -1);
    // ... and what that default is for the chosen stack (Megatron: DP overlap on, TP overlap off).
    CHECK(dpOverlap->itemText(0) == QStringLiteral("stack default (on)"));
    CHECK(tpOverlap->itemText(0) == QStringLiteral("stack default (off)"));
    REQUIRE(f.controller.plan().has_value());
    const double before = f.controller.plan()->perf.stepSeconds;
    REQUIRE(f.controller.plan()->perf.dpCommTotalSeconds > 0);  // the default plan reduces gradients
    // Off: the gradient reduction waits for the backward (Megatron-LM 2021-22), so the step is longer.
    REQUIRE(f.editAndWait([&] { dpOverlap->setCurrentIndex(dpOverlap->findData(0)); }));
    CHECK(f.controller.scenario().training.overlapGradReduce == std::optional<bool>(false));
    CHECK(f.controller.plan()->perf.stepSeconds > before);
    CHECK_THAT(f.controller.plan()->perf.dpCommSeconds,
               Catch::Matchers::WithinRel(f.controller.plan()->perf.dpCommTotalSeconds, 1e-12));
    // Back to the stack's default: unset again, the same plan as before.
    REQUIRE(f.editAndWait([&] { dpOverlap->setCurrentIndex(dpOverlap->findData(-1)); }));
    CHECK_FALSE(f.controller.scenario().training.overlapGradReduce.has_value());
    CHECK(f.controller.plan()->perf.stepSeconds == before);
    // The TP flag is stored the same way.
    REQUIRE(f.editAndWait([&] { tpOverlap->setCurrentIndex(tpOverlap->findData(1)); }));
    CHECK(f.controller.scenario().training.tpCommOverlap == std::optional<bool>(true));
}

TEST_CASE("window.stack_release_is_current_or_a_named_release", "[window]") {
    WindowFixture f;
    auto* release = f.widget<QComboBox>("stackRelease");
    // A scenario that leaves it out runs the stack's current release.
    CHECK(release->currentData().toString().isEmpty());
    REQUIRE(f.controller.plan().has_value());
    const double before = f.controller.plan()->perf.stepSeconds;
    // Transformer Engine 1.x: stored by its name; on the default A100 no release has a measured
    // attention figure, so the plan is the same.
    REQUIRE(f.editAndWait([&] { release->setCurrentIndex(release->findData(QStringLiteral("te1"))); }));
    CHECK(f.controller.scenario().training.stackRelease == "te1");
    REQUIRE(f.controller.plan().has_value());
    CHECK(f.controller.plan()->perf.stepSeconds == before);
    // DeepSpeed's release is not one of Megatron-LM's: refused, the last plan kept.
    REQUIRE_FALSE(
        f.editAndWait([&] { release->setCurrentIndex(release->findData(QStringLiteral("v0.3"))); }));
    CHECK(f.controller.scenario().training.stackRelease == "v0.3");
    // Back to the current release: the key is left out again.
    REQUIRE(f.editAndWait([&] { release->setCurrentIndex(release->findData(QString())); }));
    CHECK(f.controller.scenario().training.stackRelease.empty());
    CHECK(f.controller.plan()->perf.stepSeconds == before);
}

namespace {

// One notch of the mouse wheel, scrolling down, over the middle of `widget`.
void wheelDown(QWidget* widget) {
    const QPointF at(widget->width() / 2.0, widget->height() / 2.0);
    QWheelEvent wheel(at, widget->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(widget, &wheel);
}

}  // namespace

TEST_CASE("window.wheel_over_an_unfocused_field_scrolls_instead_of_editing", "[window]") {
    WindowFixture f;
    auto* perNode = f.widget<QSpinBox>("gpusPerNode");
    QScrollArea* scroll = nullptr;
    for (QWidget* w = perNode->parentWidget(); w && !scroll; w = w->parentWidget())
        scroll = qobject_cast<QScrollArea*>(w);
    REQUIRE(scroll);
    REQUIRE(scroll->verticalScrollBar()->maximum() > 0);  // the form is longer than the window
    const int before = perNode->value();
    const int scrolled = scroll->verticalScrollBar()->value();
    REQUIRE_FALSE(perNode->hasFocus());
    wheelDown(perNode);
    CHECK(perNode->value() == before);
    CHECK(scroll->verticalScrollBar()->value() > scrolled);
    CHECK(f.controller.scenario().cluster.gpusPerNode == before);
    auto* precision = f.widget<QComboBox>("precision");
    const int index = precision->currentIndex();
    wheelDown(precision);
    CHECK(precision->currentIndex() == index);
    // A field the user clicked into takes the wheel, as before.
    f.window.activateWindow();
    perNode->setFocus(Qt::MouseFocusReason);
    REQUIRE(QTest::qWaitFor([&] { return perNode->hasFocus(); }, 2000));
    wheelDown(perNode);
    CHECK(perNode->value() == before - 1);
}
