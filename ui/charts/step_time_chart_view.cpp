#include "ui/charts/step_time_chart_view.h"
#include "ui/models/palette.h"

#include "ui/charts/axis_fit.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/charts/wrapped_title.h"
#include "ui/models/engine_terms.h"

#include "core/report/plan.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_summary.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QToolTip>
#include <QValueAxis>

#include <QLocale>
#include <algorithm>

#include <cmath>

namespace clusterplan::ui {

namespace {

constexpr double kBarWidth = 0.4;       // of the category; the bar spans y = ±0.2
constexpr double kWhiskerY = 0.27;      // the band's line, just above the bar
constexpr double kWhiskerTick = 0.04;   // half the height of its end ticks
constexpr double kStepHeadroom = 1.04;  // the value axis ends this far past the band's high end
const QColor kWhiskerColor(palette::kInk);

// "47.1 s", "3.52 s", "0.853 s": three significant digits down to a millisecond.
QString seconds(double value) {
    return formatNumber(value, value >= 10 ? 1 : value >= 1 ? 2 : 3);
}

QString share(double part, double total) {
    const double percent = total > 0 ? 100 * part / total : 0;
    if (percent > 0 && percent < 0.1)
        return StepTimeChartView::tr("under 0.1 %");
    return QStringLiteral("%1 %").arg(formatNumber(percent, 1));
}

// Decimals for the value axis labels so that neighbouring ticks differ.
int axisDecimals(const QValueAxis& axis) {
    const double interval = (axis.max() - axis.min()) / std::max(axis.tickCount() - 1, 1);
    return interval >= 1 ? 0 : std::clamp(static_cast<int>(std::ceil(-std::log10(interval))), 1, 4);
}

}  // namespace

StepTimeChartView::StepTimeChartView(QWidget* parent) : QChartView(parent) {
    setObjectName(QStringLiteral("stepTimeChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 150);  // beside the layout scatter, above the feed chart in a 1024 × 700 window
    QChart* chart = this->chart();
    chart->setMargins(QMargins(4, 4, 4, 4));
    wrappedLegend(chart).setBesidePlot(true);  // a column: every part with its seconds, whole

    // One bar, the current layout (named in the summary): its axis needs no labels, and the room
    // goes to the legend.
    m_categoryAxis = new QBarCategoryAxis(chart);
    m_categoryAxis->setLabelsVisible(false);
    m_categoryAxis->setGridLineVisible(false);
    // "selected TP 4 × PP 16 × DP 1" whole: Qt cut it to "selected 4×16×1…" at 1400 × 900. The
    // labels are the plans' layouts, so their width does not follow the plot's (no relayout loop).
    m_categoryAxis->setTruncateLabels(false);
    m_valueAxis = new QValueAxis(chart);
    // No axis title: the chart's title and every legend entry give the seconds, and in a 1024 × 700
    // window the title's line was the plot's height.
    chart->addAxis(m_categoryAxis, Qt::AlignLeft);
    chart->addAxis(m_valueAxis, Qt::AlignBottom);
    // As many seconds ticks as the plot's width holds (Qt cut crowded ones to "..."), settling.
    new PlotWidthFit(chart, this, [this](double width) { fitValueAxisTicks(m_valueAxis, width); });
}

QList<QColor> StepTimeChartView::partColors() {
    // compute, recompute, then the MoE router and permutation and the expert load imbalance in
    // darker shades of compute's and recompute's blues, TP, CP, EP, PP, bubble, DP, optimizer (Okabe
    // & Ito 2008, and grey), CPU offload's PCIe copies in dark goldenrod (outside the palette, unlike
    // its eight colours), then comm/compute contention and synchronisation in greys, the GPU waiting
    // for the host's kernel launches in a vermillion darker than PP's, and waiting for data in a
    // reddish purple darker than EP's.
    return {QColor(palette::kBlue),
            QColor(palette::kSkyBlue),
            QColor(palette::kBlue).darker(160),
            QColor(palette::kSkyBlue).darker(160),
            QColor(palette::kOrange),
            QColor(palette::kYellow),
            QColor(palette::kReddishPurple),
            QColor(palette::kVermillion),
            QColor(palette::kGrey),
            QColor(palette::kBluishGreen),
            QColor(palette::kCharcoal),
            QColor(palette::kDarkGoldenrod),
            QColor(palette::kLightGrey),
            QColor(palette::kDarkGrey),
            QColor(palette::kVermillion).darker(160),
            QColor(palette::kDarkPurple)};
}

QList<QBarSet*> StepTimeChartView::barSets() const {
    for (QAbstractSeries* series : chart()->series()) {
        if (auto* bars = qobject_cast<QHorizontalStackedBarSeries*>(series))
            return bars->barSets();
    }
    return {};
}

void StepTimeChartView::setPlan(const Plan& plan) {
    setPlans(plan, nullptr, nullptr);
}

void StepTimeChartView::setPlans(const Plan& plan, const Plan* selected, const Plan* baseline) {
    const PerfEstimate& perf = plan.perf;
    QChart* chart = this->chart();
    chart->removeAllSeries();  // deletes the previous series and their bar sets
    setWrappedTitle(chart, tr("Step time %1 s (%2–%3 s), MFU %4 %")
                               .arg(seconds(perf.stepSeconds), seconds(perf.stepSecondsLow),
                                    seconds(perf.stepSecondsHigh))
                               .arg(formatNumber(100 * perf.mfu, 1)));

    // Category 0 (the bottom bar) is the current plan; the others stand above it.
    std::vector<const Plan*> plans{&plan};
    QStringList labels{formatLayoutWithOffload(plan.layout)};
    if (selected) {
        plans.push_back(selected);
        labels << tr("selected %1").arg(formatLayoutWithOffload(selected->layout));
    }
    if (baseline) {
        plans.push_back(baseline);
        labels << tr("baseline %1").arg(formatLayoutWithOffload(baseline->layout));
    }
    if (plans.size() > 1)
        labels[0] = tr("current %1").arg(labels[0]);
    m_categoryAxis->setLabelsVisible(plans.size() > 1);

    auto* bars = new QHorizontalStackedBarSeries;
    bars->setBarWidth(kBarWidth);
    const QList<QColor> colors = partColors();
    const std::vector<StepPart> parts = stepParts(perf);
    std::vector<std::vector<StepPart>> partsOf;
    for (const Plan* p : plans)
        partsOf.push_back(stepParts(p->perf));
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const QColor color = colors.value(static_cast<qsizetype>(i), Qt::gray);
        auto* set = new QBarSet(stepPartName(parts[i].name));
        set->setColor(color);
        set->setBorderColor(color.darker(130));
        QStringList texts;
        for (std::size_t k = 0; k < plans.size(); ++k) {
            const double value = i < partsOf[k].size() ? partsOf[k][i].seconds : 0;
            set->append(value);
            texts << tr("%1 (%2): %3 s (%4)")
                         .arg(set->label(), labels[static_cast<qsizetype>(k)], seconds(value),
                              share(value, plans[k]->perf.stepSeconds));
        }
        bars->append(set);
        connect(set, &QBarSet::hovered, this, [this, texts](bool status, int index) {
            if (status)
                QToolTip::showText(QCursor::pos(), texts.value(index), this);
        });
    }
    chart->addSeries(bars);
    labelLegend(bars, parts);

    m_categoryAxis->clear();
    m_categoryAxis->append(labels);
    bars->attachAxis(m_categoryAxis);
    bars->attachAxis(m_valueAxis);
    addRangeWhisker(perf.stepSecondsLow, perf.stepSecondsHigh);
    wrappedLegend(chart).refresh();  // every part that takes time, with its seconds, whole

    double longest = std::max(perf.stepSeconds, perf.stepSecondsHigh);
    for (const Plan* p : plans)
        longest = std::max(longest, p->perf.stepSeconds);
    m_valueAxis->setRange(0, longest * kStepHeadroom);
    m_valueAxis->applyNiceNumbers();
    // Seconds on the axis itself ("0 s  100 s  200 s"): the bar had no unit under it. Qt Charts reads
    // a label format as Latin-1 ("0 ? 20 ?" for 秒), so where the unit is beyond it the labels are
    // bare numbers and the chart's title, which states the step in 秒, gives the unit: an axis title
    // took the line the labels need in a 1024 × 700 window (they were elided to "…").
    const QString unit = tr("s", "unit of the step-time axis: seconds");
    const bool latin = std::all_of(unit.cbegin(), unit.cend(), [](QChar c) { return c.unicode() < 0x100; });
    m_valueAxis->setLabelFormat(QStringLiteral("%.%1f").arg(axisDecimals(*m_valueAxis)) +
                                (latin ? QStringLiteral(" ") + unit : QString()));
    plotWidthFit(chart)->restart();
}

void StepTimeChartView::labelLegend(QAbstractSeries* bars, const std::vector<StepPart>& parts) {
    // Each part that takes time by its short name and seconds (shares are in the tooltips and the
    // summary); parts that take none are hidden. The bar sets keep the full names.
    const QList<QLegendMarker*> markers = chart()->legend()->markers(bars);
    for (qsizetype i = 0; i < markers.size() && i < static_cast<qsizetype>(parts.size()); ++i) {
        const StepPart& part = parts[static_cast<std::size_t>(i)];
        markers[i]->setLabel(tr("%1 %2 s").arg(stepPartName(part.shortName), seconds(part.seconds)));
        if (!(part.seconds > 0))
            WrappedLegend::leaveOut(markers[i]);
    }
}

void StepTimeChartView::addRangeWhisker(double low, double high) {
    if (!(high > low))
        return;
    auto* whisker = new QLineSeries;
    whisker->setName(tr("band %1–%2 s").arg(seconds(low), seconds(high)));
    // |——| drawn as one polyline: down the low tick, along the band, down the high tick.
    whisker->append(low, kWhiskerY + kWhiskerTick);
    whisker->append(low, kWhiskerY - kWhiskerTick);
    whisker->append(low, kWhiskerY);
    whisker->append(high, kWhiskerY);
    whisker->append(high, kWhiskerY + kWhiskerTick);
    whisker->append(high, kWhiskerY - kWhiskerTick);
    whisker->setPen(QPen(kWhiskerColor, 1.5));
    chart()->addSeries(whisker);
    whisker->attachAxis(m_valueAxis);
    whisker->attachAxis(m_categoryAxis);
    for (QLegendMarker* marker : chart()->legend()->markers(whisker))
        marker->setShape(QLegend::MarkerShapeFromSeries);  // a line, not a black square
}

}  // namespace clusterplan::ui
