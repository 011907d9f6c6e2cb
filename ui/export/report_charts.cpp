#include "ui/export/report_charts.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>

#include "core/report/plan.h"
#include "ui/charts/cost_chart_view.h"
#include "ui/charts/cost_details_view.h"
#include "ui/charts/layout_scatter_view.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/scaling_chart_views.h"
#include "ui/charts/step_time_chart_view.h"

namespace clusterplan::ui {

namespace {

// Scene pixels of an exported chart: wide enough for the window's labels, small enough that the
// chart's fonts stay readable once scaled to the page width.
constexpr int kWidth = 900;
constexpr int kHeight = 520;

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
QFont unshaped(QFont f) {
    f.setStyleStrategy(QFont::PreferNoShaping);
    return f;
}

void withoutLigatures(QChart* chart) {
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
        withoutLigatures(view->chart());
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
