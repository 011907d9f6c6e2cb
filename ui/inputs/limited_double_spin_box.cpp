#include "ui/inputs/limited_double_spin_box.h"

#include <QKeyEvent>
#include <QLineEdit>

#include <cmath>

#include "ui/i18n/engine_text.h"
#include "ui/inputs/typed_number.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

LimitedDoubleSpinBox::LimitedDoubleSpinBox(const InputLimit& limit, int decimals, double unit,
                                           QWidget* parent)
    : QDoubleSpinBox(parent), m_limit(limit), m_unit(unit) {
    setDecimals(decimals);
    // The smallest step the box can show stands in for a minimum below it (1 token is 1e-9 B).
    const double step = std::pow(10.0, -decimals);
    setRange(std::max(limit.min / unit, step), limit.max / unit);
    connect(this, &QDoubleSpinBox::editingFinished, this, [this] { m_editStart.reset(); });
}

void LimitedDoubleSpinBox::setUnsetValue(double value, const QString& text) {
    setMinimum(value);
    setSpecialValueText(text);
}

QValidator::State LimitedDoubleSpinBox::validate(QString& input, int& pos) const {
    const QValidator::State state = QDoubleSpinBox::validate(input, pos);
    if (state != QValidator::Invalid)
        return state;
    return typedNumber(*this, input, prefix(), suffix()) ? QValidator::Intermediate : QValidator::Invalid;
}

void LimitedDoubleSpinBox::keyPressEvent(QKeyEvent* event) {
    if (!m_editStart)
        m_editStart = value();
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
        refuseOutside();
    QDoubleSpinBox::keyPressEvent(event);
}

void LimitedDoubleSpinBox::focusOutEvent(QFocusEvent* event) {
    refuseOutside();
    QDoubleSpinBox::focusOutEvent(event);
}

void LimitedDoubleSpinBox::refuseOutside() {
    const auto typed = typedNumber(*this, lineEdit()->text(), prefix(), suffix());
    if (!typed || (*typed >= minimum() && *typed <= maximum()))
        return;
    // The engine's check in the key's own unit, so the message gives the table's range.
    // Inside the table but below the smallest step the box shows: Qt's own fix-up takes it.
    const auto error = limitError(std::string(m_limit.key), *typed * m_unit, m_limit);
    if (!error)
        return;
    const double before = m_editStart.value_or(value());
    m_editStart.reset();
    setValue(before);
    lineEdit()->setText(textFromValue(before));
    emit refused(toQString(error->where), engineText(*error));
}

}  // namespace clusterplan::ui
