#include "ui/mainwindow/main_window.h"
#include "ui/mainwindow/claim_panel.h"
#include "ui/mainwindow/summary_view.h"

#include "ui/calibration/measured_runs_tab.h"
#include "ui/charts/cost_chart_view.h"
#include "ui/charts/cost_details_view.h"
#include "ui/charts/feed_chart_view.h"
#include "ui/charts/layout_explorer_tab.h"
#include "ui/charts/layout_scatter_view.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/options_tab.h"
#include "ui/charts/phases_tab.h"
#include "ui/charts/scaling_tab.h"
#include "ui/charts/step_time_chart_view.h"
#include "ui/charts/verdict_card.h"
#include "ui/charts/zero_comparison_chart_view.h"
#include "ui/inputs/inputs_panel.h"
#include "ui/mainwindow/autosave.h"
#include "ui/mainwindow/document_actions.h"
#include "ui/mainwindow/tab_renderer.h"
#include "ui/mainwindow/window_state.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_comparison.h"
#include "ui/models/plan_controller.h"
#include "ui/models/plan_summary.h"
#include "ui/models/qt_text.h"
#include "ui/models/scenario_history.h"

#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTime>
#include <QTimer>
#include <QVBoxLayout>

namespace clusterplan::ui {

namespace {

const QString kLanguageKey = QStringLiteral("ui/language");

// The first local file among dropped URLs, if any.
QString droppedFile(const QMimeData* mime) {
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile())
            return url.toLocalFile();
    }
    return {};
}

// `page` in a frameless scroll area that resizes it: it grows with the window and scrolls below its
// minimum size.
QScrollArea* scrollable(QWidget* page) {
    auto* area = new QScrollArea;
    area->setWidget(page);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

}  // namespace

MainWindow::MainWindow(PlanController& controller, QWidget* parent)
    : QMainWindow(parent), m_controller(controller) {
    QSettings settings;
    const QString saved = settings.value(kLanguageKey).toString();
    m_language.apply(saved.isEmpty() ? languageForLocale(QLocale::system()) : saved);
    m_comparison = new PlanComparison(controller, this);
    m_documents = new DocumentActions(controller, m_prompter, m_recent, this);
    m_history = new ScenarioHistory(controller, this);
    m_autosave = new Autosave(controller, this);
    setAcceptDrops(true);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("evaluationStatus"));
    statusBar()->addPermanentWidget(m_status);
    // While a recorded quote is open (revised from the quote book), its number stays in sight.
    m_quoteBanner = new QLabel;
    m_quoteBanner->setObjectName(QStringLiteral("quoteBanner"));
    m_quoteBanner->setStyleSheet(QStringLiteral("QLabel { background: #e4e9f2; padding: 1px 6px; }"));
    m_quoteBanner->hide();
    statusBar()->addPermanentWidget(m_quoteBanner);
    // A message (where an export was saved and how the quote book recorded it) gets the evaluation
    // status's room while it is shown: beside both, it was cut ("…as Q-2026-0001, revisio").
    connect(statusBar(), &QStatusBar::messageChanged, m_status,
            [this](const QString& message) { m_status->setVisible(message.isEmpty()); });
    resize(1400, 900);
    buildUi();
    if (const QScreen* shown = screen())
        resize(firstWindowSize(size(), minimumSizeHint(), shown->availableGeometry().size()));
    restoreWindowState(*this, settings);
    connect(&controller, &PlanController::planChanged, this, &MainWindow::showPlan);
    connect(&controller, &PlanController::planChanged, this, &MainWindow::showStatus);
    connect(&controller, &PlanController::inputError, this, [this](const QString& where) {
        m_status->setText(tr("No new plan: %1 is not valid (marked in red)").arg(m_inputs->fieldName(where)));
    });
    // A long evaluation (a search over every key of a 405B model) runs on a worker thread; the status
    // bar says so once it has taken longer than a glance, so short ones do not flicker.
    m_busyHint.setSingleShot(true);
    m_busyHint.setInterval(150);
    connect(&controller, &PlanController::evaluationStarted, &m_busyHint, qOverload<>(&QTimer::start));
    connect(&m_busyHint, &QTimer::timeout, this, [this] {
        if (m_controller.isEvaluating())
            m_status->setText(tr("Evaluating…"));
    });
    connect(&controller, &PlanController::documentChanged, this, &MainWindow::updateTitle);
    connect(&controller, &PlanController::scenarioChanged, this, [this] { updateTitle(); });
    // New price books or offers: the inputs list them again. Queued, like a language switch: the
    // signal may come from a dialog's button that the rebuild must not delete under it.
    connect(&controller, &PlanController::catalogChanged, this, [this] {
        QMetaObject::invokeMethod(
            this, [this] { buildUi(); }, Qt::QueuedConnection);
    });
}

