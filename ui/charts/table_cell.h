#pragma once
// Read-only tables and cells for the views' QTableWidgets (scaling curve, comparisons, yearly cost,
// phases, measured-run results).
#include <QHeaderView>
#include <QStringList>
#include <QTableWidget>
#include <QTableWidgetItem>

namespace clusterplan::ui {

[[nodiscard]] inline QTableWidgetItem*
readOnlyCell(const QString& text, Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setTextAlignment(alignment);
    return item;
}

// A table of results named `name` (for tests and styles): one column per header, no row numbers,
// columns as wide as their contents, nothing editable.
[[nodiscard]] inline QTableWidget* readOnlyTable(const char* name, const QStringList& headers) {
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()));
    t->setObjectName(QString::fromLatin1(name));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->setVisible(false);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    return t;
}

}  // namespace clusterplan::ui
