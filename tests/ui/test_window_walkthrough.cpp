// What was left of a new user's afternoon with the window: a run of a few optimizer steps, a quote
// exported on stale prices, the "save changes?" question after an export, captions cut at
// 1400 × 900, the Explorer's zoom across a language switch and its ticks, Chinese contract events,
// and a window wider than 1024 pixels.
#include "window_fixture.h"

#include <QAbstractAxis>
#include <QAction>
#include <QChart>
#include <QDate>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QUndoStack>
#include <QValueAxis>

#include <cmath>

#include "ui/charts/elided_label.h"
#include "ui/charts/explorer_chart_view.h"
#include "ui/charts/layout_explorer_tab.h"
#include "ui/charts/options_tab.h"
#include "ui/charts/phases_tab.h"
#include "ui/charts/scaling_tab.h"
#include "ui/charts/verdict_card.h"
#include "ui/export/export_actions.h"
#include "ui/mainwindow/window_state.h"
#include "ui/models/scenario_history.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

void settle() {
    for (int pass = 0; pass < 4; ++pass)
        QApplication::processEvents();
}

// Llama 3.1 70B on 4 × 8 H100 for 100 B tokens, with a global batch of `batch` sequences of 4,096.
void seventyBWithBatch(WindowFixture& f, std::int64_t batch) {
    REQUIRE(f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            s.modelPreset = "llama-3.1-70b";
            s.model = *f.catalog.model("llama-3.1-70b");
            s.cluster.gpu = "h100-sxm-80gb";
            s.cluster.nodes = 4;
            s.training.seqLen = 4096;
            s.training.tokens = 100e9;
            s.training.globalBatch = batch;
        });
    }));
}

// The plain text of an ElidedLabel's line as it would be drawn whole.
QStringList plainLines(const ElidedLabel& label) {
    QString text = label.fullText();
    if (Qt::mightBeRichText(text)) {
        QTextDocument doc;
        doc.setHtml(text);
        text = doc.toPlainText();
    }
    return text.split(QLatin1Char('\n'));
}

// Every tile label of the verdict card (figures, captions, comparisons) is drawn whole: its text's
// width fits the label's.
void checkVerdictTilesWhole(WindowFixture& f) {
    settle();
    const VerdictCard* card = f.window.verdict();
    int checked = 0;
    for (const ElidedLabel* label : card->findChildren<ElidedLabel*>()) {
        if (label->objectName() == QLatin1String("verdictDetails") || label->fullText().isEmpty())
            continue;  // the details line: two lines of a longer text, the rest in its tooltip
        for (const QString& line : plainLines(*label)) {
            INFO((QLocale().language() == QLocale::Chinese ? "zh: '" : "en: '")
                 << line.toStdString() << "' needs " << label->fontMetrics().horizontalAdvance(line)
                 << " px, has " << label->contentsRect().width());
            CHECK(label->fontMetrics().horizontalAdvance(line) <= label->contentsRect().width());
            CHECK_FALSE(label->isElided());
        }
        ++checked;
    }
    CHECK(checked >= 16);
}

bool roundStep(double step) {
    const double magnitude = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    const double f = step / magnitude;
    return std::abs(f - 1) < 1e-6 || std::abs(f - 2) < 1e-6 || std::abs(f - 5) < 1e-6;
}

}  // namespace

// 70B on 32 H100 with a global batch of 100,000,000 (one step four times the run) was accepted
// without a word on the card; a batch giving a few dozen steps neither.
TEST_CASE("walkthrough.few_optimizer_steps_warn_on_the_verdict", "[walkthrough][verdict]") {
    WindowFixture f;
    f.window.resize(kDefaultWindow);
    seventyBWithBatch(f, 512);  // 47,684 steps
    CHECK(f.window.verdict()->delta(QStringLiteral("days")).endsWith(QStringLiteral(" days steady-state")));

    seventyBWithBatch(f, 1'000'000);  // 4,096 M tokens a step: 24.4 steps
    QString warning = f.window.verdict()->delta(QStringLiteral("days"));
    INFO(warning.toStdString());
    CHECK(warning.contains(QStringLiteral("only 24.4 optimizer steps")));
    bool tooltip = false;
    for (const ElidedLabel* label : f.window.verdict()->findChildren<ElidedLabel*>())
        tooltip = tooltip || label->toolTip().contains(QStringLiteral("GPT-3 warmed up over its first 117"));
    CHECK(tooltip);
    // The summary's notes say it in full too, as the CLI does.
    CHECK(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("The run makes only 24.4")));

    seventyBWithBatch(f, 100'000'000);  // 409.6 B tokens a step, the run 100 B
    warning = f.window.verdict()->delta(QStringLiteral("days"));
    CHECK(warning.contains(QStringLiteral("0.244 of one optimizer step")));
    inEnglishAndChinese(f, [&] {
        if (QLocale().language() == QLocale::Chinese)
            CHECK(f.window.verdict()->delta(QStringLiteral("days")).contains(QStringLiteral("优化器步")));
    });
}

