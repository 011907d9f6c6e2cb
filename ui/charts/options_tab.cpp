#include "ui/charts/options_tab.h"

#include "core/search/messages_search.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/table_cell.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/engine_terms.h"
#include "ui/models/money_text.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCursor>
#include <QDoubleSpinBox>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace clusterplan::ui {

namespace {

// A cell that sorts by a number, not by its text ("1,234" after "987").
class NumberCell : public QTableWidgetItem {
public:
    NumberCell(const QString& text, double value) : QTableWidgetItem(text) {
        setData(Qt::UserRole, value);
        setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem& other) const override {
        return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
    }
};

constexpr int kRowRole = Qt::UserRole + 1;  // the study's row index, on each row's first cell

// The recommendation's first sentence: the choice itself ("Recommended: rent ... for ¥X; it finishes
// in 41 days."). The sentences after it (what paying more buys, a borrowed profile) go with the
// notes' details.
const Message& firstSentence(const Message& m) {
    if (m.id == msg::kOptionsTwoSentences.id && !m.inner.empty())
        return firstSentence(m.inner.front());
    return m;
}

void laterSentences(const Message& m, QStringList& out) {
    if (m.id != msg::kOptionsTwoSentences.id || m.inner.size() < 2)
        return;
    laterSentences(m.inner.front(), out);
    out << engineText(m.inner[1]);
}

// What the status says while the comparison shown is of other inputs.
QString inputsChangedText() {
    return OptionsTab::tr("The inputs changed since this comparison: press Compare to update it.");
}

// A word-wrapped label named `name` (tests find it by that name).
QLabel* wrappedLabel(const char* name) {
    auto* label = new QLabel;
    label->setObjectName(QString::fromLatin1(name));
    label->setWordWrap(true);
    return label;
}

QString bulleted(const QStringList& items) {
    QString html = QStringLiteral("<ul style='margin-left:0px; -qt-list-indent:1'>");
    for (const QString& item : items)
        html += QStringLiteral("<li>%1</li>").arg(item.toHtmlEscaped());
    return html + QStringLiteral("</ul>");
}

}  // namespace

