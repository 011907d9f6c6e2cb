#include "mainwindow/main_window.h"

#include "charts/cost_chart_view.h"
#include "charts/cost_details_view.h"
#include "charts/layout_explorer_tab.h"
#include "charts/layout_scatter_view.h"
#include "charts/memory_chart_view.h"
#include "charts/scaling_tab.h"
#include "charts/step_time_chart_view.h"
#include "charts/verdict_card.h"
#include "charts/zero_comparison_chart_view.h"
#include "export/export_actions.h"
#include "inputs/inputs_panel.h"
#include "mainwindow/about_dialog.h"
#include "models/plan_comparison.h"
#include "models/plan_controller.h"
#include "models/plan_summary.h"
#include "models/scenario_file_name.h"

#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace clusterplan::ui {

MainWindow::MainWindow(PlanController& controller, QWidget* parent)
    : QMainWindow(parent), m_controller(controller) {
    m_comparison = new PlanComparison(controller, this);
    m_inputs = new InputsPanel(controller);
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(m_inputs);
    splitter->addWidget(createResultsPane());
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    // The verdict first, above everything (issue 7 §1).
    m_verdict = new VerdictCard(*m_comparison);
    auto* central = new QWidget;
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(4, 4, 4, 0);
    column->addWidget(m_verdict);
    column->addWidget(splitter, 1);
    setCentralWidget(central);
    createMenus();
    resize(1400, 900);

    connect(&controller, &PlanController::planChanged, this, &MainWindow::showPlan);
    connect(m_comparison, &PlanComparison::changed, this, &MainWindow::showComparedPlans);
    connect(&controller, &PlanController::planChanged, m_layoutScatter, &LayoutScatterView::setPlan);
    connect(&controller, &PlanController::planChanged, m_costChart, &CostChartView::setPlan);
    connect(&controller, &PlanController::planChanged, m_costDetails, &CostDetailsView::setPlan);
    connect(&controller, &PlanController::documentChanged, this, &MainWindow::updateTitle);
    updateTitle();
    showPlan();
    showComparedPlans();
}

QWidget* MainWindow::createResultsPane() {
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setMargin(8);
    m_summary->setText(tr("No valid plan yet: correct the input marked in red."));
    auto* summaryScroll = new QScrollArea;
    summaryScroll->setWidget(m_summary);
    summaryScroll->setWidgetResizable(true);

    auto* pane = new QSplitter(Qt::Vertical);
    pane->addWidget(summaryScroll);
    pane->addWidget(createChartTabs());
    pane->setStretchFactor(0, 0);
    pane->setStretchFactor(1, 1);
    pane->setSizes({370, 530});  // the summary holds memory, time and search rows
    return pane;
}

QWidget* MainWindow::createChartTabs() {
    m_memoryChart = new MemoryChartView;
    m_zeroChart = new ZeroComparisonChartView;
    auto* memory = new QSplitter(Qt::Horizontal);
    memory->addWidget(m_memoryChart);
    memory->addWidget(m_zeroChart);
    memory->setStretchFactor(0, 2);
    memory->setStretchFactor(1, 3);
    memory->setSizes({400, 600});

    m_stepTimeChart = new StepTimeChartView;
    m_layoutScatter = new LayoutScatterView;
    auto* time = new QSplitter(Qt::Horizontal);
    time->addWidget(m_stepTimeChart);
    time->addWidget(m_layoutScatter);
    time->setSizes({500, 500});

    m_costChart = new CostChartView;
    m_costDetails = new CostDetailsView;
    auto* cost = new QSplitter(Qt::Horizontal);
    cost->addWidget(m_costChart);
    cost->addWidget(m_costDetails);
    cost->setSizes({480, 520});
    m_explorer = new LayoutExplorerTab(*m_comparison);
    m_scaling = new ScalingTab(m_controller);

    auto* tabs = new QTabWidget;
    tabs->setObjectName(QStringLiteral("chartTabs"));
    tabs->setDocumentMode(true);
    tabs->addTab(memory, tr("Memory"));
    tabs->addTab(time, tr("Time"));
    tabs->addTab(m_explorer, tr("Explorer"));
    tabs->addTab(m_scaling, tr("Scaling"));
    tabs->addTab(cost, tr("Cost"));
    return tabs;
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open scenario…"), QKeySequence::Open, this, &MainWindow::openScenario);
    file->addAction(tr("&Save scenario"), QKeySequence::Save, this, &MainWindow::saveScenario);
    file->addAction(tr("Save scenario &as…"), QKeySequence::SaveAs, this, &MainWindow::saveScenarioAs);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    auto* exportActions = new ExportActions(m_controller, this);
    exportActions->addTo(menuBar()->addMenu(tr("&Export")));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About ClusterPlan"), this, &MainWindow::showAbout)
        ->setObjectName(QStringLiteral("actionAbout"));
}

void MainWindow::showPlan() {
    const auto& plan = m_controller.plan();
    if (!plan)
        return;
    m_summary->setText(planSummaryHtml(*plan));
    m_zeroChart->setPlan(*plan);
}

void MainWindow::showComparedPlans() {
    const auto& plan = m_controller.plan();
    if (!plan)
        return;
    const auto& selected = m_comparison->selectedPlan();
    const auto& baseline = m_comparison->baseline();
    m_memoryChart->setPlans(*plan, selected ? &*selected : nullptr, baseline ? &*baseline : nullptr);
    m_stepTimeChart->setPlans(*plan, selected ? &*selected : nullptr, baseline ? &*baseline : nullptr);
}

void MainWindow::updateTitle() {
    const QString path = m_controller.filePath();
    const QString name = path.isEmpty() ? tr("default scenario") : QFileInfo(path).fileName();
    setWindowTitle(tr("ClusterPlan — %1[*]").arg(name));
    setWindowModified(m_controller.isModified());
}

void MainWindow::openScenario() {
    if (!maybeSave())
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open scenario"), QFileInfo(m_controller.filePath()).path(),
                                     scenarioFileFilter(), nullptr, QFileDialog::DontUseNativeDialog);
    if (!path.isEmpty())
        openScenarioFile(path);
}

void MainWindow::openScenarioFile(const QString& path) {
    const QString error = m_controller.openFile(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Cannot open scenario"), error);
}

bool MainWindow::saveScenario() {
    if (m_controller.filePath().isEmpty())
        return saveScenarioAs();
    const QString error = m_controller.saveFile(m_controller.filePath());
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Cannot save scenario"), error);
    return error.isEmpty();
}

bool MainWindow::saveScenarioAs() {
    const QString proposed = proposedScenarioPath(m_controller.filePath(), QDir::homePath());
    QString path = QFileDialog::getSaveFileName(this, tr("Save scenario as"), proposed, scenarioFileFilter(),
                                                nullptr, QFileDialog::DontUseNativeDialog);
    if (path.isEmpty())
        return false;
    path = withScenarioExtension(path);
    const QString error = m_controller.saveFile(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Cannot save scenario"), error);
    return error.isEmpty();
}

bool MainWindow::maybeSave() {
    if (!m_controller.isModified())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
                                              tr("The scenario has unsaved changes. Save them first?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return saveScenario();
    return answer == QMessageBox::Discard;
}

void MainWindow::showAbout() {
    auto* dialog = new AboutDialog(m_controller.catalog(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();  // window-modal without blocking, so tests can inspect it
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (maybeSave())
        event->accept();
    else
        event->ignore();
}

}  // namespace clusterplan::ui