// A quote exported on the built-in China book was "stale (339 days old)" in the quote book at once,
// with no word from the window at export: the quote's exports ask first.
TEST_CASE("walkthrough.stale_prices_are_confirmed_before_a_quote_is_exported", "[walkthrough][quotes]") {
    OwnQuoteBook book;
    QStringList asked;
    QStringList files;
    Prompter::Answer answer = Prompter::Answer::No;
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.answer = [&](Prompter::Question question) {
        CHECK(question == Prompter::Question::ExportStalePrices);
        asked << QStringLiteral("stale");
        return answer;
    };
    QTemporaryDir out;
    answers.exportPath = [&](const QString& tag) {
        files << tag;
        return out.filePath(tag);
    };
    WindowFixture f(std::move(answers));
    // A book dated 2020 with a stale limit of 90 days: stale on any day this test runs.
    const auto stale = [](const QString& asOf) {
        QFile file(QStringLiteral(CLUSTERPLAN_SCENARIOS "/../pricebooks/cn-seed-2026.json"));
        REQUIRE(file.open(QIODevice::ReadOnly));
        QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        json.insert(QStringLiteral("as_of"), asOf);
        return QJsonDocument(json).toJson().toStdString();
    };
    Catalog catalog = f.controller.catalog();
    REQUIRE(catalog.priceBooks().mergeJson(stale(QStringLiteral("2020-01-01")), "stale.json").ok());
    f.controller.setCatalog(catalog);
    REQUIRE(
        f.editAndWait([&] { f.controller.update([](Scenario& s) { s.cost.priceBook = "cn-seed-2026"; }); }));
    settle();
    const auto trigger = [&](const char* name) {
        auto* action = f.window.findChild<QAction*>(QString::fromLatin1(name));
        REQUIRE(action != nullptr);
        REQUIRE(action->isEnabled());
        action->trigger();
    };
    // Declined: nothing is chosen, nothing written.
    for (const char* name : {"exportPdf", "exportWorkbook", "exportCsv"})
        trigger(name);
    CHECK(asked.size() == 3);
    CHECK(files.isEmpty());
    // Confirmed: the export goes on.
    answer = Prompter::Answer::Yes;
    trigger("exportCsv");
    CHECK(asked.size() == 4);
    CHECK(files == QStringList{QStringLiteral("csv")});

    // Prices dated today: no question.
    catalog = f.controller.catalog();
    REQUIRE(catalog.priceBooks()
                .mergeJson(stale(QDate::currentDate().toString(Qt::ISODate)), "current.json")
                .ok());
    f.controller.setCatalog(catalog);
    REQUIRE(QTest::qWaitFor([&] { return !f.controller.isEvaluating(); }, kWaitMs));
    settle();
    trigger("exportCsv");
    CHECK(asked.size() == 4);
    CHECK(files.size() == 2);
}

// Exporting a quote wrote its new number into the scenario as an edit: the window then asked
// "unsaved changes, save?" for the scenario just saved and exported, and Undo took the number away.
TEST_CASE("walkthrough.an_export_leaves_a_saved_scenario_unmodified", "[walkthrough][quotes]") {
    OwnQuoteBook book;
    WindowFixture f;
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("job.json"));
    REQUIRE(f.controller.saveFile(scenario).isEmpty());
    REQUIRE_FALSE(f.controller.isModified());
    ExportActions actions(f.controller, f.window.prompter(), &f.window);
    REQUIRE(actions.exportWorkbook(dir.filePath(QStringLiteral("quote.xlsx"))).isEmpty());
    REQUIRE(f.controller.scenario().quote.has_value());
    const std::string number = f.controller.scenario().quote->number;
    CHECK_FALSE(number.empty());
    CHECK_FALSE(f.controller.isModified());
    CHECK_FALSE(f.window.isWindowModified());
    CHECK(f.window.windowTitle().contains(QString::fromStdString(number)));

    // An edit after the export, undone: the number stays, and the scenario is clean again.
    auto* tokens = f.widget<QSpinBox>("globalBatch");
    REQUIRE(f.editAndWait([&] { tokens->setValue(tokens->value() * 2); }));
    CHECK(f.controller.isModified());
    f.window.history().stack().undo();
    REQUIRE(QTest::qWaitFor([&] { return !f.controller.isEvaluating(); }, kWaitMs));
    CHECK_FALSE(f.controller.isModified());
    REQUIRE(f.controller.scenario().quote.has_value());
    CHECK(f.controller.scenario().quote->number == number);
}