OptionsTab::OptionsTab(PlanController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_flags(std::make_shared<Flags>()) {
    setObjectName(QStringLiteral("optionsTab"));
    m_deadline = new QDoubleSpinBox;
    m_deadline->setObjectName(QStringLiteral("optionsDeadline"));
    m_deadline->setRange(0, 100000);
    m_deadline->setDecimals(1);
    m_deadline->setValue(90);
    m_deadline->setSuffix(tr(" days"));
    m_deadline->setSpecialValueText(tr("no deadline"));
    m_deadline->setToolTip(
        tr("Days within which training.tokens must be done (clusterplan-cli options --deadline)"));
    m_budget = new QDoubleSpinBox;
    m_budget->setObjectName(QStringLiteral("optionsBudget"));
    m_budget->setRange(0, 1e12);  // a trillion of the currency: wider than any job
    m_budget->setDecimals(0);
    m_budget->setSingleStep(100000);
    m_budget->setSpecialValueText(tr("no budget"));
    m_budget->setToolTip(
        tr("The most the job may cost, in the scenario's currency (clusterplan-cli options --budget)"));
    m_compare = new QPushButton(tr("Compare"));
    m_compare->setObjectName(QStringLiteral("optionsCompare"));
    m_compare->setToolTip(
        tr("Every priced GPU type at the smallest cluster that fits and the smallest that meets "
           "the deadline, under each rent offer and its purchase"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("optionsCancel"));
    m_cancel->setEnabled(false);
    m_open = new QPushButton(tr("Open this option"));
    m_open->setObjectName(QStringLiteral("optionsOpen"));
    m_open->setToolTip(tr("Makes the selected option the scenario (Edit > Undo puts the scenario back)"));
    m_open->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("optionsProgress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v of %m GPU types"));
    m_progress->setVisible(false);  // only while a study runs: nothing is counted before
    m_status = wrappedLabel("optionsStatus");
    m_recommendation = wrappedLabel("optionsRecommendation");
    m_recommendation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_recommendation->setVisible(false);
    // The notes: one line, and their details (every note, each GPU type without an option) folded.
    m_notesSummary = wrappedLabel("optionsNotesSummary");
    m_notesToggle = new QToolButton;
    m_notesToggle->setObjectName(QStringLiteral("optionsNotesToggle"));
    m_notesToggle->setCheckable(true);
    m_notesToggle->setArrowType(Qt::RightArrow);
    m_notesToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_notesToggle->setText(tr("Details"));
    m_notesToggle->setAutoRaise(true);
    m_notesDetails = wrappedLabel("optionsNotesDetails");
    m_notesDetails->setTextFormat(Qt::RichText);
    m_notesDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notesDetails->setVisible(false);
    connect(m_notesToggle, &QToolButton::toggled, this, [this](bool open) {
        m_notesToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_notesDetails->setVisible(open);
    });
    m_inQuote = new QCheckBox(tr("Add to the PDF quote"));
    m_inQuote->setObjectName(QStringLiteral("optionsInQuote"));
    m_inQuote->setToolTip(
        tr("Export > PDF quote then adds the page \"Options compared\": the quoted cluster beside up to two "
           "options ticked in the table (none ticked: the recommendation and the next faster option)"));
    m_inQuote->setEnabled(false);
    // Two short rows, the status under them: one row was wider than the tab on a 1024-pixel screen.
    auto* targetRow = new QHBoxLayout;
    targetRow->addWidget(new QLabel(tr("deadline")));
    targetRow->addWidget(m_deadline);
    targetRow->addWidget(new QLabel(tr("budget")));
    targetRow->addWidget(m_budget);
    targetRow->addStretch(1);
    auto* actionRow = new QHBoxLayout;
    actionRow->addWidget(m_compare);
    actionRow->addWidget(m_cancel);
    actionRow->addWidget(m_progress, 1);
    actionRow->addWidget(m_open);
    actionRow->addWidget(m_inQuote);
    auto* controls = new QVBoxLayout;
    controls->addLayout(targetRow);
    controls->addLayout(actionRow);
    controls->addWidget(m_status);

    auto* chart = new QChart;
    chart->setTitle(tr("Days against cost: every option"));
    m_daysAxis = new QValueAxis;
    m_daysAxis->setTitleText(tr("days to train (budgeted)"));
    // "¥1.5M", not "1.5e+06".
    m_costAxis = new MoneyAxis;
    m_costAxis->setTitleText(tr("cost"));
    chart->addAxis(m_daysAxis, Qt::AlignBottom);
    chart->addAxis(m_costAxis, Qt::AlignLeft);
    m_rent = new QScatterSeries;
    m_rent->setName(tr("rent"));
    m_rent->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_rent->setMarkerSize(9);
    m_buy = new QScatterSeries;
    m_buy->setName(tr("buy"));
    m_buy->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_buy->setMarkerSize(9);
    m_front = new QLineSeries;
    m_front->setName(tr("Pareto front"));
    m_deadlineLine = new QLineSeries;
    m_deadlineLine->setName(tr("deadline"));
    m_budgetLine = new QLineSeries;
    m_budgetLine->setName(tr("budget"));
    QPen dashed(Qt::DashLine);
    dashed.setWidth(2);
    m_deadlineLine->setPen(dashed);
    m_budgetLine->setPen(dashed);
    for (QXYSeries* s :
         std::initializer_list<QXYSeries*>{m_front, m_deadlineLine, m_budgetLine, m_rent, m_buy}) {
        chart->addSeries(s);
        s->attachAxis(m_daysAxis);
        s->attachAxis(m_costAxis);
    }
    // Thin margins: the chart's title, legend and axis texts took 157 of its 225 pixels, leaving a
    // plot 66 pixels tall.
    chart->setMargins(QMargins(4, 2, 8, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
    chart->legend()->setContentsMargins(0, 0, 0, 0);
    m_chart = new QChartView(chart);
    m_chart->setObjectName(QStringLiteral("optionsChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setFrameShape(QFrame::NoFrame);
    // Tall enough for a plot of kPlotHeight pixels under the title and the legend and over the
    // day ticks and their title (about 105 pixels of them at a 14-pixel font, in English and in
    // Chinese). In a short tab the page scrolls, its top in view, rather than squeeze the plot.
    constexpr int kPlotHeight = 200, kChromePadding = 64;
    const int chrome = QFontMetrics(chart->titleFont()).height() +
                       QFontMetrics(chart->legend()->font()).height() +
                       QFontMetrics(m_daysAxis->labelsFont()).height() +
                       QFontMetrics(m_daysAxis->titleFont()).height() + kChromePadding;
    m_chart->setMinimumHeight(kPlotHeight + chrome);
    connect(m_rent, &QScatterSeries::hovered, this, [this](const QPointF& p, bool on) {
        if (on)
            showPointToolTip(p, false);
    });
    connect(m_buy, &QScatterSeries::hovered, this, [this](const QPointF& p, bool on) {
        if (on)
            showPointToolTip(p, true);
    });

    m_table = readOnlyTable("optionsTable",
                            {tr("GPU"), tr("GPUs"), tr("how"), tr("offer"), tr("days"), tr("cost"),
                             tr("per M tokens"), tr("days band"), tr("tokens/s"), tr("MFU %"), tr("purchase"),
                             tr("owned, net"), tr("kW"), tr("profile"), tr("layout"), tr("note")});
    m_table->horizontalHeaderItem(11)->setToolTip(
        tr("What owning the cluster costs over the cost horizon, net of its resale value"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_open->setEnabled(!m_table->selectedItems().isEmpty()); });
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int, int) { openSelected(); });
    connect(m_table, &QTableWidget::itemChanged, this, &OptionsTab::tickChanged);
    connect(m_open, &QPushButton::clicked, this, &OptionsTab::openSelected);

    // The chart above, the table under it with its own scroll bar; a named splitter, so the share a
    // user drags is kept across a language switch and the next session (window_state.h).
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() +
                              4 * m_table->verticalHeader()->defaultSectionSize());
    auto* body = new QSplitter(Qt::Vertical);
    body->setObjectName(QStringLiteral("optionsSplitter"));
    body->setChildrenCollapsible(false);
    body->addWidget(m_chart);
    body->addWidget(m_table);
    body->setStretchFactor(0, 3);
    body->setStretchFactor(1, 2);
    // Before the first comparison: what Compare does, not empty axes and "0 of 1 GPU types".
    auto* empty = new QLabel(
        tr("Nothing compared yet. Press Compare to price this job on every GPU type with a price: for "
           "each, the smallest cluster that fits and the smallest that meets the deadline, under each "
           "rent offer and its purchase, drawn as days against cost. It runs in the background and can "
           "be cancelled."));
    empty->setObjectName(QStringLiteral("optionsEmpty"));
    empty->setWordWrap(true);
    empty->setAlignment(Qt::AlignCenter);
    empty->setMargin(24);
    m_body = new QStackedWidget;
    m_body->setObjectName(QStringLiteral("optionsBody"));
    m_body->addWidget(empty);
    m_body->addWidget(body);
    auto* notesRow = new QHBoxLayout;
    notesRow->addWidget(m_notesSummary, 1);
    notesRow->addWidget(m_notesToggle, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_recommendation);
    layout->addLayout(notesRow);
    layout->addWidget(m_notesDetails);
    layout->addWidget(m_body, 1);
    showNotes();

    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        m_progress->setRange(0, static_cast<int>(std::max<std::size_t>(1, m_flags->total.load())));
        m_progress->setValue(static_cast<int>(m_flags->done.load()));
    });
    connect(m_compare, &QPushButton::clicked, this, &OptionsTab::compare);
    connect(m_cancel, &QPushButton::clicked, this, &OptionsTab::cancel);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &OptionsTab::studyFinished);
    // A study of other inputs no longer answers for these: say so until it is compared again.
    connect(&controller, &PlanController::scenarioChanged, this, [this] {
        if (m_study && !isComputing())
            m_status->setText(inputsChangedText());
    });
}

