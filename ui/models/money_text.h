#pragma once
// An amount as the cost engine writes it (symbol, grouping, decimals), for labels and cells.
#include <QString>

#include "core/cost/money.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

inline QString moneyText(const cost::Money& amount, cost::Currency currency) {
    return toQString(cost::formatMoney(amount, currency));
}

}  // namespace clusterplan::ui