// At 1400 × 900 the card cut "days budgeted for 100B tokens (36.8 days steady-…" and others,
// relying on tooltips: every tile's text is whole, in both languages, on the default scenario, a
// 405B search and a plan that does not fit (whose captions read "if it fit: …").
TEST_CASE("walkthrough.verdict_tiles_are_whole_at_1400_by_900", "[walkthrough][verdict]") {
    WindowFixture f;
    f.window.resize(kDefaultWindow);
    inEnglishAndChinese(f, [&] { checkVerdictTilesWhole(f); });
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    inEnglishAndChinese(f, [&] { checkVerdictTilesWhole(f); });
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(
            QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-llama3-405b-16384xh100.json"));
    }));
    inEnglishAndChinese(f, [&] { checkVerdictTilesWhole(f); });
    f.widget<QPushButton>("pinBaseline")->click();
    REQUIRE(f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            s.modelPreset = "llama-3.1-70b";
            s.model = *f.catalog.model("llama-3.1-70b");
        });
    }));
    inEnglishAndChinese(f, [&] { checkVerdictTilesWhole(f); });
}

// The zoom went back to the fitted axes on a language switch, and a zoomed axis ticked at uneven
// values (423.7, 431.2 …): the zoom is kept, and its ticks are round steps chosen from the range.
TEST_CASE("walkthrough.explorer_zoom_survives_a_language_switch_with_round_ticks",
          "[walkthrough][explorer]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    showAtDefaultSize(f, f.window.explorer());
    ExplorerChartView* chart = f.window.explorer()->chart();
    const QRectF area = chart->mapFromScene(chart->chart()->plotArea()).boundingRect();
    const QPoint from = (area.topLeft() + QPointF(0.13 * area.width(), 0.27 * area.height())).toPoint();
    const QPoint to = (area.topLeft() + QPointF(0.41 * area.width(), 0.77 * area.height())).toPoint();
    QTest::mousePress(chart->viewport(), Qt::LeftButton, {}, from);
    for (int step = 1; step <= 5; ++step)
        QTest::mouseMove(chart->viewport(), from + (to - from) * step / 5);
    QTest::mouseRelease(chart->viewport(), Qt::LeftButton, {}, to);
    settle();
    REQUIRE(chart->zoomed());
    const auto checkTicks = [](QValueAxis* axis) {
        INFO(axis->titleText().toStdString()
             << ": " << axis->min() << "–" << axis->max() << " every " << axis->tickInterval());
        CHECK(axis->tickType() == QValueAxis::TicksDynamic);
        CHECK(roundStep(axis->tickInterval()));
        CHECK(std::fmod(std::abs(axis->tickAnchor()), axis->tickInterval()) == Approx(0).margin(1e-9));
        const double ticks = (axis->max() - axis->min()) / axis->tickInterval();
        CHECK(ticks >= 2.5);
        CHECK(ticks <= 12);
    };
    checkTicks(chart->xAxis());
    checkTicks(chart->yAxis());
    const QRectF zoomed(QPointF(chart->xAxis()->min(), chart->yAxis()->min()),
                        QPointF(chart->xAxis()->max(), chart->yAxis()->max()));

    f.window.setLanguage(QStringLiteral("zh_CN"));
    showAtDefaultSize(f, f.window.explorer());
    chart = f.window.explorer()->chart();
    CHECK(chart->zoomed());
    CHECK(chart->xAxis()->min() == Approx(zoomed.left()));
    CHECK(chart->xAxis()->max() == Approx(zoomed.right()));
    CHECK(chart->yAxis()->min() == Approx(zoomed.top()));
    CHECK(chart->yAxis()->max() == Approx(zoomed.bottom()));
    checkTicks(chart->xAxis());
    f.window.setLanguage(QStringLiteral("en"));
    showAtDefaultSize(f, f.window.explorer());
    chart = f.window.explorer()->chart();
    CHECK(chart->zoomed());
    // Reset zoom: the fitted axes with their fixed ticks again.
    chart->resetZoom();
    CHECK_FALSE(chart->zoomed());
    CHECK(chart->xAxis()->tickType() == QValueAxis::TicksFixed);
}

