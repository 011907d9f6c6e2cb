#pragma once
// LimitedDoubleSpinBox: LimitedSpinBox for a decimal input (tokens to train, data set size, host
// memory): its range is a row of the input limits table (core/scenario/input_limits.h), shown in
// the box's own unit (tokens in billions: `unit` = 1e9). A number typed outside the range is not
// clamped: the box goes back to its value before the edit and emits refused() with the key and the
// table's range in the key's unit ("training.tokens: is 2e+16, allowed range 1 to 1e+16").
#include <QDoubleSpinBox>
#include <QString>

#include <optional>

#include "core/scenario/input_limits.h"

namespace clusterplan::ui {

class LimitedDoubleSpinBox : public QDoubleSpinBox {
    Q_OBJECT

public:
    // The box shows value / unit of the key's value; `decimals` as QDoubleSpinBox.
    LimitedDoubleSpinBox(const InputLimit& limit, int decimals, double unit = 1, QWidget* parent = nullptr);

    [[nodiscard]] const InputLimit& limit() const { return m_limit; }
    // A value below the table's minimum that means "unset" (0 GiB of host memory: the price
    // book's), shown as `text`; the range then starts there.
    void setUnsetValue(double value, const QString& text);

signals:
    void refused(const QString& where, const QString& message);

protected:
    QValidator::State validate(QString& input, int& pos) const override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void refuseOutside();

    const InputLimit& m_limit;
    double m_unit;
    std::optional<double> m_editStart;
};

}  // namespace clusterplan::ui
