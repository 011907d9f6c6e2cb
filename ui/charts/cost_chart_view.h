#pragma once
// CostChartView: cumulative cost of the cluster month by month from plan.cost (rent vs buy):
// rent (accrued), buy (gross cash) and buy net of resale, months 0..horizon, in the report's
// currency with compact labels ("¥1.2M"), and a dashed marker at the break-even month when it
// falls within the horizon. Without a cost report (the price book cannot price the GPU) it is an
// empty chart titled "No cost: <reason>" from the plan's note. The QChart and its axes live as
// long as the view; each setPlan() replaces the series.
#include <QChartView>
#include <QList>
#include <QString>

#include <memory>

#include "core/cost/money.h"
#include "ui/charts/chart_marker.h"

class QLineSeries;
class QValueAxis;

namespace clusterplan {
struct Plan;
namespace cost {
struct CostReport;
}
}  // namespace clusterplan

namespace clusterplan::ui {

class MoneyAxis;

class CostChartView : public QChartView {
    Q_OBJECT

public:
    explicit CostChartView(QWidget* parent = nullptr);

    void setPlan(const Plan& plan);

    // What is shown, for tests and exports: the three cost lines (rent, buy, buy net) and the
    // break-even marker's label ("break-even month 14"; empty when there is no marker).
    [[nodiscard]] QList<QLineSeries*> lines() const;
    [[nodiscard]] QString breakEvenLabel() const;

private:
    void showLines(const cost::CostReport& report);
    // Shows or hides the marker; returns the break-even sentence for the title.
    QString showBreakEven(const cost::CostReport& report);
    void showNoCost(const QString& reason);
    void wrapTitle();
    void placeMarker();
    void showMonthToolTip(double month);

    QValueAxis* m_monthAxis = nullptr;
    MoneyAxis* m_moneyAxis = nullptr;
    std::unique_ptr<ChartMarker> m_breakEven;
    QString m_title;                                  // plain text, lines joined by <br>
    int m_horizonMonths = 36;                         // of the shown report
    cost::Currency m_currency = cost::Currency::Cny;  // of the shown report
};

}  // namespace clusterplan::ui
