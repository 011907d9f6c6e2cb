// The Explorer tab: every searched layout in the scatter and the table; a click
// on a point or a row selects that layout in every view, whose numbers are the engine's for it;
// "Use this layout" pins its keys; the table sorts and filters.
#include "window_fixture.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QTabWidget>
#include <QTableView>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "ui/charts/explorer_chart_view.h"
#include "ui/charts/layout_explorer_tab.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/point_cloud_item.h"
#include "ui/charts/step_time_chart_view.h"
#include "ui/models/layout_table_model.h"
#include "ui/models/plan_comparison.h"
#include "ui/models/plan_summary.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// The window with every layout key open and the Explorer tab shown.
struct ExplorerFixture : WindowFixture {
    ExplorerFixture() {
        REQUIRE(
            editAndWait([this] { controller.update([](Scenario& s) { s.layout.open = kAllLayoutKeys; }); }));
        window.showTabOf(window.explorer());
        QApplication::processEvents();
        REQUIRE(plan().search.has_value());
    }
    [[nodiscard]] const Plan& plan() const { return *controller.plan(); }
    [[nodiscard]] ExplorerChartView& chart() const { return *window.explorer()->chart(); }

    // A fitting layout other than the recommended one.
    [[nodiscard]] std::size_t otherRow() const {
        const auto& ranked = plan().search->ranked;
        for (std::size_t i = ranked.size() / 2; i < ranked.size(); ++i)
            if (ranked[i].fits && i != plan().search->best)
                return i;
        FAIL("no second fitting layout");
        return 0;
    }

    // Every view shows ranked[row] as the selection, with the engine's numbers for it.
    // Memory and Time render when shown (TabRenderer): each is shown before it is read, and the
    // Explorer again at the end.
    void checkSelected(std::size_t row) {
        const Candidate& c = plan().search->ranked[row];
        REQUIRE(window.comparison().selectedIndex() == row);
        // The selection is evaluated on a worker thread: its plan arrives after the click.
        REQUIRE(QTest::qWaitFor([&] { return !window.comparison().isEvaluating(); }, kWaitMs));
        const auto& selected = window.comparison().selectedPlan();
        REQUIRE(selected.has_value());
        CHECK(selected->memory.total() == Approx(c.memoryBytes));
        CHECK(selected->perf.stepSeconds == Approx(c.perf.stepSeconds));
        // Scatter: the selected marker sits on the layout's point.
        const QScatterSeries* marker = chart().selectedSeries();
        REQUIRE(marker->count() == 1);
        CHECK(marker->at(0).x() == Approx(toGib(c.memoryBytes)));
        CHECK(marker->at(0).y() == Approx(c.perf.tokensPerSecond));
        // Table: the current row is this layout.
        const QTableView* table = window.explorer()->table();
        const QModelIndex current = window.explorer()->proxy()->mapToSource(table->currentIndex());
        CHECK(current.row() == static_cast<int>(row));
        // Memory: a second bar, labelled "Selected", as tall as the layout's peak memory.
        window.showTabOf(window.memoryChart());
        const QStringList labels = window.memoryChart()->columnLabels();
        REQUIRE(labels.size() == 2);
        CHECK(labels[1].startsWith(QStringLiteral("Selected")));
        CHECK(stackedTotal(*window.memoryChart(), 1) == Approx(toGib(c.memoryBytes)).epsilon(1e-6));
        // Time: a second bar with the layout's step-time parts.
        window.showTabOf(window.stepTimeChart());
        const std::vector<StepPart> parts = stepParts(c.perf);
        const QList<QBarSet*> sets = window.stepTimeChart()->barSets();
        REQUIRE(sets.size() == static_cast<qsizetype>(parts.size()));
        for (std::size_t i = 0; i < parts.size(); ++i)
            CHECK(sets[static_cast<qsizetype>(i)]->at(1) == Approx(parts[i].seconds));
        window.showTabOf(window.explorer());
    }
};

}  // namespace

