// What a new user met in the window beyond the Explorer: a verdict card that keeps its height,
// a global batch larger than the run, the price book's age before a quote, and the charts' axes.
#include "window_fixture.h"

#include <cmath>
#include <functional>

#include <QDate>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QValueAxis>

#include <utility>

#include "core/cost/price_book.h"
#include "ui/charts/elided_label.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/phases_tab.h"
#include "ui/charts/scaling_tab.h"
#include "ui/charts/verdict_card.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/models/plan_summary.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// The tab bar's top edge in the window's coordinates.
int tabBarY(const WindowFixture& f) {
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
    const auto* tabs = f.widget<QTabWidget>("chartTabs");
    return tabs->tabBar()->mapTo(&f.window, QPoint(0, 0)).y();
}

// The model preset `preset`, and whatever `more` changes besides, as one edit.
void useModel(WindowFixture& f, const char* preset, const std::function<void(Scenario&)>& more = {}) {
    REQUIRE(f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            s.modelPreset = preset;
            s.model = *f.catalog.model(preset);
            if (more)
                more(s);
        });
    }));
}

}  // namespace

// A click aimed at "Explorer" landed on "Time": pinning a baseline, an invalid input and a
// calibrated scenario each added a line to the card and pushed the tabs 13 pixels down.
TEST_CASE("window_rows.verdict_card_keeps_the_tabs_in_place", "[window_rows][verdict]") {
    WindowFixture f;
    f.window.resize(kDefaultWindow);
    const int before = tabBarY(f);
    const int cardHeight = f.window.verdict()->height();

    // Opened before any edit, so no "save changes?" question comes first.
    REQUIRE(f.editAndWait([&] {
        CHECK(
            f.controller.openFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/calibrate-gpt175b.json")).isEmpty());
    }));
    REQUIRE(f.window.verdict()->details().contains(QStringLiteral("Calibrated on this cluster")));
    CHECK(tabBarY(f) == before);
    CHECK(f.window.verdict()->height() == cardHeight);

    f.widget<QPushButton>("pinBaseline")->click();
    CHECK_FALSE(f.window.verdict()->delta(QStringLiteral("throughput")).isEmpty());
    CHECK(tabBarY(f) == before);
    f.widget<QPushButton>("clearBaseline")->click();
    CHECK(tabBarY(f) == before);

    const int tp = f.widget<QSpinBox>("tp")->value();
    REQUIRE_FALSE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(5); }));
    REQUIRE(f.window.verdict()->details().startsWith(QStringLiteral("Last valid plan")));
    CHECK(tabBarY(f) == before);
    // The warning is shown, not only in the tooltip: it is the card's first line.
    CHECK(f.widget<ElidedLabel>("verdictDetails")->text().startsWith(QStringLiteral("Last valid plan")));
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(tp); }));
    CHECK(tabBarY(f) == before);
}

// A quote exported on the built-in China book was at once "stale (339 days old)" in the quote
// book, with no word in the window before: the cost inputs now say how old the book's prices are,
// and that they are stale, before a quote is made on them.
TEST_CASE("window_rows.cost_inputs_say_how_old_the_prices_are", "[window_rows][cost]") {
    WindowFixture f;
    const cost::PriceBook* book = f.catalog.priceBooks().book(f.controller.scenario().cost.priceBook);
    REQUIRE(book != nullptr);
    const std::string today = QDate::currentDate().toString(Qt::ISODate).toStdString();
    const auto days = cost::daysSinceAsOf(book->asOf, today);
    REQUIRE(days.has_value());
    auto* age = f.widget<QLabel>("priceBookAge");
    CHECK(age->isVisible());
    INFO(age->text().toStdString());
    CHECK(age->text().startsWith(QStringLiteral("Prices as of %1").arg(QString::fromStdString(book->asOf))));
    CHECK(age->text().contains(QStringLiteral("%1 days old").arg(*days)));
    CHECK(age->text().contains(QStringLiteral("stale after %1 days").arg(book->staleAfterDays)));
    CHECK(age->text().contains(QStringLiteral("Import a current price list")) == cost::isStale(*book, today));
    // Rebuilt in each language (shown once the rebuilt window is laid out).
    inEnglishAndChinese(f, [&] {
        const auto* label = f.widget<QLabel>("priceBookAge");
        CHECK_FALSE(label->isHidden());
        CHECK(label->text().contains(kHan) == (QLocale().language() == QLocale::Chinese));
    });
}

