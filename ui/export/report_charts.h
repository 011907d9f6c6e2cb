#pragma once
// ReportCharts: the window's own chart views (ui/charts), made for one plan at a fixed size
// without showing them on screen, so the PDF and the images draw the same charts as the window
// (from the same chart code the window uses, not screenshots).
#include <QGraphicsScene>
#include <QList>
#include <QRectF>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QWidget;

class QChartView;

#include "core/studies/scaling_study.h"

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

struct ReportChart {
    // file stem: "memory", "step_time", "scaling", "scaling_days", "layouts", "cost", "sensitivity"
    QString name;
    QChartView* view = nullptr;
    [[nodiscard]] QGraphicsScene* scene() const;
    [[nodiscard]] QRectF source() const;  // the chart's rectangle in its scene
};

class ReportCharts {
public:
    // `scaling`: the quote's scaling study (QuoteDocument::scaling); absent, no scaling charts.
    ReportCharts(const Plan& plan, const std::optional<ScalingReport>& scaling);
    ~ReportCharts();
    ReportCharts(const ReportCharts&) = delete;
    ReportCharts& operator=(const ReportCharts&) = delete;

    [[nodiscard]] const QList<ReportChart>& charts() const { return m_charts; }
    [[nodiscard]] const ReportChart* chart(const QString& name) const;

private:
    QList<ReportChart> m_charts;
    std::vector<std::unique_ptr<QWidget>> m_widgets;  // owns the views (and the tornado's panel)
};

}  // namespace clusterplan::ui
