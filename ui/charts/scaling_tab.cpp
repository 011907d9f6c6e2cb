#include "ui/charts/scaling_tab.h"

#include "core/calibration/engine_session.h"
#include "ui/charts/scaling_chart_views.h"
#include "ui/charts/table_cell.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_controller.h"
#include "ui/models/plan_summary.h"
#include "ui/models/qt_text.h"

#include <QCursor>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace clusterplan::ui {

namespace {

// Each chart's least height: below it, at 1024 × 700, Qt elided the efficiency axis's title.
constexpr int kScalingChartHeight = 300;

}  // namespace

ScalingTab::ScalingTab(PlanController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    setObjectName(QStringLiteral("scalingTab"));
    m_maxGpus = new QSpinBox;
    m_maxGpus->setObjectName(QStringLiteral("scaleMaxGpus"));
    m_maxGpus->setRange(0, 1 << 20);
    m_maxGpus->setSpecialValueText(tr("cluster size"));
    m_maxGpus->setToolTip(tr("Largest GPU count tried (clusterplan-cli scale --max-gpus); 0: the cluster's"));
    m_deadline = new QDoubleSpinBox;
    m_deadline->setObjectName(QStringLiteral("scaleDeadline"));
    m_deadline->setRange(0, 10000);
    m_deadline->setDecimals(1);
    m_deadline->setSuffix(tr(" days"));
    m_deadline->setSpecialValueText(tr("no deadline"));
    m_deadline->setToolTip(
        tr("Days within which training.tokens must be done (clusterplan-cli scale --days)"));
    m_status = new QLabel;
    m_status->setWordWrap(true);  // a long status wraps rather than widen the page past 1024 pixels
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("scaleSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("GPUs up to")));
    controls->addWidget(m_maxGpus);
    controls->addWidget(new QLabel(tr("deadline")));
    controls->addWidget(m_deadline);
    controls->addWidget(m_status, 1);

    m_curve = new QTableWidget(0, 7);
    m_curve->setObjectName(QStringLiteral("scaleCurve"));
    m_curve->setHorizontalHeaderLabels({tr("GPUs"), tr("nodes"), tr("tokens/s"), tr("per GPU"),
                                        tr("scaling eff. %"), tr("days"), tr("best layout")});
    m_comparisons = new QTableWidget(0, 5);
    m_comparisons->setObjectName(QStringLiteral("scaleComparisons"));
    m_comparisons->setHorizontalHeaderLabels(
        {tr("comparison"), tr("fits"), tr("tokens/s"), tr("step s"), tr("best layout")});
    for (QTableWidget* t : {m_curve, m_comparisons}) {
        t->verticalHeader()->setVisible(false);
        // One line of text per row, compact: more rows of the curve under the charts.
        t->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 4);
        t->horizontalHeader()->setStretchLastSection(true);
    }

    auto* charts = new QSplitter(Qt::Horizontal);
    charts->addWidget(createThroughputChart());
    charts->addWidget(createDaysChart());
    // The throughput chart has an axis on each side: it gets the larger share of a narrow window,
    // where Qt Charts squeezed both axes' labels to "1…" and "tokens…".
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    charts->setSizes({600, 400});
    auto* tables = new QSplitter(Qt::Horizontal);
    tables->addWidget(m_curve);
    tables->addWidget(m_comparisons);
    auto* body = new QSplitter(Qt::Vertical);
    body->addWidget(charts);
    body->addWidget(tables);
    // The charts keep their minimum height and the tables take the rest: at 1400 × 900 a 3:1
    // split left the tables 3 of 7 rows.
    body->setStretchFactor(0, 1);
    body->setStretchFactor(1, 2);
    body->setSizes({kScalingChartHeight, 400});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
    layout->addWidget(body, 1);

    connect(&controller, &PlanController::planChanged, this, &ScalingTab::inputsChanged);
    connect(m_maxGpus, &QSpinBox::valueChanged, this, &ScalingTab::inputsChanged);
    connect(m_deadline, &QDoubleSpinBox::valueChanged, this, &ScalingTab::inputsChanged);
    connect(&m_watcher, &QFutureWatcher<ScalingReport>::finished, this, &ScalingTab::studyFinished);
}

