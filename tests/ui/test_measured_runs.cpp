// The Measured runs tab: the scenario's own runs, editable through the undo history,
// and the engine's fit to them, the same numbers `clusterplan-cli calibrate` prints.
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextLayout>
#include <QUndoStack>

#include "core/calibration/evaluate.h"
#include "ui/calibration/measured_runs_model.h"
#include "ui/calibration/measured_runs_tab.h"
#include "ui/models/scenario_history.h"
#include "window_fixture.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// GPT 175B on A100, calibrated to the 384- and 1536-GPU runs of Narayanan et al. 2021, Table 2
// (README "Calibrate to your own run").
const QString kExample = QStringLiteral(CLUSTERPLAN_TEST_DATA "/calibrate-gpt175b.json");

QString cell(const MeasuredRunsModel& model, int row, int column, int role = Qt::DisplayRole) {
    return model.data(model.index(row, column), role).toString();
}

// Types `text` into the table's editor of `index` and presses Return, as a user does.
void typeInto(QTableView* table, const QModelIndex& index, const QString& text) {
    table->setCurrentIndex(index);
    table->edit(index);
    auto* editor = table->viewport()->findChild<QLineEdit*>();
    REQUIRE(editor != nullptr);
    editor->selectAll();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
}

}  // namespace

TEST_CASE("measured.tab_lists_the_runs_and_shows_the_cli_fit", "[measured]") {
    WindowFixture f;
    MeasuredRunsTab* tab = f.window.measuredRuns();
    REQUIRE(tab != nullptr);
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    CHECK(tabs->tabText(tabs->indexOf(tab->parentWidget()->parentWidget())) ==
          QStringLiteral("Measured runs"));
    MeasuredRunsModel& model = *tab->runsModel();
    CHECK(model.rowCount() == 0);  // the default scenario has none
    CHECK(f.widget<QLabel>("calibrationStatus")->text().contains(QStringLiteral("No measured runs")));

    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(kExample).isEmpty()); }));
    REQUIRE(model.rowCount() == 2);
    CHECK(cell(model, 0, MeasuredRunsModel::Tp) == QStringLiteral("8"));
    CHECK(cell(model, 0, MeasuredRunsModel::Pp) == QStringLiteral("12"));
    CHECK(cell(model, 0, MeasuredRunsModel::RecomputeColumn) == QStringLiteral("full"));
    CHECK(cell(model, 0, MeasuredRunsModel::Nodes) == QStringLiteral("48"));
    CHECK(cell(model, 1, MeasuredRunsModel::Nodes) == QStringLiteral("192"));
    CHECK(cell(model, 0, MeasuredRunsModel::StepSeconds) == QStringLiteral("76.78"));
    CHECK(cell(model, 1, MeasuredRunsModel::StepSeconds) == QStringLiteral("20.83"));
    CHECK(cell(model, 0, MeasuredRunsModel::TokensPerSecond).isEmpty());

    // The parameters, as docs/user-guide.md's `clusterplan-cli calibrate` output: GEMM efficiency
    // 0.700 (the datasheet value the shipped profiles keep) -> 0.721.
    QTableWidget* parameters = tab->parametersTable();
    REQUIRE(parameters->rowCount() == 3);
    CHECK(parameters->item(0, 0)->text() == QStringLiteral("GEMM efficiency"));
    CHECK(parameters->item(0, 1)->text() == QStringLiteral("0.700"));
    CHECK(parameters->item(0, 2)->text() == QStringLiteral("0.721"));
    CHECK(parameters->item(0, 3)->text() == QStringLiteral("0.30 – 0.95"));
    // ... and exactly core's fit, the function `calibrate` and evaluate() use.
    const auto fit = fitProfile(f.controller.scenario(), f.catalog);
    REQUIRE(fit.ok());
    for (int row = 0; row < 3; ++row)
        CHECK(parameters->item(row, 2)->text() ==
              QString::number(fit->parameters[static_cast<std::size_t>(row)].after, 'f', 3));

    // Each run's errors, as the user guide: -1.3 % -> +0.9 % on 384 GPUs, -3.2 % -> -1.1 % on 1536.
    QTableWidget* errors = tab->errorsTable();
    REQUIRE(errors->rowCount() == 2);
    CHECK(errors->item(0, 1)->text() == QStringLiteral("384"));
    CHECK(errors->item(0, 3)->text() == QStringLiteral("76.78"));
    CHECK(errors->item(0, 7)->text() == QString(QChar(0x2212)) + QStringLiteral("1.3 %"));
    CHECK(errors->item(0, 8)->text() == QStringLiteral("+0.9 %"));
    CHECK(errors->item(1, 1)->text() == QStringLiteral("1536"));
    CHECK(errors->item(1, 7)->text() == QString(QChar(0x2212)) + QStringLiteral("3.2 %"));
    CHECK(errors->item(1, 8)->text() == QString(QChar(0x2212)) + QStringLiteral("1.1 %"));

    // The window says the plan is calibrated: the tab, the verdict and the profile in the summary.
    const QString status = f.widget<QLabel>("calibrationStatus")->text();
    CHECK(status.contains(QStringLiteral("Calibrated")));
    CHECK(status.contains(QStringLiteral("'Megatron-LM, Ampere, FP16, fitted to the measured runs'")));
    CHECK(status.contains(QStringLiteral("2.3 % with the built-in profile, 1.0 % with the fitted one")));
    CHECK(f.widget<QLabel>("verdictDetails")
              ->text()
              .contains(QStringLiteral("Calibrated on this cluster (measured runs: 2)")));
    CHECK(f.controller.plan()->perf.profileId == "megatron-ampere-fp16+measured");
}

