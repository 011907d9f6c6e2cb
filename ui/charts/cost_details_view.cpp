#include "ui/charts/cost_details_view.h"
#include "ui/models/palette.h"

#include "core/cost/run_outlay.h"
#include "core/quote/offer_names.h"
#include "core/report/plan.h"
#include "ui/charts/axis_fit.h"
#include "ui/charts/chart_palette.h"
#include "ui/charts/cost_input_names.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/table_cell.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/charts/wrapped_title.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/money_text.h"
#include "ui/models/number_text.h"
#include "ui/models/qt_text.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QFont>
#include <QFontMetrics>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegend>
#include <QLocale>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace clusterplan::ui {

namespace {

const QColor kLowColor(palette::kSkyBlue);
const QColor kHighColor(palette::kVermillion);
constexpr int kMargin = 4;  // around the tornado chart, pixels

QTableWidgetItem* rightCell(const QString& text) {
    return readOnlyCell(text, Qt::AlignRight | Qt::AlignVCenter);
}

// The yearly table's texts of an amount: to the whole unit ("¥1,540,692"; a year's total needs no
// cents, the tooltip has them) and in four figures ("¥1.541M", "¥154.1万") for a narrow pane.
constexpr int kWholeRole = Qt::UserRole;
constexpr int kCompactRole = Qt::UserRole + 1;

}  // namespace

CostDetailsView::CostDetailsView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("costDetails"));
    m_runCost = new QLabel;
    m_runCost->setObjectName(QStringLiteral("runCost"));
    m_runCost->setWordWrap(true);
    m_runCost->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* chart = new QChart;
    applyChartTheme(chart, palette());
    chart->setMargins(QMargins(kMargin, kMargin, kMargin, kMargin));
    m_inputAxis = new QBarCategoryAxis(chart);
    // Qt Charts cuts a category label to "..." once it is taller than the chart's height over the
    // number of categories less padding (VerticalAxis::updateGeometry), which ten rows in the Cost
    // tab at 1400 × 900 are: every name came out as "...". The names are short (cost_input_names.h),
    // so they are drawn whole; a label that would overlap its neighbour is still hidden by Qt.
    m_inputAxis->setTruncateLabels(false);
    // Round steps in the money's unit ("-¥200k", "¥0", "¥200k"; "¥20万" in Chinese), not the
    // range's tenths ("-245.5, -122.8 …").
    m_changeAxis = new MoneyAxis(chart);
    chart->addAxis(m_inputAxis, Qt::AlignLeft);
    chart->addAxis(m_changeAxis, Qt::AlignBottom);
    m_tornado = new QChartView(chart);
    // Settling: fewer ticks make the plot wider, which would make room for more (PlotWidthFit).
    new PlotWidthFit(chart, m_tornado, [this](double width) { m_changeAxis->setAvailableLength(width); });
    m_tornado->setObjectName(QStringLiteral("sensitivityTornado"));
    m_tornado->setRenderHint(QPainter::Antialiasing);
    // Narrow enough to sit beside the cost chart in a 1024-pixel window; tall enough for ten input
    // names, each on a line of its own.
    m_tornado->setMinimumSize(300, 300);
    chart->legend()->setFont(QFont(chart->legend()->font().family(), 8));  // the wrapped legend's too
    m_inputAxis->setLabelsFont(QFont(m_inputAxis->labelsFont().family(), 8));

    m_yearly = new QTableWidget(0, 6);
    m_yearly->setObjectName(QStringLiteral("yearlyCost"));
    // Short headers, so that six columns of money fit the pane at 1400 × 900 in either language
    // (the full names scrolled the PV columns out of sight); the tooltips say it in full.
    m_yearly->setHorizontalHeaderLabels(
        {tr("year"), tr("rent"), tr("buy"), tr("buy net"), tr("PV rent"), tr("PV buy")});
    const QStringList headerTips{tr("year (month at its end)"),
                                 tr("rent accrued so far"),
                                 tr("buying: cash paid so far (gross)"),
                                 tr("buying net of the servers' resale value"),
                                 tr("rent in today's money (discounted at the discount rate)"),
                                 tr("buying in today's money (discounted at the discount rate)")};
    for (int column = 0; column < m_yearly->columnCount(); ++column)
        m_yearly->horizontalHeaderItem(column)->setToolTip(headerTips.value(column));
    m_yearly->verticalHeader()->setVisible(false);
    m_yearly->installEventFilter(this);
    // As tall as its few rows and no taller: the height left goes to the tornado, whose ten names
    // each need a line of their own.
    m_yearly->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_yearly->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_tornado);
    split->addWidget(m_yearly);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_runCost);
    layout->addWidget(split, 1);
}