// Under a bare X server at 1024 × 700 the content was wider than the window (the MFU column and the
// right-hand charts cut): the window's minimum width leaves room on a 1024-pixel screen, in both
// languages, with a search loaded.
TEST_CASE("walkthrough.the_window_fits_1024_pixels_wide", "[walkthrough][layout]") {
    WindowFixture f;
    const auto check = [&] {
        settle();
        INFO((QLocale().language() == QLocale::Chinese ? "zh: " : "en: ")
             << f.window.minimumSizeHint().width() << " px; central "
             << f.window.centralWidget()->minimumSizeHint().width() << " px");
        CHECK(f.window.minimumSizeHint().width() <= 1000);
        CHECK(f.window.centralWidget()->minimumSizeHint().width() <= 1000);
    };
    f.window.resize(QSize(1024, 700));
    inEnglishAndChinese(f, check);
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    // Each tab looked up again: a language switch rebuilds them.
    f.window.showTabOf(f.window.explorer());
    inEnglishAndChinese(f, check);
    f.window.showTabOf(f.window.scaling());
    inEnglishAndChinese(f, check);
    // The first start on a 1024 × 700 screen with no window manager: the window takes the screen,
    // not 1400 × 900 of which the right part is off it. A larger screen gets 1400 × 900.
    const QSize minimum = f.window.minimumSizeHint();
    CHECK(firstWindowSize(QSize(1400, 900), minimum, QSize(1024, 700)) == QSize(1024, 700));
    CHECK(firstWindowSize(QSize(1400, 900), minimum, QSize(1920, 1080)) == QSize(1400, 900));
    CHECK(firstWindowSize(QSize(1400, 900), minimum, QSize(1366, 768)) == QSize(1366, 768));
}

// At 1024 × 700 in Chinese the Options chart's cost axis read "费用（C…": its title fits the plot's
// height, the currency being on every tick ("¥1.5万").
TEST_CASE("walkthrough.options_cost_axis_title_is_whole_at_1024_by_700", "[walkthrough][options]") {
    WindowFixture f;
    editToLora70b(f);
    f.window.resize(QSize(1024, 700));
    f.window.setLanguage(QStringLiteral("zh_CN"));
    auto* tab = f.window.findChild<OptionsTab*>();
    REQUIRE(tab != nullptr);
    f.window.showTabOf(tab);
    tab->setDeadline(3);
    QSignalSpy shown(tab, &OptionsTab::studyShown);
    tab->compare();
    REQUIRE(shown.wait(60'000));
    settle();
    const QChart* chart = tab->chartView()->chart();
    const auto vertical = chart->axes(Qt::Vertical);
    REQUIRE(vertical.size() == 1);
    const QAbstractAxis* cost = vertical.first();
    const QFontMetrics metrics(cost->titleFont());
    INFO("'" << cost->titleText().toStdString() << "' needs " << metrics.horizontalAdvance(cost->titleText())
             << " px; '费用（CNY）' " << metrics.horizontalAdvance(QStringLiteral("费用（CNY）"))
             << " px; plot " << chart->plotArea().height() << " px high");
    CHECK(metrics.horizontalAdvance(cost->titleText()) <= chart->plotArea().height());
    CHECK(cost->titleText().contains(kHan));
    f.window.setLanguage(QStringLiteral("en"));
}

// The Phases table's contract events ("adds 56 GPUs mid-term …") and their rules were English in
// the Chinese window: the engine writes them as messages.
TEST_CASE("walkthrough.phase_events_and_their_rules_read_in_chinese", "[walkthrough][phases]") {
    WindowFixture f;
    f.window.setLanguage(QStringLiteral("zh_CN"));
    auto* tab = f.widget<PhasesTab>("phasesTab");
    f.window.showTabOf(tab);
    REQUIRE(f.editAndWait([&] {
        CHECK(
            f.controller.openFile(QStringLiteral(CLUSTERPLAN_SCENARIOS "/seed-path-phases.json")).isEmpty());
    }));
    settle();
    QTableWidget* timeline = f.widget<PhasesTab>("phasesTab")->timeline();
    REQUIRE(timeline->rowCount() == 3);
    int events = 0;
    for (int row = 0; row < timeline->rowCount(); ++row) {
        const QTableWidgetItem* cell = timeline->item(row, timeline->columnCount() - 1);
        if (cell->text().isEmpty())
            continue;
        ++events;
        INFO(cell->text().toStdString() << " | " << cell->toolTip().toStdString());
        CHECK(cell->text().contains(kHan));
        CHECK_FALSE(cell->text().contains(
            QRegularExpression(QStringLiteral("\\b(adds|drops|GPUs|months|buys|refund)\\b"))));
        if (!cell->toolTip().isEmpty()) {
            CHECK(cell->toolTip().contains(kHan));
            CHECK_FALSE(cell->toolTip().contains(QStringLiteral("add_cards")));
        }
    }
    CHECK(events > 0);
    f.window.setLanguage(QStringLiteral("en"));
}
