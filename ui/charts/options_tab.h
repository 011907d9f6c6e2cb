#pragma once
// OptionsTab: which cluster for this job — what `clusterplan-cli options` prints, as a chart and a
// table. The chart puts every option at its days (x) and cost (y), rented and bought as two kinds of
// marker, the Pareto front of days against cost as a line through its options, the deadline and the
// budget as lines, and the option's GPUs, offer and layout in the tooltip. The table sorts by any
// column; a row (double-click, or "Open this option") opens that option as the scenario, undoable
// like any edit. The study runs off the UI thread (QtConcurrent) on a copy of the scenario, says
// how many GPU types are done, and can be cancelled; it runs when asked ("Compare"), never on every
// keystroke. Before the first comparison the tab says what Compare does instead of empty axes.
// The notes stay one line under the answer, their details folded (the chart stays in view at
// 1024 × 700). Up to two rows ticked in the table, with "Add to the PDF quote" checked, go on the
// quote's options page (方案比较) beside the quoted configuration.
#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

#include "core/studies/options_study.h"

class QChartView;
class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QProgressBar;
class QPushButton;
class QScatterSeries;
class QStackedWidget;
class QTableWidget;
class QTableWidgetItem;
class QToolButton;
class QTimer;
class QValueAxis;

namespace clusterplan::ui {

class MoneyAxis;
class PlanController;

// What the quote's options page is made of: the study and the rows ticked for it (indices into
// study.rows; none ticked: the page takes its default alternatives).
struct QuoteOptionsChoice {
    OptionsStudy study;
    std::vector<std::size_t> picks;
};

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
    [[nodiscard]] QChartView* chartView() const { return m_chart; }
    // The one-line summary of the notes and the folded details under it.
    [[nodiscard]] QString notesSummary() const;
    [[nodiscard]] QString notesDetails() const;
    [[nodiscard]] bool notesExpanded() const;
    // Whether the tab shows its empty state (nothing compared yet) instead of the chart.
    [[nodiscard]] bool showsEmptyState() const;

    // The quote's options page: ticks row `row` of study() for it (at most two; false when refused).
    bool tickForQuote(std::size_t row, bool ticked = true);
    [[nodiscard]] const std::vector<std::size_t>& tickedForQuote() const { return m_ticked; }
    void setInQuote(bool on);
    // The study and the ticked rows when "Add to the PDF quote" is checked and the study is of the
    // same job (model and training) as `quoted`, whatever its cluster and offer (a row opened from the
    // study is quoted beside the others); else none.
    [[nodiscard]] std::optional<QuoteOptionsChoice> quoteChoice(const Scenario& quoted) const;

    // What a language switch carries to the rebuilt tab (a study takes seconds): the target, the last
    // comparison and the scenario it compared, the ticks and "Add to the PDF quote".
    struct Kept {
        double deadline = 0, budget = 0;
        std::optional<OptionsStudy> study;
        std::optional<Scenario> studied;
        std::vector<std::size_t> ticked;
        bool inQuote = false;
    };
    [[nodiscard]] Kept kept() const;
    void restore(Kept kept);

signals:
    void studyShown();
    void studyCancelled();

private:
    using Outcome = std::shared_ptr<Result<OptionsStudy>>;
    void studyFinished();
    void showStudy();
    [[nodiscard]] static double chartDaysLimit(const OptionsStudy& study);
    void fillChart();
    void fillTable();
    void showPointToolTip(const QPointF& point, bool buy);
    void openSelected();
    void showNotes();
    void tickChanged(QTableWidgetItem* item);

    PlanController& m_controller;
    QDoubleSpinBox* m_deadline = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QPushButton* m_compare = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_open = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_recommendation = nullptr;
    QLabel* m_notesSummary = nullptr;
    QToolButton* m_notesToggle = nullptr;
    QLabel* m_notesDetails = nullptr;
    QCheckBox* m_inQuote = nullptr;
    QStackedWidget* m_body = nullptr;
    QChartView* m_chart = nullptr;
    QValueAxis* m_daysAxis = nullptr;
    MoneyAxis* m_costAxis = nullptr;
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
    std::optional<Scenario> m_studied;  // the scenario m_study compared
    Scenario m_comparing;               // the scenario of the study running
    std::vector<std::size_t> m_ticked;  // study rows ticked for the quote, in the order ticked
    bool m_filling = false;             // the table is being filled: its item changes are not ticks
    std::vector<std::size_t> m_rentRows, m_buyRows;  // the study row of each marker
    bool m_cancelled = false;
};

}  // namespace clusterplan::ui
