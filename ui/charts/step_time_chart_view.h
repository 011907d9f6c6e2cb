#pragma once
// StepTimeChartView: one horizontal stacked bar of the plan's step time split into its parts
// (compute, recompute, exposed TP/CP/EP/PP communication, pipeline bubble, exposed DP
// communication, optimizer; core's stepParts() order) in seconds, with the calibration band
// (stepSecondsLow..High) as a whisker above the bar. The title gives the step time, its band and
// the MFU; the legend lists each part that takes time with its seconds, and hovering a part shows
// its share. The QChart and its axes live as long as the view; each setPlan() replaces the series.
#include <QChartView>
#include <QColor>
#include <QList>

#include <vector>

#include "core/perf/step_time.h"

class QAbstractSeries;
class QBarCategoryAxis;
class QBarSet;
class QValueAxis;

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class StepTimeChartView : public QChartView {
    Q_OBJECT

public:
    explicit StepTimeChartView(QWidget* parent = nullptr);

    // One fixed colour per step part, in stepParts() order (Okabe–Ito palette plus grey).
    static QList<QColor> partColors();

    // One bar set per step part, labelled with the part's name, one value (seconds) each.
    [[nodiscard]] QList<QBarSet*> barSets() const;

    void setPlan(const Plan& plan);
    // The plan's bar, and the selected layout's and the baseline's beside it (either may be null).
    void setPlans(const Plan& plan, const Plan* selected, const Plan* baseline);

private:
    void labelLegend(QAbstractSeries* bars, const std::vector<StepPart>& parts);
    void addRangeWhisker(double low, double high);

    QBarCategoryAxis* m_categoryAxis = nullptr;
    QValueAxis* m_valueAxis = nullptr;
};

}  // namespace clusterplan::ui
