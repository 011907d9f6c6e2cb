// The Options tab (which cluster for this job) and the verdict card of a plan that does not fit:
// both languages, a row opens its scenario and Undo puts the old one back, cancel stops the study,
// and each of the card's "what would fit" suggestions loads a plan that fits.
#include "ui/charts/options_tab.h"
#include "ui/charts/verdict_card.h"
#include "ui/charts/would_fit_bar.h"
#include "window_fixture.h"

#include <QAction>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QTableWidget>
#include <QTest>

#include <vector>

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// Llama 3.1 70B fine-tuned with LoRA on 2 B tokens: small enough that a study takes a moment.
void editToLora70b(WindowFixture& f) {
    REQUIRE(f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            s.modelPreset = "llama-3.1-70b";
            s.model = *f.catalog.model("llama-3.1-70b");
            s.training.method = TrainingMethod::Lora;
            s.training.tokens = 2e9;
            s.training.globalBatch = 64;
            s.layout.open = kAllLayoutKeys;
        });
    }));
}

void compareAndWait(OptionsTab& tab) {
    QSignalSpy shown(&tab, &OptionsTab::studyShown);
    tab.compare();
    REQUIRE(shown.wait(60'000));
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
    CHECK(card.figure(QStringLiteral("days")).contains(QStringLiteral("#808080")));
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
        OptionsTab& tab = *f.window.findChild<OptionsTab*>();
        tab.setDeadline(3);
        compareAndWait(tab);
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
    OptionsTab& tab = *f.window.findChild<OptionsTab*>();
    tab.setDeadline(3);
    compareAndWait(tab);
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
