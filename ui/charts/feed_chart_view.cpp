#include "ui/charts/feed_chart_view.h"
#include "ui/models/palette.h"

#include "core/report/plan.h"
#include "ui/charts/axis_fit.h"
#include "ui/charts/chart_locale.h"
#include "ui/charts/chart_palette.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/charts/wrapped_title.h"
#include "ui/models/number_text.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QLocale>
#include <QLogValueAxis>

#include <algorithm>
#include <cmath>

namespace clusterplan::ui {

namespace {

// Okabe & Ito (2008): vermillion for what the GPUs need, bluish green for what is available.
const QColor kNeeded(palette::kVermillion);
const QColor kAvailable(palette::kBluishGreen);

QString rate(double v) {
    return formatNumber(v, v < 10 ? 2 : 0);
}

}  // namespace

// One label per decade crowds the axis when the rates span many decades (storage reads 10^6
// samples/s where the GPUs need 10): Qt drew "1", "100", "10000", "1e+06" over one another in a
// 1024-pixel window. A label goes every k-th decade, k as small as the plot's width allows.
void FeedChartView::fitDecades(double plotWidth) {
    if (!m_values)
        return;
    const double lowDecade = std::floor(std::log10(m_low));
    const double highDecade = std::ceil(std::log10(m_high));
    const QByteArray format = m_values->labelFormat().toLatin1();
    const QStringList ends{QString::asprintf(format.constData(), std::pow(10.0, lowDecade)),
                           QString::asprintf(format.constData(), std::pow(10.0, highDecade))};
    // Group separators widen a localized label by about a third.
    const double widest = widestLabel(ends, m_values->labelsFont()) * (m_low >= 1 ? 1.35 : 1.0);
    const int labels = labelsThatFit(plotWidth, widest);
    const double decades = std::max(highDecade - lowDecade, 1.0);
    // `labels` steps, not labels − 1: a label on the axis's far end hangs half out of the plot and
    // Qt Charts hides it, which left "1" alone under the bars. Spaced this way they still fit.
    const double step = std::max(1.0, std::ceil(decades / labels));
    // Qt puts the ticks at the base's whole powers inside the range, so the range stays the rates'
    // decades (the bars keep their proportions) and a span of `step` decades holds a tick.
    const double base = std::pow(10.0, step);
    const double high = std::pow(10.0, lowDecade + std::max(decades, step));
    if (m_values->base() != base)
        m_values->setBase(base);
    if (m_values->max() != high || m_values->min() != std::pow(10.0, lowDecade))
        m_values->setRange(std::pow(10.0, lowDecade), high);
}

FeedChartView::FeedChartView(QWidget* parent) : QChartView(parent) {
    setObjectName(QStringLiteral("feedChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 240);  // room for the log axis labels and its title below the bars
    chart()->setMargins(QMargins(4, 4, 4, 4));
    // Settling: the labels the decades choose move the plot's edge (PlotWidthFit).
    new PlotWidthFit(chart(), this, [this](double width) { fitDecades(width); });
}

void FeedChartView::setPlan(const Plan& plan) {
    QChart* chart = this->chart();
    chart->removeAllSeries();
    // removeAxis() hands the axis back to the caller (QChart::removeAxis): deleted here, not
    // leaked on every plan.
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    m_values = nullptr;
    applyChartTheme(chart, palette());
    const FeedCheck& f = plan.feed;
    auto* needed = new QBarSet(tr("needed by the GPUs"));
    auto* available = new QBarSet(tr("available"));
    needed->setColor(kNeeded);
    available->setColor(kAvailable);
    *needed << f.neededPerNode << f.neededPerNode;
    *available << f.cpuPerNode << f.storagePerNode;
    m_series = new QHorizontalBarSeries;
    m_series->append(needed);
    m_series->append(available);
    chart->addSeries(m_series);

    auto* categories = new QBarCategoryAxis;
    categories->append({tr("CPU workers"), tr("storage")});
    auto* values = new QLogValueAxis;
    values->setTitleText(tr("samples/s per server"));
    m_low = std::max(1e-3, std::min({f.neededPerNode, f.cpuPerNode, f.storagePerNode}) / 2);
    m_high = std::max({f.neededPerNode, f.cpuPerNode, f.storagePerNode, 1.0}) * 2;
    if (!std::isfinite(m_high))  // a degenerate input must not give the axis "nan" or "inf" labels
        m_high = m_low * 1000;
    m_values = values;
    // Whole numbers with group separators ("1,000,000", not "1e+06"). When the axis starts below one
    // sample/s, "%g" as printf writes it: Qt 6.4 drew no labels at all for a localized "%g".
    if (m_low >= 1) {
        values->setLabelFormat(QStringLiteral("%.0f"));
        useLocaleNumbers(chart);
    } else {
        values->setLabelFormat(QStringLiteral("%g"));
        chart->setLocalizeNumbers(false);
    }
    plotWidthFit(chart)->restart();
    chart->addAxis(categories, Qt::AlignLeft);
    chart->addAxis(values, Qt::AlignBottom);
    m_series->attachAxis(categories);
    m_series->attachAxis(values);

    const QString title = f.binds ? tr("Data feed binds (%1): GPUs at %2 %")
                                        .arg(f.bottleneck == "cpu" ? tr("CPU") : tr("storage"))
                                        .arg(formatNumber(100 * f.gpuUtilization, 0))
                                  : tr("Data feed keeps up: %1× the need").arg(rate(f.margin));
    setWrappedTitle(chart, title);
    wrappedLegend(chart).refresh();
    setToolTip(
        tr("Per server: the GPUs need %1 samples/s; the loader workers prepare %2 and storage reads %3.")
            .arg(rate(f.neededPerNode), rate(f.cpuPerNode), rate(f.storagePerNode)));
}

}  // namespace clusterplan::ui
