#include "ui/mainwindow/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace clusterplan::ui {

namespace {

const QString kKey = QStringLiteral("recentFiles");

QString normalized(const QString& path) {
    return QFileInfo(path).absoluteFilePath();
}

}  // namespace

QStringList RecentFiles::paths() const {
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString& path) {
    QStringList list = paths();
    const QString absolute = normalized(path);
    list.removeAll(absolute);
    list.prepend(absolute);
    if (list.size() > kMaxFiles)
        list.resize(kMaxFiles);
    store(list);
}

void RecentFiles::remove(const QString& path) {
    QStringList list = paths();
    list.removeAll(normalized(path));
    store(list);
}

void RecentFiles::clear() {
    store({});
}

void RecentFiles::store(const QStringList& paths) {
    QSettings().setValue(kKey, paths);
}

}  // namespace clusterplan::ui
