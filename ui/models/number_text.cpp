#include "ui/models/number_text.h"

#include <QLocale>

#include <cmath>

namespace clusterplan::ui {

QString formatNumber(double value, int decimals) {
    if (!std::isfinite(value))
        return kNoNumber;
    return QLocale().toString(value, 'f', decimals);
}

QString formatPlainNumber(double value, int decimals) {
    if (!std::isfinite(value))
        return kNoNumber;
    return QString::number(value, 'f', decimals);
}

}  // namespace clusterplan::ui