TEST_CASE("explorer.cloud_holds_every_evaluated_layout", "[explorer]") {
    ExplorerFixture f;
    const SearchResult& search = *f.plan().search;
    CHECK(search.ranked.size() == search.evaluated);
    CHECK(f.chart().cloud()->points().size() == search.evaluated);
    CHECK(f.window.explorer()->model()->rowCount() == static_cast<int>(search.evaluated));
    std::size_t front = 0;
    for (const Candidate& c : search.ranked)
        front += c.pareto ? 1 : 0;
    CHECK(f.chart().frontSeries()->count() == static_cast<int>(front));
    // The count with group separators ("3,648"), as every count in the window.
    CHECK(f.chart().chart()->title().contains(
        QStringLiteral("%1 layouts evaluated")
            .arg(QLocale().toString(static_cast<qlonglong>(search.evaluated)))));
}

TEST_CASE("explorer.click_on_point_selects_layout_everywhere", "[explorer]") {
    ExplorerFixture f;
    const auto pos = f.chart().viewPosition(f.otherRow());
    REQUIRE(pos.has_value());
    // Layouts can share a point: the click selects the one the cloud finds under the cursor.
    const auto under = f.chart().cloud()->pointNear(f.chart().mapToScene(*pos), 7);
    REQUIRE(under.has_value());
    QTest::mouseMove(f.chart().viewport(), *pos);
    QTest::mouseClick(f.chart().viewport(), Qt::LeftButton, {}, *pos);
    f.checkSelected(under->id);
}

TEST_CASE("explorer.click_on_row_selects_layout_everywhere", "[explorer]") {
    ExplorerFixture f;
    QTableView* table = f.window.explorer()->table();
    table->sortByColumn(LayoutTableModel::MemoryGib, Qt::AscendingOrder);
    const QModelIndex proxyIndex = table->model()->index(3, LayoutTableModel::Tp);
    const int row = f.window.explorer()->proxy()->mapToSource(proxyIndex).row();
    const QRect rect = table->visualRect(proxyIndex);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    f.checkSelected(static_cast<std::size_t>(row));
}

TEST_CASE("explorer.use_this_layout_pins_its_keys", "[explorer]") {
    ExplorerFixture f;
    const std::size_t row = f.otherRow();
    const Candidate chosen = f.plan().search->ranked[row];
    f.window.comparison().selectLayout(row);
    auto* use = f.widget<QPushButton>("useLayout");
    REQUIRE(use->isEnabled());
    REQUIRE(f.editAndWait([&] { QTest::mouseClick(use, Qt::LeftButton); }));
    const Scenario& s = f.controller.scenario();
    CHECK(s.layout.open == 0u);
    CHECK(s.layout.tp == chosen.layout.tp);
    CHECK(s.layout.pp == chosen.layout.pp);
    CHECK(s.layout.microBatch == chosen.layout.microBatch);
    CHECK(s.layout.zeroStage == chosen.layout.zeroStage);
    CHECK_FALSE(f.plan().search.has_value());
    CHECK(f.plan().memory.total() == Approx(chosen.memoryBytes));
    CHECK(f.plan().perf.stepSeconds == Approx(chosen.perf.stepSeconds));
}

TEST_CASE("explorer.table_sorts_and_filters", "[explorer]") {
    ExplorerFixture f;
    LayoutTableModel* model = f.window.explorer()->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    LayoutFilterProxy* proxy = f.window.explorer()->proxy();
    proxy->setTerms(QStringLiteral("tp=2 zero=1"));
    REQUIRE(proxy->rowCount() > 0);
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const Candidate* c = model->candidate(proxy->mapToSource(proxy->index(r, 0)).row());
        CHECK(c->layout.tp == 2);
        CHECK(c->layout.zeroStage == 1);
    }
    proxy->setTerms({});
    proxy->setFitsOnly(true);
    for (int r = 0; r < proxy->rowCount(); ++r)
        CHECK(model->candidate(proxy->mapToSource(proxy->index(r, 0)).row())->fits);
    proxy->sort(LayoutTableModel::TokensPerSecond, Qt::DescendingOrder);
    for (int r = 1; r < proxy->rowCount(); ++r)
        CHECK(
            proxy->index(r - 1, LayoutTableModel::TokensPerSecond)
                .data(LayoutTableModel::kSortRole)
                .toDouble() >=
            proxy->index(r, LayoutTableModel::TokensPerSecond).data(LayoutTableModel::kSortRole).toDouble());
}

