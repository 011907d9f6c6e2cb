#include "ui/calibration/measured_runs_tab.h"

#include "core/calibration/profile_fit.h"
#include "core/report/plan.h"
#include "ui/calibration/measured_runs_delegate.h"
#include "ui/calibration/measured_runs_model.h"
#include "ui/charts/table_cell.h"
#include "ui/models/engine_terms.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace clusterplan::ui {

namespace {

QString seconds(double s) {
    return formatNumber(s, s < 10 ? 3 : 2);
}

// "+3.6 %", "−0.8 %": the sign always shown, an error reads as over or under.
QString signedPercent(double share) {
    const double p = 100 * share;
    return QStringLiteral("%1%2 %").arg(p < 0 ? QString(QChar(0x2212)) : QStringLiteral("+"),
                                        formatNumber(std::abs(p), 1));
}

// The keys a measured run left out, as the search resolved them, in the window's language:
// "micro-batch 2, ZeRO-1, recompute selective".
QString assumedText(const std::vector<AssumedKey>& keys) {
    QStringList parts;
    for (const AssumedKey& k : keys) {
        const QString value = toQString(k.value);
        if (k.key == "micro_batch")
            parts << MeasuredRunsTab::tr("micro-batch %1").arg(value);
        else if (k.key == "zero_stage")
            parts << QStringLiteral("ZeRO-%1").arg(value);
        else if (k.key == "recompute")
            parts << MeasuredRunsTab::tr("recompute %1")
                         .arg(recomputeName(parseRecompute(k.value).value_or(Recompute::None)));
        else if (k.key == "sequence_parallel")
            parts << (k.value == "true" ? MeasuredRunsTab::tr("sequence parallel on")
                                        : MeasuredRunsTab::tr("sequence parallel off"));
        else  // tp, pp, cp, ep, vpp: "TP 8"
            parts << QStringLiteral("%1 %2").arg(toQString(k.key).toUpper(), value);
    }
    return parts.join(MeasuredRunsTab::tr(", "));
}

QString parameterName(const std::string& key) {
    if (key == "gemm_efficiency")
        return MeasuredRunsTab::tr("GEMM efficiency");
    if (key == "tp_overlap")
        return MeasuredRunsTab::tr("TP overlap");
    if (key == "dp_overlap")
        return MeasuredRunsTab::tr("DP overlap");
    return toQString(key);
}

// "tokens/s" kept on one line: Qt breaks a line after a slash ("tokens/" at the end of one line,
// "s" on the next); a word joiner (U+2060) after a slash between letters forbids that break.
QString unitsKeptWhole(QString text) {
    static const QRegularExpression slashInUnit(QStringLiteral("(?<=[A-Za-z])/(?=[A-Za-z])"));
    return text.replace(slashInUnit, QStringLiteral("/\u2060"));
}

QTableWidgetItem* textCell(const QString& text) {
    return readOnlyCell(text);
}

QTableWidgetItem* numberCell(const QString& text) {
    return readOnlyCell(text, Qt::AlignRight | Qt::AlignVCenter);
}

constexpr int kLayoutColumn = 2;  // of the errors table: the one column of words

// Eleven columns in the width the window leaves the tab (about 950 pixels at 1400 × 900): the
// figures keep the width of their wrapped headers, the text column `stretch` takes what is left
// and wraps its words onto more lines, and each row grows to hold them, so nothing scrolls
// sideways.
void fitColumnsToWidth(QTableWidget* table, int stretch) {
    QHeaderView* header = table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(stretch, QHeaderView::Stretch);
    header->setMinimumSectionSize(40);
    table->setWordWrap(true);
    table->setTextElideMode(Qt::ElideNone);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

QLabel* wrappedLabel(const char* name) {
    auto* label = new QLabel;
    label->setObjectName(QString::fromLatin1(name));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

}  // namespace

MeasuredRunsTab::MeasuredRunsTab(PlanController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    setObjectName(QStringLiteral("measuredRunsTab"));
    auto* intro = wrappedLabel("measuredRunsIntro");
    intro->setText(unitsKeptWhole(
        tr("Runs you measured on this cluster, one a row: the layout (an empty cell takes the "
           "stack's default), the nodes used, and either the whole job's tokens/s or the step "
           "time in seconds. The engine fits its GEMM efficiency and its TP and DP overlaps to "
           "them, within bounds and with the built-in profile as the prior; every prediction in "
           "this window then uses the fitted profile.")));

    m_model = new MeasuredRunsModel(controller, this);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("measuredRunsTable"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new MeasuredRunsDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto* add = new QPushButton(tr("Add run"));
    add->setObjectName(QStringLiteral("addMeasuredRun"));
    add->setToolTip(tr("A new run with the scenario's layout and node count; type what you measured."));
    auto* remove = new QPushButton(tr("Remove run"));
    remove->setObjectName(QStringLiteral("removeMeasuredRun"));
    connect(add, &QPushButton::clicked, m_model, &MeasuredRunsModel::addRun);
    connect(remove, &QPushButton::clicked, this, &MeasuredRunsTab::removeSelectedRun);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);

    m_error = wrappedLabel("measuredRunsError");
    m_error->setTextFormat(Qt::PlainText);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #b2182b; background: #fdecea; "
                                          "border: 1px solid #d7301f; border-radius: 3px; padding: 6px; }"));
    m_error->hide();
    m_status = wrappedLabel("calibrationStatus");

