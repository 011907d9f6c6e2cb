#pragma once
// A read-only table cell for the views' QTableWidgets (scaling curve, comparisons, yearly cost).
#include <QTableWidgetItem>

namespace clusterplan::ui {

[[nodiscard]] inline QTableWidgetItem*
readOnlyCell(const QString& text, Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setTextAlignment(alignment);
    return item;
}

}  // namespace clusterplan::ui