// Buying was drawn as ¥0 at month 0 and ¥10.5M at month 1, though the servers are bought on the
// first day; the cumulative tokens axis read 347 / 695 / 1,042 / 1,390 (billions).
TEST_CASE("window_rows.phases_buy_at_month_0_and_round_token_ticks", "[window_rows][phases]") {
    WindowFixture f;
    auto* tab = f.widget<PhasesTab>("phasesTab");
    f.window.showTabOf(tab);
    REQUIRE(f.editAndWait([&] {
        CHECK(
            f.controller.openFile(QStringLiteral(CLUSTERPLAN_SCENARIOS "/seed-path-phases.json")).isEmpty());
    }));
    REQUIRE(tab->phasedPlan().has_value());
    const QLineSeries* buy = tab->buyCostSeries();
    REQUIRE(buy->count() == 25);
    INFO("month 0: " << buy->at(0).y() << ", month 1: " << buy->at(1).y());
    // The capex is paid at month 0; a month of running costs is a small part of it.
    CHECK(buy->at(0).y() > 0.9 * buy->at(1).y());
    CHECK(buy->at(1).y() > buy->at(0).y());
    // The last point is the plan's total, as before.
    CHECK(buy->at(24).y() == Approx(tab->phasedPlan()->buyFinal->cost.units()));

    // Tick values at round steps (1, 2, 2.5 or 5 × 10^k tokens), starting at 0.
    MoneyAxis* axis = tab->tokenAxis();
    const QStringList labels = axis->categoriesLabels();
    REQUIRE(labels.size() >= 3);
    CHECK(labels.front() == QStringLiteral("0"));
    const double step = axis->endValue(labels[1]) - axis->endValue(labels[0]);
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
    INFO(labels.join(QStringLiteral(" ")).toStdString() << "; step " << step);
    CHECK(
        (mantissa == Approx(1) || mantissa == Approx(2) || mantissa == Approx(2.5) || mantissa == Approx(5)));
    CHECK(axis->titleText() == QStringLiteral("Tokens"));
}

// Revising Q-2026-0001 from the quote book loaded its scenario with nothing on screen saying so:
// the title read "ClusterPlan — default scenario*".
TEST_CASE("window_rows.a_revised_quote_shows_its_number_and_revision", "[window_rows][quotes]") {
    WindowFixture f;
    f.window.show();
    auto* banner = f.widget<QLabel>("quoteBanner");
    CHECK_FALSE(banner->isVisible());
    CHECK_FALSE(f.window.windowTitle().contains(QStringLiteral("rev.")));
    REQUIRE(f.editAndWait([&] {
        f.controller.update([](Scenario& s) {
            quote::QuoteInfo info;
            info.customer = "北京智算";
            info.number = "Q-2026-0001";
            info.revision = 2;
            s.quote = info;
        });
    }));
    CHECK(f.window.windowTitle().startsWith(QStringLiteral("ClusterPlan — Q-2026-0001 rev. 2 — ")));
    CHECK(banner->isVisible());
    CHECK(banner->text() == QStringLiteral("Quote Q-2026-0001, rev. 2"));
    CHECK(banner->toolTip().contains(QStringLiteral("quote book")));
    inEnglishAndChinese(f, [&] {
        CHECK(f.window.windowTitle().contains(QStringLiteral("Q-2026-0001")));
        CHECK(f.widget<QLabel>("quoteBanner")->isVisible());
    });
    // A quote without a number (a new one) has no banner.
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.quote->number.clear(); }); }));
    CHECK_FALSE(f.widget<QLabel>("quoteBanner")->isVisible());
}

// The memory axis ran 0–600 GiB, then 0–1,000 for the same 456 GiB bar after a GPU change: the
// range depended on the plans shown before.
TEST_CASE("window_rows.memory_axis_depends_on_the_plan_only", "[window_rows][charts]") {
    WindowFixture f;
    f.window.showTabOf(f.window.memoryChart());
    const QChartView& chart = *f.window.memoryChart();
    const auto range = [&] {
        const auto axes = chart.chart()->axes(Qt::Vertical);
        REQUIRE(axes.size() == 1);
        const auto* axis = qobject_cast<QValueAxis*>(axes.first());
        REQUIRE(axis != nullptr);
        return std::pair<double, int>(axis->max(), axis->tickCount());
    };
    const auto first = range();
    for (const char* preset : {"llama-3.1-70b", "llama-3.1-405b", "qwen2.5-7b", "llama-3.1-70b"}) {
        useModel(f, preset);
        INFO(preset << ": " << range().first << " GiB, " << range().second << " ticks");
        CHECK(range().first >= f.controller.plan()->memory.total() / kBytesPerGib);
    }
    const auto seventy = range();
    useModel(f, "llama-3.1-8b");
    CHECK(range() == first);
    useModel(f, "llama-3.1-70b");
    CHECK(range() == seventy);
}

