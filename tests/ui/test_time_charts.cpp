// The Time tab: the step-time bar follows every input and sums to the step time; the layout
// scatter shows a search's candidates, its Pareto front and the chosen layout.
#include "core/calibration/evaluate.h"
#include "window_fixture.h"

#include <QBarSet>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSpinBox>
#include <QTabWidget>

#include <algorithm>

#include "ui/calibration/measured_runs_tab.h"
#include "ui/charts/cost_chart_view.h"
#include "ui/charts/layout_scatter_view.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/step_time_chart_view.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/charts/zero_comparison_chart_view.h"
#include "ui/models/plan_summary.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

double barTotal(const StepTimeChartView& view) {
    double total = 0;
    for (const QBarSet* set : view.barSets())
        total += set->at(0);
    return total;
}

double partSeconds(const StepTimeChartView& view, const QString& name) {
    for (const QBarSet* set : view.barSets()) {
        if (set->label() == name)
            return set->at(0);
    }
    FAIL("no bar set " << name.toStdString());
    return 0;
}

}  // namespace

TEST_CASE("charts.chart_tabs_are_memory_time_explorer_scaling_options_measured_cost_phases", "[charts]") {
    WindowFixture f;
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    REQUIRE(tabs->count() == 8);
    CHECK(tabs->tabText(0) == QStringLiteral("Memory"));
    CHECK(tabs->tabText(1) == QStringLiteral("Time"));
    CHECK(tabs->tabText(2) == QStringLiteral("Explorer"));
    CHECK(tabs->tabText(3) == QStringLiteral("Scaling"));
    CHECK(tabs->tabText(4) == QStringLiteral("Options"));
    CHECK(tabs->tabText(5) == QStringLiteral("Measured runs"));
    CHECK(tabs->tabText(6) == QStringLiteral("Cost"));
    CHECK(tabs->tabText(7) == QStringLiteral("Phases"));
    CHECK(tabs->widget(0)->isAncestorOf(f.window.memoryChart()));
    CHECK(tabs->widget(0)->isAncestorOf(f.window.zeroChart()));
    CHECK(tabs->widget(1)->isAncestorOf(f.widget<StepTimeChartView>("stepTimeChart")));
    CHECK(tabs->widget(1)->isAncestorOf(f.widget<LayoutScatterView>("layoutScatter")));
    CHECK(tabs->widget(5)->isAncestorOf(f.window.measuredRuns()));
    CHECK(tabs->widget(6)->isAncestorOf(f.widget<CostChartView>("costChart")));
}

TEST_CASE("charts.step_time_bar_sums_to_step_time", "[charts]") {
    WindowFixture f;
    f.window.showTabOf(f.window.stepTimeChart());  // the Time tab renders when shown
    const StepTimeChartView& chart = *f.window.stepTimeChart();
    const PerfEstimate& perf = f.controller.plan()->perf;
    const std::vector<StepPart> parts = stepParts(perf);
    const QList<QBarSet*> sets = chart.barSets();
    REQUIRE(sets.size() == static_cast<qsizetype>(parts.size()));
    for (qsizetype i = 0; i < sets.size(); ++i) {
        CHECK(sets[i]->label() == QString::fromUtf8(parts[std::size_t(i)].name));
        CHECK(sets[i]->color() == StepTimeChartView::partColors().at(i));
        REQUIRE(sets[i]->count() == 1);
    }
    CHECK_THAT(barTotal(chart), Catch::Matchers::WithinRel(perf.stepSeconds, 0.01));
    // The title wraps to the chart's width; a line break reads as a space.
    const QString title = chart.chart()->title().replace(QStringLiteral("<br>"), QStringLiteral(" "));
    INFO(title.toStdString());
    CHECK(title.startsWith(QStringLiteral("Step time %1 s").arg(perf.stepSeconds, 0, 'f', 1)));
    CHECK(title.contains(QStringLiteral("MFU %1 %").arg(100 * perf.mfu, 0, 'f', 1)));
    // Only parts that take time are in the legend, each with its seconds, and the band.
    f.widget<QTabWidget>("chartTabs")->setCurrentIndex(1);
    const auto* legend = chart.chart()->findChild<WrappedLegend*>();
    REQUIRE(legend != nullptr);
    const QString entries = legend->plainText();
    INFO(entries.toStdString());
    CHECK(entries.contains(
        QStringLiteral("compute %1 s").arg(parts[0].seconds, 0, 'f', parts[0].seconds >= 10 ? 1 : 3)));
    CHECK_FALSE(entries.contains(QStringLiteral("TP ")));
    CHECK(entries.contains(QStringLiteral("band ")));
}

