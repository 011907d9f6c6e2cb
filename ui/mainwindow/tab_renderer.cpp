#include "ui/mainwindow/tab_renderer.h"

#include <QTabWidget>

#include <algorithm>

namespace clusterplan::ui {

TabRenderer::TabRenderer(QTabWidget& tabs) : QObject(&tabs), m_tabs(tabs) {
    connect(&tabs, &QTabWidget::currentChanged, this, &TabRenderer::renderCurrent);
}

void TabRenderer::addPage(QWidget* page, std::function<void()> render) {
    m_pages.push_back({page, std::move(render)});
}

void TabRenderer::invalidate(const std::vector<QWidget*>& pages) {
    for (QWidget* widget : pages)
        if (Page* page = find(widget))
            page->stale = true;
    renderCurrent();
}

void TabRenderer::ensureRendered(QWidget* widget) {
    if (Page* page = find(widget); page && page->stale)
        render(*page);
}

void TabRenderer::ensureAllRendered() {
    for (Page& page : m_pages)
        if (page.stale)
            render(page);
}

bool TabRenderer::isStale(QWidget* page) const {
    const Page* found = find(page);
    return found && found->stale;
}

int TabRenderer::renderCount(QWidget* page) const {
    const Page* found = find(page);
    return found ? found->renders : 0;
}

TabRenderer::Page* TabRenderer::find(QWidget* page) {
    const auto it = std::find_if(m_pages.begin(), m_pages.end(), [page](const Page& p) {
        return p.widget == page || p.widget->isAncestorOf(page);
    });
    return it == m_pages.end() ? nullptr : &*it;
}

const TabRenderer::Page* TabRenderer::find(QWidget* page) const {
    return const_cast<TabRenderer*>(this)->find(page);
}

bool TabRenderer::isCurrent(const Page& page) const {
    const QWidget* current = m_tabs.currentWidget();
    return current && (current == page.widget || current->isAncestorOf(page.widget));
}

void TabRenderer::render(Page& page) {
    page.stale = false;  // first: a render that triggers another invalidation renders again
    page.render();
    ++page.renders;
}

void TabRenderer::renderCurrent() {
    for (Page& page : m_pages)
        if (page.stale && isCurrent(page))
            render(page);
}

}  // namespace clusterplan::ui
