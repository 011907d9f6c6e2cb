#pragma once
// TabRenderer: the chart tabs render only when they are seen (input -> redraw <= 50 ms).
// Rebuilding the Qt Charts series, axes and tables of every tab on each input cost most of the
// redraw, although only one tab is on screen. So new data renders the current tab at once and
// marks the others stale; a stale tab renders when it becomes current (QTabWidget::currentChanged).
// The pages keep observing the model (PlanController, PlanComparison) through their render
// functions: a render reads the model's current state, it never computes a figure of its own.
#include <QObject>

#include <functional>
#include <vector>

class QTabWidget;
class QWidget;

namespace clusterplan::ui {

class TabRenderer : public QObject {
    Q_OBJECT

public:
    // Lives as long as `tabs` (its child).
    explicit TabRenderer(QTabWidget& tabs);

    // `page` is a tab's widget or a widget inside it; `render` brings the page up to date with the
    // model. A page starts stale. The other functions take the page or any widget inside it.
    void addPage(QWidget* page, std::function<void()> render);
    // The model changed for `pages`: the current one renders now, the others when shown.
    void invalidate(const std::vector<QWidget*>& pages);
    // Renders `page` now if it is stale (for a caller that needs a hidden tab's chart current).
    void ensureRendered(QWidget* page);
    void ensureAllRendered();
    // Renders the current tab if it is stale (after the tabs were built or rearranged).
    void renderCurrent();

    [[nodiscard]] bool isStale(QWidget* page) const;
    // How often `page` rendered since it was added (tests: a hidden tab is not re-rendered).
    [[nodiscard]] int renderCount(QWidget* page) const;

private:
    struct Page {
        QWidget* widget;
        std::function<void()> render;
        bool stale = true;
        int renders = 0;
    };
    [[nodiscard]] Page* find(QWidget* page);
    [[nodiscard]] const Page* find(QWidget* page) const;
    [[nodiscard]] bool isCurrent(const Page& page) const;
    void render(Page& page);

    QTabWidget& m_tabs;
    std::vector<Page> m_pages;
};

}  // namespace clusterplan::ui
