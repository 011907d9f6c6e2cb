#include "ui/charts/feed_chart_view.h"

#include "core/report/plan.h"
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
const QColor kNeeded(0xD5, 0x5E, 0x00);
const QColor kAvailable(0x00, 0x9E, 0x73);

QString rate(double v) {
    return formatNumber(v, v < 10 ? 2 : 0);
}

}  // namespace

FeedChartView::FeedChartView(QWidget* parent) : QChartView(parent) {
    setObjectName(QStringLiteral("feedChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 240);  // room for the log axis labels and its title below the bars
    chart()->setMargins(QMargins(4, 4, 4, 4));
}

void FeedChartView::setPlan(const Plan& plan) {
    QChart* chart = this->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes())
        chart->removeAxis(axis);
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
    const double low = std::max(1e-3, std::min({f.neededPerNode, f.cpuPerNode, f.storagePerNode}) / 2);
    double high = std::max({f.neededPerNode, f.cpuPerNode, f.storagePerNode, 1.0}) * 2;
    if (!std::isfinite(high))  // a degenerate input must not give the axis "nan" or "inf" labels
        high = low * 1000;
    // One label per decade crowds the axis when the rates span many decades (storage reads 10^6
    // samples/s where the GPUs need 10): at the default window size Qt elided one ("1000…"). Past
    // four decades a label goes every second decade.
    const double base = std::log10(high / low) > 4 ? 100 : 10;
    values->setBase(base);
    const auto power = [base](double exponent) { return std::pow(base, exponent); };
    const auto logBase = [base](double v) { return std::log(v) / std::log(base); };
    values->setRange(power(std::floor(logBase(low))), power(std::ceil(logBase(high))));
    // Whole numbers with group separators ("1,000,000", not "1e+06"). When the axis starts below one
    // sample/s, "%g" as printf writes it: Qt 6.4 drew no labels at all for a localized "%g".
    if (values->min() >= 1) {
        values->setLabelFormat(QStringLiteral("%.0f"));
        useLocaleNumbers(chart);
    } else {
        values->setLabelFormat(QStringLiteral("%g"));
        chart->setLocalizeNumbers(false);
    }
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
