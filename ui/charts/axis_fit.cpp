#include "ui/charts/axis_fit.h"

#include <QFont>
#include <QFontMetricsF>
#include <QStringList>
#include <QValueAxis>

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
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(roundTickStep(span, std::max(ticks - 1, 1)));
}

}  // namespace clusterplan::ui