QString CostDetailsView::runCostText() const {
    return m_runCost->text();
}

void CostDetailsView::setPlan(const Plan& plan) {
    if (!plan.cost && plan.costHalf) {
        showHalf(*plan.costHalf);
        return;
    }
    if (!plan.cost) {
        const QString reason =
            plan.costError ? engineErrorLine(*plan.costError) : tr("the price book cannot price this GPU");
        m_runCost->setText(tr("No cost: %1").arg(reason));
        clearTornado();
        // The reason once, in the line above: the chart only says that it has nothing to weigh.
        setWrappedTitle(m_tornado->chart(),
                        tr("No sensitivity: there is no cost to vary (why: above)").toHtmlEscaped());
        wrappedLegend(m_tornado->chart()).refresh();
        m_yearly->setRowCount(0);
        return;
    }
    const cost::CostReport& r = *plan.cost;
    QString text, basis;
    if (r.runCostRent && r.runCostBuy) {
        // Amounts as every sentence of the window writes them (ui/models/money_text.h): no cents
        // from ¥10,000 on, cents below ("¥11.51" per million tokens, not "¥ 11.5147"); counts
        // with group separators.
        text =
            tr("<b>Training run</b> (%1 GPU-hours, %2 tokens): <b>%3</b> rented, <b>%4</b> owned")
                .arg(formatNumber(r.runGpuHours.value_or(0), 0),
                     formatShortMoney(r.trainingTokens, QString()),
                     proseMoneyText(*r.runCostRent, r.currency), proseMoneyText(*r.runCostBuy, r.currency));
        if (r.perMillionTokensRent && r.perMillionTokensBuy)
            text += tr(" · per million tokens %1 rented, %2 owned")
                        .arg(proseMoneyText(cost::Money::fromUnits(*r.perMillionTokensRent), r.currency),
                             proseMoneyText(cost::Money::fromUnits(*r.perMillionTokensBuy), r.currency));
        // What the amounts are: excl. VAT, the rental's term, owning as an amortised share, and
        // owning for this run alone when it is shorter than the horizon.
        const quote::Bilingual term = quote::termName(r.offer, r.jobRental ? r.jobRental->term : r.term);
        // In the line's tooltip: a longer line squeezed the cost chart below it on a laptop screen.
        basis = tr("Excl. VAT. Rented: the bill on the term \"%1\". Owned: the run's share of %2 months of "
                   "owning at %3 % utilisation.")
                    .arg(toQString(QLocale().language() == QLocale::Chinese ? term.zh : term.en))
                    .arg(r.horizonMonths)
                    .arg(formatPlainNumber(100 * r.utilization, 0));
        if (const auto outlay = cost::ownCashOutlayForRun(r))
            basis += QStringLiteral(" ") +
                     tr("Bought for this run alone, owning costs %1 (purchase and the running "
                        "costs of a %2-month run, less the resale value then).")
                         .arg(proseMoneyText(outlay->cash, r.currency))
                         .arg(outlay->months);
    } else {
        text = tr("<b>Training run</b>: no cost per useful GPU-hour (utilisation 0)");
    }
    m_runCost->setText(text);
    m_runCost->setToolTip(basis);
    showTornado(plan);
    showYearly(plan);
}

