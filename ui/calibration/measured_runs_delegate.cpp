#include "ui/calibration/measured_runs_delegate.h"

#include "ui/calibration/measured_runs_model.h"

#include <QComboBox>

#include <algorithm>

namespace clusterplan::ui {

namespace {

bool isChoice(const QModelIndex& index) {
    return index.column() == MeasuredRunsModel::RecomputeColumn ||
           index.column() == MeasuredRunsModel::SequenceParallel;
}

}  // namespace

QWidget* MeasuredRunsDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                            const QModelIndex& index) const {
    if (!isChoice(index))
        return QStyledItemDelegate::createEditor(parent, option, index);
    auto* box = new QComboBox(parent);
    box->addItem(tr("default"), QString());
    if (index.column() == MeasuredRunsModel::RecomputeColumn) {
        box->addItem(tr("none"), QStringLiteral("none"));
        box->addItem(tr("selective"), QStringLiteral("selective"));
        box->addItem(tr("full"), QStringLiteral("full"));
    } else {
        box->addItem(tr("yes"), QStringLiteral("true"));
        box->addItem(tr("no"), QStringLiteral("false"));
    }
    return box;
}

void MeasuredRunsDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    if (auto* box = qobject_cast<QComboBox*>(editor); box && isChoice(index)) {
        box->setCurrentIndex(std::max(0, box->findData(index.data(Qt::EditRole).toString())));
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void MeasuredRunsDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                        const QModelIndex& index) const {
    if (auto* box = qobject_cast<QComboBox*>(editor); box && isChoice(index)) {
        model->setData(index, box->currentData().toString(), Qt::EditRole);
        return;
    }
    QStyledItemDelegate::setModelData(editor, model, index);
}

}  // namespace clusterplan::ui
