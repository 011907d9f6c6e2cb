#pragma once
// LimitedSpinBox: a spin box whose range is a row of the input limits table
// (core/scenario/input_limits.h), the same range the file reader and the checks accept. A number
// typed outside it is not clamped to the nearest bound, cut to the digits that fit, or put back in
// silence: the box goes back to its value before the edit and emits refused() with the key and the
// table's range ("training.seq_len: is 99999999, allowed range 1 to 10000000").
#include <QSpinBox>
#include <QString>

#include <optional>

#include "core/scenario/input_limits.h"

namespace clusterplan::ui {

class LimitedSpinBox : public QSpinBox {
    Q_OBJECT

public:
    explicit LimitedSpinBox(const InputLimit& limit, QWidget* parent = nullptr);

    [[nodiscard]] const InputLimit& limit() const { return m_limit; }
    // A value below the table's minimum that means "unset" (-1 loader workers: the default),
    // shown as `text`; the range then starts there.
    void setUnsetValue(int value, const QString& text);

signals:
    // `where` is the table's key; `message` the engine's reason, translated.
    void refused(const QString& where, const QString& message);

protected:
    // Any whole number may be typed (it is checked when the edit ends), so no digit is dropped.
    QValidator::State validate(QString& input, int& pos) const override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    // At the end of an edit: refuses a number outside the range, if one was typed.
    void refuseOutside();

    const InputLimit& m_limit;
    std::optional<int> m_editStart;  // the value before the keys of this edit
};

}  // namespace clusterplan::ui