TEST_CASE("explorer.selection_follows_an_edit", "[explorer]") {
    ExplorerFixture f;
    const std::size_t row = f.otherRow();
    const Layout layout = f.plan().search->ranked[row].layout;
    f.window.comparison().selectLayout(row);
    // A longer run changes days, not the ranking's layouts: the same layout stays selected.
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.training.tokens *= 2; }); }));
    const auto index = f.window.comparison().selectedIndex();
    REQUIRE(index.has_value());
    CHECK(f.plan().search->ranked[*index].layout.tp == layout.tp);
    CHECK(f.plan().search->ranked[*index].layout.microBatch == layout.microBatch);
    f.checkSelected(*index);
}

// Selecting a layout must not evaluate on the UI thread (48 ms with two measured runs, every
// click): selectLayout() returns at once with the evaluation pending, and the views get the
// engine's plan for it when the worker returns. A second selection before then wins.
TEST_CASE("explorer.selection_is_evaluated_on_the_worker", "[explorer]") {
    ExplorerFixture f;
    QSignalSpy changed(&f.window.comparison(), &PlanComparison::changed);
    const std::size_t first = f.otherRow();
    const std::size_t second = *f.plan().search->best;
    f.window.comparison().selectLayout(first);
    CHECK(f.window.comparison().isEvaluating());
    CHECK_FALSE(f.window.comparison().selectedPlan().has_value());
    f.window.comparison().selectLayout(second);
    f.checkSelected(second);
    // The first selection's result, overtaken, was never shown: one changed() per selection and
    // one for the plan that arrived.
    CHECK(changed.count() == 3);
}

TEST_CASE("explorer.metric_switch_redraws_the_cloud", "[explorer]") {
    ExplorerFixture f;
    f.chart().setMetric(ExplorerChartView::Metric::Days);
    const auto& points = f.chart().cloud()->points();
    REQUIRE_FALSE(points.empty());
    const Candidate& c = f.plan().search->ranked[points.front().id];
    CHECK(points.front().value.x() == Approx(c.perf.trainDays));
    f.chart().setMetric(ExplorerChartView::Metric::CostPerMillionTokens);
    REQUIRE(f.plan().cost.has_value());
    const auto best = f.plan().search->best;
    REQUIRE(best.has_value());
    for (const auto& p : f.chart().cloud()->points())
        if (p.id == *best)  // the recommended layout's cost is the report's own
            CHECK(p.value.x() == Approx(*f.plan().cost->perMillionTokensRent).epsilon(1e-9));
}

