#pragma once
// Small builders for the input panels: a form row per scenario key, registered in the
// FieldRegistry under that key, and setters that load values without emitting edit signals.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QList>
#include <QSpinBox>
#include <QString>
#include <QVariant>

#include <cstdint>
#include <utility>

#include "ui/inputs/field_registry.h"
#include "ui/inputs/limited_double_spin_box.h"
#include "ui/inputs/limited_spin_box.h"

namespace clusterplan::ui {

struct FieldInfo {
    QString key;         // scenario key path, as the engine names it in errors: "layout.tp"
    QString objectName;  // for tests and style sheets: "tp"
    QString label;
    QString toolTip;
};

// A spin-box row bound to an integer member of one part of the scenario (ModelSpec, LayoutSpec, …);
// its range is the input limits table's row of info.key.
template <typename Owner> struct BoundIntField {
    FieldInfo info;
    std::int64_t Owner::*member;
};

// Ranges let invalid combinations through (the engine explains them) but not absurd values.
QSpinBox* addSpinBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info, int minimum,
                     int maximum);
// A spin box for a key of the input limits table (core/scenario/input_limits.h): the table's range,
// and a number typed outside it is refused with that range (LimitedSpinBox), never clamped.
LimitedSpinBox* addLimitedSpinBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info);
// The same for a decimal key, shown in `unit`s of the key's value (tokens in billions: 1e9).
LimitedDoubleSpinBox* addLimitedDoubleSpinBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info,
                                              int decimals, double unit = 1, const QString& suffix = {});
// A decimal spin box; `suffix` like " %" (values are shown as the user thinks of them).
QDoubleSpinBox* addDoubleSpinBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info,
                                 double minimum, double maximum, int decimals, const QString& suffix = {});
QComboBox* addComboBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info,
                       const QList<std::pair<QString, QVariant>>& items);
QCheckBox* addCheckBox(QFormLayout* form, FieldRegistry& fields, const FieldInfo& info);

// Completes the tooltip of every input under `panel` with its unit and allowed range (from the
// widget's own limits and suffix), its scenario key and where its default value comes from:
// "Pipeline stages; …\nRange: 1 to 1024\nScenario key: layout.pp\nSource: …".
void completeToolTips(QWidget* panel, const QString& source);
// What completeToolTips writes as the source of this one field, instead of the panel's.
void setFieldSource(QWidget* input, const QString& source);

// Gives the label columns of several forms one width, so their fields line up; a row too wide
// for the panel puts its field under its label.
void alignLabelColumns(const QList<QFormLayout*>& forms);

// Loaders: change the widget only when the value differs, with its signals blocked.
void loadSpinBox(QSpinBox* box, std::int64_t value);
// Compares after rounding to the box's decimals, so a value the box itself produced never resets
// the text being typed.
void loadDoubleSpinBox(QDoubleSpinBox* box, double value);
void loadComboData(QComboBox* box, const QVariant& data);
void loadCheckBox(QCheckBox* box, bool checked);

}  // namespace clusterplan::ui