OptionsTab::~OptionsTab() {
    m_flags->cancel = true;
    m_watcher.waitForFinished();  // the study reads the controller's catalog
}

void OptionsTab::setDeadline(double days) {
    m_deadline->setValue(days);
}

void OptionsTab::setBudget(double amount) {
    m_budget->setValue(amount);
}

QString OptionsTab::status() const {
    return m_status->text();
}

QString OptionsTab::recommendation() const {
    return m_recommendation->text();
}

QString OptionsTab::notesSummary() const {
    return m_notesSummary->text();
}

QString OptionsTab::notesDetails() const {
    return m_notesDetails->text();
}

bool OptionsTab::notesExpanded() const {
    return m_notesToggle->isChecked();
}

bool OptionsTab::showsEmptyState() const {
    return m_body->currentIndex() == 0;
}

void OptionsTab::compare() {
    if (isComputing())
        return;
    m_flags = std::make_shared<Flags>();
    OptionsTarget target;
    target.deadlineDays = m_deadline->value();
    if (m_budget->value() > 0)
        target.budget = m_budget->value();
    std::shared_ptr<Flags> flags = m_flags;
    target.cancel = &flags->cancel;
    target.progress = [flags](std::size_t done, std::size_t total) {
        flags->done = done;
        flags->total = total;
    };
    const Scenario scenario = m_controller.scenario();
    m_comparing = scenario;
    std::shared_ptr<const Catalog> catalog = m_controller.sharedCatalog();  // outlives a setCatalog()
    m_cancelled = false;
    m_compare->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_progressTimer->start();
    m_status->setText(tr("computing: a layout search per GPU type and cluster size…"));
    m_watcher.setFuture(QtConcurrent::run([scenario, catalog, target, flags] {
        return std::make_shared<Result<OptionsStudy>>(optionsStudy(scenario, *catalog, target));
    }));
}