TEST_CASE("charts.step_time_follows_tp", "[charts]") {
    WindowFixture f;
    f.window.showTabOf(f.window.stepTimeChart());  // the Time tab renders when shown
    const StepTimeChartView& chart = *f.window.stepTimeChart();
    const QString tpPart = QStringLiteral("TP comm (exposed)");
    CHECK(partSeconds(chart, tpPart) == 0);
    const double before = barTotal(chart);

    auto* tp = f.widget<QSpinBox>("tp");
    REQUIRE(f.editAndWait([&] { tp->setValue(8); }));
    REQUIRE(f.controller.plan()->layout.tp == 8);
    CHECK(partSeconds(chart, tpPart) > 0);
    CHECK(partSeconds(chart, tpPart) == Approx(f.controller.plan()->perf.tpCommSeconds));
    CHECK(barTotal(chart) != Approx(before));
    CHECK_THAT(barTotal(chart), Catch::Matchers::WithinRel(f.controller.plan()->perf.stepSeconds, 0.01));
    CHECK(chart.barSets().size() ==
          static_cast<qsizetype>(stepParts(f.controller.plan()->perf).size()));  // replaced, not added to
}

TEST_CASE("charts.layout_scatter_says_how_to_search", "[charts]") {
    WindowFixture f;
    f.window.showTabOf(f.window.layoutScatter());
    const LayoutScatterView& scatter = *f.window.layoutScatter();
    REQUIRE_FALSE(f.controller.plan()->search.has_value());
    CHECK(scatter.chart()->series().isEmpty());
    CHECK(scatter.message().contains(QStringLiteral("Every layout key is set")));
}

TEST_CASE("charts.layout_scatter_shows_the_search", "[charts]") {
    const Catalog catalog = Catalog::builtin();
    Scenario scenario = defaultScenario(catalog);
    scenario.layout.open = kTp | kPp | kDp | kMicroBatch | kZeroStage;
    const Result<Plan> plan = evaluate(scenario, catalog);
    REQUIRE(plan);
    REQUIRE(plan->search.has_value());
    const SearchResult& search = *plan->search;
    REQUIRE(search.best.has_value());

    LayoutScatterView scatter;
    scatter.setPlan(*plan);
    qsizetype fitting = 0;
    qsizetype pareto = 0;
    // The overview shows the top 20 of the ranking (the Explorer tab shows all of it).
    const std::size_t shown = std::min<std::size_t>(search.ranked.size(), 20);
    for (std::size_t i = 0; i < shown; ++i) {
        const Candidate& c = search.ranked[i];
        fitting += c.fits ? 1 : 0;
        pareto += c.fits && c.pareto ? 1 : 0;
    }
    auto* fits = qobject_cast<QScatterSeries*>(scatter.seriesNamed(QStringLiteral("fits")));
    auto* front = qobject_cast<QLineSeries*>(scatter.seriesNamed(QStringLiteral("Pareto front")));
    auto* chosen = qobject_cast<QScatterSeries*>(scatter.seriesNamed(QStringLiteral("chosen")));
    REQUIRE(fits != nullptr);
    REQUIRE(front != nullptr);
    REQUIRE(chosen != nullptr);
    CHECK(fits->count() == fitting);
    CHECK(front->count() == pareto);
    CHECK(pareto >= 1);
    for (int i = 1; i < front->count(); ++i)
        CHECK(front->at(i).x() >= front->at(i - 1).x());  // drawn left to right
    REQUIRE(chosen->count() == 1);
    const Candidate& best = search.ranked[*search.best];
    CHECK(chosen->at(0).x() == Approx(best.memoryBytes / kBytesPerGib));
    CHECK(chosen->at(0).y() == Approx(best.perf.tokensPerSecond));
    CHECK(chosen->name().contains(formatLayoutDegrees(plan->layout)));
    CHECK(scatter.message().isEmpty());

    scatter.setPlan(*evaluate(defaultScenario(catalog), catalog));  // back to no search
    CHECK(scatter.chart()->series().isEmpty());
    CHECK_FALSE(scatter.message().isEmpty());
}
