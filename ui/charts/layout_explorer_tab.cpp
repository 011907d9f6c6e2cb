#include "ui/charts/layout_explorer_tab.h"

#include "ui/charts/explorer_chart_view.h"
#include "ui/models/layout_table_model.h"
#include "ui/models/moe_layout_keys.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_comparison.h"
#include "ui/models/plan_controller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QResizeEvent>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <optional>
#include <utility>

namespace clusterplan::ui {

namespace {

// Scrolls a table to its current row once its viewport is laid out: a table that is not yet on
// screen (rebuilt by a language switch, on a hidden tab) scrolls by a viewport of no height, and
// after a switch the selected row was out of sight. Deletes itself after that first scroll.
class ScrollToCurrentWhenLaidOut : public QObject {
public:
    explicit ScrollToCurrentWhenLaidOut(QTableView* table) : QObject(table->viewport()), m_table(table) {
        setObjectName(QLatin1String(kName));
        table->viewport()->installEventFilter(this);
    }

    static constexpr char kName[] = "scrollToCurrentWhenLaidOut";

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Resize && m_table &&
            static_cast<QResizeEvent*>(event)->size().height() >=
                2 * m_table->verticalHeader()->defaultSectionSize()) {
            const QModelIndex current = m_table->selectionModel()->currentIndex();
            if (current.isValid())
                m_table->scrollTo(current);
            deleteLater();
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QPointer<QTableView> m_table;
};

// The value a key takes when it is closed: what the current plan's layout uses.
void pinKey(LayoutSpec& spec, const Layout& l, unsigned key) {
    switch (key) {
    case kTp:
        spec.tp = l.tp;
        break;
    case kPp:
        spec.pp = l.pp;
        break;
    case kDp:
        spec.dp = l.dp;
        break;
    case kCp:
        spec.cp = l.cp;
        break;
    case kEp:
        spec.ep = l.ep;
        break;
    case kVpp:
        spec.vpp = l.vpp;
        break;
    case kMicroBatch:
        spec.microBatch = l.microBatch;
        break;
    case kZeroStage:
        spec.zeroStage = l.zeroStage;
        break;
    case kRecompute:
        spec.recompute = l.recompute;
        break;
    case kSequenceParallel:
        spec.sequenceParallel = l.sequenceParallel;
        break;
    default:
        break;
    }
}

}  // namespace

LayoutExplorerTab::LayoutExplorerTab(PlanComparison& comparison, QWidget* parent)
    : QWidget(parent), m_comparison(comparison) {
    setObjectName(QStringLiteral("layoutExplorer"));
    m_chart = new ExplorerChartView;
    m_model = new LayoutTableModel(this);
    m_proxy = new LayoutFilterProxy(this);
    m_proxy->setSourceModel(m_model);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("layoutTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(LayoutTableModel::Rank, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);  // no per-row measuring
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setDefaultSectionSize(64);

    auto* chartWithLegend = new QWidget;
    auto* chartColumn = new QVBoxLayout(chartWithLegend);
    chartColumn->setContentsMargins(0, 0, 0, 0);
    chartColumn->setSpacing(0);
    chartColumn->addWidget(m_chart, 1);
    chartColumn->addWidget(m_chart->legendLabel());
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(chartWithLegend);
    split->addWidget(m_table);
    split->setSizes({620, 520});  // the cloud first; the table scrolls its columns
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(createToolbar());
    layout->addWidget(createSearchOptions());
    layout->addWidget(split, 1);

    PlanController& controller = comparison.controller();
    connect(&comparison, &PlanComparison::selectionChanged, this, &LayoutExplorerTab::showSelection);
    connect(&controller, &PlanController::scenarioChanged, this, &LayoutExplorerTab::showSearchOptions);
    // The zoom is part of the view a language switch keeps.
    connect(m_chart->xAxis(), &QValueAxis::rangeChanged, this, [this] { saveView(); });
    connect(m_chart->yAxis(), &QValueAxis::rangeChanged, this, [this] { saveView(); });
    connect(m_chart, &ExplorerChartView::layoutClicked, this,
            [this](std::size_t row) { m_comparison.selectLayout(row); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &LayoutExplorerTab::tableRowChosen);
    showSearchOptions();
    restoreView();
}

void LayoutExplorerTab::render() {
    // By generation, not by a planChanged slot of this tab: PlanComparison hears planChanged first
    // and may have this tab rendered before such a slot ran (the table then kept the old rows).
    // New layouts: refill the table and fit the chart to them. Otherwise only the selection or
    // the baseline changed: the markers move, the axes and the user's zoom stay.
    if (rankingStale()) {
        showRanking();
        showPlan();
        // The zoom the user had before a language switch, on the same plan and axis.
        if (const auto zoom = std::exchange(m_pendingZoom, std::nullopt);
            zoom && zoom->generation == m_comparison.controller().planGeneration() &&
            zoom->metric == m_metric->currentIndex())
            m_chart->zoomTo(zoom->ranges);
        return;
    }
    const auto& baseline = m_comparison.baseline();
    m_chart->setMarks(m_comparison.selectedIndex(), baseline ? &*baseline : nullptr);
}

QWidget* LayoutExplorerTab::createToolbar() {
    m_metric = new QComboBox;
    m_metric->setObjectName(QStringLiteral("explorerMetric"));
    m_metric->addItem(tr("memory per GPU"), static_cast<int>(ExplorerChartView::Metric::Memory));
    m_metric->addItem(tr("cost per million tokens"),
                      static_cast<int>(ExplorerChartView::Metric::CostPerMillionTokens));
    m_metric->addItem(tr("days to train"), static_cast<int>(ExplorerChartView::Metric::Days));
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->setMetric(static_cast<ExplorerChartView::Metric>(m_metric->currentData().toInt()));
        saveView();
    });
    m_filter = new QLineEdit;
    m_filter->setObjectName(QStringLiteral("explorerFilter"));
    m_filter->setPlaceholderText(tr("filter: tp=8 zero=1 recompute=full dispatcher=deepep, or any text"));
    m_filter->setClearButtonEnabled(true);
    // The filter keeps rows of the table and points of the cloud alike.
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setTerms(text);
        filterChanged();
    });
    m_fitsOnly = new QCheckBox(tr("fits only"));
    m_fitsOnly->setObjectName(QStringLiteral("explorerFitsOnly"));
    connect(m_fitsOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setFitsOnly(on);
        m_chart->setFitsOnly(on);
        filterChanged();
    });
    m_useLayout = new QPushButton(tr("Use this layout"));
    m_useLayout->setObjectName(QStringLiteral("useLayout"));
    m_useLayout->setToolTip(tr("Pins every layout key of the selected layout in the scenario"));
    m_useLayout->setEnabled(false);
    connect(m_useLayout, &QPushButton::clicked, this, [this] { m_comparison.useSelectedLayout(); });
    m_resetZoom = new QPushButton(tr("Reset zoom"));
    m_resetZoom->setObjectName(QStringLiteral("explorerResetZoom"));
    m_resetZoom->setToolTip(tr("Back to the axes that show every layout the filter keeps"));
    m_resetZoom->setEnabled(false);
    connect(m_resetZoom, &QPushButton::clicked, m_chart, &ExplorerChartView::resetZoom);
    connect(m_chart, &ExplorerChartView::zoomChanged, m_resetZoom, &QPushButton::setEnabled);
    m_count = new QLabel;
    m_count->setObjectName(QStringLiteral("explorerCount"));

    // Two rows, so the tab fits a 1024-pixel window beside the inputs: the axis, the
    // filter box and the action above; the text filter and its count below.
    auto* bar = new QWidget;
    auto* rows = new QGridLayout(bar);
    rows->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("x axis:")));
    top->addWidget(m_metric);
    top->addWidget(m_fitsOnly);
    top->addWidget(m_resetZoom);
    top->addStretch(1);
    top->addWidget(m_useLayout);
    rows->addLayout(top, 0, 0, 1, 2);
    rows->addWidget(m_filter, 1, 0);
    rows->addWidget(m_count, 1, 1);
    rows->setColumnStretch(0, 1);
    return bar;
}