void OptionsTab::cancel() {
    if (!isComputing())
        return;
    m_flags->cancel = true;
    m_cancelled = true;
    m_status->setText(tr("cancelling…"));
}

void OptionsTab::studyFinished() {
    m_progressTimer->stop();
    m_progress->setVisible(false);
    m_compare->setEnabled(true);
    m_cancel->setEnabled(false);
    const Outcome outcome = m_watcher.result();
    if (m_cancelled) {
        m_status->setText(tr("Cancelled: the table shows the last comparison."));
        emit studyCancelled();
        return;
    }
    if (!outcome->ok()) {
        m_status->setText(engineErrorLine(outcome->error()));
        return;
    }
    m_study = std::move(*outcome).value();
    m_studied = m_comparing;
    m_ticked.clear();
    m_status->clear();
    showStudy();
    emit studyShown();
}

void OptionsTab::showStudy() {
    m_recommendation->setText(
        QStringLiteral("<b>%1</b>").arg(engineText(firstSentence(m_study->recommendation)).toHtmlEscaped()));
    m_recommendation->setVisible(true);
    m_body->setCurrentIndex(1);
    m_inQuote->setEnabled(true);
    showNotes();
    fillChart();
    fillTable();
}

void OptionsTab::showNotes() {
    if (!m_study) {
        m_notesSummary->setText(
            tr("Deadline and budget are optional; amounts are in the scenario's currency."));
        m_notesToggle->setVisible(false);
        m_notesDetails->clear();
        return;
    }
    std::size_t priced = 0, without = 0;
    for (const OptionRow& r : m_study->rows)
        priced += r.priced ? 1 : 0;
    for (const GpuOptions& g : m_study->gpus)
        without += g.reason ? 1 : 0;
    QString summary =
        tr("%n option(s) on %1 GPU types, %2 priced", nullptr, static_cast<int>(m_study->rows.size()))
            .arg(m_study->gpus.size())
            .arg(priced);
    if (without > 0)
        summary += tr("; %n GPU type(s) without an option", nullptr, static_cast<int>(without));
    summary += tr("; amounts in %1 excluding VAT.").arg(toQString(cost::currencyCode(m_study->currency)));
    m_notesSummary->setText(summary);
    QStringList answer, withoutOption, notes;
    laterSentences(m_study->recommendation, answer);
    for (const GpuOptions& g : m_study->gpus)
        if (g.reason)
            withoutOption << engineText(*g.reason);
    for (const Message& note : m_study->notes)
        if (note.id != msg::kOptionsCurrency.id)  // in the summary line
            notes << engineText(note);
    QString html;
    if (!answer.isEmpty())
        html += QStringLiteral("<b>%1</b>").arg(tr("Beside the recommendation")) + bulleted(answer);
    if (!withoutOption.isEmpty())
        html += QStringLiteral("<b>%1</b>").arg(tr("GPU types without an option")) + bulleted(withoutOption);
    if (!notes.isEmpty())
        html += QStringLiteral("<b>%1</b>").arg(tr("How the options are priced and timed")) + bulleted(notes);
    m_notesDetails->setText(html);
    m_notesToggle->setVisible(!html.isEmpty());
}

