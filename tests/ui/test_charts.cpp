// Chart contents: five memory categories, four ZeRO stages, the capacity line, no stale series.
#include "window_fixture.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChartView>
#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPointer>
#include <QSpinBox>
#include <QTableWidget>
#include <QValueAxis>

#include "core/studies/scaling_study.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/scaling_tab.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/charts/zero_comparison_chart_view.h"
#include "ui/export/report_charts.h"
#include "ui/models/plan_controller.h"
#include "ui/models/plan_summary.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

const QStringList kCategories{QStringLiteral("Weights"), QStringLiteral("Gradients"),
                              QStringLiteral("Optimizer states"), QStringLiteral("Activations"),
                              QStringLiteral("Other")};

QStringList setLabels(const MemoryBarsView& view) {
    QStringList labels;
    for (const QBarSet* set : view.barSets())
        labels << set->label();
    return labels;
}

double valueAxisMax(const QChartView& view) {
    const auto axes = view.chart()->axes(Qt::Vertical);
    REQUIRE(axes.size() == 1);
    return qobject_cast<QValueAxis*>(axes.first())->max();
}

}  // namespace

TEST_CASE("charts.memory_chart_has_five_categories", "[charts]") {
    WindowFixture f;
    const MemoryChartView& chart = *f.window.memoryChart();
    const Plan& plan = *f.controller.plan();
    CHECK(setLabels(chart) == kCategories);
    for (const QBarSet* set : chart.barSets())
        CHECK(set->count() == 1);
    CHECK(chart.barSets().at(0)->at(0) == Approx(plan.memory.weights / kBytesPerGib));
    CHECK(chart.barSets().at(3)->at(0) == Approx(plan.memory.activations / kBytesPerGib));
    CHECK(stackedTotal(chart, 0) == Approx(plan.memory.total() / kBytesPerGib));
    CHECK(capacityLineGib(chart) == Approx(plan.memory.capacity / kBytesPerGib));
    // The legend names every category whole (WrappedLegend; Qt's own cut "Gradie…" at 1024 px).
    const auto* legend = chart.chart()->findChild<WrappedLegend*>();
    REQUIRE(legend != nullptr);
    for (const QString& category : kCategories)
        CHECK(legend->plainText().contains(category));
    CHECK_FALSE(legend->plainText().contains(QStringLiteral("HBM capacity")));  // the line's own label
    CHECK(chart.chart()->title().contains(QStringLiteral("fits")));
    CHECK(valueAxisMax(chart) >= capacityLineGib(chart));
}

TEST_CASE("charts.capacity_line_is_labelled", "[charts]") {
    WindowFixture f;
    bool found = false;
    for (QAbstractSeries* series : f.window.memoryChart()->chart()->series())
        found = found || series->name() == QStringLiteral("HBM capacity 79.25 GiB");  // A100 80GB SXM
    CHECK(found);
}

TEST_CASE("charts.zero_chart_has_four_stages", "[charts]") {
    WindowFixture f;
    const ZeroComparisonChartView& chart = *f.window.zeroChart();
    const Plan& plan = *f.controller.plan();
    const QStringList columns = chart.columnLabels();
    REQUIRE(columns.size() == 4);
    // Two lines each, so that four fit a narrow chart side by side.
    CHECK(columns[0].contains(QStringLiteral("ZeRO-0<br>(DDP)")));
    CHECK(columns[1].contains(QStringLiteral("ZeRO-1")));
    CHECK(columns[2].contains(QStringLiteral("ZeRO-2")));
    CHECK(columns[3].contains(QStringLiteral("ZeRO-3/<br>FSDP")));
    // The default scenario uses ZeRO-1: only its label says so.
    REQUIRE(plan.layout.zeroStage == 1);
    CHECK(columns[1].contains(QStringLiteral("current")));
    CHECK_FALSE(columns[0].contains(QStringLiteral("current")));

    CHECK(setLabels(chart) == kCategories);
    REQUIRE(plan.zeroStages.size() == 4);
    for (int stage = 0; stage < 4; ++stage) {
        INFO("ZeRO-" << stage);
        CHECK(stackedTotal(chart, stage) ==
              Approx(plan.zeroStages[std::size_t(stage)].total() / kBytesPerGib));
    }
    CHECK(stackedTotal(chart, 1) == Approx(stackedTotal(*f.window.memoryChart(), 0)));
    CHECK(valueAxisMax(chart) >= stackedTotal(chart, 0));
}