TEST_CASE("explorer.offload_column_shows_the_recommended_layouts_offload", "[explorer][fine_tuning]") {
    // Llama 3.1 70B full fine-tune on the seed's 8x A100 80GB server with 2 TB of host
    // memory and the search open: nothing fits in GPU memory alone, the search chooses ZeRO-Offload.
    // The table, the filter, the point's tooltip and the summary tell it from a layout without.
    WindowFixture f;
    editToLlama70bOffload(f);
    f.window.showTabOf(f.window.explorer());
    QApplication::processEvents();
    const Plan& p = *f.controller.plan();
    REQUIRE(p.search.has_value());
    REQUIRE(p.search->offloadChosen);
    REQUIRE(p.search->best.has_value());
    const std::size_t best = *p.search->best;
    REQUIRE(p.search->ranked[best].layout.offload == Offload::Optimizer);

    LayoutTableModel* model = f.window.explorer()->model();
    CHECK(model->headerData(LayoutTableModel::CpuOffload, Qt::Horizontal, Qt::DisplayRole).toString() ==
          QStringLiteral("offload"));
    const QModelIndex cell = model->index(static_cast<int>(best), LayoutTableModel::CpuOffload);
    CHECK(cell.data().toString() == QStringLiteral("optimizer"));
    CHECK(cell.data(LayoutTableModel::kKeyRole).toString() == QStringLiteral("optimizer"));

    // "offload=optimizer" keeps the offloaded layouts only; "offload=none" the others.
    LayoutFilterProxy* proxy = f.window.explorer()->proxy();
    proxy->setTerms(QStringLiteral("offload=optimizer"));
    const int offloaded = proxy->rowCount();
    CHECK(offloaded > 0);
    for (int r = 0; r < offloaded; ++r)
        CHECK(proxy->index(r, LayoutTableModel::CpuOffload).data().toString() == QStringLiteral("optimizer"));
    proxy->setTerms(QStringLiteral("offload=none"));
    CHECK(proxy->rowCount() > 0);
    CHECK(proxy->rowCount() + offloaded <= model->rowCount());
    proxy->setTerms(QString());
    // Sorting by the column puts layouts without offload first.
    proxy->sort(LayoutTableModel::CpuOffload, Qt::AscendingOrder);
    CHECK(proxy->index(0, LayoutTableModel::CpuOffload).data().toString() == QStringLiteral("none"));
    CHECK(proxy->index(proxy->rowCount() - 1, LayoutTableModel::CpuOffload).data().toString() !=
          QStringLiteral("none"));

    CHECK(f.window.explorer()->chart()->tooltip(best).contains(QStringLiteral("CPU offload: optimizer")));
    CHECK(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("CPU offload optimizer")));
    // Selecting another offloaded layout labels its memory bar with the offload.
    std::size_t other = best;
    for (std::size_t i = 0; i < p.search->ranked.size() && other == best; ++i)
        if (i != best && p.search->ranked[i].layout.offload == Offload::Optimizer)
            other = i;
    REQUIRE(other != best);
    f.window.comparison().selectLayout(other);
    // The selection is evaluated on a worker thread: its plan (and its bar) arrive after the click.
    REQUIRE(QTest::qWaitFor([&] { return !f.window.comparison().isEvaluating(); }, kWaitMs));
    // Tabs render when shown (ui/mainwindow/tab_renderer.h): look at the Memory tab.
    f.window.showTabOf(f.window.memoryChart());
    QApplication::processEvents();
    const QStringList selectedLabels =
        f.window.memoryChart()->columnLabels().filter(QRegularExpression(QStringLiteral("^Selected<br>")));
    REQUIRE(selectedLabels.size() == 1);
    CHECK(selectedLabels[0].endsWith(QStringLiteral("+ CPU offload<br>optimizer")));

    // In Chinese: header and value translated, the filter still takes the engine's name. The
    // switch rebuilds the window's widgets: the table's model and proxy are new ones.
    f.window.setLanguage(QStringLiteral("zh_CN"));
    f.window.showTabOf(f.window.explorer());
    QApplication::processEvents();
    model = f.window.explorer()->model();
    proxy = f.window.explorer()->proxy();
    CHECK(model->headerData(LayoutTableModel::CpuOffload, Qt::Horizontal, Qt::DisplayRole).toString() ==
          QStringLiteral("CPU 卸载"));
    CHECK(model->index(static_cast<int>(best), LayoutTableModel::CpuOffload).data().toString() ==
          QStringLiteral("优化器"));
    proxy->setTerms(QStringLiteral("offload=optimizer"));
    CHECK(proxy->rowCount() == offloaded);
    proxy->setTerms(QString());
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("explorer.fits_only_filters_the_cloud_and_zooms_to_the_layouts_that_fit", "[explorer]") {
    ExplorerFixture f;
    const auto& ranked = f.plan().search->ranked;
    std::size_t fitting = 0;
    double widest = 0;
    for (const Candidate& c : ranked)
        if (c.fits) {
            ++fitting;
            widest = std::max(widest, toGib(c.memoryBytes));
        }
    REQUIRE(fitting > 0);
    REQUIRE(fitting < ranked.size());  // the default search has layouts that do not fit
    auto* box = f.window.explorer()->findChild<QCheckBox*>(QStringLiteral("explorerFitsOnly"));
    REQUIRE(box != nullptr);
    const double before = f.chart().xAxis()->max();
    box->click();  // as the user does
    REQUIRE(f.chart().fitsOnly());
    CHECK(f.chart().cloud()->points().size() == fitting);
    CHECK(f.window.explorer()->proxy()->rowCount() == static_cast<int>(fitting));
    // The x axis holds the fitting layouts and the HBM capacity, no longer the largest misfit.
    const double capacity = toGib(f.plan().memory.capacity);
    CHECK(f.chart().xAxis()->max() >= std::max(widest, capacity));
    CHECK(f.chart().xAxis()->max() < before);
    CHECK(f.chart().xAxis()->max() <= 1.5 * std::max(widest, capacity));
    // Round ticks: the axis ends on a multiple of its tick step.
    const QValueAxis* x = f.chart().xAxis();
    const double step = (x->max() - x->min()) / (x->tickCount() - 1);
    CHECK(std::abs(std::remainder(x->max(), step)) < 1e-6 * x->max());
    box->click();
    CHECK(f.chart().cloud()->points().size() == ranked.size());
}

