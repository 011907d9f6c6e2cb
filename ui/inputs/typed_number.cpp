#include "ui/inputs/typed_number.h"

#include <QLocale>

namespace clusterplan::ui {

std::optional<double> typedNumber(const QAbstractSpinBox& box, const QString& text, const QString& prefix,
                                  const QString& suffix) {
    QString number = text;
    if (!prefix.isEmpty() && number.startsWith(prefix))
        number.remove(0, prefix.size());
    if (!suffix.isEmpty() && number.endsWith(suffix))
        number.chop(suffix.size());
    number = number.trimmed();
    if (number.isEmpty() || number == box.specialValueText())
        return std::nullopt;
    bool ok = false;
    const QLocale locale = box.locale();
    const double value = locale.toDouble(number, &ok);
    if (ok)
        return value;
    number.remove(locale.groupSeparator());
    const double plain = number.toDouble(&ok);
    return ok ? std::optional<double>(plain) : std::nullopt;
}

}  // namespace clusterplan::ui
