#pragma once
// OptionsTab: which cluster for this job — what `clusterplan-cli options` prints, as a chart and a
// table. The chart puts every option at its days (x) and cost (y), rented and bought as two kinds of
// marker, the Pareto front of days against cost as a line through its options, the deadline and the
// budget as lines, and the option's GPUs, offer and layout in the tooltip. The table sorts by any
// column; a row (double-click, or "Open this option") opens that option as the scenario, undoable
// like any edit. The study runs off the UI thread (QtConcurrent) on a copy of the scenario, says
// how many GPU types are done, and can be cancelled; it runs when asked ("Compare"), never on every
// keystroke.
#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

#include "core/studies/options_study.h"

class QChartView;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QProgressBar;
class QPushButton;
class QScatterSeries;
class QTableWidget;
class QTimer;
class QValueAxis;

namespace clusterplan::ui {

class PlanController;

class OptionsTab : public QWidget {
    Q_OBJECT

public:
    explicit OptionsTab(PlanController& controller, QWidget* parent = nullptr);
    ~OptionsTab() override;

    // Starts a study of the current scenario with the tab's deadline and budget.
    void compare();
    // Stops the running study; its result is dropped and the tab says it was cancelled.
    void cancel();
    [[nodiscard]] bool isComputing() const { return m_watcher.isRunning(); }
    [[nodiscard]] const std::optional<OptionsStudy>& study() const { return m_study; }
    // Opens row `row` of study() (not of the sorted table) as the scenario.
    void openOption(std::size_t row);
    void setDeadline(double days);
    void setBudget(double amount);  // 0: none

    [[nodiscard]] QTableWidget* table() const { return m_table; }
    [[nodiscard]] QScatterSeries* rentSeries() const { return m_rent; }
    [[nodiscard]] QScatterSeries* buySeries() const { return m_buy; }
    [[nodiscard]] QLineSeries* frontSeries() const { return m_front; }
    [[nodiscard]] QString status() const;
    [[nodiscard]] QString recommendation() const;

signals:
    void studyShown();
    void studyCancelled();

private:
    using Outcome = std::shared_ptr<Result<OptionsStudy>>;
    void studyFinished();
    void showStudy();
    void fillChart();
    void fillTable();
    void showPointToolTip(const QPointF& point, bool buy);
    void openSelected();

    PlanController& m_controller;
    QDoubleSpinBox* m_deadline = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QPushButton* m_compare = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_open = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_recommendation = nullptr;
    QChartView* m_chart = nullptr;
    QValueAxis* m_daysAxis = nullptr;
    QValueAxis* m_costAxis = nullptr;
    QScatterSeries* m_rent = nullptr;
    QScatterSeries* m_buy = nullptr;
    QLineSeries* m_front = nullptr;
    QLineSeries* m_deadlineLine = nullptr;
    QLineSeries* m_budgetLine = nullptr;
    QTableWidget* m_table = nullptr;
    QTimer* m_progressTimer = nullptr;
    QFutureWatcher<Outcome> m_watcher;
    // Shared with the study's threads: they read `cancel` and count GPU types done.
    struct Flags {
        std::atomic<bool> cancel{false};
        std::atomic<std::size_t> done{0};
        std::atomic<std::size_t> total{0};
    };
    std::shared_ptr<Flags> m_flags;
    std::optional<OptionsStudy> m_study;
    std::vector<std::size_t> m_rentRows, m_buyRows;  // the study row of each marker
    bool m_cancelled = false;
};

}  // namespace clusterplan::ui