// With a deadline the chart shows the days that decide: up to three times the deadline, or the
// recommended option's days where later. The smallest cluster that fits can take thousands of days
// (GPT-3 175B on 24 A100: 2,500), and one such row squeezed every option that meets a 90-day
// deadline into the first few pixels of the axis. Slower rows stay in the table and the series
// (their tooltips), and the title says how many are off the chart. Without a deadline, every row.
double OptionsTab::chartDaysLimit(const OptionsStudy& study) {
    const double deadline = study.target.deadlineDays;
    if (!(deadline > 0))
        return std::numeric_limits<double>::infinity();
    double limit = 3 * deadline;
    if (study.recommended && std::isfinite(study.rows[*study.recommended].days))
        limit = std::max(limit, study.rows[*study.recommended].days);
    return limit;
}

void OptionsTab::fillChart() {
    m_rent->clear();
    m_buy->clear();
    m_front->clear();
    m_deadlineLine->clear();
    m_budgetLine->clear();
    m_rentRows.clear();
    m_buyRows.clear();
    const std::optional<double> budget = m_study->target.budget;
    double maxDays = m_study->target.deadlineDays, maxCost = budget.value_or(0);
    double minCost = budget && *budget > 0 ? *budget : std::numeric_limits<double>::infinity();
    const double shownDays = chartDaysLimit(*m_study);
    int beyond = 0;
    for (const OptionRow& r : m_study->rows) {
        if (!r.priced || !std::isfinite(r.days))
            continue;
        if (r.days > shownDays) {
            ++beyond;
            continue;
        }
        maxDays = std::max(maxDays, r.days);
        maxCost = std::max(maxCost, r.cost.units());
        if (r.cost.units() > 0)
            minCost = std::min(minCost, r.cost.units());
    }
    // Rentals and purchases differ by far more than their own spread (GPT-3 175B in 90 days: about
    // ¥1.8M rented, ¥100M bought): on a linear axis the purchases set the scale and every rental
    // sits on its floor. Past a ratio of kLogCostRatio the cost axis is logarithmic, each decade
    // the same height, its ticks still round amounts.
    constexpr double kLogCostRatio = 20;
    const bool logCost = std::isfinite(minCost) && maxCost > kLogCostRatio * minCost;
    const auto y = [logCost](double cost) { return logCost ? std::log10(std::max(cost, 1e-9)) : cost; };
    std::vector<std::pair<double, double>> front;
    for (std::size_t i = 0; i < m_study->rows.size(); ++i) {
        const OptionRow& r = m_study->rows[i];
        if (!r.priced || !std::isfinite(r.days))
            continue;
        const double cost = r.cost.units();
        (r.acquire == Acquire::Rent ? m_rent : m_buy)->append(r.days, y(cost));
        (r.acquire == Acquire::Rent ? m_rentRows : m_buyRows).push_back(i);
        if (r.pareto)
            front.emplace_back(r.days, y(cost));
    }
    m_chart->chart()->setTitle(
        beyond == 0
            ? tr("Days against cost: every option")
            : tr("Days against cost: %n option(s) slower than %1 days are in the table only", "", beyond)
                  .arg(formatNumber(shownDays, 0)));
    std::sort(front.begin(), front.end());
    maxDays = maxDays > 0 ? maxDays * 1.1 : 1;
    // The front through the options shown: one slower than the chart's days drew it off the right
    // edge, a line toward a point the reader cannot see.
    for (const auto& [days, cost] : front)
        if (days <= shownDays)
            m_front->append(days, cost);
    maxCost = maxCost > 0 ? maxCost * 1.1 : 1;
    const QString symbol = toQString(cost::currencySymbol(m_study->currency));
    if (logCost)
        // Room under the cheapest option too: at least a third of a decade down to the floor.
        m_costAxis->setLogMoneyRange(minCost / 2.2, maxCost, symbol);
    else
        m_costAxis->setMoneyRange(0, maxCost, symbol);
    if (m_study->target.deadlineDays > 0) {
        m_deadlineLine->append(m_study->target.deadlineDays, logCost ? m_costAxis->min() : 0);
        m_deadlineLine->append(m_study->target.deadlineDays, logCost ? m_costAxis->max() : maxCost);
    }
    if (budget) {
        m_budgetLine->append(0, y(*budget));
        m_budgetLine->append(maxDays, y(*budget));
    }
    // The legend names a line the chart draws: no budget (or no deadline), no entry for it.
    const auto showInLegend = [this](QAbstractSeries* series, bool shown) {
        for (QLegendMarker* marker : m_chart->chart()->legend()->markers(series))
            marker->setVisible(shown);
    };
    showInLegend(m_budgetLine, budget.has_value());
    showInLegend(m_deadlineLine, m_study->target.deadlineDays > 0);
    m_daysAxis->setRange(0, maxDays);
    // Round day ticks (0, 200, 400 …), not the range cut in equal parts (227.4, 454.9 …).
    m_daysAxis->applyNiceNumbers();
    m_daysAxis->setLabelFormat(m_daysAxis->max() >= 10 ? QStringLiteral("%.0f") : QStringLiteral("%.1f"));
    // "cost": the tick labels carry the currency ("¥1.5M") and, on a logarithmic axis, show it by
    // their steps (¥1M, ¥10M, ¥100M); "费用（CNY）" and "cost (log scale)" were cut ("费用（C…",
    // "cost (lo…") on a short plot.
    m_costAxis->setTitleText(tr("cost"));
}