TEST_CASE("measured.editing_a_run_refits_and_is_undoable_and_saved", "[measured]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(kExample).isEmpty()); }));
    f.widget<QTabWidget>("chartTabs")
        ->setCurrentWidget(f.window.measuredRuns()->parentWidget()->parentWidget());
    MeasuredRunsTab* tab = f.window.measuredRuns();
    MeasuredRunsModel& model = *tab->runsModel();
    QTableView* table = tab->runsTable();
    // The fit is the slow part of an evaluation: a layout edit keeps it, the plan still calibrated.
    const int fits = f.controller.fitsComputed();
    CHECK(fits >= 1);
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(4); }));
    CHECK(f.controller.fitsComputed() == fits);
    CHECK(f.controller.plan()->layout.tp == 4);
    CHECK(f.controller.plan()->perf.profileId == "megatron-ampere-fp16+measured");
    const QString errorBefore = tab->errorsTable()->item(0, 8)->text();
    const QString gemmBefore = tab->parametersTable()->item(0, 2)->text();

    // Tokens/s typed into run 0 (10 % slower than its 76.78 s step: 1536 × 2048 / 76.78 = 40971 tokens/s).
    REQUIRE(f.editAndWait([&] {
        typeInto(table, model.index(0, MeasuredRunsModel::TokensPerSecond), QStringLiteral("37000"));
    }));
    CHECK(f.controller.scenario().measured[0].tokensPerSecond == 37000);
    CHECK(f.controller.scenario().measured[0].stepSeconds == 0);  // one of the two
    CHECK(f.controller.fitsComputed() == fits + 1);
    CHECK(cell(model, 0, MeasuredRunsModel::StepSeconds).isEmpty());
    CHECK(tab->errorsTable()->item(0, 4)->text() == QStringLiteral("37,000"));
    CHECK(tab->errorsTable()->item(0, 8)->text() != errorBefore);
    CHECK(tab->parametersTable()->item(0, 2)->text() != gemmBefore);  // refitted

    // A new run has no throughput yet: the engine's error names its key path, on its cell.
    QUndoStack& stack = f.window.history().stack();
    REQUIRE_FALSE(
        f.editAndWait([&] { QTest::mouseClick(f.widget<QPushButton>("addMeasuredRun"), Qt::LeftButton); }));
    REQUIRE(model.rowCount() == 3);
    CHECK(cell(model, 2, MeasuredRunsModel::Nodes) == QStringLiteral("96"));  // the scenario's
    CHECK(cell(model, 2, MeasuredRunsModel::TokensPerSecond, Qt::ToolTipRole)
              .startsWith(QStringLiteral("Run 3, Tokens/s: is required")));
    auto* error = f.widget<QLabel>("measuredRunsError");
    CHECK(error->isVisibleTo(&f.window));
    // The run as the table numbers it (from 1) and the column by its header, not the key path.
    CHECK(error->text().startsWith(QStringLiteral("Run 3, Tokens/s")));
    CHECK(model.headerData(2, Qt::Vertical, Qt::DisplayRole).toString() == QStringLiteral("3"));
    // Undo removes the run; the plan is valid again and the mark is gone.
    REQUIRE(f.editAndWait([&] { stack.undo(); }));
    CHECK(model.rowCount() == 2);
    CHECK(f.controller.scenario().measured.size() == 2);
    CHECK_FALSE(error->isVisibleTo(&f.window));
    CHECK(cell(model, 0, MeasuredRunsModel::TokensPerSecond) == QStringLiteral("37,000"));  // the edit stays

    // A value out of range is refused by the engine with the reader's words.
    REQUIRE_FALSE(f.editAndWait(
        [&] { typeInto(table, model.index(1, MeasuredRunsModel::Nodes), QStringLiteral("0")); }));
    CHECK(error->text().startsWith(QStringLiteral("Run 2, Nodes: is 0, allowed range 1 to 1000000")));
    REQUIRE(f.editAndWait([&] { stack.undo(); }));

    // Saved with the file and read back.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("calibrated.json"));
    CHECK(f.controller.saveFile(path).isEmpty());
    WindowFixture reopened;
    REQUIRE(reopened.editAndWait([&] { CHECK(reopened.controller.openFile(path).isEmpty()); }));
    CHECK(reopened.controller.scenario().measured == f.controller.scenario().measured);
    MeasuredRunsModel& again = *reopened.window.measuredRuns()->runsModel();
    REQUIRE(again.rowCount() == 2);
    CHECK(cell(again, 0, MeasuredRunsModel::TokensPerSecond) == QStringLiteral("37,000"));
    CHECK(reopened.window.measuredRuns()->errorsTable()->item(0, 8)->text() ==
          f.window.measuredRuns()->errorsTable()->item(0, 8)->text());
}

