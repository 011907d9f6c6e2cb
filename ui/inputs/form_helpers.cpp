#include "inputs/form_helpers.h"

#include <QSignalBlocker>

#include <algorithm>
#include <cmath>

namespace clusterplan::ui {

namespace {

void setUp(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info, QWidget* widget) {
    widget->setObjectName(info.objectName);
    widget->setToolTip(info.toolTip);
    fields.add(info.key, widget);
    form->addRow(info.label, widget);
}

}  // namespace

QSpinBox* addSpinBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info, int minimum,
                     int maximum) {
    auto* box = new QSpinBox;
    box->setRange(minimum, maximum);
    box->setAccelerated(true);
    setUp(form, fields, info, box);
    return box;
}

QDoubleSpinBox* addDoubleSpinBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info,
                                 double minimum, double maximum, int decimals, const QString& suffix) {
    auto* box = new QDoubleSpinBox;
    box->setDecimals(decimals);
    box->setRange(minimum, maximum);
    box->setSuffix(suffix);
    box->setAccelerated(true);
    setUp(form, fields, info, box);
    return box;
}

QComboBox* addComboBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info,
                       const QList<std::pair<QString, QVariant>>& items) {
    auto* box = new QComboBox;
    for (const auto& [text, data] : items)
        box->addItem(text, data);
    setUp(form, fields, info, box);
    return box;
}

QCheckBox* addCheckBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info) {
    auto* box = new QCheckBox;
    setUp(form, fields, info, box);
    return box;
}

void alignLabelColumns(const QList<QFormLayout*>& forms) {
    QList<QWidget*> labels;
    int width = 0;
    for (QFormLayout* form : forms) {
        for (int row = 0; row < form->rowCount(); ++row) {
            QLayoutItem* item = form->itemAt(row, QFormLayout::LabelRole);
            if (item && item->widget()) {
                labels.append(item->widget());
                width = std::max(width, item->widget()->sizeHint().width());
            }
        }
    }
    for (QWidget* label : labels)
        label->setMinimumWidth(width);
}

void loadSpinBox(QSpinBox* box, std::int64_t value) {
    const auto clamped = static_cast<int>(std::clamp<std::int64_t>(value, box->minimum(), box->maximum()));
    if (box->value() == clamped)
        return;
    const QSignalBlocker blocker(box);
    box->setValue(clamped);
}

void loadDoubleSpinBox(QDoubleSpinBox* box, double value) {
    const double scale = std::pow(10.0, box->decimals());
    const double rounded = std::clamp(std::round(value * scale) / scale, box->minimum(), box->maximum());
    if (std::abs(box->value() - rounded) < 0.5 / scale)
        return;
    const QSignalBlocker blocker(box);
    box->setValue(rounded);
}

void loadComboData(QComboBox* box, const QVariant& data) {
    const int index = box->findData(data);
    if (index < 0 || index == box->currentIndex())
        return;
    const QSignalBlocker blocker(box);
    box->setCurrentIndex(index);
}

void loadCheckBox(QCheckBox* box, bool checked) {
    if (box->isChecked() == checked)
        return;
    const QSignalBlocker blocker(box);
    box->setChecked(checked);
}

}  // namespace clusterplan::ui