QWidget* LayoutExplorerTab::createSearchOptions() {
    // A short title, the rule in its tooltip, and the keys in two rows of five: in one row the
    // box alone was wider than the results pane of a 1024-pixel window.
    auto* box = new QGroupBox(tr("Search: keys the search chooses"));
    box->setToolTip(tr("Search: keys the search chooses (unticked keys keep the value shown "
                       "in the Layout inputs)"));
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(6, 2, 6, 2);
    grid->setVerticalSpacing(0);
    const std::pair<unsigned, QString> keys[] = {{kTp, tr("TP")},
                                                 {kPp, tr("PP")},
                                                 {kDp, tr("DP")},
                                                 {kCp, tr("CP")},
                                                 {kEp, tr("EP")},
                                                 {kVpp, tr("VPP")},
                                                 {kMicroBatch, tr("micro-batch")},
                                                 {kZeroStage, tr("ZeRO")},
                                                 {kRecompute, tr("recompute")},
                                                 {kSequenceParallel, tr("SP")}};
    constexpr int kKeysPerRow = 5;
    int index = 0;
    for (const auto& [key, name] : keys) {
        auto* check = new QCheckBox(name);
        check->setObjectName(QStringLiteral("openKey%1").arg(key));
        connect(check, &QCheckBox::toggled, this, [this, key = key](bool on) { setKeyOpen(key, on); });
        grid->addWidget(check, index / kKeysPerRow, index % kKeysPerRow);
        m_openKeys.emplace_back(key, check);
        ++index;
    }
    m_crossNodeTp = new QCheckBox(tr("TP across servers"));
    m_crossNodeTp->setObjectName(QStringLiteral("crossNodeTp"));
    m_crossNodeTp->setToolTip(tr("Let TP groups span servers (slow over the scale-out network; "
                                 "clusterplan-cli search --allow-cross-node-tp)"));
    m_maxMicroBatch = new QSpinBox;
    m_maxMicroBatch->setObjectName(QStringLiteral("maxMicroBatch"));
    m_maxMicroBatch->setRange(1, 4096);
    m_maxMicroBatch->setToolTip(tr("Largest micro-batch (sequences) the search tries"));
    const auto apply = [this] {
        SearchOptions o = m_comparison.controller().searchOptions();
        o.allowCrossNodeTp = m_crossNodeTp->isChecked();
        o.maxMicroBatch = m_maxMicroBatch->value();
        m_comparison.controller().setSearchOptions(o);
    };
    connect(m_crossNodeTp, &QCheckBox::toggled, this, apply);
    connect(m_maxMicroBatch, &QSpinBox::valueChanged, this, apply);
    // How the keys are searched: right of the keys, one option a row.
    grid->setColumnMinimumWidth(kKeysPerRow, 12);
    grid->addWidget(m_crossNodeTp, 0, kKeysPerRow + 1, 1, 2);
    grid->addWidget(new QLabel(tr("max micro-batch")), 1, kKeysPerRow + 1);
    grid->addWidget(m_maxMicroBatch, 1, kKeysPerRow + 2);
    grid->setColumnStretch(kKeysPerRow + 3, 1);
    return box;
}

