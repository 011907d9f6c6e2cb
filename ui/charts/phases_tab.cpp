#include "ui/charts/phases_tab.h"
#include "ui/models/palette.h"

#include "core/phases/phases_format.h"
#include "core/quote/offer_names.h"
#include "core/util/units.h"
#include "ui/charts/chart_locale.h"
#include "ui/charts/chart_palette.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/table_cell.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/charts/wrapped_title.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/engine_terms.h"
#include "ui/models/money_text.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_controller.h"
#include "ui/models/plan_summary.h"
#include "ui/models/qt_text.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>

#include <QPen>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

#include <algorithm>

namespace clusterplan::ui {

namespace {

// Phased, rent the final cluster, buy it (Okabe-Ito colours, as the other charts).
const QColor kColors[3] = {QColor(palette::kBlue), QColor(palette::kVermillion),
                           QColor(palette::kBluishGreen)};
constexpr Qt::PenStyle kStyles[3] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};

QString billions(double tokens) {
    return formatNumber(tokens / units::kBillion, 2);
}

}  // namespace

PhasesTab::PhasesTab(PlanController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    setObjectName(QStringLiteral("phasesTab"));
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("phasesStatus"));
    m_status->setWordWrap(true);
    m_timeline = readOnlyTable("phasesTimeline",
                               {tr("Phase"), tr("Months"), tr("Runs on"), tr("Rent or buy"), tr("Model"),
                                tr("Fits"), tr("Tokens (billions)"), tr("Training days"), tr("Cost"),
                                tr("Cumulative cost"), tr("Contract")});
    m_plans = readOnlyTable("phasesPlans",
                            {tr("Plan"), tr("Cost"), tr("Tokens (billions)"), tr("Cost per million tokens")});
    m_costMonths = new QValueAxis(this);
    m_tokenMonths = new QValueAxis(this);
    m_costView = createChart(tr("Cumulative cost"), m_cost, m_costMonths);
    m_tokenView = createChart(tr("Cumulative tokens"), m_tokens, m_tokenMonths);
    m_costView->setObjectName(QStringLiteral("phasesCostChart"));
    m_tokenView->setObjectName(QStringLiteral("phasesTokenChart"));
    m_moneyAxis = new MoneyAxis(this);
    m_costView->chart()->addAxis(m_moneyAxis, Qt::AlignLeft);
    // Round steps counted as the reader counts ("300B", "3000亿"), as the other token figures;
    // "347 / 695 / 1,042" billions were a fifth of the range each.
    m_tokenAxis = new MoneyAxis(this);
    m_tokenAxis->setTitleText(tr("Tokens"));
    m_tokenView->chart()->addAxis(m_tokenAxis, Qt::AlignLeft);
    useLocaleNumbers(m_tokenView->chart());  // tokens with group separators
    for (int i = 0; i < 3; ++i) {
        m_cost[i]->attachAxis(m_moneyAxis);
        m_tokens[i]->attachAxis(m_tokenAxis);
    }

    auto* charts = new QHBoxLayout;
    charts->addWidget(m_costView);
    charts->addWidget(m_tokenView);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_timeline);
    layout->addLayout(charts, 1);
    layout->addWidget(m_plans);
    layout->addStretch();  // takes the room when the results are hidden, keeping the message on top
}

QChartView* PhasesTab::createChart(const QString& title, QLineSeries* (&series)[3], QValueAxis* months) {
    auto* chart = new QChart;
    applyChartTheme(chart, palette());
    setWrappedTitle(chart, title);
    const QString names[3] = {tr("Phased plan"), tr("Rent the final cluster from month 0"),
                              tr("Buy the final cluster at month 0")};
    months->setTitleText(tr("Month"));
    months->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(months, Qt::AlignBottom);
    for (int i = 0; i < 3; ++i) {
        series[i] = new QLineSeries;
        series[i]->setName(names[i]);
        series[i]->setPen(QPen(kColors[i], 2, kStyles[i]));
        chart->addSeries(series[i]);
        series[i]->attachAxis(months);
    }
    wrappedLegend(chart).refresh();  // three long names, wrapped whole
    auto* view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(260, 280);  // two side by side in a 1024-pixel window
    return view;
}