TEST_CASE("measured.tab_speaks_chinese", "[measured][language]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(kExample).isEmpty()); }));
    f.window.setLanguage(QStringLiteral("zh_CN"));
    MeasuredRunsTab* tab = f.window.measuredRuns();
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    CHECK(tabs->tabText(tabs->indexOf(tab->parentWidget()->parentWidget())) == QStringLiteral("实测运行"));
    CHECK(tab->runsModel()->rowCount() == 2);  // the rebuilt tab edits the same scenario
    CHECK(tab->parametersTable()->item(0, 0)->text() == QStringLiteral("GEMM 效率"));
    CHECK(tab->findChild<QLabel*>(QStringLiteral("calibrationStatus"))
              ->text()
              .contains(QStringLiteral("已校准")));
    CHECK(
        tab->runsModel()->headerData(MeasuredRunsModel::Nodes, Qt::Horizontal, Qt::DisplayRole).toString() ==
        QStringLiteral("服务器台数"));
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("measured.assumed_keys_are_named_in_the_window_language", "[measured][language]") {
    // A run that leaves its ZeRO stage and recomputation out: the fit times it at the keys the
    // search resolves, and the errors table names them as assumed, key by key, in both languages.
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(kExample).isEmpty()); }));
    REQUIRE(f.editAndWait([&] {
        f.controller.update([](Scenario& s) { s.measured[0].layout.open |= kZeroStage | kRecompute; });
    }));
    const auto& fit = f.controller.plan()->calibration;
    REQUIRE(fit.has_value());
    REQUIRE(fit->runs[0].assumed.size() == 2);
    CHECK(fit->runs[0].assumed[0].key == "zero_stage");
    CHECK(fit->runs[0].assumed[1].key == "recompute");
    CHECK(fit->runs[1].assumed.empty());
    const QString recompute = QString::fromStdString(fit->runs[0].assumed[1].value);
    const QString english = f.window.measuredRuns()->errorsTable()->item(0, 2)->text();
    CHECK(english.contains(QStringLiteral("; assumed: ZeRO-") +
                           QString::fromStdString(fit->runs[0].assumed[0].value) +
                           QStringLiteral(", recompute ") + recompute));
    CHECK_FALSE(
        f.window.measuredRuns()->errorsTable()->item(1, 2)->text().contains(QStringLiteral("assumed")));
    f.window.setLanguage(QStringLiteral("zh_CN"));
    const QString chinese = f.window.measuredRuns()->errorsTable()->item(0, 2)->text();
    CHECK(chinese.contains(QStringLiteral("假定")));
    CHECK(chinese.contains(QStringLiteral("重计算")));
    CHECK_FALSE(chinese.contains(QStringLiteral("assumed")));
    CHECK_FALSE(chinese.contains(QStringLiteral("recompute")));
    f.window.setLanguage(QStringLiteral("en"));
}

