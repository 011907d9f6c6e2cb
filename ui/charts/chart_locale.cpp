#include "ui/charts/chart_locale.h"

#include <QChart>
#include <QLocale>

namespace clusterplan::ui {

void useLocaleNumbers(QChart* chart) {
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
    chart->setLocale(locale);
    chart->setLocalizeNumbers(true);
}

}  // namespace clusterplan::ui