std::vector<bool> LayoutExplorerTab::shownRows() const {
    std::vector<bool> shown;
    if (m_filter->text().trimmed().isEmpty())
        return shown;  // every row (fits only is the chart's own switch)
    shown.assign(static_cast<std::size_t>(m_model->rowCount()), false);
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        shown[static_cast<std::size_t>(m_proxy->mapToSource(m_proxy->index(r, 0)).row())] = true;
    return shown;
}

void LayoutExplorerTab::filterChanged() {
    showCount();
    if (!rankingStale())  // else render() draws the cloud with the filter when the tab is seen
        m_chart->setShownRows(shownRows());
    saveView();
}

void LayoutExplorerTab::showCount() {
    m_count->setText(
        tr("%1 of %2 shown").arg(formatNumber(m_proxy->rowCount(), 0), formatNumber(m_model->rowCount(), 0)));
}

namespace {
constexpr char kViewProperty[] = "explorerView";
}

std::optional<LayoutExplorerTab::Zoom> LayoutExplorerTab::currentZoom() const {
    if (m_pendingZoom)  // not drawn yet since the switch
        return m_pendingZoom;
    const auto ranges = m_chart->zoomRanges();
    if (!ranges)
        return std::nullopt;
    return Zoom{*ranges, m_rankedGeneration, m_metric->currentIndex()};
}

void LayoutExplorerTab::saveView() const {
    QVariantMap view{{QStringLiteral("metric"), m_metric->currentIndex()},
                     {QStringLiteral("filter"), m_filter->text()},
                     {QStringLiteral("fitsOnly"), m_fitsOnly->isChecked()}};
    if (const auto zoom = currentZoom()) {
        view.insert(QStringLiteral("zoom"), zoom->ranges);
        view.insert(QStringLiteral("zoomGeneration"), QVariant::fromValue<qulonglong>(zoom->generation));
        view.insert(QStringLiteral("zoomMetric"), zoom->metric);
    }
    m_comparison.setProperty(kViewProperty, view);
}

