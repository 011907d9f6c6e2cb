#pragma once
// Axis numbers in the window's language. Qt Charts formats value and log axes with a printf
// format ("%.0f" gives "1000000"); with localizeNumbers it writes them through the chart's QLocale
// instead, which gives "1,000,000" in English and Chinese alike. The C locale (the CLI's English
// report) omits group separators by default, so they are switched on explicitly.
class QChart;

namespace clusterplan::ui {

void useLocaleNumbers(QChart* chart);

}  // namespace clusterplan::ui
