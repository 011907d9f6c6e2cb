#pragma once
// Each report chart as PNG (2× the chart's pixels) and SVG (vectors, QSvgGenerator), written with
// QSaveFile so a failure leaves no partial file.
#include <QString>
#include <QStringList>

#include "core/util/result.h"

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class ReportCharts;

// Returns the files written ("memory.png", "memory.svg", ...), or the first error.
Result<QStringList> writeChartImages(const ReportCharts& charts, const QString& folder);

}  // namespace clusterplan::ui