ScalingTab::~ScalingTab() {
    m_watcher.waitForFinished();  // the study reads the controller's catalog
}

QLineSeries* ScalingTab::throughputSeries() const {
    return m_throughputView->throughputSeries();
}

QLineSeries* ScalingTab::daysSeries() const {
    return m_daysView->daysSeries();
}

ScalingThroughputChartView* ScalingTab::createThroughputChart() {
    m_throughputView = new ScalingThroughputChartView;
    m_throughputView->setMinimumHeight(kScalingChartHeight);
    for (QLineSeries* s : {m_throughputView->idealSeries(), m_throughputView->throughputSeries(),
                           m_throughputView->efficiencySeries()})
        connect(s, &QLineSeries::hovered, this, [this](const QPointF& p, bool on) {
            if (on)
                showPointToolTip(p, false);
        });
    return m_throughputView;
}

ScalingDaysChartView* ScalingTab::createDaysChart() {
    m_daysView = new ScalingDaysChartView;
    m_daysView->setMinimumHeight(kScalingChartHeight);
    connect(m_daysView->daysSeries(), &QLineSeries::hovered, this, [this](const QPointF& p, bool on) {
        if (on)
            showPointToolTip(p, true);
    });
    return m_daysView;
}

void ScalingTab::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void ScalingTab::inputsChanged() {
    m_dirty = true;
    ++m_generation;
    if (isVisible())
        refresh();
}

void ScalingTab::refresh() {
    const auto& plan = m_controller.plan();
    if (!plan)
        return;
    m_dirty = false;
    if (m_watcher.isRunning()) {
        m_pending = true;  // the running study is stale; start again when it ends
        return;
    }
    const Scenario scenario = plan->scenario;
    // The window's engine session (it outlives a setCatalog()): the study reuses its fit.
    std::shared_ptr<EngineSession> session = m_controller.session();
    const std::int64_t maxGpus = m_maxGpus->value() > 0 ? m_maxGpus->value() : scenario.cluster.gpus();
    const double days = m_deadline->value();
    m_runningGeneration = m_generation;
    m_status->setText(tr("computing: one layout search per GPU count…"));
    m_watcher.setFuture(QtConcurrent::run(
        [scenario, session, maxGpus, days] { return scalingStudy(scenario, *session, maxGpus, days); }));
}

void ScalingTab::studyFinished() {
    if (m_runningGeneration != m_generation || m_pending) {
        m_pending = false;
        refresh();  // inputs changed meanwhile: drop this result
        return;
    }
    m_report = m_watcher.result();
    m_status->clear();
    showReport();
    emit studyShown();
}

void ScalingTab::showReport() {
    m_throughputView->setReport(m_report);
    m_daysView->setReport(m_report, m_deadline->value());
    fillTables();
    m_summary->setText(summary());
}

QString ScalingTab::summary() const {
    QString text = tr("<b>Minimum GPUs</b> on which the model trains at all (counts tried): %1")
                       .arg(m_report.minimumGpus ? formatNumber(static_cast<double>(*m_report.minimumGpus), 0)
                                                 : tr("none up to the largest count tried"));
    if (m_report.deadlineDays > 0)
        text += tr("<br><b>GPUs that finish the training tokens within %1 days:</b> %2")
                    .arg(m_report.deadlineDays)
                    .arg(m_report.gpusForDeadline
                             ? formatNumber(static_cast<double>(*m_report.gpusForDeadline), 0)
                             : tr("none of the counts tried"));
    // The engine's notes: why the efficiency passes 100 %, whether the searches were sampled.
    for (const Message& note : m_report.notes)
        text += QStringLiteral("<br>") + engineText(note).toHtmlEscaped();
    return text;
}

