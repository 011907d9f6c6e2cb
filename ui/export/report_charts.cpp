#include "export/report_charts.h"

#include <QApplication>
#include <QChart>
#include <QChartView>

#include "charts/cost_chart_view.h"
#include "charts/layout_scatter_view.h"
#include "charts/memory_chart_view.h"
#include "charts/step_time_chart_view.h"
#include "report/plan.h"

namespace clusterplan::ui {

namespace {

// Scene pixels of an exported chart: wide enough for the window's labels, small enough that the
// chart's fonts stay readable once scaled to the page width.
constexpr int kWidth = 900;
constexpr int kHeight = 520;

template <typename View> QChartView* make(const Plan& plan) {
    auto* view = new View;
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(kWidth, kHeight);
    view->show();  // delivers the resize, so the chart and its overlays lay out at this size
    view->setPlan(plan);
    QApplication::processEvents();
    return view;
}

}  // namespace

QGraphicsScene* ReportChart::scene() const {
    return view->scene();
}

QRectF ReportChart::source() const {
    return view->chart()->sceneBoundingRect();
}

ReportCharts::ReportCharts(const Plan& plan) {
    m_charts = {{QStringLiteral("memory"), make<MemoryChartView>(plan)},
                {QStringLiteral("step_time"), make<StepTimeChartView>(plan)},
                {QStringLiteral("layouts"), make<LayoutScatterView>(plan)},
                {QStringLiteral("cost"), make<CostChartView>(plan)}};
}

ReportCharts::~ReportCharts() {
    for (const auto& c : m_charts)
        delete c.view;
}

const ReportChart* ReportCharts::chart(const QString& name) const {
    for (const auto& c : m_charts)
        if (c.name == name)
            return &c;
    return nullptr;
}

}  // namespace clusterplan::ui