// The layouts that do not fit stretched the x axis to 1 692 GiB, so every fitting point
// and the Pareto front sat in the left 5 % of the plot. By default the axis ends at twice the larger
// of the HBM and the widest fitting layout; the title counts the layouts off the right edge.
TEST_CASE("explorer.default_view_gives_the_fitting_layouts_the_plot", "[explorer]") {
    ExplorerFixture f;
    double widest = 0, largest = 0;
    for (const Candidate& c : f.plan().search->ranked) {
        largest = std::max(largest, toGib(c.memoryBytes));
        if (c.fits)
            widest = std::max(widest, toGib(c.memoryBytes));
    }
    const double end = 2 * std::max(widest, toGib(f.plan().memory.capacity));
    REQUIRE(largest > end);  // GPT-3 on 1 024 A100: misfits need well over 1 TiB per GPU
    const QValueAxis* x = f.chart().xAxis();
    CHECK(x->max() >= end);
    CHECK(x->max() <= 1.3 * end);  // the padding and a round tick, no more
    // The count is of the layouts right of the axis as drawn, which ends on a round tick past `end`.
    std::size_t beyond = 0;
    for (const Candidate& c : f.plan().search->ranked)
        beyond += toGib(c.memoryBytes) > x->max() ? 1 : 0;
    CHECK(f.chart().chart()->title().contains(
        QStringLiteral(": %1").arg(QLocale().toString(static_cast<qlonglong>(beyond)))));
    // Every fitting layout is inside the plot.
    for (const auto& p : f.chart().cloud()->points())
        if (f.plan().search->ranked[p.id].fits)
            CHECK(p.value.x() <= x->max());
}

// "Use this layout" closed the search and emptied the cloud and the table ("every layout
// key is fixed", "0 of 0 shown"); after a baseline was pinned and a second layout used, only the
// baseline's square was drawn. The explored search stays, so the user compares and uses another
// layout of it without Undo; an edit of another input drops it (its cloud would be another job's).
TEST_CASE("explorer.use_this_layout_keeps_the_explored_cloud", "[explorer]") {
    ExplorerFixture f;
    const std::size_t layouts = f.plan().search->ranked.size();
    const std::size_t drawn = f.chart().cloud()->points().size();
    REQUIRE(drawn > 1);
    const std::size_t first = f.otherRow();
    const std::size_t second = *f.plan().search->best;
    const Candidate chosen = f.plan().search->ranked[second];
    QTest::mouseClick(f.widget<QPushButton>("pinBaseline"), Qt::LeftButton);
    auto* use = f.widget<QPushButton>("useLayout");
    for (const std::size_t row : {first, second}) {
        INFO("using row " << row);
        f.window.comparison().selectLayout(row);
        REQUIRE(f.editAndWait([&] { QTest::mouseClick(use, Qt::LeftButton); }));
        QApplication::processEvents();
        REQUIRE_FALSE(f.plan().search.has_value());  // the layout is pinned in the scenario
        CHECK(f.chart().cloud()->points().size() == drawn);
        CHECK(f.window.explorer()->model()->rowCount() == static_cast<int>(layouts));
        CHECK(f.window.comparison().selectedIndex() == row);  // the used layout stays marked
        CHECK(f.chart().selectedSeries()->count() == 1);
        CHECK(use->isEnabled());
    }
    // The second layout used is the current plan, beside the baseline's square.
    CHECK(f.plan().perf.stepSeconds == Approx(chosen.perf.stepSeconds));
    CHECK(f.plan().memory.total() == Approx(chosen.memoryBytes));
    CHECK(f.window.comparison().baseline().has_value());
    const QList<QAbstractSeries*> series = f.chart().chart()->series();
    const bool baselineDrawn = std::any_of(series.begin(), series.end(), [](QAbstractSeries* s) {
        const auto* scatter = qobject_cast<QScatterSeries*>(s);
        return scatter && scatter->markerShape() == QScatterSeries::MarkerShapeRectangle &&
               scatter->count() == 1;
    });
    CHECK(baselineDrawn);

    // Another input changed: the explored cloud is of another job and goes.
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.training.tokens *= 2; }); }));
    QApplication::processEvents();
    CHECK(f.chart().cloud()->points().empty());
    CHECK(f.window.explorer()->model()->rowCount() == 0);
}