namespace {

// The lines `text` takes when wrapped at word boundaries to `width` pixels in `font`, as a QLabel
// with word wrap lays it out.
QStringList wrappedLines(const QString& text, const QFont& font, int width) {
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(option);
    QStringList lines;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        lines << text.mid(line.textStart(), line.textLength());
    }
    layout.endLayout();
    return lines;
}

// Whether some width from 120 to 900 pixels breaks `text` right after a slash between letters
// ("tokens/" | "s").
bool breaksAfterASlash(const QString& text, const QFont& font) {
    static const QRegularExpression slashAtEnd(QStringLiteral("[A-Za-z]/[\\x{2060}]?\\s*$"));
    for (int width = 120; width <= 900; width += 3)
        for (const QString& line : wrappedLines(text, font, width))
            if (slashAtEnd.match(line).hasMatch())
                return true;
    return false;
}

}  // namespace

// The runs were numbered 0 and 1 while the summary counts from 1; the intro broke "tokens/ s"
// across two lines.
TEST_CASE("measured.runs_are_numbered_from_one_and_units_stay_whole", "[measured]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(kExample).isEmpty()); }));
    MeasuredRunsTab* tab = f.window.measuredRuns();
    MeasuredRunsModel& model = *tab->runsModel();
    REQUIRE(model.rowCount() == 2);
    CHECK(model.headerData(0, Qt::Vertical, Qt::DisplayRole).toString() == QStringLiteral("1"));
    CHECK(model.headerData(1, Qt::Vertical, Qt::DisplayRole).toString() == QStringLiteral("2"));
    CHECK(tab->errorsTable()->item(0, 0)->text() == QStringLiteral("1"));
    CHECK(tab->errorsTable()->item(1, 0)->text() == QStringLiteral("2"));

    auto* intro = f.widget<QLabel>("measuredRunsIntro");
    REQUIRE(intro->text().contains(QStringLiteral("tokens/")));
    CHECK_FALSE(breaksAfterASlash(intro->text(), intro->font()));
    // The same words without the joiner do break there at some width: the check above can fail.
    CHECK(breaksAfterASlash(intro->text().remove(QChar(0x2060)), intro->font()));
}

// The summary's rows wrap to the pane: "Step parts" was cut at "sync 2.9" in a calibrated plan.
TEST_CASE("measured.summary_rows_wrap_to_the_pane", "[measured]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(kExample).isEmpty()); }));
    for (const QSize size : {QSize(1400, 900), QSize(1024, 700)}) {
        INFO(size.width() << " x " << size.height());
        f.window.resize(size);
        for (int pass = 0; pass < 3; ++pass)
            QApplication::processEvents();
        auto* summary = f.widget<SummaryView>("summary");
        CHECK(summary->text().contains(QStringLiteral("Step parts")));
        CHECK(summary->document()->idealWidth() <= summary->viewport()->width() + 1);
        CHECK(summary->horizontalScrollBar()->maximum() == 0);
    }
}
