#include "ui/inputs/wheel_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QScrollArea>

namespace clusterplan::ui {

WheelGuard::WheelGuard(QAbstractScrollArea* area) : QObject(area), m_area(area) {
    const auto* scroll = qobject_cast<QScrollArea*>(area);
    QWidget* content = scroll ? scroll->widget() : area->viewport();
    const auto guard = [this](QWidget* field) {
        // Strong focus: the wheel alone no longer focuses the field (Qt's default WheelFocus).
        field->setFocusPolicy(Qt::StrongFocus);
        field->installEventFilter(this);
    };
    for (auto* box : content->findChildren<QAbstractSpinBox*>())
        guard(box);
    for (auto* box : content->findChildren<QComboBox*>())
        guard(box);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::Wheel)
        return false;
    const auto* field = qobject_cast<QWidget*>(watched);
    if (!field || field->hasFocus())
        return false;
    // The scroll area's viewport scrolls on a wheel event as if the pointer were over empty form.
    QCoreApplication::sendEvent(m_area->viewport(), event);
    return true;
}

}  // namespace clusterplan::ui