// Without a phased plan the tab is its message: empty tables and charts (axes "1, 1, 1, 0",
// titles cut to "Tokens (billio…" at 1024 × 700) said nothing more.
void PhasesTab::showResults(bool shown) {
    for (QWidget* part : {static_cast<QWidget*>(m_timeline), static_cast<QWidget*>(m_plans),
                          static_cast<QWidget*>(m_costView), static_cast<QWidget*>(m_tokenView)})
        part->setVisible(shown);
}

void PhasesTab::showNothing(const QString& message) {
    m_plan.reset();
    showResults(false);
    m_status->setText(message);
    m_timeline->setRowCount(0);
    m_plans->setRowCount(0);
    for (int i = 0; i < 3; ++i) {
        m_cost[i]->clear();
        m_tokens[i]->clear();
    }
}

void PhasesTab::refresh() {
    const Scenario& s = m_controller.scenario();
    if (s.phases.empty()) {
        showNothing(tr("This scenario has no phases. Add a \"phases\" list to the scenario file (a slice, "
                       "then a server, then a cluster) to compare growing step by step with renting or "
                       "buying the final cluster from the start."));
        return;
    }
    auto plan = planPhases(s, m_controller.catalog());
    if (!plan) {
        showNothing(tr("The phases cannot be planned: %1").arg(engineErrorLine(plan.error())));
        return;
    }
    m_plan = std::move(plan).value();
    showPlan();
}

void PhasesTab::showPlan() {
    const PhasedPlan& p = *m_plan;
    showResults(true);
    // Spelled out, not "%n phase(s)": the English window has no translation file for plurals.
    const QString phases = p.phases.size() == 1 ? tr("1 phase") : tr("%1 phases").arg(p.phases.size());
    m_status->setText(tr("%1 over %2 months at %3 % utilisation: the phased plan costs %4.")
                          .arg(phases)
                          .arg(p.months)
                          .arg(formatNumber(p.utilization * 100.0, 0))
                          .arg(wholeMoneyText(p.total.cost, p.currency)));
    fillTimeline();
    fillPlainPlans();
    fillCharts();
}

// What a phase rents, by the price book's names of its offer and term in the window's language
// ("8卡A100整机, 包年预付"), not their ids ("yiwan-a100-8x-server, yearly-prepay").
QString PhasesTab::rentedText(const PhaseCost& cost) const {
    const bool zh = QLocale().language() == QLocale::Chinese;
    const auto text = [zh](const quote::Bilingual& name) { return toQString(zh ? name.zh : name.en); };
    for (const cost::PriceBook& book : m_controller.catalog().priceBooks().books())
        if (const cost::RentOffer* offer = book.offer(cost.offerId)) {
            QString rented = text(quote::offerName(*offer));
            for (const cost::RentTerm& term : offer->terms)
                if (term.id == cost.termId)
                    rented += tr(", ") + text(quote::termName(term));
            return rented;
        }
    return toQString(cost.offerName.empty() ? cost.offerId : cost.offerName);
}

// A phase's hardware with the GPU's product name ("1/20 of one NVIDIA A100 SXM4 80GB", "64 ×
// NVIDIA A100 SXM4 80GB (8 servers)"), as phaseHardware() writes it for the CLI with the catalog id.
QString PhasesTab::hardwareText(const PhaseSetup& s) const {
    const GpuSpec* gpu = m_controller.catalog().gpu(s.cluster.gpu);
    const QString name = gpu ? localName(gpu->name, gpu->nameZh) : toQString(s.cluster.gpu);
    if (s.slice) {
        const double inverse = 1.0 / s.slice->fraction;
        const QString share = std::abs(inverse - std::round(inverse)) < 1e-9
                                  ? QStringLiteral("1/%1").arg(std::llround(inverse))
                                  : formatPlainNumber(s.slice->fraction, 3);
        return tr("%1 of one %2").arg(share, name);
    }
    return tr("%1 × %2 (%3)")
        .arg(formatNumber(static_cast<double>(s.cluster.gpus()), 0), name, formatNodes(s.cluster.nodes));
}

