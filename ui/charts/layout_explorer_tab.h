#pragma once
// LayoutExplorerTab: every layout the search evaluated, as a scatter (ExplorerChartView)
// and a sortable, filterable table (LayoutTableModel behind LayoutFilterProxy), kept in sync through
// PlanComparison: a click on a point or a row selects that layout in every view; "Use this
// layout" pins its keys in the scenario. The search options — which layout keys are open, TP
// across servers, the largest micro-batch — are edited here.
// The scatter and the table render only when the tab is seen (render(), called by the window's
// TabRenderer): refilling and re-sorting thousands of rows on every input would cost more than the
// search itself.
#include <QRectF>
#include <QWidget>

#include <cstdint>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class ExplorerChartView;
class LayoutFilterProxy;
class LayoutTableModel;
class PlanComparison;

class LayoutExplorerTab : public QWidget {
    Q_OBJECT

public:
    explicit LayoutExplorerTab(PlanComparison& comparison, QWidget* parent = nullptr);

    [[nodiscard]] ExplorerChartView* chart() const { return m_chart; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] LayoutFilterProxy* proxy() const { return m_proxy; }
    [[nodiscard]] LayoutTableModel* model() const { return m_model; }

    // Shows the current plan, its ranking (when a new plan came since), the selection and the
    // baseline.
    void render();

private:
    QWidget* createToolbar();
    QWidget* createSearchOptions();
    void showPlan();
    void showRanking();
    [[nodiscard]] bool rankingStale() const;
    void showSelection(std::optional<std::size_t> row);
    void tableRowChosen();
    void showSearchOptions();
    void setKeyOpen(unsigned key, bool open);
    // The filter's rows for the chart (empty: no text filter) and "N of M shown".
    [[nodiscard]] std::vector<bool> shownRows() const;
    void filterChanged();
    void showCount();
    // The axis, the filter and "fits only" as the user left them, kept across the rebuild of a
    // language switch (on the comparison, which outlives the tab).
    void saveView() const;
    void restoreView();

    PlanComparison& m_comparison;
    ExplorerChartView* m_chart = nullptr;
    QTableView* m_table = nullptr;
    LayoutTableModel* m_model = nullptr;
    LayoutFilterProxy* m_proxy = nullptr;
    QComboBox* m_metric = nullptr;
    QLineEdit* m_filter = nullptr;
    QCheckBox* m_fitsOnly = nullptr;
    QPushButton* m_useLayout = nullptr;
    QPushButton* m_resetZoom = nullptr;
    QLabel* m_count = nullptr;
    std::vector<std::pair<unsigned, QCheckBox*>> m_openKeys;
    QCheckBox* m_crossNodeTp = nullptr;
    QSpinBox* m_maxMicroBatch = nullptr;
    std::uint64_t m_rankedGeneration = 0;  // PlanController::planGeneration() the table was filled from
    // A zoom kept across a language switch, put back when the chart first draws the same plan.
    struct Zoom {
        QRectF ranges;
        std::uint64_t generation = 0;
        int metric = 0;
    };
    std::optional<Zoom> m_pendingZoom;
    [[nodiscard]] std::optional<Zoom> currentZoom() const;
};

}  // namespace clusterplan::ui
