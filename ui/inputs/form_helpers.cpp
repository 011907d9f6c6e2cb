#include "ui/inputs/form_helpers.h"

#include "ui/models/qt_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSignalBlocker>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace clusterplan::ui {

namespace {

constexpr char kKeyProperty[] = "scenarioKey";
// A field whose value is not searched nor taken from the panel's usual source names its own.
constexpr char kSourceProperty[] = "fieldSource";

// Tooltip texts come from FormHelpers::tr (one translation context for these shared lines).
struct FormHelpers {
    Q_DECLARE_TR_FUNCTIONS(FormHelpers)
};

void setUp(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info, QWidget* widget) {
    widget->setObjectName(info.objectName);
    widget->setToolTip(info.toolTip.isEmpty() ? info.label : info.toolTip);
    widget->setProperty(kKeyProperty, info.key);
    fields.add(info.key, widget);
    form->addRow(info.label, widget);
}

// "Range: 1 to 1024" with the box's unit; the special value text (e.g. "auto") is named too.
template <typename Box> QString rangeLine(const Box* box, const QString& minimum, const QString& maximum) {
    const QString unit = box->suffix().trimmed();
    QString line = unit.isEmpty() ? FormHelpers::tr("Range: %1 to %2").arg(minimum, maximum)
                                  : FormHelpers::tr("Range: %1 to %2 %3").arg(minimum, maximum, unit);
    if (!box->specialValueText().isEmpty())
        line += FormHelpers::tr(" (%1 = %2)").arg(minimum, box->specialValueText());
    return line;
}

QString rangeLine(const QWidget* widget) {
    const QLocale locale;
    if (const auto* spin = qobject_cast<const QSpinBox*>(widget))
        return rangeLine(spin, locale.toString(spin->minimum()), locale.toString(spin->maximum()));
    if (const auto* spin = qobject_cast<const QDoubleSpinBox*>(widget))
        return rangeLine(spin, locale.toString(spin->minimum(), 'f', spin->decimals()),
                         locale.toString(spin->maximum(), 'f', spin->decimals()));
    if (const auto* combo = qobject_cast<const QComboBox*>(widget); combo)
        return combo->count() > 0 ? FormHelpers::tr("A choice from the list") : QString();
    return FormHelpers::tr("On or off");
}

}  // namespace

void setFieldSource(QWidget* input, const QString& source) {
    input->setProperty(kSourceProperty, source);
}

void completeToolTips(QWidget* panel, const QString& source) {
    for (QWidget* input : panel->findChildren<QWidget*>()) {
        if (!qobject_cast<QAbstractSpinBox*>(input) && !qobject_cast<QComboBox*>(input) &&
            !qobject_cast<QCheckBox*>(input))
            continue;
        QStringList lines{input->toolTip(), rangeLine(input)};
        const QString key = input->property(kKeyProperty).toString();
        if (!key.isEmpty())
            lines << FormHelpers::tr("Scenario key: %1").arg(key);
        const QString own = input->property(kSourceProperty).toString();
        lines << FormHelpers::tr("Source: %1").arg(own.isEmpty() ? source : own);
        lines.removeAll(QString());
        input->setToolTip(lines.join(QLatin1Char('\n')));
    }
}

QSpinBox* addSpinBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info, int minimum,
                     int maximum) {
    auto* box = new QSpinBox;
    box->setRange(minimum, maximum);
    box->setAccelerated(true);
    setUp(form, fields, info, box);
    return box;
}

LimitedSpinBox* addLimitedSpinBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info) {
    auto* box = new LimitedSpinBox(inputLimit(toStdString(info.key)));
    box->setAccelerated(true);
    setUp(form, fields, info, box);
    return box;
}

LimitedDoubleSpinBox* addLimitedDoubleSpinBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info,
                                              int decimals, double unit, const QString& suffix) {
    auto* box = new LimitedDoubleSpinBox(inputLimit(toStdString(info.key)), decimals, unit);
    box->setSuffix(suffix);
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
        // Narrower than a label and its widest field (a laptop's 1024 pixels), a field goes under
        // its label instead of being cut at the panel's edge.
        form->setRowWrapPolicy(QFormLayout::WrapLongRows);
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