TEST_CASE("charts.colours_are_fixed_and_shared", "[charts]") {
    WindowFixture f;
    const auto memorySets = f.window.memoryChart()->barSets();
    const auto zeroSets = f.window.zeroChart()->barSets();
    REQUIRE(memorySets.size() == 5);
    REQUIRE(zeroSets.size() == 5);
    QSet<QRgb> distinct;
    for (int i = 0; i < 5; ++i) {
        CHECK(memorySets[i]->color() == zeroSets[i]->color());
        CHECK(memorySets[i]->color() == MemoryBarsView::categoryColors().at(i));
        distinct.insert(memorySets[i]->color().rgb());
    }
    CHECK(distinct.size() == 5);
}

TEST_CASE("charts.rebuild_replaces_series", "[charts]") {
    WindowFixture f;
    QChart* chart = f.window.memoryChart()->chart();
    const QList<QAbstractSeries*> before = chart->series();
    REQUIRE(before.size() == 2);  // the stacked bars and the capacity line
    QList<QPointer<QAbstractSeries>> old;
    for (QAbstractSeries* series : before)
        old.append(series);

    auto* micro = f.widget<QSpinBox>("microBatch");
    REQUIRE(f.editAndWait([&] { micro->setValue(2); }));
    REQUIRE(f.editAndWait([&] { micro->setValue(1); }));
    CHECK(f.window.memoryChart()->chart() == chart);  // same QChart
    CHECK(chart->series().size() == 2);
    for (const QPointer<QAbstractSeries>& series : old)
        CHECK(series.isNull());  // deleted, not leaked
    CHECK(chart->axes().size() == 2);
}

// An edit that leaves memory alone (here the tokens to train) leaves the memory charts as they are:
// no rebuild, no repaint (the largest part of an edit's redraw, bench_window); one that changes
// memory rebuilds them.
TEST_CASE("charts.memory_charts_rebuild_only_when_memory_changes", "[charts]") {
    WindowFixture f;
    const QPointer<QAbstractSeries> memorySeries = f.window.memoryChart()->chart()->series().first();
    const QPointer<QAbstractSeries> zeroSeries = f.window.zeroChart()->chart()->series().first();
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.training.tokens *= 2; }); }));
    CHECK_FALSE(memorySeries.isNull());
    CHECK_FALSE(zeroSeries.isNull());
    const double before = stackedTotal(*f.window.memoryChart(), 0);
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.training.seqLen /= 2; }); }));
    CHECK(memorySeries.isNull());  // rebuilt: activations halved
    CHECK(zeroSeries.isNull());
    CHECK(stackedTotal(*f.window.memoryChart(), 0) < before);
    CHECK(stackedTotal(*f.window.memoryChart(), 0) ==
          Approx(f.controller.plan()->memory.total() / kBytesPerGib));
}

TEST_CASE("charts.value_axis_grows_past_capacity", "[charts]") {
    WindowFixture f;
    auto* zero = f.widget<QComboBox>("zeroStage");
    REQUIRE(f.editAndWait([&] { zero->setCurrentIndex(zero->findData(0)); }));
    const MemoryChartView& chart = *f.window.memoryChart();
    const double total = stackedTotal(chart, 0);
    REQUIRE(total > capacityLineGib(chart));  // DDP needs about 141 GiB of 79.25
    CHECK(valueAxisMax(chart) >= total);
    CHECK(chart.chart()->title().contains(QStringLiteral("does NOT fit")));
}

