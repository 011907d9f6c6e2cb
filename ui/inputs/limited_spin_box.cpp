#include "ui/inputs/limited_spin_box.h"

#include <QKeyEvent>
#include <QLineEdit>

#include "ui/inputs/typed_number.h"
#include "ui/models/number_text.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

LimitedSpinBox::LimitedSpinBox(const InputLimit& limit, QWidget* parent) : QSpinBox(parent), m_limit(limit) {
    setRange(static_cast<int>(limit.minInt()), static_cast<int>(limit.maxInt()));
    // The reason goes with the field when the edit ends (Enter, or the focus leaves).
    connect(this, &QSpinBox::editingFinished, this, [this] { m_editStart.reset(); });
}

void LimitedSpinBox::setUnsetValue(int value, const QString& text) {
    setMinimum(value);
    setSpecialValueText(text);
}

QValidator::State LimitedSpinBox::validate(QString& input, int& pos) const {
    const QValidator::State state = QSpinBox::validate(input, pos);
    if (state != QValidator::Invalid)
        return state;
    // Out of range but a number: kept as typed, refused with the range when the edit ends.
    return typedNumber(*this, input, prefix(), suffix()) ? QValidator::Intermediate : QValidator::Invalid;
}

void LimitedSpinBox::keyPressEvent(QKeyEvent* event) {
    if (!m_editStart)
        m_editStart = value();
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
        refuseOutside();
    QSpinBox::keyPressEvent(event);
}

void LimitedSpinBox::focusOutEvent(QFocusEvent* event) {
    refuseOutside();
    QSpinBox::focusOutEvent(event);
}

void LimitedSpinBox::refuseOutside() {
    const auto typed = typedNumber(*this, lineEdit()->text(), prefix(), suffix());
    if (!typed || (*typed >= minimum() && *typed <= maximum()))
        return;
    const auto error = limitError(std::string(m_limit.key), *typed, m_limit);
    if (!error)
        return;
    // Digits typed before the value left the range were applied as they came (keyboard
    // tracking); the edit is undone as a whole, so no truncated number stays behind.
    const int before = m_editStart.value_or(value());
    m_editStart.reset();
    setValue(before);
    lineEdit()->setText(textFromValue(before));
    // In words, with the numbers grouped: "0 is outside the allowed range 1–1,000,000" (the engine's
    // "is 0, allowed range 1 to 1000000" stays the CLI's).
    emit refused(toQString(error->where),
                 tr("%1 is outside the allowed range %2–%3")
                     .arg(formatNumber(*typed, 0), formatNumber(static_cast<double>(m_limit.minInt()), 0),
                          formatNumber(static_cast<double>(m_limit.maxInt()), 0)));
}

}  // namespace clusterplan::ui
