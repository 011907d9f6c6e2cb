// The Options tab (which cluster for this job) and the verdict card of a plan that does not fit:
// both languages, a row opens its scenario and Undo puts the old one back, cancel stops the study,
// and each of the card's "what would fit" suggestions loads a plan that fits. The tab's empty
// state, its chart in view at 1024 x 700, unpriced rows that say why, and ticked options on the
// PDF quote's options page.
#include "ui/charts/money_axis.h"
#include "ui/charts/options_tab.h"
#include "ui/charts/verdict_card.h"
#include "ui/charts/would_fit_bar.h"
#include "ui/export/export_actions.h"
#include "window_fixture.h"

#include "cli_runner.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QValueAxis>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

void compareAndWait(OptionsTab& tab) {
    QSignalSpy shown(&tab, &OptionsTab::studyShown);
    tab.compare();
    REQUIRE(shown.wait(60'000));
}

// The window's Options tab after comparing with a 3-day deadline (the 70B LoRA job's).
OptionsTab& comparedIn3Days(WindowFixture& f) {
    OptionsTab& tab = *f.window.findChild<OptionsTab*>();
    tab.setDeadline(3);
    compareAndWait(tab);
    return tab;
}

// The plan of window walkthrough #3: Llama 3.1 70B on the default 8 GPUs, 456 GiB per GPU: no layout
// fits on this cluster at all (with or without CPU offload), so only a larger cluster helps.
void editToLlama70bNotFitting(WindowFixture& f) {
    REQUIRE(f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            s.modelPreset = "llama-3.1-70b";
            s.model = *f.catalog.model("llama-3.1-70b");
        });
    }));
    REQUIRE(f.controller.plan().has_value());
    REQUIRE_FALSE(f.controller.plan()->memory.fits());
}

// The same on servers with 2 TB of host memory, layout fixed at ZeRO-1 without offload: another
// layout of this cluster (the optimizer offloaded to the host) fits.
void editToLlama70bOffloadWouldFit(WindowFixture& f) {
    REQUIRE(f.editAndWait([&] { f.controller.update([&](Scenario& s) { s.cluster.cpuMemoryGib = 2048; }); }));
    REQUIRE_FALSE(f.controller.plan()->memory.fits());
}

