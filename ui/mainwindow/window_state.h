#pragma once
// What a user arranged in the window and expects back: splitter positions and current tabs,
// captured by objectName (so every splitter or tab widget worth remembering needs one), plus the
// window's geometry. Used across a language rebuild and, through QSettings, across starts.
// A tab widget's current tab is kept by its page's name (an index points at another tab
// once a release adds one), so each page needs an objectName too; a page in an unnamed
// QScrollArea goes by the name of the page it scrolls.
#include <QString>
#include <QVariantMap>

class QMainWindow;
class QSettings;
class QTabWidget;
class QWidget;

namespace clusterplan::ui {

// The name the current tab is saved by: page `index`'s objectName, or its scrolled page's.
[[nodiscard]] QString tabPageName(const QTabWidget& tabs, int index);

// objectName → QSplitter::saveState() or the current page's name (tabPageName) of every named
// splitter and tab widget under root.
[[nodiscard]] QVariantMap captureWidgetState(const QWidget& root);
// Restores what captureWidgetState() saved; names that are gone or new are skipped. An integer
// an older release saved for "chartTabs" names the Memory or Time tab (indices 0 and 1 in every
// release) and is otherwise ignored.
void applyWidgetState(QWidget& root, const QVariantMap& state);

// Where each named scroll area under root is scrolled (vertically): the inputs, the tab pages
// (by the name of the page they scroll), the summary. For a language switch, which rebuilds them.
[[nodiscard]] QVariantMap captureScrollPositions(const QWidget& root);
// Scrolls the areas of the same names back once their new content is laid out (within a second;
// an area that stays shorter keeps the position it has).
void restoreScrollPositions(QWidget& root, const QVariantMap& positions);

// Settings group "window": geometry, toolbar/dock state and the widget state above.
void saveWindowState(const QMainWindow& window, QSettings& settings);
void restoreWindowState(QMainWindow& window, const QSettings& settings);

}  // namespace clusterplan::ui