void CostDetailsView::showHalf(const cost::CostReport& r) {
    // A price book that offers one half for this GPU: the run's cost of that half, the sentence on
    // the other, no sensitivity (it weighs rent against owning) and the yearly table's priced columns.
    const bool rented = r.rentPriced();
    const std::optional<cost::Money> amount = rented ? r.runCostRent : r.runCostBuy;
    const QString missing = engineText(r.notOffered->reason);
    QString text;
    if (amount)
        text =
            (rented ? tr("<b>Training run</b> (%1 GPU-hours, %2 tokens): <b>%3</b> rented; no purchase offer")
                    : tr("<b>Training run</b> (%1 GPU-hours, %2 tokens): <b>%3</b> owned; no rental offer"))
                .arg(formatNumber(r.runGpuHours.value_or(0), 0),
                     formatShortMoney(r.trainingTokens, QString()), proseMoneyText(*amount, r.currency));
    else
        text = tr("<b>Training run</b>: no cost per useful GPU-hour (utilisation 0)");
    m_runCost->setText(text);
    QString basis = missing;
    if (amount && rented) {
        const quote::Bilingual term = quote::termName(r.offer, r.jobRental ? r.jobRental->term : r.term);
        basis += QStringLiteral(" ") +
                 tr("Excl. VAT. Rented: the bill on the term \"%1\".")
                     .arg(toQString(QLocale().language() == QLocale::Chinese ? term.zh : term.en));
    } else if (amount)
        basis += QStringLiteral(" ") + tr("Excl. VAT. Owned: the run's share of %1 months of owning at %2 % "
                                          "utilisation.")
                                           .arg(r.horizonMonths)
                                           .arg(formatPlainNumber(100 * r.utilization, 0));
    m_runCost->setToolTip(basis);
    clearTornado();
    QChart* chart = m_tornado->chart();
    setWrappedTitle(chart, tr("No sensitivity: %1").arg(missing).toHtmlEscaped());
    wrappedLegend(chart).refresh();
    std::vector<const cost::MonthPoint*> rows;
    for (const cost::MonthPoint& p : r.monthly)
        if ((p.month > 0 && p.month % 12 == 0) || p.month == r.horizonMonths)
            rows.push_back(&p);
    fillYearly(r, rows);
}

void CostDetailsView::clearTornado() {
    // Nothing to vary: the explanation alone, no empty 0-1 axis under it.
    m_tornado->chart()->removeAllSeries();
    m_inputAxis->clear();
    m_inputAxis->setVisible(false);
    m_changeAxis->setVisible(false);
}

void CostDetailsView::showTornado(const Plan& plan) {
    const cost::CostReport& r = *plan.cost;
    QChart* chart = m_tornado->chart();
    chart->removeAllSeries();
    m_inputAxis->setVisible(true);
    m_changeAxis->setVisible(true);
    const double base = (r.rentAccruedTotal - r.buyNetTotal).units();
    auto* low = new QBarSet(tr("input lowered"));
    auto* high = new QBarSet(tr("input raised"));
    low->setColor(kLowColor);
    high->setColor(kHighColor);
    QStringList names;
    QStringList lowTips, highTips;
    const QString symbol = toQString(cost::currencySymbol(r.currency));
    const int rows = std::min<int>(kTornadoRows, static_cast<int>(r.sensitivity.size()));
    // The biggest swing at the top: categories run bottom-up, so fill in reverse.
    for (int i = rows - 1; i >= 0; --i) {
        const cost::SensitivityRow& row = r.sensitivity[static_cast<std::size_t>(i)];
        names << costInputName(row.input);
        const double dl = row.advantageLow.units() - base;
        const double dh = row.advantageHigh.units() - base;
        low->append(dl);
        high->append(dh);
        const auto tip = [&](double value, double delta, const cost::Money& adv) {
            return tr("%1 = %2 (base %3): owning advantage %4 (%5%6)")
                .arg(costInputName(row.input))
                .arg(value, 0, 'g', 4)
                .arg(row.base, 0, 'g', 4)
                .arg(moneyText(adv, r.currency))
                .arg(delta >= 0 ? QStringLiteral("+") : QString())
                .arg(moneyText(cost::Money::fromUnits(delta), r.currency));
        };
        lowTips << tip(row.low, dl, row.advantageLow);
        highTips << tip(row.high, dh, row.advantageHigh);
    }
    auto* series = new QHorizontalBarSeries;
    series->append(low);
    series->append(high);
    for (auto [set, tips] : {std::pair{low, lowTips}, std::pair{high, highTips}})
        connect(set, &QBarSet::hovered, this, [this, tips = tips](bool on, int index) {
            if (on)
                QToolTip::showText(QCursor::pos(), tips.value(index), m_tornado);
        });
    chart->addSeries(series);
    m_inputAxis->clear();
    m_inputAxis->append(names);
    series->attachAxis(m_inputAxis);
    series->attachAxis(m_changeAxis);
    double reach = 1;
    for (int i = 0; i < low->count(); ++i)
        reach = std::max({reach, std::abs(low->at(i)), std::abs(high->at(i))});
    // Symmetric about no change, so that a bar's side shows which way it moves the advantage.
    m_changeAxis->setMoneyRange(-reach, reach, symbol, kChangeTicks);
    plotWidthFit(chart)->restart();
    // The last tick's label is centred on the plot's right edge: leave half of it as margin, or
    // the chart cuts it ("¥300" for "¥300k").
    const QStringList ticks = m_changeAxis->categoriesLabels();
    const int half =
        ticks.isEmpty() ? 0 : QFontMetrics(m_changeAxis->labelsFont()).horizontalAdvance(ticks.last()) / 2;
    chart->setMargins(QMargins(kMargin, kMargin, std::max(kMargin, half + kMargin), kMargin));
    // What changes goes into the wrapped title: as the axis title, Qt cut it to "change of rent −
    // ow…" in a 300-pixel chart.
    m_changeAxis->setTitleText(tr("change"));
    setWrappedTitle(chart,
                    tr("Sensitivity of rent − own net cost at month %1 (positive favours buying; base %2)")
                        .arg(r.horizonMonths)
                        .arg(proseMoneyText(cost::Money::fromUnits(base), r.currency))
                        .toHtmlEscaped());
    wrappedLegend(chart).refresh();  // after the margins: it adds its height to the bottom one
}

