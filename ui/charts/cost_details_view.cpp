#include "charts/cost_details_view.h"

#include "charts/chart_palette.h"
#include "charts/cost_input_names.h"
#include "charts/table_cell.h"
#include "i18n/engine_text.h"
#include "models/number_text.h"
#include "models/qt_text.h"
#include "report/plan.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QFont>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegend>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace clusterplan::ui {

namespace {

const QColor kLowColor(0x56, 0xB4, 0xE9);
const QColor kHighColor(0xD5, 0x5E, 0x00);

QString money(const cost::Money& m, cost::Currency c) {
    return toQString(cost::formatMoney(m, c));
}

QTableWidgetItem* rightCell(const QString& text) {
    return readOnlyCell(text, Qt::AlignRight | Qt::AlignVCenter);
}

}  // namespace

CostDetailsView::CostDetailsView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("costDetails"));
    m_runCost = new QLabel;
    m_runCost->setObjectName(QStringLiteral("runCost"));
    m_runCost->setWordWrap(true);
    m_runCost->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* chart = new QChart;
    applyChartTheme(chart, palette());
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_inputAxis = new QBarCategoryAxis(chart);
    // Qt Charts cuts a category label to "..." once it is taller than the chart's height over the
    // number of categories less padding (VerticalAxis::updateGeometry), which ten rows in the Cost
    // tab at 1400 × 900 are: every name came out as "...". The names are short (cost_input_names.h),
    // so they are drawn whole; a label that would overlap its neighbour is still hidden by Qt.
    m_inputAxis->setTruncateLabels(false);
    m_changeAxis = new QValueAxis(chart);
    chart->addAxis(m_inputAxis, Qt::AlignLeft);
    chart->addAxis(m_changeAxis, Qt::AlignBottom);
    m_tornado = new QChartView(chart);
    m_tornado->setObjectName(QStringLiteral("sensitivityTornado"));
    m_tornado->setRenderHint(QPainter::Antialiasing);
    m_tornado->setMinimumSize(460, 260);
    chart->legend()->setFont(QFont(chart->legend()->font().family(), 8));
    m_inputAxis->setLabelsFont(QFont(m_inputAxis->labelsFont().family(), 8));

    m_yearly = new QTableWidget(0, 6);
    m_yearly->setObjectName(QStringLiteral("yearlyCost"));
    m_yearly->setHorizontalHeaderLabels({tr("year (month)"), tr("rent (accrued)"), tr("buy (gross)"),
                                         tr("buy net of resale"), tr("PV rent"), tr("PV buy")});
    m_yearly->verticalHeader()->setVisible(false);
    m_yearly->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
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
    if (!plan.cost) {
        m_runCost->setText(tr("No cost: %1")
                               .arg(plan.costError ? engineErrorLine(*plan.costError)
                                                   : tr("the price book cannot price this GPU")));
        m_tornado->chart()->removeAllSeries();
        m_yearly->setRowCount(0);
        return;
    }
    const cost::CostReport& r = *plan.cost;
    QString text;
    if (r.runCostRent && r.runCostBuy) {
        text = tr("<b>Training run</b> (%1 GPU-hours, %2 B tokens): <b>%3</b> rented, <b>%4</b> owned")
                   .arg(formatPlainNumber(r.runGpuHours.value_or(0), 0),
                        formatPlainNumber(r.trainingTokens / 1e9, 0), money(*r.runCostRent, r.currency),
                        money(*r.runCostBuy, r.currency));
        if (r.perMillionTokensRent && r.perMillionTokensBuy)
            text += tr(" · per million tokens %1 %2 rented, %1 %3 owned")
                        .arg(toQString(cost::currencySymbol(r.currency)),
                             formatPlainNumber(*r.perMillionTokensRent, 4),
                             formatPlainNumber(*r.perMillionTokensBuy, 4));
    } else {
        text = tr("<b>Training run</b>: no cost per useful GPU-hour (utilisation 0)");
    }
    m_runCost->setText(text);
    showTornado(plan);
    showYearly(plan);
}

void CostDetailsView::showTornado(const Plan& plan) {
    const cost::CostReport& r = *plan.cost;
    QChart* chart = m_tornado->chart();
    chart->removeAllSeries();
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
                .arg(money(adv, r.currency))
                .arg(delta >= 0 ? QStringLiteral("+") : QString())
                .arg(money(cost::Money::fromUnits(delta), r.currency));
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
    // Axis in millions (or thousands) of the currency: readable tick labels; tooltips stay exact.
    const bool millions = reach >= 1e6;
    const double unit = millions ? 1e6 : 1e3;
    for (QBarSet* set : {low, high})
        for (int i = 0; i < set->count(); ++i)
            set->replace(i, set->at(i) / unit);
    m_changeAxis->setRange(-reach / unit * 1.1, reach / unit * 1.1);
    m_changeAxis->setTitleText(tr("change of rent − own net at month %1 (%2%3)")
                                   .arg(r.horizonMonths)
                                   .arg(symbol, millions ? tr("M") : tr("k")));
    m_changeAxis->setLabelFormat(QStringLiteral("%.1f"));
    chart->setTitle(tr("Sensitivity (positive favours buying; base %1)")
                        .arg(money(cost::Money::fromUnits(base), r.currency)));
}

void CostDetailsView::showYearly(const Plan& plan) {
    const cost::CostReport& r = *plan.cost;
    std::vector<const cost::MonthPoint*> rows;
    for (const cost::MonthPoint& p : r.monthly)
        if ((p.month > 0 && p.month % 12 == 0) || p.month == r.horizonMonths)
            rows.push_back(&p);
    m_yearly->setRowCount(static_cast<int>(rows.size()));
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const cost::MonthPoint& p = *rows[static_cast<std::size_t>(i)];
        m_yearly->setItem(i, 0, rightCell(tr("%1 (%2)").arg((p.month + 11) / 12).arg(p.month)));
        m_yearly->setItem(i, 1, rightCell(money(p.rentAccrued, r.currency)));
        m_yearly->setItem(i, 2, rightCell(money(p.buy, r.currency)));
        m_yearly->setItem(i, 3, rightCell(money(p.buyNet, r.currency)));
        m_yearly->setItem(i, 4, rightCell(money(p.rentPv, r.currency)));
        m_yearly->setItem(i, 5, rightCell(money(p.buyPv, r.currency)));
    }
}

}  // namespace clusterplan::ui