// Clicks each suggestion the bar shows: each loads a plan that fits, and Undo comes back.
std::vector<std::size_t> clickEachSuggestion(WindowFixture& f, WouldFitBar& bar, QSignalSpy& found) {
    REQUIRE((found.count() > 0 || found.wait(60'000)));
    const VerdictCard& card = *f.window.verdict();
    for (const char* tile : {"throughput", "mfu", "days", "run_cost"}) {
        INFO(tile);
        CHECK(card.figure(QLatin1String(tile)).contains(QStringLiteral("#808080")));
        CHECK(card.caption(QLatin1String(tile)).startsWith(QStringLiteral("if it fit")));
    }
    CHECK(card.caption(QStringLiteral("run_cost")).startsWith(QStringLiteral("if it fit")));
    auto* pdf = f.window.findChild<QAction*>(QStringLiteral("exportPdf"));
    REQUIRE(pdf != nullptr);
    CHECK_FALSE(pdf->isEnabled());
    CHECK(pdf->toolTip().contains(QStringLiteral("does not fit")));
    const Scenario notFitting = f.controller.scenario();
    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < 3; ++i) {
        INFO("suggestion " << i);
        QPushButton* button = bar.button(i);
        if (!button->isVisibleTo(&bar))
            continue;
        shown.push_back(i);
        CHECK_FALSE(button->toolTip().isEmpty());
        REQUIRE(f.editAndWait([&] { button->click(); }));
        REQUIRE(f.controller.plan().has_value());
        CHECK(f.controller.plan()->memory.fits());
        CHECK(pdf->isEnabled());
        CHECK_FALSE(card.caption(QStringLiteral("run_cost")).startsWith(QStringLiteral("if it fit")));
        REQUIRE(
            f.editAndWait([&] { f.window.findChild<QAction*>(QStringLiteral("undoAction"))->trigger(); }));
        CHECK(f.controller.scenario() == notFitting);
        CHECK_FALSE(bar.isFinding());
        CHECK(button->isVisibleTo(&bar));
    }
    return shown;
}

}  // namespace

TEST_CASE("the Options tab compares every priced GPU type in English and Chinese", "[options]") {
    WindowFixture f;
    editToLora70b(f);
    inEnglishAndChinese(f, [&] {
        OptionsTab& tab = comparedIn3Days(f);
        REQUIRE(tab.study().has_value());
        const OptionsStudy& st = *tab.study();
        CHECK(tab.table()->rowCount() == static_cast<int>(st.rows.size()));
        std::size_t rent = 0, buy = 0;
        for (const OptionRow& r : st.rows)
            if (r.priced)
                ++(r.acquire == Acquire::Rent ? rent : buy);
        CHECK(tab.rentSeries()->count() == static_cast<int>(rent));
        CHECK(tab.buySeries()->count() == static_cast<int>(buy));
        CHECK(tab.frontSeries()->count() > 0);
        const QString headers = tab.table()->horizontalHeaderItem(4)->text();
        if (f.window.language() == QStringLiteral("zh_CN")) {
            CHECK(tab.recommendation().contains(QStringLiteral("推荐")));
            CHECK(headers == QStringLiteral("天数"));
        } else {
            CHECK(tab.recommendation().contains(QStringLiteral("Recommended")));
            CHECK(headers == QStringLiteral("days"));
        }
        // Sorted by cost: the first row is the cheapest priced option.
        double previous = -1;
        for (int row = 0; row < tab.table()->rowCount(); ++row) {
            const double cost = tab.table()->item(row, 5)->data(Qt::UserRole).toDouble();
            CHECK(cost >= previous);
            previous = cost;
        }
    });
}

TEST_CASE("a row of the Options tab opens its scenario, and Undo puts the old one back", "[options]") {
    WindowFixture f;
    editToLora70b(f);
    const Scenario before = f.controller.scenario();
    OptionsTab& tab = comparedIn3Days(f);
    const OptionsStudy& st = *tab.study();
    REQUIRE(st.recommended.has_value());
    const OptionRow& row = st.rows[*st.recommended];
    REQUIRE(f.editAndWait([&] {
        // Select the recommended row in the (sorted) table and open it as a user would.
        for (int r = 0; r < tab.table()->rowCount(); ++r)
            if (tab.table()->item(r, 0)->data(Qt::UserRole + 1).toULongLong() == *st.recommended)
                tab.table()->selectRow(r);
        f.widget<QPushButton>("optionsOpen")->click();
    }));
    CHECK(f.controller.scenario() == row.scenario);
    REQUIRE(f.controller.plan().has_value());
    CHECK(f.controller.plan()->scenario.cluster.gpus() == row.gpus);
    CHECK(f.controller.plan()->run.wallDays == row.days);
    REQUIRE(f.controller.plan()->cost.has_value());
    CHECK(*f.controller.plan()->cost->runCostRent == row.cost);
    REQUIRE(f.editAndWait([&] { f.window.findChild<QAction*>(QStringLiteral("undoAction"))->trigger(); }));
    CHECK(f.controller.scenario() == before);
}

TEST_CASE("cancelling the options study stops it and keeps the last comparison", "[options]") {
    WindowFixture f;
    // Llama 3.1 405B on 15 T tokens: a study of several seconds, cancelled at once.
    REQUIRE(f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            s.modelPreset = "llama-3.1-405b";
            s.model = *f.catalog.model("llama-3.1-405b");
            s.training.tokens = 15e12;
            s.training.seqLen = 8192;
            s.training.globalBatch = 2048;
            s.layout.open = kAllLayoutKeys;
        });
    }));
    OptionsTab& tab = *f.window.findChild<OptionsTab*>();
    QSignalSpy cancelled(&tab, &OptionsTab::studyCancelled);
    tab.compare();
    CHECK(tab.isComputing());
    f.widget<QPushButton>("optionsCancel")->click();
    REQUIRE(cancelled.wait(30'000));
    CHECK_FALSE(tab.isComputing());
    CHECK_FALSE(tab.study().has_value());
    CHECK(tab.status().startsWith(QStringLiteral("Cancelled")));
    CHECK(f.widget<QPushButton>("optionsCompare")->isEnabled());
}

TEST_CASE("a plan that does not fit is greyed as if it fit and offers plans that fit", "[options]") {
    WindowFixture f;
    auto* bar = f.window.findChild<WouldFitBar*>();
    REQUIRE(bar != nullptr);
    QSignalSpy found(bar, &WouldFitBar::suggestionsShown);
    editToLlama70bNotFitting(f);
    // No layout of 8 A100 holds 70B: the smallest cluster and the cheapest option, and why not the
    // nearest layout.
    CHECK(clickEachSuggestion(f, *bar, found) == std::vector<std::size_t>{1, 2});
    CHECK(bar->text().startsWith(QStringLiteral("No layout fits on this cluster")));
    found.clear();
    editToLlama70bOffloadWouldFit(f);
    CHECK(clickEachSuggestion(f, *bar, found) == std::vector<std::size_t>{0, 1, 2});
    CHECK(bar->text() == QStringLiteral("Does not fit. What would fit:"));
    // In Chinese the card says "假如能放下" (the window rebuilds its widgets).
    f.window.setLanguage(QStringLiteral("zh_CN"));
    auto* zhBar = f.window.findChild<WouldFitBar*>();
    REQUIRE(zhBar != nullptr);
    QSignalSpy zhFound(zhBar, &WouldFitBar::suggestionsShown);
    REQUIRE((!zhBar->isFinding() || zhFound.wait(60'000)));
    CHECK(f.window.verdict()->caption(QStringLiteral("run_cost")).startsWith(QStringLiteral("假如能放下")));
    CHECK(zhBar->text().contains(kHan));
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("before the first comparison the Options tab says what Compare does, not empty axes", "[options]") {
    WindowFixture f;
    OptionsTab& tab = *f.window.findChild<OptionsTab*>();
    CHECK(tab.showsEmptyState());
    CHECK_FALSE(f.widget<QProgressBar>("optionsProgress")->isVisibleTo(&tab));
    CHECK(f.widget<QLabel>("optionsEmpty")->text().contains(QStringLiteral("Press Compare")));
    CHECK_FALSE(f.widget<QCheckBox>("optionsInQuote")->isEnabled());
    editToLora70b(f);
    CHECK(&comparedIn3Days(f) == &tab);
    CHECK_FALSE(tab.showsEmptyState());
    CHECK_FALSE(f.widget<QProgressBar>("optionsProgress")->isVisibleTo(&tab));
}

TEST_CASE("at 1024 x 700 the options chart is in view under short notes with folded details", "[options]") {
    WindowFixture f;
    editToLora70b(f);
    f.window.resize(QSize(1024, 700));
    f.window.showTabOf(f.window.findChild<OptionsTab*>());
    OptionsTab& tab = comparedIn3Days(f);
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
    // One summary line; the notes (borrowed profiles, exchange rate, GPU types without an option)
    // are in the folded details, by the names a reader knows, not profile ids.
    CHECK_FALSE(tab.notesExpanded());
    CHECK_FALSE(f.widget<QLabel>("optionsNotesDetails")->isVisibleTo(&tab));
    CHECK(tab.notesSummary().contains(QStringLiteral("priced")));
    CHECK(tab.notesDetails().contains(QStringLiteral("borrowed")));
    CHECK_FALSE(tab.notesDetails().contains(QStringLiteral("nemo-hopper")));
    CHECK(tab.notesDetails().contains(QStringLiteral("NeMo, Hopper")));
    // The chart's top and at least 150 pixels of it are inside the window and its scroll area.
    QChartView* chart = tab.chartView();
    auto* area = qobject_cast<QScrollArea*>(tab.parentWidget()->parentWidget());
    REQUIRE(area != nullptr);
    const QRect viewport(area->viewport()->mapTo(&f.window, QPoint(0, 0)), area->viewport()->size());
    const QRect chartRect(chart->mapTo(&f.window, QPoint(0, 0)), chart->size());
    const QRect seen = chartRect.intersected(viewport).intersected(f.window.rect());
    INFO("chart " << chartRect.y() << "+" << chartRect.height() << ", viewport " << viewport.y() << "+"
                  << viewport.height());
    CHECK(chart->isVisible());
    CHECK(seen.top() == chartRect.top());
    CHECK(seen.height() >= 150);
    // Unfolded, the details show.
    f.widget<QToolButton>("optionsNotesToggle")->click();
    CHECK(f.widget<QLabel>("optionsNotesDetails")->isVisibleTo(&tab));
}

TEST_CASE("an option a book cannot price says why in its cost cell, never a blank; one it prices in half "
          "says which half",
          "[options]") {
    WindowFixture f;
    editToLora70b(f);
    OptionsTab& tab = comparedIn3Days(f);
    const OptionsStudy& st = *tab.study();
    std::size_t unpriced = 0, half = 0;
    for (int row = 0; row < tab.table()->rowCount(); ++row) {
        const auto i =
            static_cast<std::size_t>(tab.table()->item(row, 0)->data(Qt::UserRole + 1).toULongLong());
        const QString cost = tab.table()->item(row, 5)->text();
        INFO(st.rows[i].gpu << " " << st.rows[i].offer << ": " << cost.toStdString());
        CHECK_FALSE(cost.isEmpty());
        CHECK(cost != QStringLiteral("–"));
        if (!st.rows[i].priced) {
            ++unpriced;
            REQUIRE(st.rows[i].priceNote.has_value());
            CHECK(cost.startsWith(QStringLiteral("not ")));
        }
        if (st.rows[i].halfPriced) {
            // The China book sells H20, A800 and 910B servers and rents none: the purchase alone,
            // and the cell's tooltip says so; such a row cannot go on the quote's options page.
            ++half;
            CHECK(st.rows[i].priced);
            CHECK(tab.table()->item(row, 5)->toolTip().contains(QStringLiteral("only:")));
            CHECK_FALSE(tab.tickForQuote(i));
        }
    }
    CHECK(unpriced + half > 0);
    CHECK(half > 0);
}

TEST_CASE("ticked options go on the PDF quote's options page, in English and Chinese", "[options][export]") {
    QTemporaryDir dir;
    const QString book = dir.filePath(QStringLiteral("quotes.sqlite"));
    QSettings().setValue(QStringLiteral("quoteBook/path"), book);
    struct ForgetBook {
        ~ForgetBook() { QSettings().remove(QStringLiteral("quoteBook/path")); }
    } forget;
    WindowFixture f;
    editToLora70b(f);
    inEnglishAndChinese(f, [&] {
        OptionsTab& tab = comparedIn3Days(f);
        const OptionsStudy& st = *tab.study();
        // The two cheapest priced rows, then a third refused.
        std::vector<std::size_t> priced;
        for (std::size_t i = 0; i < st.rows.size(); ++i)
            if (st.rows[i].priced && !st.rows[i].halfPriced)
                priced.push_back(i);
        REQUIRE(priced.size() >= 3);
        CHECK(tab.tickForQuote(priced[0]));
        CHECK(tab.tickForQuote(priced[1]));
        CHECK_FALSE(tab.tickForQuote(priced[2]));
        CHECK(tab.tickedForQuote() == std::vector<std::size_t>{priced[0], priced[1]});
        CHECK(f.widget<QCheckBox>("optionsInQuote")->isChecked());
        const auto choice = tab.quoteChoice(f.controller.scenario());
        REQUIRE(choice.has_value());
        CHECK(choice->picks == tab.tickedForQuote());
        auto* exports = f.window.findChild<ExportActions*>();
        REQUIRE(exports != nullptr);
        const QString pdf = dir.filePath(f.window.language() + QStringLiteral(".pdf"));
        CHECK(exports->exportPdf(pdf).isEmpty());
        const auto text = clusterplan::test::runCommand("pdftotext '" + pdf.toStdString() + "' -");
        REQUIRE(text.status == 0);
        // Whitespace squeezed: a table cell may wrap ("Alternative" / "2").
        std::string squeezed = text.out;
        squeezed.erase(std::remove_if(squeezed.begin(), squeezed.end(),
                                      [](unsigned char c) { return std::isspace(c) != 0; }),
                       squeezed.end());
        const bool zh = f.window.language() == QStringLiteral("zh_CN");
        CHECK(squeezed.find(zh ? "方案比较" : "Optionscompared") != std::string::npos);
        CHECK(squeezed.find(zh ? "备选2" : "Alternative2") != std::string::npos);
        // Another job's study does not answer for this quote.
        Scenario other = f.controller.scenario();
        other.training.tokens *= 2;
        CHECK_FALSE(tab.quoteChoice(other).has_value());
        tab.setInQuote(false);
        CHECK_FALSE(tab.quoteChoice(f.controller.scenario()).has_value());
    });
}

TEST_CASE("a language switch keeps the comparison, its ticks and its target", "[options]") {
    WindowFixture f;
    editToLora70b(f);
    OptionsTab& english = comparedIn3Days(f);
    const OptionsStudy study = *english.study();
    std::size_t first = 0;
    while (!study.rows[first].priced || study.rows[first].halfPriced)
        ++first;
    REQUIRE(english.tickForQuote(first));
    f.window.setLanguage(QStringLiteral("zh_CN"));
    auto* chinese = f.window.findChild<OptionsTab*>();
    REQUIRE(chinese != nullptr);
    REQUIRE(chinese->study().has_value());
    CHECK(chinese->study()->rows.size() == study.rows.size());
    CHECK_FALSE(chinese->showsEmptyState());
    CHECK(chinese->recommendation().contains(QStringLiteral("推荐")));
    CHECK(chinese->notesSummary().contains(kHan));
    CHECK(chinese->tickedForQuote() == std::vector<std::size_t>{first});
    CHECK(chinese->quoteChoice(f.controller.scenario()).has_value());
    CHECK(chinese->table()->rowCount() == static_cast<int>(study.rows.size()));
    CHECK(f.widget<QDoubleSpinBox>("optionsDeadline")->value() == 3);
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("with a deadline the options chart shows the days that decide and counts the slower options it "
          "leaves to the table",
          "[options]") {
    WindowFixture f;
    OptionsTab& tab = *f.window.findChild<OptionsTab*>();
    const auto slowestAndBeyond = [&](double limit) {
        double slowest = 0;
        int beyond = 0;
        for (const OptionRow& r : tab.study()->rows)
            if (r.priced && std::isfinite(r.days)) {
                slowest = std::max(slowest, r.days);
                beyond += r.days > limit ? 1 : 0;
            }
        return std::pair{slowest, beyond};
    };
    const auto daysAxis = [&] {
        return qobject_cast<QValueAxis*>(tab.chartView()->chart()->axes(Qt::Horizontal).constFirst());
    };
    // The default job (Llama 3.1 8B): its smallest clusters take weeks, a 5-day deadline is met only
    // by the larger ones.
    tab.setDeadline(5);
    compareAndWait(tab);
    REQUIRE(tab.study().has_value());
    const OptionsStudy& st = *tab.study();
    double limit = 15;  // three times the deadline, or the recommended option's days where later
    if (st.recommended)
        limit = std::max(limit, st.rows[*st.recommended].days);
    const auto [slowest, beyond] = slowestAndBeyond(limit);
    REQUIRE(beyond > 0);
    REQUIRE(daysAxis() != nullptr);
    CHECK(daysAxis()->max() >= 5);
    CHECK(daysAxis()->max() < slowest);
    CHECK(daysAxis()->max() <= limit * 2);
    const QString title = tab.chartView()->chart()->title();
    CHECK(title.contains(QString::number(beyond)));
    CHECK(title.contains(QStringLiteral("table only")));
    // Every row is still a marker (its tooltip) and a table row.
    CHECK(tab.rentSeries()->count() + tab.buySeries()->count() > beyond);

    // Without a deadline nothing decides the range: every option is on the chart.
    tab.setDeadline(0);
    compareAndWait(tab);
    CHECK(daysAxis()->max() >= slowestAndBeyond(0).first);
    CHECK(tab.chartView()->chart()->title() == QStringLiteral("Days against cost: every option"));
}

namespace {

// GPT-3 175B on A100s (a test scenario) compared with a 90-day deadline and no budget, then `check`
// on the Options tab in English and in Chinese, at a laptop's and at the default window size.
// CLUSTERPLAN_SCREENSHOTS=DIR saves each view as DIR/<shot>-<language>-<width>x<height>.png.
void comparedGpt3In90DaysEverywhere(
    const char* shot, const std::function<void(WindowFixture&, OptionsTab&, bool english)>& check) {
    WindowFixture f;
    const QString path = QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json");
    REQUIRE(f.editAndWait([&] { REQUIRE(f.controller.openFile(path).isEmpty()); }));
    OptionsTab* tab = f.window.findChild<OptionsTab*>();
    tab->setDeadline(90);
    tab->setBudget(0);
    compareAndWait(*tab);
    const QString shots = qEnvironmentVariable("CLUSTERPLAN_SCREENSHOTS");
    for (const char* language : {"en", "zh_CN"}) {
        f.window.setLanguage(QString::fromLatin1(language));
        tab = f.window.findChild<OptionsTab*>();
        REQUIRE(tab->study().has_value());
        for (const QSize size : {QSize(1024, 700), kDefaultWindow}) {
            INFO(language << " at " << size.width() << "x" << size.height());
            f.window.resize(size);
            f.window.showTabOf(tab);
            for (int pass = 0; pass < 3; ++pass)
                QApplication::processEvents();
            check(f, *tab, QString::fromLatin1(language) == QStringLiteral("en"));
            if (!shots.isEmpty())
                f.window.grab().save(QStringLiteral("%1/%2-%3-%4x%5.png")
                                         .arg(shots, QString::fromLatin1(shot), QString::fromLatin1(language))
                                         .arg(size.width())
                                         .arg(size.height()));
        }
    }
}

}  // namespace

// GPT-3 175B on A100s in 90 days: rentals near ¥1.8M, purchases near ¥100M. On a linear cost axis the
// purchases set the scale and every rental sat on its floor; the axis turns logarithmic (round
// amounts, both languages) and the cheapest and the dearest option on the chart both stand clear of
// the floor, at a laptop's and the default window size. CLUSTERPLAN_SCREENSHOTS=DIR saves each view.
TEST_CASE("the options chart's cost axis shows rentals and purchases apart, logarithmic when they differ "
          "twentyfold",
          "[options]") {
    comparedGpt3In90DaysEverywhere("options", [](WindowFixture&, OptionsTab& tab, bool english) {
        QChart* chart = tab.chartView()->chart();
        auto* costAxis = qobject_cast<MoneyAxis*>(chart->axes(Qt::Vertical).constFirst());
        const auto* daysAxis = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).constFirst());
        REQUIRE(costAxis != nullptr);
        REQUIRE(daysAxis != nullptr);
        CHECK(costAxis->isLogarithmic());
        const QStringList ticks = costAxis->categoriesLabels();
        INFO("ticks: " << ticks.join(QStringLiteral(" ")).toStdString());
        CHECK(ticks.contains(english ? QStringLiteral("¥10M") : QStringLiteral("¥1000万")));
        // The cheapest and the dearest marker the chart shows, in pixels above the plot's floor.
        const QRectF plot = chart->plotArea();
        double cheapest = std::numeric_limits<double>::infinity(), dearest = -cheapest;
        QPointF low, high;
        for (QScatterSeries* series : {tab.rentSeries(), tab.buySeries()})
            for (const QPointF& p : series->points()) {
                if (p.x() > daysAxis->max())
                    continue;
                const QPointF at = chart->mapToPosition(p, series);
                if (p.y() < cheapest) {
                    cheapest = p.y();
                    low = at;
                }
                if (p.y() > dearest) {
                    dearest = p.y();
                    high = at;
                }
            }
        REQUIRE(std::isfinite(cheapest));
        REQUIRE(dearest > cheapest);
        INFO("plot " << plot.top() << "-" << plot.bottom() << ", cheapest at " << low.y() << ", dearest at "
                     << high.y());
        // A linear axis put the rentals 1 or 2 pixels above it.
        CHECK(plot.bottom() - low.y() >= 12);
        CHECK(plot.bottom() - high.y() >= 12);
        CHECK(high.y() >= plot.top() - 0.5);
        // Far enough apart to tell the rentals from the purchases.
        CHECK(low.y() - high.y() >= plot.height() / 3);
    });
}

TEST_CASE("a logarithmic money axis ticks round amounts from below the lowest to above the highest",
          "[options]") {
    MoneyAxis axis;
    axis.setLogMoneyRange(800'000, 110'000'000, QStringLiteral("¥"));
    CHECK(axis.isLogarithmic());
    CHECK(axis.categoriesLabels() ==
          QStringList({QStringLiteral("¥500k"), QStringLiteral("¥1M"), QStringLiteral("¥2M"),
                       QStringLiteral("¥5M"), QStringLiteral("¥10M"), QStringLiteral("¥20M"),
                       QStringLiteral("¥50M"), QStringLiteral("¥100M"), QStringLiteral("¥200M")}));
    CHECK(axis.min() == Approx(std::log10(500'000.0)));
    CHECK(axis.max() == Approx(std::log10(200'000'000.0)));
    // Over more than four decades only the powers of ten.
    axis.setLogMoneyRange(1'000, 1e9, QStringLiteral("$"));
    CHECK(axis.categoriesLabels().size() == 7);
    CHECK(axis.categoriesLabels().first() == QStringLiteral("$1k"));
    // A linear range again: from zero, as before.
    axis.setMoneyRange(0, 1'720'692, QStringLiteral("¥"));
    CHECK_FALSE(axis.isLogarithmic());
    CHECK(axis.min() == 0);
}

// GPT-3 175B on A100s in 90 days, at a laptop's and the default window size in both languages: the
// options chart's plot is tall enough to read (it was 66 pixels, the table taking the rest of the
// tab), its top in view, the chart above the table at a sensible share; without a budget the
// legend names no budget line, and the Pareto front stops at the last day the chart shows rather
// than running off to options slower than that. CLUSTERPLAN_SCREENSHOTS=DIR saves each view.
TEST_CASE("the options chart's plot is tall enough to read at 1024 x 700 and 1400 x 900 in both languages",
          "[options]") {
    comparedGpt3In90DaysEverywhere("options-plot", [](WindowFixture& f, OptionsTab& tab, bool english) {
        QChartView* view = tab.chartView();
        QChart* chart = view->chart();
        const QRectF plot = chart->plotArea();
        auto* area = qobject_cast<QScrollArea*>(tab.parentWidget()->parentWidget());
        REQUIRE(area != nullptr);
        const QRect viewport(area->viewport()->mapTo(&f.window, QPoint(0, 0)), area->viewport()->size());
        const QRect chartRect(view->mapTo(&f.window, QPoint(0, 0)), view->size());
        INFO("plot " << plot.height() << " of chart " << view->height() << ", table " << tab.table()->height()
                     << ", tab " << tab.height() << ", viewport " << viewport.height() << ", chart at "
                     << chartRect.y() - viewport.y());
        CHECK(plot.height() >= 200);
        CHECK(view->height() >= 0.45 * tab.height());
        // Its top in view; the table under it, not beside or over it.
        CHECK(viewport.contains(chartRect.topLeft()));
        CHECK(tab.table()->mapTo(&tab, QPoint(0, 0)).y() >=
              view->mapTo(&tab, QPoint(0, 0)).y() + view->height());
        CHECK(tab.table()->height() >= 3 * tab.table()->verticalHeader()->defaultSectionSize());
        // No budget, no budget in the legend; the deadline is set, and named.
        const auto markerShown = [&](QAbstractSeries* series) {
            const auto markers = chart->legend()->markers(series);
            return !markers.isEmpty() && markers.constFirst()->isVisible();
        };
        const QList<QAbstractSeries*> series = chart->series();
        const auto named = [&](const QString& name) -> QAbstractSeries* {
            for (QAbstractSeries* s : series)
                if (s->name() == name)
                    return s;
            return nullptr;
        };
        QAbstractSeries* budget = named(english ? QStringLiteral("budget") : QStringLiteral("预算"));
        QAbstractSeries* deadline = named(english ? QStringLiteral("deadline") : QStringLiteral("截止期限"));
        REQUIRE(budget != nullptr);
        REQUIRE(deadline != nullptr);
        CHECK_FALSE(markerShown(budget));
        CHECK(markerShown(deadline));
        CHECK(markerShown(tab.frontSeries()));
        // The front within the days shown (options beyond them are slower than the chart's range).
        const auto* daysAxis = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).constFirst());
        REQUIRE(daysAxis != nullptr);
        REQUIRE(tab.frontSeries()->count() > 0);
        for (const QPointF& p : tab.frontSeries()->points())
            CHECK(p.x() <= daysAxis->max());
    });
}

TEST_CASE("the options chart names the budget line only when a budget is set", "[options]") {
    WindowFixture f;
    editToLora70b(f);
    OptionsTab& tab = *f.window.findChild<OptionsTab*>();
    tab.setBudget(50'000);
    OptionsTab& compared = comparedIn3Days(f);
    REQUIRE(&compared == &tab);
    QChart* chart = tab.chartView()->chart();
    QAbstractSeries* budget = nullptr;
    for (QAbstractSeries* s : chart->series())
        if (s->name() == QStringLiteral("budget"))
            budget = s;
    REQUIRE(budget != nullptr);
    const auto markers = chart->legend()->markers(budget);
    REQUIRE_FALSE(markers.isEmpty());
    CHECK(markers.constFirst()->isVisible());
    tab.setBudget(0);
    compareAndWait(tab);
    CHECK_FALSE(chart->legend()->markers(budget).constFirst()->isVisible());
}

TEST_CASE("the share of the options chart and table a user drags is kept across a language switch",
          "[options]") {
    WindowFixture f;
    f.window.showTabOf(f.window.findChild<OptionsTab*>());
    editToLora70b(f);
    comparedIn3Days(f);
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
    auto* splitter = f.widget<QSplitter>("optionsSplitter");
    QList<int> sizes = splitter->sizes();
    REQUIRE(sizes.size() == 2);
    sizes = {sizes[0] + 120, sizes[1]};  // the chart dragged taller
    splitter->setSizes(sizes);
    const auto chartShare = [](const QSplitter& s) {
        return static_cast<double>(s.sizes()[0]) / (s.sizes()[0] + s.sizes()[1]);
    };
    const double dragged = chartShare(*splitter);
    CHECK(dragged > 0.65);
    // The Chinese controls are taller: the splitter is another height, the chart's share the same.
    inEnglishAndChinese(f, [&] {
        for (int pass = 0; pass < 3; ++pass)
            QApplication::processEvents();
        CHECK(chartShare(*f.widget<QSplitter>("optionsSplitter")) == Approx(dragged).margin(0.02));
    });
}