void LayoutExplorerTab::restoreView() {
    const QVariantMap view = m_comparison.property(kViewProperty).toMap();
    if (view.isEmpty())
        return;
    if (view.contains(QStringLiteral("zoom")))
        m_pendingZoom = Zoom{view.value(QStringLiteral("zoom")).toRectF(),
                             view.value(QStringLiteral("zoomGeneration")).toULongLong(),
                             view.value(QStringLiteral("zoomMetric")).toInt()};
    m_metric->setCurrentIndex(view.value(QStringLiteral("metric")).toInt());
    m_fitsOnly->setChecked(view.value(QStringLiteral("fitsOnly")).toBool());
    m_filter->setText(view.value(QStringLiteral("filter")).toString());
}

void LayoutExplorerTab::showSearchOptions() {
    const PlanController& controller = m_comparison.controller();
    const unsigned open = controller.scenario().layout.open;
    for (const auto& [key, check] : m_openKeys) {
        const QSignalBlocker block(check);
        check->setChecked((open & key) != 0);
    }
    const QSignalBlocker b1(m_crossNodeTp);
    const QSignalBlocker b2(m_maxMicroBatch);
    m_crossNodeTp->setChecked(controller.searchOptions().allowCrossNodeTp);
    m_maxMicroBatch->setValue(static_cast<int>(controller.searchOptions().maxMicroBatch));
}

void LayoutExplorerTab::setKeyOpen(unsigned key, bool open) {
    PlanController& controller = m_comparison.controller();
    const auto& plan = controller.plan();
    controller.update([&](Scenario& s) {
        if (open) {
            s.layout.open |= key;
            if (key == kEp)
                openExpertParallel(s.layout);  // the dispatcher and overlap at their defaults with it
        } else {
            if (key == kEp)  // they were searched for the searched EP: they keep what it chose
                fixExpertParallel(s.layout, plan ? &plan->layout : nullptr);
            s.layout.open &= ~key;
            if (plan)
                pinKey(s.layout, plan->layout, key);
        }
    });
}

bool LayoutExplorerTab::rankingStale() const {
    return m_rankedGeneration != m_comparison.controller().planGeneration();
}

void LayoutExplorerTab::showPlan() {
    const Plan* ranking = m_comparison.rankingPlan();
    const auto& plan = m_comparison.controller().plan();
    if (!plan)
        return;
    const auto& baseline = m_comparison.baseline();
    // The explored search's cloud stays after "Use this layout" pinned one of its layouts.
    m_chart->setPlan(ranking ? *ranking : *plan, m_comparison.selectedIndex(),
                     baseline ? &*baseline : nullptr, shownRows());
}

void LayoutExplorerTab::showRanking() {
    m_rankedGeneration = m_comparison.controller().planGeneration();
    const Plan* ranking = m_comparison.rankingPlan();
    m_model->setPlan(ranking);
    // The dispatcher and EP overlap vary by layout only in a MoE search; the routing is the
    // scenario's on every row, so it is a filter term (routing=dropless), not a column.
    const bool moe = ranking && ranking->scenario.model.moe.has_value();
    m_table->setColumnHidden(LayoutTableModel::Dispatcher, !moe);
    m_table->setColumnHidden(LayoutTableModel::EpOverlapColumn, !moe);
    m_table->setColumnHidden(LayoutTableModel::Routing, true);
    showCount();
    showSelection(m_comparison.selectedIndex());
}

void LayoutExplorerTab::showSelection(std::optional<std::size_t> row) {
    m_useLayout->setEnabled(row.has_value());
    if (rankingStale())
        return;  // the rows are of an older plan: render() selects the row once it refills them
    const QSignalBlocker block(m_table->selectionModel());
    if (!row) {
        m_table->clearSelection();
        return;
    }
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(static_cast<int>(*row), 0));
    if (!index.isValid())
        return;  // filtered out of the table
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    if (!m_table->isVisible() &&
        !m_table->viewport()->findChild<QObject*>(QLatin1String(ScrollToCurrentWhenLaidOut::kName),
                                                  Qt::FindDirectChildrenOnly))
        new ScrollToCurrentWhenLaidOut(m_table);
}

void LayoutExplorerTab::tableRowChosen() {
    const QModelIndex current = m_proxy->mapToSource(m_table->selectionModel()->currentIndex());
    if (current.isValid())
        m_comparison.selectLayout(static_cast<std::size_t>(current.row()));
}

}  // namespace clusterplan::ui
