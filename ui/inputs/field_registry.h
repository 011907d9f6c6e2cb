#pragma once
// FieldRegistry: maps scenario key paths ("layout.tp", "model.kv_heads") to the input widgets that
// edit them, so an engine Error can be shown on the field it names: red border, tooltip.
#include <QHash>
#include <QList>
#include <QPointer>
#include <QString>
#include <QWidget>

namespace clusterplan::ui {

class FieldRegistry {
public:
    // Registers `widget` as the editor of `key`. A widget may have several keys (aliases).
    void add(const QString& key, QWidget* widget);
    // The widget for an error location: the exact key, else the nearest registered parent key
    // ("model.moe.experts" → "model"). Matching ignores case and underscores. Null if none.
    [[nodiscard]] QWidget* find(const QString& where) const;

    // Marks the widget for `where` (if any) and returns it; earlier marks are cleared first.
    QWidget* mark(const QString& where, const QString& message);
    void clearMarks();

private:
    static QString normalized(const QString& key);

    QHash<QString, QPointer<QWidget>> m_widgets;
    QList<QPointer<QWidget>> m_marked;
};

}  // namespace clusterplan::ui