    m_parameters =
        readOnlyTable("fittedParameters", {tr("Parameter"), tr("Built-in"), tr("Fitted"), tr("Bounds")});
    m_errors = readOnlyTable(
        "runErrors", {tr("Run"), tr("GPUs"), tr("Layout"), tr("Measured\nstep s"), tr("Measured\ntokens/s"),
                      tr("Predicted step s\nbuilt-in"), tr("Predicted step s\nfitted"), tr("Error\nbuilt-in"),
                      tr("Error\nfitted"), tr("Peak GiB\nmeasured"), tr("Peak GiB\npredicted")});
    m_errors->setToolTip(tr("Error: predicted over measured tokens/s, minus one."));
    fitColumnsToWidth(m_errors, kLayoutColumn);
    // Each table as tall as its rows, the runs editor at least a few rows high; spare height stays
    // below, so the numbers are never squeezed into a scroll of their own.
    for (QAbstractScrollArea* table :
         std::initializer_list<QAbstractScrollArea*>{m_table, m_parameters, m_errors})
        table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setMinimumHeight(120);
    m_parameters->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);

    auto* column = new QVBoxLayout(this);
    column->addWidget(intro);
    column->addWidget(m_table);
    column->addLayout(buttons);
    column->addWidget(m_error);
    column->addWidget(m_status);
    column->addWidget(m_parameters);
    column->addWidget(m_errors);
    column->addStretch(1);

    connect(m_model, &MeasuredRunsModel::editRefused, this, [this](const QString& message) {
        m_error->setText(message);
        m_error->show();
    });
    connect(&controller, &PlanController::inputError, this, &MeasuredRunsTab::showError);
    connect(&controller, &PlanController::planChanged, this, &MeasuredRunsTab::showPlan);
    if (controller.plan())
        showPlan(*controller.plan());
    else
        m_status->setText(tr("No plan yet."));
}

void MeasuredRunsTab::removeSelectedRun() {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const int row = rows.isEmpty() ? m_table->currentIndex().row() : rows.first().row();
    m_model->removeRun(row < 0 ? m_model->rowCount() - 1 : row);
}

void MeasuredRunsTab::showError(const QString& where, const QString& message) {
    if (!where.startsWith(QLatin1String("measured"))) {
        clearError();
        return;
    }
    // The run as the table numbers it and the column by its header ("Run 3, Tokens/s"), not the
    // file's key path ("measured[2].tokens_per_s", counted from 0), which the CLI reports.
    const QModelIndex cell = m_model->cellOf(where);
    static const QRegularExpression runIndex(QStringLiteral("^measured\\[(\\d+)\\]"));
    const auto match = runIndex.match(where);
    QString place = where;
    if (match.hasMatch()) {
        const int run = match.captured(1).toInt() + 1;
        place = cell.isValid()
                    ? tr("Run %1, %2")
                          .arg(run)
                          .arg(m_model->headerData(cell.column(), Qt::Horizontal, Qt::DisplayRole).toString())
                    : tr("Run %1").arg(run);
    }
    m_model->markError(where, QStringLiteral("%1: %2").arg(place, message));
    m_error->setText(tr("%1: %2\nThe fit below is the last valid plan's.").arg(place, message));
    m_error->show();
    if (cell.isValid())
        m_table->scrollTo(cell);
}

void MeasuredRunsTab::clearError() {
    m_model->clearError();
    m_error->clear();
    m_error->hide();
}

