#pragma once
// RecentFiles: the scenario files opened or saved last, newest first, kept in QSettings
// ("recentFiles") so the File ▸ Open Recent menu survives restarts.
#include <QStringList>

namespace clusterplan::ui {

class RecentFiles {
public:
    static constexpr qsizetype kMaxFiles = 8;

    [[nodiscard]] QStringList paths() const;
    // Moves `path` to the front (absolute, deduplicated), dropping the oldest beyond kMaxFiles.
    void add(const QString& path);
    // For files that could not be opened any more.
    void remove(const QString& path);
    void clear();

private:
    static void store(const QStringList& paths);
};

}  // namespace clusterplan::ui
