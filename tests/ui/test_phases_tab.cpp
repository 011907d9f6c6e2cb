// The Phases tab: it shows the scenario's phases with the engine's numbers, the
// two plain plans and the cumulative curves, and follows an edit of the phases.
#include <QLabel>
#include <QLineSeries>
#include <QTabWidget>
#include <QTableWidget>

#include "ui/charts/phases_tab.h"
#include "window_fixture.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

TEST_CASE("phases.tab_shows_the_phases_and_follows_an_edit", "[phases]") {
    WindowFixture f;
    auto* tab = f.widget<PhasesTab>("phasesTab");
    f.window.showTabOf(tab);                  // the Phases tab renders when shown
    CHECK(tab->timeline()->rowCount() == 0);  // the default scenario has no phases
    CHECK(f.widget<QLabel>("phasesStatus")->text().contains(QStringLiteral("no phases")));
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    CHECK(tabs->tabText(tabs->count() - 1) == QStringLiteral("Phases"));

    const QString path = QStringLiteral(CLUSTERPLAN_SCENARIOS "/seed-path-phases.json");
    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(path).isEmpty()); }));
    QTableWidget* timeline = tab->timeline();
    REQUIRE(timeline->rowCount() == 3);
    CHECK(timeline->item(0, 0)->text() == QStringLiteral("Prototype on a slice"));
    // The GPU by its product name, the rented offer and term by the price book's names, not by ids.
    CHECK(timeline->item(0, 2)->text() == QStringLiteral("1/20 of one NVIDIA A100 SXM4 80GB"));
    CHECK(timeline->item(2, 2)->text() == QStringLiteral("64 × NVIDIA A100 SXM4 80GB (8 nodes)"));
    CHECK_FALSE(timeline->item(0, 3)->text().contains(QStringLiteral("yiwan-")));
    CHECK(timeline->item(0, 8)->text() == QStringLiteral("¥2,700"));  // seed §3 #3: ¥900/month × 3
    CHECK(timeline->item(2, 0)->text() == QStringLiteral("Cluster of eight servers"));
    CHECK(timeline->item(2, 9)->text() == QStringLiteral("¥3,282,600"));
    CHECK(tab->plainPlans()->rowCount() == 3);
    CHECK(tab->plainPlans()->item(1, 1)->text() == QStringLiteral("¥4,886,400"));
    CHECK(tab->phasedCostSeries()->count() == 25);  // months 0 .. 24
    CHECK(tab->phasedCostSeries()->at(24).y() == 3'282'600.0);
    CHECK(tab->phasedTokensSeries()->at(24).y() > 0);

    // An edit: the server phase lasts 12 months instead of 9.
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.phases[1].months = 12; }); }));
    CHECK(timeline->item(1, 1)->text() == QStringLiteral("3–15"));
    CHECK(timeline->item(1, 8)->text() == QStringLiteral("¥306,000"));  // 12 × ¥25,500, seed §3 #1
    CHECK(tab->phasedCostSeries()->count() == 28);
}