void OptionsTab::fillTable() {
    m_filling = true;
    m_table->setSortingEnabled(false);
    m_table->clearContents();
    m_table->setRowCount(static_cast<int>(m_study->rows.size()));
    const cost::Currency currency = m_study->currency;
    for (std::size_t i = 0; i < m_study->rows.size(); ++i) {
        const OptionRow& r = m_study->rows[i];
        const int row = static_cast<int>(i);
        QString name = localName(r.gpuName, r.gpuNameZh);
        if (m_study->recommended == i)
            name = tr("%1 (recommended)").arg(name);
        else if (r.pareto)
            name = tr("%1 (on the front)").arg(name);
        auto* first = readOnlyCell(name);
        first->setData(kRowRole, static_cast<qulonglong>(i));
        if (r.priced && !r.halfPriced) {
            // Ticked: one of the (at most two) alternatives on the quote's options page (a book that
            // only rents or only sells prices no quote of it).
            first->setFlags(first->flags() | Qt::ItemIsUserCheckable);
            const bool ticked = std::find(m_ticked.begin(), m_ticked.end(), i) != m_ticked.end();
            first->setCheckState(ticked ? Qt::Checked : Qt::Unchecked);
            first->setToolTip(tr("Tick up to two options for the quote's options page"));
        }
        m_table->setItem(row, 0, first);
        m_table->setItem(row, 1, new NumberCell(QString::number(r.gpus), static_cast<double>(r.gpus)));
        m_table->setItem(row, 2, readOnlyCell(r.acquire == Acquire::Rent ? tr("rent") : tr("buy")));
        // The offer by the name its book gives it in the window's language; the book in its tooltip.
        auto* offer = readOnlyCell(localName(r.offerName, r.offerNameZh));
        offer->setToolTip(localName(r.priceBookName, r.priceBookNameZh));
        m_table->setItem(row, 3, offer);
        m_table->setItem(
            row, 4, new NumberCell(std::isfinite(r.days) ? formatPlainNumber(r.days, 1) : kNoNumber, r.days));
        const double cost = r.priced ? r.cost.units() : std::numeric_limits<double>::infinity();
        // An unpriced row says why where its price would be ("not sold in this book"), never a blank.
        auto* costCell = new NumberCell(r.priced      ? wholeMoneyText(r.cost, currency)
                                        : r.priceNote ? engineText(*r.priceNote)
                                                      : kNoNumber,
                                        cost);
        // A book that only rents (or only sells) the GPU: the cost is that half alone, and says so.
        if (r.pricingNote)
            costCell->setToolTip(engineText(*r.pricingNote));
        m_table->setItem(row, 5, costCell);
        int column = 6;
        const auto money = [&](cost::Money m, bool whole) {
            const double value = r.priced ? m.units() : cost;
            m_table->setItem(row, column++,
                             new NumberCell(!r.priced ? kNoNumber
                                            : whole   ? wholeMoneyText(m, currency)
                                                      : moneyText(m, currency),
                                            value));
        };
        money(cost::Money::fromUnits(r.perMillionTokens), false);
        const bool band = std::isfinite(r.daysLow) && std::isfinite(r.daysHigh);
        m_table->setItem(row, column++,
                         new NumberCell(band ? QStringLiteral("%1–%2").arg(formatPlainNumber(r.daysLow, 1),
                                                                           formatPlainNumber(r.daysHigh, 1))
                                             : kNoNumber,
                                        r.daysHigh));
        m_table->setItem(row, column++,
                         new NumberCell(formatPlainNumber(r.tokensPerSecond, 0), r.tokensPerSecond));
        m_table->setItem(row, column++, new NumberCell(formatPlainNumber(100 * r.mfu, 1), r.mfu));
        if (r.halfPriced && r.acquire == Acquire::Rent) {  // no purchase beside this rental
            for (int k = 0; k < 2; ++k)
                m_table->setItem(row, column++, new NumberCell(kNoNumber, cost));
        } else {
            money(r.purchase, true);
            money(r.tco, true);
        }
        m_table->setItem(row, column++,
                         new NumberCell(r.priced ? formatPlainNumber(r.powerKw, 0) : kNoNumber, r.powerKw));
        auto* profile = readOnlyCell(r.calibrated ? toQString(r.profileName)
                                                  : tr("%1 (borrowed)").arg(toQString(r.profileName)));
        profile->setToolTip(toQString(r.profile));
        m_table->setItem(row, column++, profile);
        m_table->setItem(row, column++, readOnlyCell(toQString(r.layoutText)));
        m_table->setItem(row, column++, readOnlyCell(r.reason ? engineText(*r.reason) : QString()));
        if (!r.priced || !r.meetsDeadline || !r.withinBudget)
            for (int c = 0; c < m_table->columnCount(); ++c)
                m_table->item(row, c)->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
    }
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(5, Qt::AscendingOrder);
    m_filling = false;
}

