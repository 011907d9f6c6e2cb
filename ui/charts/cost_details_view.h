#pragma once
// CostDetailsView: the cost report beyond the cumulative curves — the training run's
// cost rented and owned and per million tokens, the sensitivity tornado (how much each input
// moving by its range changes the owning advantage, rent − own net at the horizon,
// cost/sensitivity.h), and the yearly table of cumulative costs. All figures from plan.cost.
#include <QWidget>

#include <vector>

class QBarSet;
class QBarCategoryAxis;
class QChartView;
class QLabel;
class QTableWidget;

namespace clusterplan {
struct Plan;
}
namespace clusterplan::cost {
struct CostReport;
struct MonthPoint;
}  // namespace clusterplan::cost

namespace clusterplan::ui {

class MoneyAxis;

class CostDetailsView : public QWidget {
    Q_OBJECT

public:
    static constexpr int kTornadoRows = 10;  // the largest swings
    static constexpr int kChangeTicks = 6;   // about as many steps across the change axis

    explicit CostDetailsView(QWidget* parent = nullptr);

    void setPlan(const Plan& plan);

    [[nodiscard]] QString runCostText() const;
    [[nodiscard]] QTableWidget* yearlyTable() const { return m_yearly; }
    [[nodiscard]] QChartView* tornado() const { return m_tornado; }
    [[nodiscard]] MoneyAxis* changeAxis() const { return m_changeAxis; }

private:
    void showTornado(const Plan& plan);
    void clearTornado();
    void showYearly(const Plan& plan);
    void showHalf(const cost::CostReport& report);
    void fillYearly(const cost::CostReport& report, const std::vector<const cost::MonthPoint*>& rows);
    void fitYearly();
    bool eventFilter(QObject* watched, QEvent* event) override;

    QLabel* m_runCost = nullptr;
    QChartView* m_tornado = nullptr;
    QBarCategoryAxis* m_inputAxis = nullptr;
    MoneyAxis* m_changeAxis = nullptr;
    QTableWidget* m_yearly = nullptr;
};

}  // namespace clusterplan::ui