// The y axis must not jump when a layout is selected: the same cloud keeps the same
// axes, the user's zoom and the same plot area, whichever point is marked.
TEST_CASE("explorer.selection_keeps_the_axes_still", "[explorer]") {
    ExplorerFixture f;
    showAtDefaultSize(f, f.window.explorer());
    auto* yAxis = qobject_cast<QValueAxis*>(f.chart().chart()->axes(Qt::Vertical).value(0));
    REQUIRE(yAxis != nullptr);
    const double fullMax = yAxis->max();
    // Zoomed in on the middle of the plot, as a drag does.
    const QRectF full = f.chart().chart()->plotArea();
    f.chart().chart()->zoomIn(full.adjusted(full.width() / 4, full.height() / 4, -full.width() / 4, 0));
    REQUIRE(yAxis->max() < fullMax);
    QApplication::processEvents();
    const QRectF plotArea = f.chart().chart()->plotArea();
    const double yMin = yAxis->min();
    const double yMax = yAxis->max();
    const double xMax = f.chart().xAxis()->max();
    for (const std::size_t row : {f.otherRow(), std::size_t{0}, f.plan().search->ranked.size() - 1}) {
        INFO("row " << row);
        f.window.comparison().selectLayout(row);
        QApplication::processEvents();
        REQUIRE(f.chart().selectedSeries()->count() == 1);
        CHECK(yAxis->min() == yMin);
        CHECK(yAxis->max() == yMax);
        CHECK(f.chart().xAxis()->max() == xMax);
        CHECK(f.chart().chart()->plotArea() == plotArea);
    }
}

// The Explorer of a scenario without a search drew tick labels over its empty plot
// ("0 0 1 1 1" up the y axis). Without points the axes carry no labels; a search brings them back.
TEST_CASE("explorer.empty_plot_has_no_tick_labels", "[explorer]") {
    WindowFixture f;
    REQUIRE(f.controller.plan().has_value());
    REQUIRE_FALSE(f.controller.plan()->search.has_value());  // the default scenario fixes its layout
    f.window.showTabOf(f.window.explorer());
    ExplorerChartView& chart = *f.window.explorer()->chart();
    CHECK(chart.cloud()->points().empty());
    CHECK_FALSE(chart.xAxis()->labelsVisible());
    CHECK_FALSE(qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Vertical).value(0))->labelsVisible());
    CHECK_FALSE(chart.xAxis()->isTitleVisible());  // not elided to "…" beside the message
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.layout.open = kTp | kPp; }); }));
    CHECK_FALSE(chart.cloud()->points().empty());
    CHECK(chart.xAxis()->labelsVisible());
    CHECK(qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Vertical).value(0))->labelsVisible());
    CHECK(chart.xAxis()->isTitleVisible());
}

namespace {

// The chart's title as one line of text (WrappedTitle breaks it with <br> where the chart is narrow).
QString titleText(const ExplorerChartView& chart) {
    return chart.chart()->title().replace(QStringLiteral("<br>"), QStringLiteral(" "));
}

// The ranking rows drawn in the cloud.
std::vector<std::size_t> drawnRows(const ExplorerChartView& chart) {
    std::vector<std::size_t> rows;
    for (const auto& p : chart.cloud()->points())
        rows.push_back(p.id);
    std::sort(rows.begin(), rows.end());
    return rows;
}

}  // namespace