void OptionsTab::tickChanged(QTableWidgetItem* item) {
    if (m_filling || !m_study || item->column() != 0 || !(item->flags() & Qt::ItemIsUserCheckable))
        return;
    const auto row = static_cast<std::size_t>(item->data(kRowRole).toULongLong());
    const bool ticked = item->checkState() == Qt::Checked;
    if (!tickForQuote(row, ticked)) {
        m_filling = true;
        item->setCheckState(Qt::Unchecked);
        m_filling = false;
    }
}

bool OptionsTab::tickForQuote(std::size_t row, bool ticked) {
    // A row of a book that only rents (or only sells) has no quote of its own: it cannot be ticked.
    if (!m_study || row >= m_study->rows.size() ||
        (ticked && (!m_study->rows[row].priced || m_study->rows[row].halfPriced)))
        return false;
    const auto at = std::find(m_ticked.begin(), m_ticked.end(), row);
    if (!ticked) {
        if (at != m_ticked.end())
            m_ticked.erase(at);
    } else if (at == m_ticked.end()) {
        constexpr std::size_t kMaxTicked = 2;  // the quote's page: the quoted cluster and two more
        if (m_ticked.size() >= kMaxTicked) {
            m_status->setText(tr("The quote's options page takes two alternatives: untick one first."));
            return false;
        }
        m_ticked.push_back(row);
        m_inQuote->setChecked(true);  // ticking a row is asking for the page
    }
    m_status->clear();
    // The table's tick follows a tick made through this function.
    m_filling = true;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (QTableWidgetItem* first = m_table->item(r, 0);
            first && static_cast<std::size_t>(first->data(kRowRole).toULongLong()) == row &&
            (first->flags() & Qt::ItemIsUserCheckable))
            first->setCheckState(ticked ? Qt::Checked : Qt::Unchecked);
    m_filling = false;
    return true;
}