MainWindow::~MainWindow() = default;

void MainWindow::buildUi() {
    const QVariantMap arranged = captureWidgetState(*this);
    const QVariantMap scrolled = captureScrollPositions(*this);  // kept across a language switch
    // The Options tab's comparison too: a study takes seconds.
    std::optional<OptionsTab::Kept> options;
    if (const auto* old = findChild<OptionsTab*>())
        options = old->kept();
    m_inputs = new InputsPanel(m_controller);
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(m_inputs);
    splitter->addWidget(createResultsPane());
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    // The verdict first, above everything.
    m_verdict = new VerdictCard(*m_comparison);
    auto* central = new QWidget;
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(4, 4, 4, 0);
    column->addWidget(m_verdict);
    column->addWidget(splitter, 1);
    delete takeCentralWidget();  // now, not later: the old views must not linger beside the new
    setCentralWidget(central);
    if (auto* tab = findChild<OptionsTab*>(); tab && options)
        tab->restore(std::move(*options));
    QMenuBar* menus = menuBar();
    menus->clear();
    qDeleteAll(menus->findChildren<QMenu*>(Qt::FindDirectChildrenOnly));  // and their actions
    createFileMenu();
    createEditMenu();
    createExportMenu();
    createLanguageMenu();
    createHelpMenu();
    applyWidgetState(*this, arranged);
    restoreScrollPositions(*this, scrolled);
    m_builtLanguage = m_language.current();

    // The views are new: show them the current plan (the tabs: the current one now, each other
    // one when it is shown).
    updateTitle();
    if (const auto& plan = m_controller.plan()) {
        m_inputs->showPlan(*plan);
        showStatus();
    }
    showPlan();
    m_tabRenderer->renderCurrent();
}

QWidget* MainWindow::createResultsPane() {
    m_summary = new SummaryView;
    m_summary->setText(tr("No valid plan yet: correct the input marked in red."));

    // An article example's claim and the engine's verdict sit above the summary, where a reader who quotes
    // the article looks first.
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(new ClaimPanel(m_controller));
    topLayout->addWidget(m_summary, 1);
    auto* pane = new QSplitter(Qt::Vertical);
    pane->setObjectName(QStringLiteral("resultsSplitter"));
    pane->addWidget(top);
    pane->addWidget(createChartTabs());
    pane->setStretchFactor(0, 0);
    pane->setStretchFactor(1, 1);
    // The summary holds memory, time and search rows, and scrolls; the charts, whose minimum
    // sizes shrank to fit a 1024 × 700 window, would otherwise get less than the summary.
    pane->setSizes({250, 650});
    return pane;
}