// The text filter kept 255 of 3,648 rows in the table while the cloud still drew all of them. Typed
// as a user types it, the filter keeps the same layouts in both, and the counts say so.
TEST_CASE("explorer.text_filter_drives_the_cloud_and_the_counts", "[explorer]") {
    ExplorerFixture f;
    const std::size_t all = f.plan().search->ranked.size();
    auto* filter = f.widget<QLineEdit>("explorerFilter");
    QTest::keyClicks(filter, QStringLiteral("tp=2 zero=1"));
    LayoutFilterProxy* proxy = f.window.explorer()->proxy();
    const int kept = proxy->rowCount();
    REQUIRE(kept > 0);
    REQUIRE(kept < static_cast<int>(all));
    std::vector<std::size_t> tableRows;
    for (int r = 0; r < kept; ++r)
        tableRows.push_back(static_cast<std::size_t>(proxy->mapToSource(proxy->index(r, 0)).row()));
    std::sort(tableRows.begin(), tableRows.end());
    CHECK(drawnRows(f.chart()) == tableRows);
    for (const auto& p : f.chart().cloud()->points()) {
        const Candidate& c = f.plan().search->ranked[p.id];
        CHECK(c.layout.tp == 2);
        CHECK(c.layout.zeroStage == 1);
    }
    const QString counts =
        QStringLiteral("%1 of %2")
            .arg(QLocale().toString(kept), QLocale().toString(static_cast<qlonglong>(all)));
    CHECK(f.widget<QLabel>("explorerCount")->text() == counts + QStringLiteral(" shown"));
    CHECK(titleText(f.chart()).contains(counts + QStringLiteral(" layouts shown")));
    // The front is of the layouts shown: every point of it passes the filter.
    REQUIRE(f.chart().frontSeries()->count() > 0);
    for (const QPointF& p : f.chart().frontSeries()->points()) {
        const bool drawn = std::any_of(f.chart().cloud()->points().begin(), f.chart().cloud()->points().end(),
                                       [&](const auto& q) { return q.value == p; });
        CHECK(drawn);
    }
    // Cleared: every layout again.
    filter->clear();
    CHECK(f.chart().cloud()->points().size() == all);
    CHECK(titleText(f.chart()).contains(QStringLiteral("layouts evaluated")));
}

// On the cost axis the memory/throughput front was drawn as chords across the cloud. The front is
// that of the axes shown: no layout that fits lies left of and above it, and it rises to the right.
TEST_CASE("explorer.pareto_front_is_computed_for_the_axes_shown", "[explorer]") {
    ExplorerFixture f;
    for (const auto metric :
         {ExplorerChartView::Metric::Memory, ExplorerChartView::Metric::CostPerMillionTokens,
          ExplorerChartView::Metric::Days}) {
        INFO("metric " << static_cast<int>(metric));
        f.chart().setMetric(metric);
        const QList<QPointF> front = f.chart().frontSeries()->points();
        REQUIRE_FALSE(front.isEmpty());
        for (qsizetype i = 1; i < front.size(); ++i) {
            CHECK(front[i].x() > front[i - 1].x());
            CHECK(front[i].y() > front[i - 1].y());
        }
        std::size_t dominated = 0;
        for (const auto& p : f.chart().cloud()->points()) {
            if (!f.plan().search->ranked[p.id].fits)
                continue;
            // Not better than the front: some front point is at most as far right and as high.
            const bool beaten = std::any_of(front.begin(), front.end(), [&](const QPointF& q) {
                return q.x() <= p.value.x() && q.y() >= p.value.y();
            });
            CHECK(beaten);
            dominated += beaten ? 0 : 1;
        }
        CHECK(dominated == 0);
    }
    // In memory the front is the search's own (Candidate::pareto).
    f.chart().setMetric(ExplorerChartView::Metric::Memory);
    std::size_t marked = 0;
    for (const Candidate& c : f.plan().search->ranked)
        marked += c.pareto ? 1 : 0;
    CHECK(f.chart().frontSeries()->count() == static_cast<int>(marked));
}