void CostDetailsView::showYearly(const Plan& plan) {
    const cost::CostReport& r = *plan.cost;
    std::vector<const cost::MonthPoint*> rows;
    for (const cost::MonthPoint& p : r.monthly)
        if ((p.month > 0 && p.month % 12 == 0) || p.month == r.horizonMonths)
            rows.push_back(&p);
    fillYearly(r, rows);
}

void CostDetailsView::fillYearly(const cost::CostReport& r,
                                 const std::vector<const cost::MonthPoint*>& rows) {
    m_yearly->setRowCount(static_cast<int>(rows.size()));
    const QString symbol = toQString(cost::currencySymbol(r.currency));
    // The half a price book does not offer: "—" in its columns, the reason as their tooltip.
    const std::array<bool, 5> priced{r.rentPriced(), r.buyPriced(), r.buyPriced(), r.rentPriced(),
                                     r.buyPriced()};
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const cost::MonthPoint& p = *rows[static_cast<std::size_t>(i)];
        m_yearly->setItem(i, 0, rightCell(tr("%1 (%2)").arg((p.month + 11) / 12).arg(p.month)));
        int column = 1;
        for (const cost::Money& amount : {p.rentAccrued, p.buy, p.buyNet, p.rentPv, p.buyPv}) {
            if (!priced[static_cast<std::size_t>(column - 1)]) {
                QTableWidgetItem* cell = rightCell(tr("—"));
                cell->setData(kWholeRole, cell->text());
                cell->setData(kCompactRole, cell->text());
                cell->setToolTip(engineText(r.notOffered->reason));
                m_yearly->setItem(i, column++, cell);
                continue;
            }
            QTableWidgetItem* cell = rightCell(wholeMoneyText(amount, r.currency));
            cell->setData(kWholeRole, cell->text());
            cell->setData(kCompactRole, formatShortMoney(amount.units(), symbol));
            cell->setToolTip(moneyText(amount, r.currency));
            m_yearly->setItem(i, column++, cell);
        }
    }
    fitYearly();
}

void CostDetailsView::fitYearly() {
    // Whole amounts ("¥1,540,692") when they fit the pane; else four figures ("¥1.541M"), which a
    // big cluster's ten-digit totals need. Either way no column is hidden or cut.
    const auto show = [this](bool compact) {
        for (int row = 0; row < m_yearly->rowCount(); ++row)
            for (int column = 1; column < m_yearly->columnCount(); ++column) {
                QTableWidgetItem* cell = m_yearly->item(row, column);
                const QString text =
                    compact ? cell->data(kCompactRole).toString() : cell->data(kWholeRole).toString();
                if (cell->text() != text)
                    cell->setText(text);
            }
        m_yearly->resizeColumnsToContents();
    };
    show(false);
    if (m_yearly->horizontalHeader()->length() > m_yearly->viewport()->width())
        show(true);
    // The room left over goes to every column alike rather than to a blank strip on the right.
    const int spare = m_yearly->viewport()->width() - m_yearly->horizontalHeader()->length();
    for (int column = 0; spare > 0 && column < m_yearly->columnCount(); ++column)
        m_yearly->setColumnWidth(column, m_yearly->columnWidth(column) + spare / m_yearly->columnCount());
}

bool CostDetailsView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_yearly && event->type() == QEvent::Resize)
        fitYearly();
    return QWidget::eventFilter(watched, event);
}

}  // namespace clusterplan::ui