QWidget* MainWindow::createChartTabs() {
    m_memoryChart = new MemoryChartView;
    m_zeroChart = new ZeroComparisonChartView;
    auto* memory = new QSplitter(Qt::Horizontal);
    memory->setObjectName(QStringLiteral("memorySplitter"));
    memory->addWidget(m_memoryChart);
    memory->addWidget(m_zeroChart);
    memory->setStretchFactor(0, 2);
    memory->setStretchFactor(1, 3);
    memory->setSizes({400, 600});

    m_stepTimeChart = new StepTimeChartView;
    m_feedChart = new FeedChartView;
    m_layoutScatter = new LayoutScatterView;
    // The step time, and under it whether the servers can feed it.
    auto* step = new QSplitter(Qt::Vertical);
    step->setObjectName(QStringLiteral("stepSplitter"));
    step->addWidget(m_stepTimeChart);
    step->addWidget(m_feedChart);
    step->setSizes({340, 200});
    auto* time = new QSplitter(Qt::Horizontal);
    time->setObjectName(QStringLiteral("timeSplitter"));
    time->addWidget(step);
    time->addWidget(m_layoutScatter);
    time->setSizes({500, 500});

    m_costChart = new CostChartView;
    m_costDetails = new CostDetailsView;
    auto* cost = new QSplitter(Qt::Horizontal);
    cost->setObjectName(QStringLiteral("costSplitter"));
    cost->addWidget(m_costChart);
    cost->addWidget(m_costDetails);
    cost->setSizes({480, 520});
    m_explorer = new LayoutExplorerTab(*m_comparison);
    m_scaling = new ScalingTab(m_controller);
    m_phases = new PhasesTab(m_controller);
    m_measured = new MeasuredRunsTab(m_controller);

    auto* tabs = new QTabWidget;
    tabs->setObjectName(QStringLiteral("chartTabs"));
    tabs->setDocumentMode(true);
    tabs->addTab(memory, tr("Memory"));
    tabs->addTab(time, tr("Time"));
    // Wide pages scroll rather than force a window wider than a 1366-pixel laptop screen.
    tabs->addTab(scrollable(m_explorer), tr("Explorer"));
    tabs->addTab(scrollable(m_scaling), tr("Scaling"));
    // Which cluster for this job: every priced GPU type and offer, beside the scaling study.
    tabs->addTab(scrollable(new OptionsTab(m_controller)), tr("Options"));
    // Calibration to the user's own runs: beside the other views of time.
    tabs->addTab(scrollable(m_measured), tr("Measured runs"));
    tabs->addTab(scrollable(cost), tr("Cost"));
    tabs->addTab(scrollable(m_phases), tr("Phases"));
    connectTabs(*tabs, {memory, time, cost});
    return tabs;
}

void MainWindow::connectTabs(QTabWidget& tabs, const TabPages& pages) {
    // The Scaling tab is not here: its study already runs only while it is shown (ScalingTab).
    m_tabRenderer = new TabRenderer(tabs);
    m_tabRenderer->addPage(pages.memory, [this] {
        if (const auto& plan = m_controller.plan()) {
            m_memoryChart->setPlans(*plan, selectedPlan(), baselinePlan());
            m_zeroChart->setPlan(*plan);
        }
    });
    m_tabRenderer->addPage(pages.time, [this] {
        if (const auto& plan = m_controller.plan()) {
            m_stepTimeChart->setPlans(*plan, selectedPlan(), baselinePlan());
            m_feedChart->setPlan(*plan);
            m_layoutScatter->setPlan(*plan);
        }
    });
    m_tabRenderer->addPage(m_explorer, [this] { m_explorer->render(); });
    m_tabRenderer->addPage(pages.cost, [this] {
        if (const auto& plan = m_controller.plan()) {
            m_costChart->setPlan(*plan);
            m_costDetails->setPlan(*plan);
        }
    });
    m_tabRenderer->addPage(m_phases, [this] { m_phases->refresh(); });
    // PlanComparison::changed follows every new plan, and also a new selection or baseline, which
    // only the pages that compare plans show.
    connect(&m_controller, &PlanController::planChanged, m_tabRenderer, [this, pages] {
        m_tabRenderer->invalidate({pages.cost, m_phases});
    });
    connect(m_comparison, &PlanComparison::changed, m_tabRenderer, [this, pages] {
        m_tabRenderer->invalidate({pages.memory, pages.time, m_explorer});
    });
}

