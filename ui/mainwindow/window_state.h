#pragma once
// What a user arranged in the window and expects back: splitter positions and current tabs,
// captured by objectName (so every splitter or tab widget worth remembering needs one), plus the
// window's geometry. Used across a language rebuild and, through QSettings, across starts.
#include <QVariantMap>

class QMainWindow;
class QSettings;
class QWidget;

namespace clusterplan::ui {

// objectName → QSplitter::saveState() or QTabWidget::currentIndex() of every named one under root.
[[nodiscard]] QVariantMap captureWidgetState(const QWidget& root);
// Restores what captureWidgetState() saved; names that are gone or new are skipped.
void applyWidgetState(QWidget& root, const QVariantMap& state);

// Settings group "window": geometry, toolbar/dock state and the widget state above.
void saveWindowState(const QMainWindow& window, QSettings& settings);
void restoreWindowState(QMainWindow& window, const QSettings& settings);

}  // namespace clusterplan::ui
