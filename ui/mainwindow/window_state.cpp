#include "mainwindow/window_state.h"

#include <QMainWindow>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>

namespace clusterplan::ui {

namespace {

const QString kSplitterPrefix = QStringLiteral("splitter/");
const QString kTabPrefix = QStringLiteral("tab/");

}  // namespace

QVariantMap captureWidgetState(const QWidget& root) {
    QVariantMap state;
    for (const QSplitter* splitter : root.findChildren<QSplitter*>()) {
        if (!splitter->objectName().isEmpty())
            state.insert(kSplitterPrefix + splitter->objectName(), splitter->saveState());
    }
    for (const QTabWidget* tabs : root.findChildren<QTabWidget*>()) {
        if (!tabs->objectName().isEmpty())
            state.insert(kTabPrefix + tabs->objectName(), tabs->currentIndex());
    }
    return state;
}

void applyWidgetState(QWidget& root, const QVariantMap& state) {
    for (QSplitter* splitter : root.findChildren<QSplitter*>()) {
        const QVariant saved = state.value(kSplitterPrefix + splitter->objectName());
        if (!splitter->objectName().isEmpty() && saved.canConvert<QByteArray>())
            splitter->restoreState(saved.toByteArray());
    }
    for (QTabWidget* tabs : root.findChildren<QTabWidget*>()) {
        const QVariant saved = state.value(kTabPrefix + tabs->objectName());
        if (!tabs->objectName().isEmpty() && saved.isValid())
            tabs->setCurrentIndex(std::clamp(saved.toInt(), 0, std::max(tabs->count() - 1, 0)));
    }
}

void saveWindowState(const QMainWindow& window, QSettings& settings) {
    settings.beginGroup(QStringLiteral("window"));
    settings.setValue(QStringLiteral("geometry"), window.saveGeometry());
    settings.setValue(QStringLiteral("state"), window.saveState());
    // One key per splitter or tab widget ("tab/chartTabs=2"), so the file stays readable.
    const QVariantMap widgets = captureWidgetState(window);
    for (auto it = widgets.begin(); it != widgets.end(); ++it)
        settings.setValue(it.key(), it.value());
    settings.endGroup();
}

void restoreWindowState(QMainWindow& window, const QSettings& settings) {
    const QByteArray geometry = settings.value(QStringLiteral("window/geometry")).toByteArray();
    if (!geometry.isEmpty())
        window.restoreGeometry(geometry);
    window.restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    const QString group = QStringLiteral("window/");
    QVariantMap widgets;
    for (const QString& key : settings.allKeys()) {
        if (key.startsWith(group + kSplitterPrefix) || key.startsWith(group + kTabPrefix))
            widgets.insert(key.mid(group.size()), settings.value(key));
    }
    applyWidgetState(window, widgets);
}

}  // namespace clusterplan::ui