// "drag to zoom" did nothing in the tester's hands. A drag with the mouse narrows both axes to the
// rectangle; Reset zoom brings back the fitted axes.
TEST_CASE("explorer.dragging_a_rectangle_zooms_and_reset_restores", "[explorer]") {
    ExplorerFixture f;
    showAtDefaultSize(f, f.window.explorer());
    ExplorerChartView& chart = f.chart();
    QValueAxis* x = chart.xAxis();
    QValueAxis* y = chart.yAxis();
    const double x0 = x->min(), x1 = x->max(), y0 = y->min(), y1 = y->max();
    auto* reset = f.widget<QPushButton>("explorerResetZoom");
    CHECK_FALSE(reset->isEnabled());
    const QRectF area = chart.mapFromScene(chart.chart()->plotArea()).boundingRect();
    const QPoint from = (area.topLeft() + QPointF(0.2 * area.width(), 0.3 * area.height())).toPoint();
    const QPoint to = (area.topLeft() + QPointF(0.6 * area.width(), 0.8 * area.height())).toPoint();
    QWidget* viewport = chart.viewport();
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    for (int step = 1; step <= 5; ++step)
        QTest::mouseMove(viewport, from + (to - from) * step / 5);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
    QApplication::processEvents();
    // The new x range is the dragged part of the old one (within a pixel's worth).
    const double perPixelX = (x1 - x0) / area.width();
    CHECK(x->min() == Approx(x0 + 0.2 * (x1 - x0)).margin(2 * perPixelX));
    CHECK(x->max() == Approx(x0 + 0.6 * (x1 - x0)).margin(2 * perPixelX));
    const double perPixelY = (y1 - y0) / area.height();
    CHECK(y->max() == Approx(y1 - 0.3 * (y1 - y0)).margin(2 * perPixelY));
    CHECK(y->min() == Approx(y1 - 0.8 * (y1 - y0)).margin(2 * perPixelY));
    CHECK(chart.zoomed());
    CHECK(reset->isEnabled());
    CHECK(titleText(chart).contains(QStringLiteral("Reset zoom")));
    // A selection does not undo the zoom.
    f.window.comparison().selectLayout(f.otherRow());
    QApplication::processEvents();
    CHECK(x->max() < x1);

    QTest::mouseClick(reset, Qt::LeftButton);
    CHECK(x->min() == x0);
    CHECK(x->max() == x1);
    CHECK(y->min() == y0);
    CHECK(y->max() == y1);
    CHECK_FALSE(chart.zoomed());
    CHECK_FALSE(reset->isEnabled());
    CHECK(titleText(chart).contains(QStringLiteral("drag to zoom")));
}

// The caption said "layouts above 159 GiB per GPU, off the right edge: 808" while the axis ran to
// 200 GiB and drew the layouts between. The caption names the axis's end and counts what lies
// beyond it, and every layout short of it is drawn.
TEST_CASE("explorer.caption_cut_off_is_the_end_of_the_axis_drawn", "[explorer]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    showAtDefaultSize(f, f.window.explorer());
    const ExplorerChartView& chart = *f.window.explorer()->chart();
    const double end = chart.xAxis()->max();
    std::size_t beyond = 0;
    for (const Candidate& c : f.controller.plan()->search->ranked)
        beyond += toGib(c.memoryBytes) > end ? 1 : 0;
    REQUIRE(beyond > 0);  // GPT-3's misfits need far more than the axis shows
    CHECK(titleText(chart).contains(
        QStringLiteral("layouts above %1 GiB per GPU, off the right edge: %2")
            .arg(QString::number(end, 'f', 0), QLocale().toString(static_cast<qlonglong>(beyond)))));
    // The axis ends on a round tick, at most one tick step past where the fit wanted it.
    const double step = (end - chart.xAxis()->min()) / (chart.xAxis()->tickCount() - 1);
    CHECK(std::abs(std::remainder(end, step)) < 1e-6 * end);
}

// A language switch rebuilds the tab: the x axis, the text filter and "fits only" stay as the user
// left them, and the cloud still shows what the filter keeps.
TEST_CASE("explorer.axis_and_filter_survive_a_language_switch", "[explorer][language]") {
    ExplorerFixture f;
    QTest::keyClicks(f.widget<QLineEdit>("explorerFilter"), QStringLiteral("tp=2"));
    f.widget<QComboBox>("explorerMetric")->setCurrentIndex(2);  // days to train
    const std::size_t kept = f.chart().cloud()->points().size();
    REQUIRE(kept < f.plan().search->ranked.size());
    for (const char* language : {"zh_CN", "en"}) {
        INFO(language);
        f.window.setLanguage(QString::fromLatin1(language));
        f.window.showTabOf(f.window.explorer());
        QApplication::processEvents();
        CHECK(f.widget<QLineEdit>("explorerFilter")->text() == QStringLiteral("tp=2"));
        CHECK(f.widget<QComboBox>("explorerMetric")->currentIndex() == 2);
        CHECK(f.chart().cloud()->points().size() == kept);
        for (const auto& p : f.chart().cloud()->points())
            CHECK(p.value.x() == Approx(f.plan().search->ranked[p.id].perf.trainDays));
    }
}