const Plan* MainWindow::selectedPlan() const {
    const auto& selected = m_comparison->selectedPlan();
    return selected ? &*selected : nullptr;
}

const Plan* MainWindow::baselinePlan() const {
    const auto& baseline = m_comparison->baseline();
    return baseline ? &*baseline : nullptr;
}

void MainWindow::showTabOf(QWidget* page) {
    auto* tabs = findChild<QTabWidget*>(QStringLiteral("chartTabs"));
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->widget(i) == page || tabs->widget(i)->isAncestorOf(page))
            tabs->setCurrentIndex(i);
    }
}

void MainWindow::setLanguage(const QString& code) {
    m_language.apply(code);
    QSettings().setValue(kLanguageKey, m_language.current());
    if (m_builtLanguage != m_language.current())
        buildUi();
}

void MainWindow::changeEvent(QEvent* event) {
    // Installing a translator elsewhere (or the system switching locale) sends LanguageChange;
    // the rebuild is queued so the several events of one switch rebuild once.
    if (event->type() == QEvent::LanguageChange && m_builtLanguage != m_language.current())
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (m_builtLanguage != m_language.current())
                    buildUi();
            },
            Qt::QueuedConnection);
    QMainWindow::changeEvent(event);
}

void MainWindow::showPlan() {
    const auto& plan = m_controller.plan();
    if (!plan)
        return;
    m_summary->setText(planSummaryHtml(*plan));
}

void MainWindow::showStatus() {
    m_status->setText(tr("Plan evaluated in %1 ms at %2")
                          .arg(formatNumber(m_controller.lastEvaluationMs(), 1),
                               QLocale().toString(QTime::currentTime(), QLocale::ShortFormat)));
}

void MainWindow::updateTitle() {
    const QString path = m_controller.filePath();
    const QString name = path.isEmpty() ? tr("default scenario") : QFileInfo(path).fileName();
    const auto& quote = m_controller.scenario().quote;
    if (quote && !quote->number.empty()) {
        const QString number = toQString(quote->number);
        setWindowTitle(tr("ClusterPlan — %1 rev. %2 — %3[*]").arg(number).arg(quote->revision).arg(name));
        // Short: the status bar's messages share its width ("…as Q-2026-0001, revisio" was cut).
        m_quoteBanner->setText(tr("Quote %1, rev. %2").arg(number).arg(quote->revision));
        m_quoteBanner->setToolTip(tr("The next export is recorded in the quote book as quote %1, revision %2")
                                      .arg(number)
                                      .arg(quote->revision));
    } else {
        setWindowTitle(tr("ClusterPlan — %1[*]").arg(name));
    }
    m_quoteBanner->setVisible(quote && !quote->number.empty());
    setWindowModified(m_controller.isModified());
}

void MainWindow::openScenarioFile(const QString& path) {
    m_documents->openPath(path);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (!m_recoveryOffered)
        QTimer::singleShot(0, this, &MainWindow::offerRecovery);  // after the window is on screen
}

void MainWindow::offerRecovery() {
    m_recoveryOffered = true;
    const auto recovery = m_autosave->recovery();
    if (!recovery)
        return;
    const QString detail =
        tr("Autosaved %1%2")
            .arg(recovery->writtenText(),
                 recovery->originalPath.isEmpty() ? QString() : tr(", from %1").arg(recovery->originalPath));
    if (m_prompter.ask(Prompter::Question::RecoverAutosave, detail) != Prompter::Answer::Yes) {
        m_autosave->discardRecovery();
        return;
    }
    if (const QString error = m_autosave->recover(); !error.isEmpty())
        m_prompter.warn(tr("Cannot recover the scenario"), error);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedFile(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = droppedFile(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    m_documents->openPath(path);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_documents->maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    saveWindowState(*this, settings);
    event->accept();
}

}  // namespace clusterplan::ui
