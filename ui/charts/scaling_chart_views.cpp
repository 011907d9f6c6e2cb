#include "ui/charts/scaling_chart_views.h"
#include "ui/models/palette.h"

#include "ui/charts/chart_locale.h"
#include "ui/charts/chart_palette.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/charts/wrapped_title.h"
#include "ui/models/number_text.h"

#include <QCategoryAxis>
#include <QChart>
#include <QFontMetrics>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPen>
#include <QValueAxis>

#include <cmath>

#include <algorithm>
#include <utility>

namespace clusterplan::ui {

namespace {

const QColor kThroughputColor(palette::kBlue);
const QColor kIdealColor(palette::kGrey);
const QColor kEfficiencyColor(palette::kVermillion);
const QColor kDaysColor(palette::kBluishGreen);
const QColor kDeadlineColor(palette::kReddishPurple);
constexpr double kEfficiencyTop = 110;  // per cent

QLineSeries* line(const QString& name, const QColor& color, Qt::PenStyle style = Qt::SolidLine) {
    auto* s = new QLineSeries;
    s->setName(name);
    s->setPen(QPen(color, 2, style));
    s->setPointsVisible(true);
    return s;
}

QChart* newChart(const QWidget* view, const QString& title) {
    auto* chart = new QChart;
    applyChartTheme(chart, view->palette());
    setWrappedTitle(chart, title);
    return chart;
}

QLogValueAxis* gpuAxis(QObject* parent, const QString& title) {
    auto* axis = new QLogValueAxis(parent);
    axis->setBase(2);
    // QLogValueAxis takes only a printf format; "%.0f" is written by the chart's locale when the
    // chart localizes numbers (localizeGroups), which gives "16,384" rather than "16384".
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setMinorTickCount(0);
    // Level until a study sets the counts (fitGpuAxis turns long ones upright: Qt limits a slanted
    // label to about the tick spacing and cut "16,384" to "16,3…").
    axis->setLabelsAngle(0);
    axis->setTitleText(title);
    return axis;
}

// Scaling efficiency in per cent: ticks every 25 %, up to 110 % or above the highest point.
QCategoryAxis* percentAxis(QObject* parent, const QString& title) {
    auto* axis = new QCategoryAxis(parent);
    axis->setTitleText(title);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setGridLineVisible(false);  // the tokens/s axis draws the grid
    axis->setTruncateLabels(false);   // "125 %", not "125…"
    return axis;
}

void setPercentTicks(QCategoryAxis* axis, double top) {
    for (const QString& label : axis->categoriesLabels())
        axis->remove(label);
    axis->setStartValue(0);
    for (int percent = 0; percent <= top; percent += 25)
        axis->append(QStringLiteral("%1 %").arg(formatNumber(percent, 0)), percent);
    axis->setRange(0, top);
}

// From the smallest GPU count that fits (the smallest tried when none does) to the largest tried:
// counts that do not fit have no point, and from 1 GPU the left half of GPT-3's chart (first fit
// at 64) was empty.
std::pair<double, double> gpuSpan(const ScalingReport& report) {
    double low = 1, high = 2;
    if (!report.curve.empty())
        low = static_cast<double>(report.curve.front().gpus);
    for (const ScalePoint& p : report.curve)
        if (p.fits) {
            low = static_cast<double>(p.gpus);
            break;
        }
    for (const ScalePoint& p : report.curve)
        high = std::max(high, static_cast<double>(p.gpus));
    return {low, std::max(high, low * 2)};
}

// The GPU axis spans every count tried, with a margin on the log scale.
void fitGpuAxis(QLogValueAxis* axis, const ScalingReport& report) {
    const auto [low, high] = gpuSpan(report);
    // A label per doubling fits up to 8 doublings: from 1 to 16,384 GPUs (14) Qt elided the
    // labels to "…" at the default window size, in Chinese first. Wider studies label every
    // second (or fourth) doubling; the points stay at every count.
    const double doublings = std::log2(high / low);
    const double base = doublings > 16 ? 16 : doublings > 8 ? 4 : 2;
    axis->setBase(base);
    axis->setRange(low / 1.3, high * 1.3);
    // Upright labels only when the widest is at least as long as a line is high: Qt Charts makes
    // room for the labels by their upright height but takes a line's height off the title's, so
    // with counts of one or two digits (a quote on 8 GPUs) the title was cut to "...".
    const QFontMetrics metrics(axis->labelsFont());
    const QString widest = QLocale().toString(static_cast<qlonglong>(high));
    axis->setLabelsAngle(metrics.horizontalAdvance(widest) >= metrics.height() ? -90 : 0);
}

}  // namespace

ScalingThroughputChartView::ScalingThroughputChartView(QWidget* parent) : QChartView(parent) {
    setObjectName(QStringLiteral("scaleThroughputChart"));
    setRenderHint(QPainter::Antialiasing);
    QChart* chart = newChart(this, tr("Throughput and scaling efficiency"));
    m_gpuAxis = gpuAxis(chart, tr("GPUs (log2)"));
    m_tpsAxis = new MoneyAxis(chart);  // round steps labelled "250k", "1.5M" (万, 亿 in Chinese)
    m_tpsAxis->setTitleText(tr("tokens/s"));
    m_tpsAxis->setNumberRange(0, 1);
    m_effAxis = percentAxis(chart, tr("scaling efficiency"));
    setPercentTicks(m_effAxis, kEfficiencyTop);
    chart->addAxis(m_gpuAxis, Qt::AlignBottom);
    chart->addAxis(m_tpsAxis, Qt::AlignLeft);
    chart->addAxis(m_effAxis, Qt::AlignRight);
    m_throughput = line(tr("tokens/s"), kThroughputColor);
    m_ideal = line(tr("ideal (linear)"), kIdealColor, Qt::DashLine);
    m_efficiency = line(tr("scaling efficiency"), kEfficiencyColor, Qt::DotLine);
    for (QLineSeries* s : {m_ideal, m_throughput, m_efficiency}) {
        chart->addSeries(s);
        s->attachAxis(m_gpuAxis);
        s->attachAxis(s == m_efficiency ? m_effAxis : m_tpsAxis);
    }
    wrappedLegend(chart).refresh();
    setChart(chart);
}

void ScalingThroughputChartView::setReport(const ScalingReport& report) {
    QList<QPointF> tps, ideal, eff;
    double maxTps = 0;
    double maxEfficiency = 0;  // per cent
    for (const ScalePoint& p : report.curve) {
        if (!p.fits)
            continue;
        const double g = static_cast<double>(p.gpus);
        const double t = p.best.perf.tokensPerSecond;
        tps << QPointF(g, t);
        eff << QPointF(g, 100 * p.efficiency);
        maxEfficiency = std::max(maxEfficiency, 100 * p.efficiency);
        if (p.efficiency > 0)
            ideal << QPointF(g, t / p.efficiency);  // efficiency = per-GPU rate / the smallest count's
        maxTps = std::max({maxTps, t, p.efficiency > 0 ? t / p.efficiency : 0});
    }
    m_throughput->replace(tps);
    m_ideal->replace(ideal);
    m_efficiency->replace(eff);
    useLocaleNumbers(chart());
    fitGpuAxis(m_gpuAxis, report);
    m_tpsAxis->setNumberRange(0, std::max(1.0, maxTps * 1.08));
    // Above 100 % too: a larger count can fit a faster layout (129.9 % at 512 GPUs for
    // tests/data/search-llama3-405b-16384xh100.json), and its point stays on the chart.
    setPercentTicks(m_effAxis, std::max(kEfficiencyTop, maxEfficiency * 1.08));
}

ScalingDaysChartView::ScalingDaysChartView(QWidget* parent) : QChartView(parent) {
    setObjectName(QStringLiteral("scaleDaysChart"));
    setRenderHint(QPainter::Antialiasing);
    QChart* chart = newChart(this, tr("Days to train"));
    m_gpuAxis = gpuAxis(chart, tr("GPUs (log2)"));
    m_daysAxis = new MoneyAxis(chart);  // round steps, as few decimals as the ticks need
    m_daysAxis->setTitleText(tr("days"));
    m_daysAxis->setNumberRange(0, 1);
    chart->addAxis(m_gpuAxis, Qt::AlignBottom);
    chart->addAxis(m_daysAxis, Qt::AlignLeft);
    m_days = line(tr("days to train"), kDaysColor);
    m_deadline = line(tr("deadline"), kDeadlineColor, Qt::DashLine);
    m_deadline->setPointsVisible(false);
    for (QLineSeries* s : {m_days, m_deadline}) {
        chart->addSeries(s);
        s->attachAxis(m_gpuAxis);
        s->attachAxis(m_daysAxis);
    }
    wrappedLegend(chart).refresh();
    setChart(chart);
}

void ScalingDaysChartView::setReport(const ScalingReport& report, double deadlineDays) {
    QList<QPointF> days;
    double maxDays = deadlineDays;
    for (const ScalePoint& p : report.curve)
        if (p.fits) {
            days << QPointF(static_cast<double>(p.gpus), p.trainDays);
            maxDays = std::max(maxDays, p.trainDays);
        }
    m_days->replace(days);
    const auto [low, high] = gpuSpan(report);
    m_deadline->replace(deadlineDays > 0 ? QList<QPointF>{{low, deadlineDays}, {high, deadlineDays}}
                                         : QList<QPointF>{});
    useLocaleNumbers(chart());
    fitGpuAxis(m_gpuAxis, report);
    m_daysAxis->setNumberRange(0, std::max(1.0, maxDays * 1.1));
}

}  // namespace clusterplan::ui
