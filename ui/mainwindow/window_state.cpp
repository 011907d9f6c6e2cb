#include "ui/mainwindow/window_state.h"

#include <QAbstractItemView>
#include <QMainWindow>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>

namespace clusterplan::ui {

namespace {

const QString kSplitterPrefix = QStringLiteral("splitter/");
const QString kTabPrefix = QStringLiteral("tab/");

// The chart tabs' pages that sat at the same index in every release that saved the index (Memory
// and Time were the first two tabs from the start; the third was Cost, later Explorer): an old
// integer value is read as their name, any other index is ignored, as it may now point at
// another tab.
const QString kLegacyTabs = QStringLiteral("chartTabs");
const QStringList kLegacyPages{QStringLiteral("memorySplitter"), QStringLiteral("timeSplitter")};

// The page's objectName, or for an unnamed scroll area the name of the page it scrolls.
QString pageName(const QWidget* page) {
    if (!page)
        return {};
    if (!page->objectName().isEmpty())
        return page->objectName();
    const auto* area = qobject_cast<const QScrollArea*>(page);
    return area && area->widget() ? area->widget()->objectName() : QString();
}

// The index of the page a saved value names: a page name, or an old integer index.
int savedPageIndex(const QTabWidget& tabs, const QVariant& saved) {
    QString name = saved.toString();
    bool isIndex = false;
    const int legacy = name.toInt(&isIndex);
    if (isIndex)
        name = tabs.objectName() == kLegacyTabs ? kLegacyPages.value(legacy) : QString();
    if (name.isEmpty())
        return -1;
    for (int i = 0; i < tabs.count(); ++i) {
        if (pageName(tabs.widget(i)) == name)
            return i;
    }
    return -1;
}

}  // namespace

QString tabPageName(const QTabWidget& tabs, int index) {
    return pageName(tabs.widget(index));
}

QVariantMap captureWidgetState(const QWidget& root) {
    QVariantMap state;
    for (const QSplitter* splitter : root.findChildren<QSplitter*>()) {
        if (!splitter->objectName().isEmpty())
            state.insert(kSplitterPrefix + splitter->objectName(), splitter->saveState());
    }
    for (const QTabWidget* tabs : root.findChildren<QTabWidget*>()) {
        // By the current page's name, not its index: a release that adds a tab shifts the
        // indices, and a restored index would open another tab. A page without a name is not kept.
        const QString page = pageName(tabs->currentWidget());
        if (!tabs->objectName().isEmpty() && !page.isEmpty())
            state.insert(kTabPrefix + tabs->objectName(), page);
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
        if (tabs->objectName().isEmpty() || !saved.isValid())
            continue;
        if (const int index = savedPageIndex(*tabs, saved); index >= 0)
            tabs->setCurrentIndex(index);
    }
}

namespace {

// A scroll area's name: its own, else its scrolled page's. Item views (tables) are left out: their
// rows arrive after the rebuild and they scroll to their selection themselves.
QString scrollName(const QAbstractScrollArea& area) {
    if (qobject_cast<const QAbstractItemView*>(&area))
        return {};
    return pageName(&area);
}

}  // namespace

QVariantMap captureScrollPositions(const QWidget& root) {
    QVariantMap positions;
    for (const QAbstractScrollArea* area : root.findChildren<QAbstractScrollArea*>())
        if (const QString name = scrollName(*area); !name.isEmpty() && area->verticalScrollBar()->value() > 0)
            positions.insert(name, area->verticalScrollBar()->value());
    return positions;
}

void restoreScrollPositions(QWidget& root, const QVariantMap& positions) {
    for (QAbstractScrollArea* area : root.findChildren<QAbstractScrollArea*>()) {
        const QString name = scrollName(*area);
        if (name.isEmpty() || !positions.contains(name))
            continue;
        const int wanted = positions.value(name).toInt();
        QScrollBar* bar = area->verticalScrollBar();
        if (bar->maximum() >= wanted) {
            bar->setValue(wanted);
            continue;
        }
        // The new content is laid out later: scroll once its range reaches the old position.
        auto* waiting = new QObject(bar);
        QObject::connect(bar, &QScrollBar::rangeChanged, waiting, [bar, wanted, waiting](int, int maximum) {
            if (maximum < wanted)
                return;
            bar->setValue(wanted);
            waiting->deleteLater();
        });
        QTimer::singleShot(1000, waiting, &QObject::deleteLater);
    }
}

void saveWindowState(const QMainWindow& window, QSettings& settings) {
    settings.beginGroup(QStringLiteral("window"));
    settings.setValue(QStringLiteral("geometry"), window.saveGeometry());
    settings.setValue(QStringLiteral("state"), window.saveState());
    // One key per splitter or tab widget ("tab/chartTabs=scalingTab"), so the file stays readable.
    const QVariantMap widgets = captureWidgetState(window);
    for (auto it = widgets.begin(); it != widgets.end(); ++it)
        settings.setValue(it.key(), it.value());
    settings.endGroup();
}

QSize firstWindowSize(const QSize& preferred, const QSize& minimum, const QSize& available) {
    if (available.width() < minimum.width() || available.height() < minimum.height())
        return preferred;
    return preferred.boundedTo(available);
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
