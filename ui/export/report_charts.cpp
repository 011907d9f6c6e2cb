#include "ui/export/report_charts.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>

#include <algorithm>
#include <cmath>

#include "core/report/plan.h"
#include "ui/charts/cost_chart_view.h"
#include "ui/charts/cost_details_view.h"
#include "ui/charts/layout_scatter_view.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/scaling_chart_views.h"
#include "ui/charts/step_time_chart_view.h"
#include "ui/charts/wrapped_legend.h"

namespace clusterplan::ui {

namespace {

// Scene pixels of an exported chart: wide enough for the window's labels, small enough that the
// chart's fonts stay readable once scaled to the page width. The PDF gives a chart a third of the
// page's text height (85 mm): at 900 × 440 it takes the whole 174 mm width (at 520 pixels high it
// was drawn 147 mm wide, its text smaller still).
constexpr int kWidth = 900;
constexpr int kHeight = 440;
// The least font size of an exported chart's text, in points at the screen's resolution: across
// 174 mm, 11.25 pt (15 px at 96 dpi) prints at 8.2 pt; the window's 7.5-9 pt labels printed at 5-6 pt.
constexpr double kLeastPt = 11.25;

// A view laid out at the export size off screen, then filled by `fill(view)`.
template <typename View, typename Fill> View* makeFilled(Fill fill) {
    auto* view = new View;
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(kWidth, kHeight);
    view->show();  // delivers the resize, so the chart and its overlays lay out at this size
    fill(*view);
    QApplication::processEvents();
    return view;
}

// The chart's text without ligatures: "eﬃciency" in a chart title reached pdftotext as one glyph,
// so a reader's search for "efficiency" failed. Latin needs no shaping; CJK is drawn as before.
// And at least kLeastPt, so that it reads in print.
QFont unshaped(QFont f) {
    f.setStyleStrategy(QFont::PreferNoShaping);
    if (f.pixelSize() > 0)
        f.setPixelSize(
            std::max(f.pixelSize(), static_cast<int>(std::ceil(kLeastPt * QFontMetricsF(f).fontDpi() / 72))));
    else if (f.pointSizeF() < kLeastPt)
        f.setPointSizeF(kLeastPt);
    return f;
}

void forPrint(QChart* chart) {
    chart->setTitleFont(unshaped(chart->titleFont()));
    chart->legend()->setFont(unshaped(chart->legend()->font()));
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(unshaped(axis->labelsFont()));
        axis->setTitleFont(unshaped(axis->titleFont()));
    }
    // The charts' own text items too (the wrapped legends and titles drawn beside Qt's).
    for (QGraphicsItem* item : chart->scene()->items()) {
        if (auto* text = qgraphicsitem_cast<QGraphicsTextItem*>(item))
            text->setFont(unshaped(text->font()));
        else if (auto* simple = qgraphicsitem_cast<QGraphicsSimpleTextItem*>(item))
            simple->setFont(unshaped(simple->font()));
    }
    // A wrapped legend laid out again in its print font: its width was that of the window's font,
    // and the step-time legend beside the plot ran past the chart's edge ("contention 0.00").
    if (auto* legend = chart->findChild<WrappedLegend*>(QString(), Qt::FindDirectChildrenOnly))
        legend->refresh();
}

template <typename View> View* make(const Plan& plan) {
    return makeFilled<View>([&plan](View& v) { v.setPlan(plan); });
}

}  // namespace

QGraphicsScene* ReportChart::scene() const {
    return view->scene();
}

QRectF ReportChart::source() const {
    return view->chart()->sceneBoundingRect();
}

ReportCharts::ReportCharts(const Plan& plan, const std::optional<ScalingReport>& scaling) {
    const auto add = [this](const char* name, QWidget* owner, QChartView* view) {
        forPrint(view->chart());
        m_widgets.emplace_back(owner);
        m_charts.push_back({QString::fromLatin1(name), view});
    };
    const auto addView = [&add](const char* name, QChartView* view) { add(name, view, view); };
    addView("memory", make<MemoryChartView>(plan));
    addView("step_time", make<StepTimeChartView>(plan));
    if (scaling) {
        // The Scaling tab's two charts for the quote's study (no deadline: a quote has none).
        addView("scaling", makeFilled<ScalingThroughputChartView>(
                               [&](ScalingThroughputChartView& v) { v.setReport(*scaling); }));
        addView("scaling_days",
                makeFilled<ScalingDaysChartView>([&](ScalingDaysChartView& v) { v.setReport(*scaling, 0); }));
    }
    addView("layouts", make<LayoutScatterView>(plan));
    addView("cost", make<CostChartView>(plan));
    if (plan.cost && !plan.cost->sensitivity.empty()) {
        // The tornado is drawn by the Cost details panel; the report takes its chart view out of
        // the panel and lays it out alone at a chart's size, so its bars and labels are not
        // squeezed by the panel's table.
        auto* details = make<CostDetailsView>(plan);
        QChartView* tornado = details->tornado();
        tornado->setParent(nullptr);
        tornado->setAttribute(Qt::WA_DontShowOnScreen);
        tornado->resize(kWidth, kHeight);
        tornado->show();
        QApplication::processEvents();
        add("sensitivity", tornado, tornado);
        m_widgets.emplace_back(details);
    }
    QApplication::processEvents();  // the charts lay out again in their unshaped fonts
}

ReportCharts::~ReportCharts() = default;

const ReportChart* ReportCharts::chart(const QString& name) const {
    for (const auto& c : m_charts)
        if (c.name == name)
            return &c;
    return nullptr;
}

}  // namespace clusterplan::ui
