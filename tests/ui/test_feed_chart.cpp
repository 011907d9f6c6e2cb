// The data feed and the run's length in the window: the data-feed chart (needed vs available
// samples/s for the CPU workers and storage) under the step time, and the summary's steady-state
// and budgeted days.
#include "window_fixture.h"

#include <QBarSet>
#include <QDoubleSpinBox>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLocale>
#include <QLogValueAxis>
#include <QSpinBox>
#include <QTabWidget>

#include <algorithm>
#include <cmath>

#include "ui/charts/feed_chart_view.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

TEST_CASE("feed.chart_shows_needed_and_available_rates", "[feed]") {
    WindowFixture f;
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    FeedChartView* chart = f.widget<FeedChartView>("feedChart");
    CHECK(tabs->widget(1)->isAncestorOf(chart));
    f.window.showTabOf(chart);  // the Time tab renders when shown
    const FeedCheck& feed = f.controller.plan()->feed;
    REQUIRE(chart->series() != nullptr);
    const QList<QBarSet*> sets = chart->series()->barSets();
    REQUIRE(sets.size() == 2);
    CHECK(sets[0]->label() == QStringLiteral("needed by the GPUs"));
    CHECK(sets[0]->at(0) == Approx(feed.neededPerNode));
    CHECK(sets[1]->at(0) == Approx(feed.cpuPerNode));
    CHECK(sets[1]->at(1) == Approx(feed.storagePerNode));
    // The rates span seven decades (storage ~10^6 samples/s, the GPUs ~10): the log axis labels
    // every second decade, at most six labels, so none is elided at 1400x900 (eight were, "1000…").
    auto* axis = qobject_cast<QLogValueAxis*>(chart->chart()->axes(Qt::Horizontal).value(0));
    REQUIRE(axis != nullptr);
    CHECK(axis->min() <= std::min(feed.neededPerNode, feed.cpuPerNode));
    CHECK(axis->max() >= feed.storagePerNode);
    CHECK(std::log(axis->max() / axis->min()) / std::log(axis->base()) + 1 <= 6.01);
    // The default scenario (pre-tokenized text) keeps up, and the title says so.
    CHECK_FALSE(feed.binds);
    CHECK(chart->chart()->title().contains(QStringLiteral("keeps up")));

    // One worker per GPU, 2 s of CPU per sample: the feed binds, and the chart follows.
    REQUIRE(f.editAndWait([&] {
        f.controller.update([](Scenario& s) {
            s.training.dataPipeline.preset = "image-decode-augment";
            s.training.dataPipeline.cpuMsPerSample = 2000;  // 2 s per sample: slower than the GPUs
            s.cluster.io.loaderWorkersPerGpu = 1;
        });
    }));
    const FeedCheck& bound = f.controller.plan()->feed;
    REQUIRE(bound.binds);
    const QList<QBarSet*> after = chart->series()->barSets();
    REQUIRE(after.size() == 2);
    CHECK(after[1]->at(0) == Approx(bound.cpuPerNode));
    CHECK(chart->chart()->title().contains(QStringLiteral("binds")));
    auto* summary = f.widget<SummaryView>("summary");
    CHECK(summary->text().contains(QStringLiteral("binds")));
}

TEST_CASE("feed.summary_shows_steady_and_budgeted_days", "[feed]") {
    WindowFixture f;
    const Plan& plan = *f.controller.plan();
    const QString text = f.widget<SummaryView>("summary")->text();
    CHECK(text.contains(QLocale().toString(plan.perf.trainDays, 'f', 1) +
                        QStringLiteral(" days steady-state")));
    CHECK(text.contains(QLocale().toString(plan.run.wallDays, 'f', 1) + QStringLiteral(" days budgeted")));
    CHECK(plan.run.wallDays > plan.perf.trainDays);
    CHECK(text.contains(QStringLiteral("Data feed")));
}

TEST_CASE("feed.storage_inputs_drive_the_storage_rate", "[feed]") {
    // The window's storage inputs (local NVMe drives × read GB/s, or a network file
    // system's GB/s): one drive reads a quarter of the seed server's four, and a slow shared
    // file system replaces the local drives.
    WindowFixture f;
    const double fourDrives = f.controller.plan()->feed.storagePerNode;
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("nvmeDrives")->setValue(1); }));
    CHECK(f.controller.scenario().cluster.io.nvmeDrives == 1);
    CHECK(f.controller.plan()->feed.storagePerNode == Approx(fourDrives / 4));
    REQUIRE(f.editAndWait([&] { f.widget<QDoubleSpinBox>("networkFs")->setValue(0.1); }));
    CHECK(f.controller.scenario().cluster.io.networkFsGBs == Approx(0.1));
    CHECK(f.controller.plan()->feed.storagePerNode < fourDrives / 4);
    REQUIRE(f.editAndWait([&] { f.widget<QDoubleSpinBox>("networkFs")->setValue(0); }));
    CHECK(f.controller.plan()->feed.storagePerNode == Approx(fourDrives / 4));
}
