#pragma once
// MainWindow: wires the input panels (left), the summary and the chart tabs (right: Memory, Time,
// Explorer, Scaling, Cost; the verdict card above) to a PlanController and its PlanComparison
// (selected layout, baseline), and the menus to the document actions, the undo history and the
// language switch. No logic of its own beyond that.
//
// Language switch without restart: every widget takes its texts from tr() when it is built, so on
// QEvent::LanguageChange the window rebuilds its menus and central widgets from the controller's
// state (the scenario and plan live there, not in widgets), keeping geometry, splitter sizes and
// the current tab. New views therefore need no retranslate code of their own.
//
// The chart tabs render only when seen (TabRenderer): a new plan renders the current tab, the
// others when they are shown. Code that reads a hidden tab's views calls showTabOf() (or
// tabRenderer().ensureRendered()) first.
#include <QMainWindow>
#include <QTimer>

#include "ui/i18n/language_switcher.h"
#include "ui/mainwindow/recent_files.h"
#include "ui/models/prompter.h"

class QLabel;
class QTabWidget;

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class Autosave;
class CostChartView;
class CostDetailsView;
class DocumentActions;
class InputsPanel;
class LayoutExplorerTab;
class PlanComparison;
class ScalingTab;
class PhasesTab;
class MeasuredRunsTab;
class VerdictCard;
class LayoutScatterView;
class MemoryChartView;
class PlanController;
class ScenarioHistory;
class TabRenderer;
class StepTimeChartView;
class SummaryView;
class FeedChartView;
class ZeroComparisonChartView;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(PlanController& controller, QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] MemoryChartView* memoryChart() const { return m_memoryChart; }
    [[nodiscard]] ZeroComparisonChartView* zeroChart() const { return m_zeroChart; }
    [[nodiscard]] StepTimeChartView* stepTimeChart() const { return m_stepTimeChart; }
    [[nodiscard]] FeedChartView* feedChart() const { return m_feedChart; }
    [[nodiscard]] LayoutScatterView* layoutScatter() const { return m_layoutScatter; }
    [[nodiscard]] CostChartView* costChart() const { return m_costChart; }
    [[nodiscard]] CostDetailsView* costDetails() const { return m_costDetails; }
    [[nodiscard]] LayoutExplorerTab* explorer() const { return m_explorer; }
    [[nodiscard]] ScalingTab* scaling() const { return m_scaling; }
    [[nodiscard]] PhasesTab* phases() const { return m_phases; }
    [[nodiscard]] MeasuredRunsTab* measuredRuns() const { return m_measured; }
    [[nodiscard]] VerdictCard* verdict() const { return m_verdict; }
    [[nodiscard]] PlanComparison& comparison() const { return *m_comparison; }
    [[nodiscard]] TabRenderer& tabRenderer() const { return *m_tabRenderer; }

    // Shows the chart tab that holds `page` (a wide page sits inside a scroll area).
    void showTabOf(QWidget* page);

    // Switches the window's language ("en", "zh_CN") at once and remembers it for the next start.
    // It rebuilds the menus and the central widgets, so it must not be called from a signal of
    // one of them (the Language menu queues it).
    void setLanguage(const QString& code);
    [[nodiscard]] QString language() const { return m_language.current(); }

    // Opens `path` (from the command line or a dialog); a bad file leaves the scenario as it was
    // and says why in a message box.
    void openScenarioFile(const QString& path);

    [[nodiscard]] DocumentActions& documents() { return *m_documents; }
    [[nodiscard]] ScenarioHistory& history() { return *m_history; }
    [[nodiscard]] Autosave& autosave() { return *m_autosave; }
    [[nodiscard]] Prompter& prompter() { return m_prompter; }
    // Offers the unsaved work of a run that ended without closing, if any (also done once the
    // window is first shown).
    void offerRecovery();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // Builds (or rebuilds, after a language change) the menus and the central widgets.
    void buildUi();
    QWidget* createResultsPane();
    QWidget* createChartTabs();
    void createFileMenu();
    void createEditMenu();
    void createLanguageMenu();
    void createExportMenu();
    void createHelpMenu();
    void showAbout();
    void showArticle();
    void showQuoteBook();
    void showPriceListImport();
    // The catalog again from its files (the built-in data, the user's files, `extraPriceBook`):
    // after a price list updated a book. False with a message box when it cannot be read.
    bool reloadCatalog(const QString& extraPriceBook);
    void fillRecentMenu(QMenu* menu);
    void showPlan();
    void showStatus();
    // The chart tabs' pages that hold more than one view.
    struct TabPages {
        QWidget* memory;
        QWidget* time;
        QWidget* cost;
    };
    // Renders each tab from the model when it is seen (Memory and Time show the current plan with
    // the selected layout and the baseline beside it).
    void connectTabs(QTabWidget& tabs, const TabPages& pages);
    [[nodiscard]] const Plan* selectedPlan() const;
    [[nodiscard]] const Plan* baselinePlan() const;
    void updateTitle();

    PlanController& m_controller;
    LanguageSwitcher m_language;
    QString m_builtLanguage;  // the language the widgets were built in
    Prompter m_prompter{this};
    RecentFiles m_recent;
    DocumentActions* m_documents = nullptr;
    ScenarioHistory* m_history = nullptr;
    Autosave* m_autosave = nullptr;
    bool m_recoveryOffered = false;

    InputsPanel* m_inputs = nullptr;
    SummaryView* m_summary = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_quoteBanner = nullptr;
    QTimer m_busyHint;  // shows "Evaluating…" when an evaluation outlasts its interval
    MemoryChartView* m_memoryChart = nullptr;
    ZeroComparisonChartView* m_zeroChart = nullptr;
    StepTimeChartView* m_stepTimeChart = nullptr;
    FeedChartView* m_feedChart = nullptr;  // under the step time: can the servers feed the GPUs
    LayoutScatterView* m_layoutScatter = nullptr;
    CostChartView* m_costChart = nullptr;
    PlanComparison* m_comparison = nullptr;
    VerdictCard* m_verdict = nullptr;
    LayoutExplorerTab* m_explorer = nullptr;
    ScalingTab* m_scaling = nullptr;
    PhasesTab* m_phases = nullptr;
    MeasuredRunsTab* m_measured = nullptr;
    CostDetailsView* m_costDetails = nullptr;
    TabRenderer* m_tabRenderer = nullptr;  // a child of the chart tabs, rebuilt with them
};

}  // namespace clusterplan::ui
