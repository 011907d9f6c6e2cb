#pragma once
// What a user arranged in the window and expects back: splitter positions and current tabs,
// captured by objectName (so every splitter or tab widget worth remembering needs one), plus the
// window's geometry. Used across a language rebuild and, through QSettings, across starts.
// A tab widget's current tab is kept by its page's name (an index points at another tab
// once a release adds one), so each page needs an objectName too; a page in an unnamed
// QScrollArea goes by the name of the page it scrolls.
#include <QSize>
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

// The window's first size (no saved geometry): `preferred`, within the screen's `available` area
// where that area can hold the window's `minimum`. Without a window manager (a bare X server at
// 1024 × 700) nothing else keeps a 1400-pixel window on a smaller screen: its right part was cut
// off. A screen smaller than the minimum (the offscreen platform's 800 × 600) is not fitted to.
[[nodiscard]] QSize firstWindowSize(const QSize& preferred, const QSize& minimum, const QSize& available);

// Settings group "window": geometry, toolbar/dock state and the widget state above.
void saveWindowState(const QMainWindow& window, QSettings& settings);
void restoreWindowState(QMainWindow& window, const QSettings& settings);

}  // namespace clusterplan::ui
