// The chart tabs render only when seen (TabRenderer): an input change renders the
// current tab and leaves a hidden one alone; shown afterwards, the hidden tab displays the new
// plan's numbers.
#include "window_fixture.h"

#include <QAbstractSeries>
#include <QLineSeries>
#include <QTabWidget>
#include <QTableWidget>

#include "ui/charts/cost_chart_view.h"
#include "ui/charts/cost_details_view.h"
#include "ui/charts/layout_explorer_tab.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/phases_tab.h"
#include "ui/mainwindow/tab_renderer.h"
#include "ui/models/layout_table_model.h"
#include "ui/models/money_text.h"
#include "ui/models/qt_text.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

QList<QAbstractSeries*> seriesOf(const QChartView& view) {
    return view.chart()->series();
}

// The last point of the cost chart's rent line: the rent accrued over the horizon.
double rentAtHorizon(const CostChartView& chart) {
    const QLineSeries* rent = chart.lines().value(0);
    REQUIRE(rent != nullptr);
    REQUIRE(rent->count() > 0);
    return rent->at(rent->count() - 1).y();
}

}  // namespace

TEST_CASE("tabs.hidden_tab_is_not_rendered_until_shown", "[tabs]") {
    WindowFixture f;
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    tabs->setCurrentIndex(0);  // Memory (settings of an earlier test may have restored another tab)
    TabRenderer& renderer = f.window.tabRenderer();
    CostChartView& costChart = *f.window.costChart();
    f.window.showTabOf(&costChart);  // the Cost tab shows the first plan ...
    CHECK_FALSE(renderer.isStale(&costChart));
    tabs->setCurrentIndex(0);  // ... and is hidden again
    const double rentBefore = rentAtHorizon(costChart);
    const QList<QAbstractSeries*> costSeries = seriesOf(costChart);
    const int costRenders = renderer.renderCount(&costChart);
    const int memoryRenders = renderer.renderCount(f.window.memoryChart());
    const int explorerRenders = renderer.renderCount(f.window.explorer());

    // An input change: the one-server default becomes two servers, so the rent doubles.
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.cluster.nodes = 2; }); }));
    CHECK(renderer.renderCount(f.window.memoryChart()) == memoryRenders + 1);  // the visible tab
    CHECK(renderer.renderCount(&costChart) == costRenders);                    // hidden: untouched
    CHECK(renderer.renderCount(f.window.explorer()) == explorerRenders);
    CHECK(renderer.isStale(&costChart));
    CHECK(seriesOf(costChart) == costSeries);  // the same series objects, still the old plan's
    CHECK(rentAtHorizon(costChart) == rentBefore);

    // Shown, the Cost tab renders once and displays the new plan's numbers.
    f.window.showTabOf(&costChart);
    CHECK(renderer.renderCount(&costChart) == costRenders + 1);
    CHECK_FALSE(renderer.isStale(&costChart));
    const cost::CostReport& report = *f.controller.plan()->cost;
    CHECK(rentAtHorizon(costChart) == Approx(report.rentAccruedTotal.units()));
    CHECK_THAT(rentAtHorizon(costChart), Catch::Matchers::WithinRel(2 * rentBefore, 0.01));
    CHECK(
        f.window.costDetails()->runCostText().contains(proseMoneyText(*report.runCostRent, report.currency)));
    // Showing it again without a new plan does not render it again.
    tabs->setCurrentIndex(0);
    f.window.showTabOf(&costChart);
    CHECK(renderer.renderCount(&costChart) == costRenders + 1);
}

TEST_CASE("tabs.explorer_ranking_follows_the_plan_when_shown", "[tabs]") {
    WindowFixture f;
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    tabs->setCurrentIndex(0);
    LayoutExplorerTab& explorer = *f.window.explorer();
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.layout.open = kAllLayoutKeys; }); }));
    f.window.showTabOf(&explorer);
    tabs->setCurrentIndex(0);
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.training.tokens *= 2; }); }));
    CHECK(f.window.tabRenderer().isStale(&explorer));
    f.window.showTabOf(&explorer);
    const Plan& plan = *f.controller.plan();
    REQUIRE(plan.search.has_value());
    REQUIRE(explorer.model()->rowCount() == static_cast<int>(plan.search->ranked.size()));
    // Row 0 of the model is the engine's best layout of the new plan, with its days to train.
    const QModelIndex days = explorer.model()->index(0, LayoutTableModel::Days);
    CHECK(explorer.model()->data(days, Qt::DisplayRole).toString() ==
          QString::number(plan.search->ranked[0].perf.trainDays, 'f', 1));
}

// The Explorer in front while the plan changes (a user editing on that tab, or the window opening
// on it): its table holds the new plan's layouts at once. PlanComparison hears planChanged before
// the tab does, so a render must not depend on the tab's own planChanged slot having run.
TEST_CASE("tabs.explorer_in_front_shows_each_new_plans_layouts", "[tabs]") {
    WindowFixture f;
    LayoutExplorerTab& explorer = *f.window.explorer();
    f.window.showTabOf(&explorer);
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.layout.open = kAllLayoutKeys; }); }));
    const Plan& first = *f.controller.plan();
    REQUIRE(first.search.has_value());
    CHECK(explorer.model()->rowCount() == static_cast<int>(first.search->ranked.size()));
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.cluster.nodes = 2; }); }));
    const Plan& second = *f.controller.plan();
    REQUIRE(second.search.has_value());
    CHECK(explorer.model()->rowCount() == static_cast<int>(second.search->ranked.size()));
    CHECK(explorer.proxy()->rowCount() > 0);
}

TEST_CASE("tabs.phases_tab_renders_when_shown", "[tabs][phases]") {
    WindowFixture f;
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    tabs->setCurrentIndex(0);
    PhasesTab& phases = *f.window.phases();
    const QString path = QStringLiteral(CLUSTERPLAN_SCENARIOS "/seed-path-phases.json");
    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(path).isEmpty()); }));
    CHECK_FALSE(phases.phasedPlan().has_value());  // hidden: the engine's planPhases() did not run
    f.window.showTabOf(&phases);
    REQUIRE(phases.phasedPlan().has_value());
    CHECK(phases.timeline()->rowCount() == 3);
}