// 70B on 32 H100 with a global batch of 100,000,000 was accepted without a word: one step is
// 409.6 B tokens, four times the 100 B-token run.
TEST_CASE("window_rows.a_global_batch_larger_than_the_run_warns", "[window_rows][errors]") {
    WindowFixture f;
    useModel(f, "llama-3.1-70b", [](Scenario& s) {
        s.cluster.gpu = "h100-sxm-80gb";
        s.cluster.nodes = 4;
        s.training.tokens = 100e9;
    });
    CHECK_FALSE(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("One optimizer step")));
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("globalBatch")->setValue(100'000'000); }));
    const QString summary = f.widget<SummaryView>("summary")->text();
    INFO(summary.toStdString());
    CHECK(summary.contains(QStringLiteral("One optimizer step is 409,600,000,000 tokens")));
    CHECK(summary.contains(QStringLiteral("Make the global batch smaller")));
    inEnglishAndChinese(f, [&] {
        if (QLocale().language() == QLocale::Chinese)
            CHECK(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("请减小全局批大小")));
    });
}

// At 1400 × 900 the two scaling tables showed 3–4 rows under the charts.
TEST_CASE("window_rows.scaling_tables_show_the_curve", "[window_rows][scaling]") {
    WindowFixture f;
    f.window.resize(kDefaultWindow);
    ScalingTab& tab = *f.window.scaling();
    QSignalSpy shown(&tab, &ScalingTab::studyShown);
    f.widget<QSpinBox>("scaleMaxGpus")->setValue(64);
    f.window.showTabOf(&tab);
    REQUIRE(QTest::qWaitFor([&] { return shown.count() > 0; }, 4 * kWaitMs));
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
    const auto* curve = f.widget<QTableWidget>("scaleCurve");
    REQUIRE(curve->rowCount() == 7);  // 1, 2, 4, 8, 16, 32, 64 GPUs
    const int last = curve->rowCount() - 1;
    INFO("viewport " << curve->viewport()->height() << " px, last row ends at "
                     << curve->rowViewportPosition(last) + curve->rowHeight(last));
    CHECK(curve->rowViewportPosition(last) + curve->rowHeight(last) <= curve->viewport()->height());
    // The counts as the reader counts them.
    CHECK(curve->item(last, 0)->text() == QStringLiteral("64"));
    CHECK_FALSE(tab.summary().contains(QStringLiteral("passes 100 %")));

    // Llama 3.1 70B first fits on 16 GPUs as TP 8 × PP 2; on 64 a faster layout fits: the
    // efficiency passes 100 % and the tab says why.
    shown.clear();
    useModel(f, "llama-3.1-70b", [](Scenario& s) { s.training.globalBatch = 256; });
    REQUIRE(QTest::qWaitFor([&] { return shown.count() > 0; }, 8 * kWaitMs));
    INFO(tab.summary().toStdString());
    CHECK(tab.summary().contains(QStringLiteral("It passes 100 %")));
}

// "3648 layouts searched" on the card beside "3,648 layouts evaluated" in the summary, "1024 ×
// NVIDIA" beside "1,024 × NVIDIA": one screen, two styles. Counts are grouped everywhere.
TEST_CASE("window_rows.counts_are_grouped_alike", "[window_rows][numbers]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        CHECK(f.controller.openFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"))
                  .isEmpty());
    }));
    const Plan& plan = *f.controller.plan();
    REQUIRE(plan.search.has_value());
    REQUIRE(plan.search->evaluated >= 1000);
    const QString evaluated = QLocale().toString(static_cast<qlonglong>(plan.search->evaluated));
    REQUIRE(evaluated.contains(QLatin1Char(',')));
    const QString summary = f.widget<SummaryView>("summary")->text();
    CHECK(summary.contains(QStringLiteral("%1 layouts evaluated").arg(evaluated)));
    CHECK(summary.contains(QStringLiteral("1,024 %1").arg(QChar(0x00D7))));
    CHECK(f.window.verdict()->details().contains(QStringLiteral("%1 layouts searched").arg(evaluated)));
    CHECK(f.window.verdict()->caption(QStringLiteral("throughput")) ==
          QStringLiteral("tokens/s on 1,024 GPUs"));
}

