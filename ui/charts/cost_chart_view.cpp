#include "ui/charts/cost_chart_view.h"
#include "ui/models/palette.h"

#include "core/report/plan.h"
#include "ui/charts/axis_fit.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/charts/wrapped_title.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/money_text.h"
#include "ui/models/qt_text.h"

#include <QChart>
#include <QCursor>
#include <QFont>
#include <QFontMetrics>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>

namespace clusterplan::ui {

namespace {

const QColor kRentColor(palette::kBlue);
const QColor kBuyColor(palette::kVermillion);
const QColor kBuyNetColor(palette::kReddishPurple);
const QColor kMarkerColor(palette::kInk);

// Month ticks every 3, 6, 12 ... months, about 6 to 12 of them.
// Month ticks every 1, 3, 6, 12, 24 or 60 months: at most 12, and no more than the plot's width
// holds ("120" is the widest label; Qt cut crowded ones to "...").
double monthTickInterval(int horizon, double plotWidth, const QFont& font) {
    const int room = std::min(12, labelsThatFit(plotWidth, widestLabel({QStringLiteral("120")}, font)) - 1);
    for (double interval : {1.0, 3.0, 6.0, 12.0, 24.0, 60.0}) {
        if (horizon / interval <= room)
            return interval;
    }
    return 120;
}

// Why the plan has no cost, from the engine.
QString noCostReason(const Plan& plan) {
    if (plan.costError)
        return engineErrorLine(*plan.costError);
    return CostChartView::tr("the price book has no price for this GPU");
}

QLineSeries* costLine(const QString& name, const QColor& color, Qt::PenStyle style) {
    auto* line = new QLineSeries;
    line->setName(name);
    QPen pen(color, 2.5, style);
    pen.setCapStyle(Qt::FlatCap);
    line->setPen(pen);
    return line;
}

}  // namespace

CostChartView::CostChartView(QWidget* parent) : QChartView(parent) {
    setObjectName(QStringLiteral("costChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(250, 240);  // beside the cost details in a 1024-pixel window
    QChart* chart = this->chart();
    chart->setMargins(QMargins(4, 4, 8, 4));

    m_monthAxis = new QValueAxis(chart);
    m_monthAxis->setTitleText(tr("months from purchase"));
    m_monthAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_monthAxis->setTickType(QValueAxis::TicksDynamic);
    m_monthAxis->setTickAnchor(0);
    m_moneyAxis = new MoneyAxis(chart);
    chart->addAxis(m_monthAxis, Qt::AlignBottom);
    chart->addAxis(m_moneyAxis, Qt::AlignLeft);
    m_breakEven = std::make_unique<ChartMarker>(chart, kMarkerColor);
    connect(chart, &QChart::plotAreaChanged, this, &CostChartView::placeMarker);
    // Month ticks every so many months as the plot's width holds, settling (PlotWidthFit).
    new PlotWidthFit(chart, this, [this](double width) {
        const double interval = monthTickInterval(m_horizonMonths, width, m_monthAxis->labelsFont());
        if (interval != m_monthAxis->tickInterval())
            m_monthAxis->setTickInterval(interval);
    });
}

QList<QLineSeries*> CostChartView::lines() const {
    QList<QLineSeries*> result;
    for (QAbstractSeries* series : chart()->series()) {
        if (auto* line = qobject_cast<QLineSeries*>(series))
            result << line;
    }
    return result;
}

QString CostChartView::breakEvenLabel() const {
    return m_breakEven->label();
}

void CostChartView::setPlan(const Plan& plan) {
    // A price book that offers one half for this GPU: that half's lines, and the sentence saying
    // which half is missing in place of the break-even.
    const cost::CostReport* shown = plan.cost ? &*plan.cost : plan.costHalf ? &*plan.costHalf : nullptr;
    if (!shown) {
        showNoCost(noCostReason(plan));
        return;
    }
    const cost::CostReport& report = *shown;
    m_currency = report.currency;
    const QString code = toQString(cost::currencyCode(report.currency));
    const QString symbol = toQString(cost::currencySymbol(report.currency));
    showLines(report);
    m_moneyAxis->setTitleText(tr("cost (%1)").arg(code));
    if (report.notOffered) {
        m_breakEven->hide();
        const QString missing = engineText(report.notOffered->reason);
        m_title = report.rentPriced()
                      ? tr("Cumulative cost over %1 months in %2: rent %3<br>%4")
                            .arg(report.horizonMonths)
                            .arg(code, formatCompactMoney(report.rentAccruedTotal.units(), symbol), missing)
                      : tr("Cumulative cost over %1 months in %2: buy %3 (%4 net of resale)<br>%5")
                            .arg(report.horizonMonths)
                            .arg(code, formatCompactMoney(report.buyTotal.units(), symbol),
                                 formatCompactMoney(report.buyNetTotal.units(), symbol), missing);
        wrapTitle();
        plotWidthFit(chart())->restart();
        return;
    }
    const QString breakEven = showBreakEven(report);
    m_title = tr("Cumulative cost over %1 months in %2: rent %3 vs buy %4 (%5 net of resale)<br>%6")
                  .arg(report.horizonMonths)
                  .arg(code, formatCompactMoney(report.rentAccruedTotal.units(), symbol),
                       formatCompactMoney(report.buyTotal.units(), symbol),
                       formatCompactMoney(report.buyNetTotal.units(), symbol), breakEven);
    wrapTitle();
    plotWidthFit(chart())->restart();
    placeMarker();
}

void CostChartView::showLines(const cost::CostReport& report) {
    QChart* chart = this->chart();
    chart->removeAllSeries();
    auto* rent = costLine(tr("Rent (accrued)"), kRentColor, Qt::SolidLine);
    auto* buy = costLine(tr("Buy (gross cash)"), kBuyColor, Qt::SolidLine);
    auto* buyNet = costLine(tr("Buy, net of resale"), kBuyNetColor, Qt::DashLine);
    // Only the lines of the halves the price book offers.
    QList<QLineSeries*> priced;
    if (report.rentPriced())
        priced << rent;
    else
        delete rent;
    if (report.buyPriced())
        priced << buy << buyNet;
    else {
        delete buy;
        delete buyNet;
    }
    double low = 0;
    double high = 0;
    for (const cost::MonthPoint& point : report.monthly) {
        const auto month = static_cast<double>(point.month);
        const std::array<double, 3> values{point.rentAccrued.units(), point.buy.units(),
                                           point.buyNet.units()};
        if (report.rentPriced())
            rent->append(month, values[0]);
        if (report.buyPriced()) {
            buy->append(month, values[1]);
            buyNet->append(month, values[2]);
        }
        low = std::min({low, values[0], values[1], values[2]});
        high = std::max({high, values[0], values[1], values[2]});
    }
    for (QLineSeries* line : priced) {
        chart->addSeries(line);
        line->attachAxis(m_monthAxis);
        line->attachAxis(m_moneyAxis);
        connect(line, &QLineSeries::hovered, this, [this](const QPointF& point, bool state) {
            if (state)
                showMonthToolTip(point.x());
        });
    }
    m_monthAxis->setRange(0, report.horizonMonths);
    m_horizonMonths = report.horizonMonths;
    m_monthAxis->setTickInterval(
        monthTickInterval(m_horizonMonths, chart->plotArea().width(), m_monthAxis->labelsFont()));
    m_moneyAxis->setMoneyRange(low, high, toQString(cost::currencySymbol(report.currency)));
    m_monthAxis->setVisible(true);
    m_moneyAxis->setVisible(true);
    wrappedLegend(chart).refresh();  // solid, dashed: each line's style in its entry
}

QString CostChartView::showBreakEven(const cost::CostReport& report) {
    // Gross break-even is where the rent and gross buy lines cross; the marker falls back to the
    // net of resale one when only that lies within the horizon.
    const cost::BreakEven& be = report.breakeven;
    const auto within = [&](const std::optional<int>& month) {
        return month && *month <= report.horizonMonths;
    };
    if (within(be.gross)) {
        m_breakEven->show(*be.gross, tr("break-even month %1").arg(*be.gross));
        if (be.net && *be.net < *be.gross)
            return tr("buying pays back in month %1 (month %2 net of resale)").arg(*be.gross).arg(*be.net);
        return tr("buying pays back in month %1").arg(*be.gross);
    }
    if (within(be.net)) {
        m_breakEven->show(*be.net, tr("break-even month %1 (net of resale)").arg(*be.net));
        return tr("buying pays back in month %1 net of resale").arg(*be.net);
    }
    m_breakEven->hide();
    if (be.gross)
        return tr("buying pays back only in month %1, after the horizon").arg(*be.gross);
    return tr("buying does not pay back within %1 months").arg(report.searchMonths);
}

void CostChartView::showNoCost(const QString& reason) {
    QChart* chart = this->chart();
    chart->removeAllSeries();
    m_breakEven->hide();
    m_monthAxis->setVisible(false);
    m_moneyAxis->setVisible(false);
    wrappedLegend(chart).refresh();  // no lines, no entries
    // The engine's reason is plain text: one line, wrapped.
    m_title = tr("No cost: %1").arg(reason).replace(QStringLiteral("<br>"), QStringLiteral(" "));
    wrapTitle();
}

void CostChartView::wrapTitle() {
    // Qt Charts cuts a title line that is wider than the chart to "..." (ChartTitle), which hid the
    // totals in a 440-pixel Cost tab: the lines (plain text) are wrapped to the chart's width.
    QStringList lines = m_title.split(QStringLiteral("<br>"));
    for (QString& line : lines)
        line = line.toHtmlEscaped();
    // The money axis's top label reaches half its height above the plot, into the title's last line
    // (a Chinese title wraps to five lines in a 1024-pixel window).
    const int overhang =
        m_moneyAxis->isVisible() ? QFontMetrics(m_moneyAxis->labelsFont()).height() / 2 + 2 : 0;
    setWrappedTitle(chart(), lines.join(QStringLiteral("<br>")), overhang);
}

void CostChartView::placeMarker() {
    const QList<QAbstractSeries*> series = chart()->series();
    m_breakEven->place(series.isEmpty() ? nullptr : series.first());
}

void CostChartView::showMonthToolTip(double month) {
    const QList<QLineSeries*> shown = lines();
    if (shown.isEmpty())
        return;
    const auto index = static_cast<qsizetype>(std::lround(std::max(month, 0.0)));
    if (index >= shown[0]->count())
        return;
    QString text = tr("<b>Month %1</b>").arg(index);
    for (QLineSeries* line : shown)
        text += QStringLiteral("<br>%1: %2")
                    .arg(line->name(), moneyText(cost::Money::fromUnits(line->at(index).y()), m_currency));
    QToolTip::showText(QCursor::pos(), text, this);
}

}  // namespace clusterplan::ui