void OptionsTab::setInQuote(bool on) {
    m_inQuote->setChecked(on);
}

OptionsTab::Kept OptionsTab::kept() const {
    return {m_deadline->value(), m_budget->value(), m_study, m_studied, m_ticked, m_inQuote->isChecked()};
}

void OptionsTab::restore(Kept kept) {
    m_deadline->setValue(kept.deadline);
    m_budget->setValue(kept.budget);
    if (!kept.study)
        return;
    m_study = std::move(kept.study);
    m_studied = std::move(kept.studied);
    m_ticked = std::move(kept.ticked);
    showStudy();
    m_inQuote->setChecked(kept.inQuote);
    if (m_studied && !(*m_studied == m_controller.scenario()))
        m_status->setText(inputsChangedText());
}

std::optional<QuoteOptionsChoice> OptionsTab::quoteChoice(const Scenario& quoted) const {
    if (!m_inQuote->isChecked() || !m_study || !m_studied)
        return std::nullopt;
    // Another model or job is another study: its options do not answer for this quote.
    // The precision may differ: a row on a GPU without FP8 opens planned in BF16.
    TrainingSpec studied = m_studied->training;
    studied.precision = quoted.training.precision;
    if (m_studied->model != quoted.model || studied != quoted.training)
        return std::nullopt;
    return QuoteOptionsChoice{*m_study, m_ticked};
}

void OptionsTab::openSelected() {
    const auto selected = m_table->selectedItems();
    if (selected.isEmpty() || !m_study)
        return;
    const QTableWidgetItem* first = m_table->item(selected.front()->row(), 0);
    openOption(static_cast<std::size_t>(first->data(kRowRole).toULongLong()));
}

void OptionsTab::openOption(std::size_t row) {
    if (!m_study || row >= m_study->rows.size())
        return;
    const Scenario opened = m_study->rows[row].scenario;
    m_controller.update([opened](Scenario& s) { s = opened; });
}

void OptionsTab::showPointToolTip(const QPointF& point, bool buy) {
    const auto& rows = buy ? m_buyRows : m_rentRows;
    const OptionRow* nearest = nullptr;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i : rows) {
        const OptionRow& r = m_study->rows[i];
        // In the axis's own units: log10 of the amount on a logarithmic cost axis.
        const double y =
            m_costAxis->isLogarithmic() ? std::log10(std::max(r.cost.units(), 1e-9)) : r.cost.units();
        const double d = std::hypot((r.days - point.x()) / std::max(1.0, m_daysAxis->max()),
                                    (y - point.y()) / std::max(1e-9, m_costAxis->max() - m_costAxis->min()));
        if (d < best) {
            best = d;
            nearest = &r;
        }
    }
    if (!nearest)
        return;
    const QString text =
        tr("<b>%1 × %2</b> (%3)<br>%4<br>%5 days, %6<br>%7")
            .arg(localName(nearest->gpuName, nearest->gpuNameZh))
            .arg(nearest->gpus)
            .arg(nearest->acquire == Acquire::Rent ? tr("rent") : tr("buy"),
                 localName(nearest->priceBookName, nearest->priceBookNameZh) + QStringLiteral(" / ") +
                     localName(nearest->offerName, nearest->offerNameZh),
                 formatPlainNumber(nearest->days, 1), wholeMoneyText(nearest->cost, m_study->currency),
                 toQString(nearest->layoutText));
    QToolTip::showText(QCursor::pos(), text, m_chart);
}

}  // namespace clusterplan::ui