// A line's legend entry is a dash in the line's own colour, dotted or dashed as the line is: the
// Scaling and Cost legends drew every line as a black solid dash, so "ideal", "tokens/s" and
// "scaling efficiency" could not be told apart.
TEST_CASE("charts.line_legends_have_the_lines_colours_and_styles", "[charts]") {
    WindowFixture f;
    for (const char* name : {"scaleThroughputChart", "scaleDaysChart"}) {
        INFO(name);
        const QChartView* view = f.widget<QChartView>(name);
        const auto* legend = view->chart()->findChild<WrappedLegend*>();
        REQUIRE(legend != nullptr);
        const QString html = legend->item()->toHtml();
        int lines = 0;
        for (const QAbstractSeries* series : view->chart()->series())
            if (const auto* line = qobject_cast<const QLineSeries*>(series)) {
                INFO(line->name().toStdString() << " " << line->pen().color().name().toStdString());
                CHECK(html.contains(line->pen().color().name(), Qt::CaseInsensitive));
                ++lines;
            }
        CHECK(lines >= 2);
        CHECK(html.contains(QStringLiteral("╍╍")));  // the ideal line and the deadline are dashed
        CHECK(html.contains(QStringLiteral("━━")));
    }
}

// The charts the PDF quote and the images draw (ReportCharts, laid out off screen at the export
// size): no text cut to "..." by Qt Charts. The English quote's scaling chart printed its GPU
// axis title as "..." (found reading the PDF, 3 December 2026).
TEST_CASE("charts.report_charts_draw_every_text_whole", "[charts][export]") {
    WindowFixture f;
    REQUIRE(f.editAndWait(
        [&] { f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/quote-scenario.json")); }));
    const Plan& plan = *f.controller.plan();
    const ScalingReport scaling =
        scalingStudy(plan.scenario, f.controller.catalog(), plan.scenario.cluster.gpus(), 0);
    const ReportCharts charts(plan, scaling);
    REQUIRE(charts.chart(QStringLiteral("scaling")) != nullptr);
    for (const ReportChart& chart : charts.charts())
        for (const QGraphicsItem* item : chart.scene()->items())
            if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item); text && text->isVisible()) {
                INFO(chart.name.toStdString() << ": '" << text->toPlainText().toStdString() << "'");
                CHECK_FALSE(text->toPlainText().endsWith(QStringLiteral("...")));
                CHECK_FALSE(text->toPlainText().endsWith(QStringLiteral("…")));
            }
}

// GPT-3 175B on A100s trains from 64 GPUs: both scaling charts start their GPU axis there (from 1
// GPU, the left half of each chart was empty), and the table groups its counts ("1,024").
TEST_CASE("charts.scaling_axis_starts_at_the_first_count_that_fits", "[charts]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    f.window.showTabOf(f.window.scaling());
    f.widget<QSpinBox>("scaleMaxGpus")->setValue(1024);  // the scenario's own count (a habit may differ)
    const ScalingReport& report = f.window.scaling()->report();
    REQUIRE(QTest::qWaitFor(
        [&] {
            return !f.window.scaling()->isComputing() && !report.curve.empty() &&
                   report.curve.back().gpus == 1024;
        },
        60'000));
    REQUIRE(report.minimumGpus.has_value());
    REQUIRE(*report.minimumGpus > 1);
    REQUIRE(report.curve.front().gpus < *report.minimumGpus);
    const auto first = static_cast<double>(*report.minimumGpus);
    for (const char* name : {"scaleThroughputChart", "scaleDaysChart"}) {
        INFO(name);
        const auto* axis = qobject_cast<const QLogValueAxis*>(
            f.widget<QChartView>(name)->chart()->axes(Qt::Horizontal).value(0));
        REQUIRE(axis != nullptr);
        CHECK(axis->min() > first / 2);  // a margin on the log scale, not a decade of empty counts
        CHECK(axis->min() < first);
    }
    const auto* table = f.widget<QTableWidget>("scaleCurve");
    bool grouped = false;
    for (int row = 0; row < table->rowCount(); ++row)
        if (report.curve[static_cast<std::size_t>(row)].gpus >= 1000) {
            INFO(table->item(row, 0)->text().toStdString());
            CHECK(table->item(row, 0)->text() == QLocale().toString(static_cast<qlonglong>(
                                                     report.curve[static_cast<std::size_t>(row)].gpus)));
            grouped = true;
        }
    CHECK(grouped);
}
