#include "ui/inputs/field_registry.h"

#include <QByteArray>
#include <QMetaObject>
#include <QVariant>

namespace clusterplan::ui {

namespace {

constexpr char kErrorProperty[] = "inputError";
constexpr char kSavedToolTipProperty[] = "normalToolTip";
constexpr char kErrorColor[] = "#d7301f";

}  // namespace

void FieldRegistry::add(const QString& key, QWidget* widget) {
    m_widgets.insert(normalized(key), widget);
}

QWidget* FieldRegistry::find(const QString& where) const {
    QString key = normalized(where);
    const qsizetype bracket = key.indexOf(QLatin1Char('['));
    if (bracket >= 0)
        key.truncate(bracket);
    while (!key.isEmpty()) {
        if (QWidget* widget = m_widgets.value(key))
            return widget;
        const qsizetype dot = key.lastIndexOf(QLatin1Char('.'));
        if (dot < 0)
            break;
        key.truncate(dot);
    }
    return nullptr;
}

QWidget* FieldRegistry::mark(const QString& where, const QString& message) {
    clearMarks();
    QWidget* widget = find(where);
    if (!widget)
        return nullptr;
    widget->setProperty(kSavedToolTipProperty, widget->toolTip());
    widget->setProperty(kErrorProperty, true);
    widget->setToolTip(message);
    // A style sheet's type selector is a Qt class name: "clusterplan::ui::LimitedSpinBox" reads as
    // a pseudo-state and matched nothing, so no field was drawn red. The nearest Qt class matches
    // the widget (and its subclasses), not its inner line edit.
    const QMetaObject* type = widget->metaObject();
    while (type->superClass() && QByteArray(type->className()).contains("::"))
        type = type->superClass();
    widget->setStyleSheet(QStringLiteral("%1 { border: 2px solid %2; border-radius: 3px; }")
                              .arg(QLatin1String(type->className()), QLatin1String(kErrorColor)));
    m_marked.append(widget);
    return widget;
}

void FieldRegistry::clearMarks() {
    for (const QPointer<QWidget>& widget : std::as_const(m_marked)) {
        if (!widget)
            continue;
        widget->setStyleSheet(QString());
        widget->setToolTip(widget->property(kSavedToolTipProperty).toString());
        widget->setProperty(kErrorProperty, false);
    }
    m_marked.clear();
}

QString FieldRegistry::normalized(const QString& key) {
    QString result = key.toLower();
    result.remove(QLatin1Char('_'));
    return result;
}

}  // namespace clusterplan::ui
