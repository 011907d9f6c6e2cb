#pragma once
// WheelGuard: the mouse wheel over a spin box or combo box that the user has not clicked into
// scrolls the input column instead of changing the value. Without it, scrolling down a long form
// silently edits whichever number passes under the pointer (a GPU count of 8 became 7 while
// scrolling to the training rows). A field the user has focused (clicked, tabbed into) still
// takes the wheel, as Qt's own fields do.
#include <QObject>

class QAbstractScrollArea;

namespace clusterplan::ui {

class WheelGuard : public QObject {
    Q_OBJECT

public:
    // Guards every spin box and combo box inside `area`'s widget; `area` scrolls instead.
    explicit WheelGuard(QAbstractScrollArea* area);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QAbstractScrollArea* m_area;
};

}  // namespace clusterplan::ui
