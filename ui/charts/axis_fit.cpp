#include "ui/charts/axis_fit.h"

#include <QChart>
#include <QFont>
#include <QFontMetricsF>
#include <QStringList>
#include <QValueAxis>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace clusterplan::ui {

namespace {

constexpr double kLabelGap = 12;  // pixels between neighbouring labels, so that they read apart

}  // namespace

double roundTickStep(double span, int ticks) {
    const double raw = span / std::max(ticks, 1);
    if (!(raw > 0) || !std::isfinite(raw))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (factor * magnitude >= raw * (1 - 1e-9))
            return factor * magnitude;
    }
    return 10 * magnitude;
}

int labelsThatFit(double length, double widest) {
    if (!(length > 0) || !(widest > 0))
        return 2;
    return std::max(2, static_cast<int>(std::floor(length / (widest + kLabelGap))));
}

double widestLabel(const QStringList& labels, const QFont& font) {
    const QFontMetricsF metrics(font);
    double widest = 0;
    for (const QString& label : labels)
        widest = std::max(widest, metrics.horizontalAdvance(label));
    return widest;
}

void fitValueAxisTicks(QValueAxis* axis, double length, int mostTicks) {
    const double span = axis->max() - axis->min();
    if (!(span > 0))
        return;
    // The labels as Qt writes them (the axis's printf format) at both ends: the widest.
    const QByteArray format =
        axis->labelFormat().isEmpty() ? QByteArrayLiteral("%g") : axis->labelFormat().toLatin1();
    const QStringList ends{QString::asprintf(format.constData(), axis->min()),
                           QString::asprintf(format.constData(), axis->max())};
    const int ticks = std::min(mostTicks, labelsThatFit(length, widestLabel(ends, axis->labelsFont())));
    double step = roundTickStep(span, std::max(ticks - 1, 1));
    // Two labels at least, zero and a round step inside the range: a step as long as the whole
    // range left the axis one label, "0".
    while (step > span * (1 + 1e-9)) {
        const double magnitude = std::pow(10.0, std::floor(std::log10(step)));
        const double factor = step / magnitude;
        step = factor > 5.0001   ? 5 * magnitude
               : factor > 2.5001 ? 2.5 * magnitude
               : factor > 2.0001 ? 2 * magnitude
               : factor > 1.0001 ? magnitude
                                 : magnitude / 2;
    }
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    if (axis->tickInterval() != step)
        axis->setTickInterval(step);
}

PlotWidthFit::PlotWidthFit(QChart* chart, const QWidget* view, std::function<void(double width)> fit)
    : QObject(chart), m_chart(chart), m_view(view), m_fit(std::move(fit)) {
    setObjectName(QStringLiteral("plotWidthFit"));
    connect(chart, &QChart::plotAreaChanged, this, &PlotWidthFit::plotAreaChanged);
}

void PlotWidthFit::restart() {
    m_narrowest = -1;
    m_fits = 0;
    // The plot is the old content's until the next layout pass: fitted, not remembered.
    m_fit(m_chart->plotArea().width());
}

void PlotWidthFit::plotAreaChanged(const QRectF& plot) {
    if (m_view->size() != m_viewSize) {
        m_viewSize = m_view->size();
        m_narrowest = -1;
        m_fits = 0;
    }
    if (m_fits >= kMostFits || !(plot.width() > 0))
        return;
    m_narrowest = m_narrowest < 0 ? plot.width() : std::min(m_narrowest, plot.width());
    ++m_fits;
    m_fit(m_narrowest);
}

PlotWidthFit* plotWidthFit(const QChart* chart) {
    return chart->findChild<PlotWidthFit*>(QString(), Qt::FindDirectChildrenOnly);
}

}  // namespace clusterplan::ui