void ScalingTab::fillTables() {
    m_curve->setRowCount(static_cast<int>(m_report.curve.size()));
    int row = 0;
    for (const ScalePoint& p : m_report.curve) {
        const double t = p.best.perf.tokensPerSecond;
        // Counts and rates grouped as the reader counts ("16,384", "31,658"; "1.6万" is not used).
        m_curve->setItem(row, 0, readOnlyCell(formatNumber(static_cast<double>(p.gpus), 0)));
        m_curve->setItem(row, 1, readOnlyCell(formatNumber(static_cast<double>(p.nodes), 0)));
        m_curve->setItem(row, 2, readOnlyCell(p.fits ? formatNumber(t, 0) : tr("does not fit")));
        m_curve->setItem(row, 3,
                         readOnlyCell(p.fits ? formatNumber(t / static_cast<double>(p.gpus), 0) : QString()));
        m_curve->setItem(row, 4, readOnlyCell(p.fits ? formatPlainNumber(100 * p.efficiency, 1) : QString()));
        m_curve->setItem(row, 5, readOnlyCell(p.fits ? formatPlainNumber(p.trainDays, 1) : QString()));
        m_curve->setItem(
            row, 6,
            readOnlyCell(p.fits ? formatLayoutWithOffload(p.best.layout) : engineText(notFitReason(p.best))));
        ++row;
    }
    m_comparisons->setRowCount(static_cast<int>(m_report.comparisons.size()));
    row = 0;
    for (const Comparison& c : m_report.comparisons) {
        m_comparisons->setItem(row, 0, readOnlyCell(engineText(c.label)));
        m_comparisons->setItem(row, 1, readOnlyCell(c.fits ? tr("yes") : tr("no")));
        m_comparisons->setItem(
            row, 2, readOnlyCell(c.fits ? formatNumber(c.best.perf.tokensPerSecond, 0) : QString()));
        m_comparisons->setItem(
            row, 3, readOnlyCell(c.fits ? formatPlainNumber(c.best.perf.stepSeconds, 3) : QString()));
        m_comparisons->setItem(
            row, 4,
            readOnlyCell(c.fits ? formatLayoutWithOffload(c.best.layout) : engineText(notFitReason(c.best))));
        ++row;
    }
    m_comparisons->resizeColumnToContents(0);
}

void ScalingTab::showPointToolTip(const QPointF& point, bool days) {
    // The curve point at this GPU count (hover reports a position on the line, not a vertex).
    const ScalePoint* nearest = nullptr;
    for (const ScalePoint& p : m_report.curve)
        if (p.fits &&
            (!nearest || std::abs(std::log2(static_cast<double>(p.gpus)) - std::log2(point.x())) <
                             std::abs(std::log2(static_cast<double>(nearest->gpus)) - std::log2(point.x()))))
            nearest = &p;
    if (!nearest)
        return;
    const double t = nearest->best.perf.tokensPerSecond;
    const QString text =
        tr("<b>%1 GPUs</b> (%2 nodes)<br>%3 tokens/s (%4 per GPU)<br>scaling efficiency %5 %"
           "<br>%6 days to train<br>%7")
            .arg(formatNumber(static_cast<double>(nearest->gpus), 0),
                 formatNumber(static_cast<double>(nearest->nodes), 0))
            .arg(formatNumber(t, 0), formatNumber(t / static_cast<double>(nearest->gpus), 0),
                 formatPlainNumber(100 * nearest->efficiency, 1), formatPlainNumber(nearest->trainDays, 1),
                 formatLayoutWithOffload(nearest->best.layout));
    QWidget* view = days ? static_cast<QWidget*>(m_daysView) : m_throughputView;
    QToolTip::showText(QCursor::pos(), text, view);
}

}  // namespace clusterplan::ui