void MeasuredRunsTab::showPlan(const Plan& plan) {
    clearError();
    fillParameters(plan);
    fillErrors(plan);
    if (!plan.calibration) {
        m_status->setText(
            tr("No measured runs: every prediction uses the built-in profile '%1'. Add the runs "
               "you measured to calibrate it to your cluster.")
                .arg(profileName(plan.perf.profileId)));
        return;
    }
    const ProfileFit& fit = *plan.calibration;
    const int runs = static_cast<int>(fit.runs.size());
    QString text =
        tr("<b>Calibrated</b>: every prediction in this window (the plan, the search, the scaling study and "
           "the "
           "band) uses the profile '%1', fitted to the measured runs above (%2). Mean throughput error %3 % "
           "with the built-in profile, %4 % with the fitted one.")
            .arg(profileName(fit.after.id).toHtmlEscaped(), QString::number(runs),
                 formatNumber(100 * fit.meanAbsErrorBefore, 1), formatNumber(100 * fit.meanAbsErrorAfter, 1));
    const QString band = tr("this plan's step %1 s to %2 s")
                             .arg(seconds(plan.perf.stepSecondsLow), seconds(plan.perf.stepSecondsHigh));
    if (runs < 2)
        text +=
            QStringLiteral("<br>") +
            tr("Band: one run leaves no residual to learn from, so the built-in band of '%1' is kept: %2.")
                .arg(profileName(fit.before.id).toHtmlEscaped(), band);
    else
        text += QStringLiteral("<br>") +
                tr("Band from the residuals of the measured runs (their range widened by their rms, at least "
                   "±%1 %): true/predicted step %2 to %3; %4.")
                    .arg(formatNumber(100 * kMeasurementNoise, 0), formatNumber(fit.after.bandLow, 3),
                         formatNumber(fit.after.bandHigh, 3), band);
    m_status->setText(text);
}

void MeasuredRunsTab::fillParameters(const Plan& plan) {
    const auto* fit = plan.calibration ? &*plan.calibration : nullptr;
    m_parameters->setRowCount(fit ? static_cast<int>(fit->parameters.size()) : 0);
    if (!fit)
        return;
    for (int row = 0; row < m_parameters->rowCount(); ++row) {
        const FittedParameter& p = fit->parameters[static_cast<std::size_t>(row)];
        m_parameters->setItem(row, 0, textCell(parameterName(p.key)));
        m_parameters->setItem(row, 1, numberCell(formatNumber(p.before, 3)));
        m_parameters->setItem(row, 2, numberCell(formatNumber(p.after, 3)));
        m_parameters->setItem(
            row, 3,
            numberCell(QStringLiteral("%1 %2 %3")
                           .arg(formatNumber(p.low, 2), QChar(0x2013), formatNumber(p.high, 2))));
    }
}

void MeasuredRunsTab::fillErrors(const Plan& plan) {
    const auto* fit = plan.calibration ? &*plan.calibration : nullptr;
    m_errors->setRowCount(fit ? static_cast<int>(fit->runs.size()) : 0);
    if (!fit)
        return;
    for (int row = 0; row < m_errors->rowCount(); ++row) {
        const MeasuredRunFit& r = fit->runs[static_cast<std::size_t>(row)];
        QString layout = toQString(r.layout);
        layout.replace(QStringLiteral("micro-batch"), tr("micro-batch"));
        // Keys the run left out, resolved by the search (core/calibration/measured_runs.h): marked
        // as assumed so the user can write the run's own values.
        if (!r.assumed.empty())
            layout += tr("; assumed: ") + assumedText(r.assumed);
        const QString peak = r.measuredPeakGib ? formatNumber(*r.measuredPeakGib, 1) : QString();
        const QStringList cells{QString::number(row + 1),  // as the runs table above numbers them
                                QString::number(r.gpus),
                                layout,
                                seconds(r.measuredStepSeconds),
                                formatNumber(r.measuredTokensPerSecond, 0),
                                seconds(r.stepBefore),
                                seconds(r.stepAfter),
                                signedPercent(r.errorBefore),
                                signedPercent(r.errorAfter),
                                peak,
                                formatNumber(r.predictedPeakGib, 1)};
        for (int column = 0; column < cells.size(); ++column)
            m_errors->setItem(row, column, column == 2 ? textCell(cells[column]) : numberCell(cells[column]));
    }
}

}  // namespace clusterplan::ui