void PhasesTab::fillTimeline() {
    const PhasedPlan& p = *m_plan;
    const auto right = Qt::AlignRight | Qt::AlignVCenter;
    m_timeline->setRowCount(static_cast<int>(p.phases.size()));
    for (int row = 0; row < m_timeline->rowCount(); ++row) {
        const PhaseResult& r = p.phases[static_cast<std::size_t>(row)];
        const PhaseSetup& s = r.setup;
        const QString acquire =
            s.acquire == Acquire::Buy ? tr("buy") : tr("rent: %1").arg(rentedText(r.cost));
        QStringList events;
        for (const auto& e : r.cost.events)
            events << engineText(e);
        const QString cells[] = {toQString(s.name),
                                 tr("%1–%2").arg(s.start).arg(s.start + s.months),
                                 hardwareText(s),
                                 acquire,
                                 modelName(r.training.model),
                                 r.training.fits ? tr("yes") : tr("no"),
                                 billions(r.training.tokens),
                                 formatNumber(r.training.trainingDays, 1),
                                 wholeMoneyText(r.cost.total, p.currency),
                                 wholeMoneyText(r.cumulativeCost, p.currency),
                                 events.join(tr("; "))};
        for (int col = 0; col < static_cast<int>(std::size(cells)); ++col)
            m_timeline->setItem(row, col,
                                readOnlyCell(cells[col], col >= 6 && col <= 9 ? right : Qt::AlignLeft));
        // The contract's rules in the window's language, and where the price book states them.
        QStringList terms;
        for (const auto& term : r.cost.contractTerms)
            terms << engineText(term);
        if (!terms.isEmpty() && r.cost.contractTerms.size() == 2 && !r.cost.contractSource.empty())
            terms << tr("as stated by %1").arg(toQString(r.cost.contractSource));
        if (!terms.isEmpty())
            m_timeline->item(row, 10)->setToolTip(terms.join(tr("; ")));
    }
}

void PhasesTab::fillPlainPlans() {
    const PhasedPlan& p = *m_plan;
    const std::optional<PlanTotals> plans[3] = {p.total, p.rentFinal, p.buyFinal};
    const QString names[3] = {tr("Phased plan"), tr("Rent the final cluster from month 0"),
                              tr("Buy the final cluster at month 0")};
    const auto right = Qt::AlignRight | Qt::AlignVCenter;
    m_plans->setRowCount(3);
    for (int row = 0; row < 3; ++row) {
        const auto& t = plans[row];
        m_plans->setItem(row, 0, readOnlyCell(names[row]));
        m_plans->setItem(row, 1,
                         readOnlyCell(t ? wholeMoneyText(t->cost, p.currency) : tr("not priced"), right));
        m_plans->setItem(row, 2, readOnlyCell(t ? billions(t->tokens) : QString(), right));
        const QString perMillion = t && t->perMillionTokens ? toQString(cost::currencySymbol(p.currency)) +
                                                                  formatNumber(*t->perMillionTokens, 2)
                                                            : tr("none");
        m_plans->setItem(row, 3, readOnlyCell(perMillion, right));
    }
}

void PhasesTab::fillCharts() {
    const PhasedPlan& p = *m_plan;
    double maxCost = 0, minCost = 0, maxTokens = 0;
    for (int i = 0; i < 3; ++i) {
        m_cost[i]->clear();
        m_tokens[i]->clear();
    }
    const bool shown[3] = {true, p.rentFinal.has_value(), p.buyFinal.has_value()};
    for (const PhasedMonth& m : p.monthly) {
        const double costs[3] = {m.phased.units(), m.rentFinal.units(), m.buyFinal.units()};
        const double tokens[3] = {m.phasedTokens, m.rentFinalTokens, m.buyFinalTokens};
        for (int i = 0; i < 3; ++i) {
            if (!shown[i])
                continue;
            m_cost[i]->append(m.month, costs[i]);
            m_tokens[i]->append(m.month, tokens[i]);
            maxCost = std::max(maxCost, costs[i]);
            minCost = std::min(minCost, costs[i]);
            maxTokens = std::max(maxTokens, tokens[i]);
        }
    }
    m_costMonths->setRange(0, p.months);
    m_tokenMonths->setRange(0, p.months);
    m_moneyAxis->setMoneyRange(minCost, std::max(maxCost, 1.0), toQString(cost::currencySymbol(p.currency)));
    m_tokenAxis->setNumberRange(0, std::max(maxTokens, 1.0));
}

}  // namespace clusterplan::ui
