#pragma once
// MeasuredRunsDelegate: the editors of the measured-runs table. Recompute and sequence parallel
// are a choice (a combo box whose data is the scenario's id, "full" / "true", or empty for the
// stack's default); every other cell is typed, empty meaning "left out".
#include <QStyledItemDelegate>

namespace clusterplan::ui {

class MeasuredRunsDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;
};

}  // namespace clusterplan::ui