// After File ▸ Import price list saved the book, the window priced with it at once, but the input
// column scrolled back to the top: the catalog's change rebuilds the inputs as a language switch
// does, and keeps where the user was.
TEST_CASE("window_rows.a_new_price_book_keeps_the_inputs_scrolled", "[window_rows][cost]") {
    WindowFixture f;
    f.window.resize(QSize(1024, 700));
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
    auto* inputs = f.widget<QScrollArea>("inputsScroll");
    REQUIRE(inputs->verticalScrollBar()->maximum() > 100);
    const int position = inputs->verticalScrollBar()->maximum() / 2;
    inputs->verticalScrollBar()->setValue(position);
    const Catalog repriced = f.controller.catalog();  // as the import dialog hands it over
    f.controller.setCatalog(repriced);
    for (int pass = 0; pass < 5; ++pass)
        QApplication::processEvents();
    QTest::qWait(50);
    CHECK(f.widget<QScrollArea>("inputsScroll")->verticalScrollBar()->value() == position);
}

// The "HBM capacity" label was drawn over the bars of a plan that does not fit.
TEST_CASE("window_rows.capacity_label_is_clear_of_the_bars", "[window_rows][charts]") {
    WindowFixture f;
    f.window.resize(kDefaultWindow);
    f.window.showTabOf(f.window.memoryChart());
    useModel(f, "llama-3.1-70b");  // on 8 A100: about 450 GiB per GPU against 80
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
    const MemoryChartView& chart = *f.window.memoryChart();
    REQUIRE_FALSE(f.controller.plan()->memory.fits());
    QAbstractSeries* bars = chart.chart()->series().first();
    const double total = f.controller.plan()->memory.total() / kBytesPerGib;
    const QPointF barTop = chart.chart()->mapToPosition(QPointF(0, total), bars);
    const QRectF label = chart.capacityLabelRect();
    INFO("label " << label.top() << "–" << label.bottom() << ", bar top " << barTop.y());
    CHECK(label.bottom() <= barTop.y());
    CHECK(label.top() >= chart.chart()->plotArea().top());
}

// Time tab at 1400 × 900 on Llama 3.1 70B, TP 16, ZeRO-3, full recompute (eight parts): the step
// legend's "contention 0.007 s" was cut at the chart's frame.
TEST_CASE("window_rows.time_legend_is_inside_its_chart", "[window_rows][time]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        CHECK(f.controller
                  .openFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/llama3-70b-32xh100-tp16-time-tab.json"))
                  .isEmpty());
    }));
    for (const QSize size : {kDefaultWindow, QSize(1024, 700)}) {
        f.window.resize(size);
        auto* step = f.widget<QChartView>("stepTimeChart");
        f.window.showTabOf(step);
        for (int pass = 0; pass < 5; ++pass)
            QApplication::processEvents();
        for (QChartView* view : f.window.findChildren<QChartView*>()) {
            if (!view->isVisible())
                continue;
            const auto* legend = view->chart()->findChild<WrappedLegend*>();
            if (!legend || legend->drawnRect().isEmpty())
                continue;
            INFO(size.width() << "x" << size.height() << " " << view->objectName().toStdString()
                              << ": legend " << legend->drawnRect().left() << "–"
                              << legend->drawnRect().right() << ", chart " << view->chart()->rect().right());
            CHECK(legend->drawnRect().right() <= view->chart()->rect().right());
            CHECK(legend->drawnRect().left() >= view->chart()->rect().left());
            CHECK(legend->drawnRect().top() >= view->chart()->rect().top());
            CHECK(legend->drawnRect().bottom() <= view->chart()->rect().bottom());
        }
    }
}

// The status bar cut "Saved the PDF to … · Recorded in the quote book as Q-2026-0001, revisio":
// while a message is shown, the evaluation status gives it its room.
TEST_CASE("window_rows.export_message_is_not_cut", "[window_rows][quotes]") {
    WindowFixture f;
    f.window.resize(kDefaultWindow);
    REQUIRE(f.editAndWait([&] {
        f.controller.update([](Scenario& s) {
            quote::QuoteInfo info;
            info.number = "Q-2026-0001";
            s.quote = info;
        });
    }));
    QStatusBar* bar = f.window.statusBar();
    const QString message =
        QStringLiteral("Saved the PDF to /home/planner/quotes/Q-2026-0001-r1_北京智算.pdf · Recorded in the "
                       "quote book as Q-2026-0001, revision 1.");
    bar->showMessage(message);
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
    auto* status = f.widget<QLabel>("evaluationStatus");
    CHECK(status->isHidden());
    const int room = bar->width() - f.widget<QLabel>("quoteBanner")->width() - 30;
    CHECK(bar->fontMetrics().horizontalAdvance(message) <= room);
    bar->clearMessage();
    CHECK_FALSE(status->isHidden());
}
