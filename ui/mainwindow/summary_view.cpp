#include "ui/mainwindow/summary_view.h"

namespace clusterplan::ui {

SummaryView::SummaryView(QWidget* parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("summary"));
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    // The window's background, as the label it replaces had, not the white of an editor.
    setBackgroundRole(QPalette::Window);
    viewport()->setBackgroundRole(QPalette::Window);
    document()->setDocumentMargin(8);
}

void SummaryView::setText(const QString& html) {
    if (html == m_html)
        return;
    m_html = html;
    setHtml(html);
}

}  // namespace clusterplan::ui
