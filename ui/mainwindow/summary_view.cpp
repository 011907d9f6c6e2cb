#include "ui/mainwindow/summary_view.h"

#include <QScrollBar>

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
    // setHtml() clears the document and fills it again: the vertical scroll bar would hide for the
    // empty document and show for the full one, and each change of the viewport's width lays the
    // whole document out again. Kept while the text changes; as needed again afterwards (one more
    // layout only when the new text no longer needs it).
    const Qt::ScrollBarPolicy policy = verticalScrollBarPolicy();
    const bool keep = policy == Qt::ScrollBarAsNeeded && verticalScrollBar()->isVisible();
    if (keep)
        setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setHtml(html);
    if (keep)
        setVerticalScrollBarPolicy(policy);
}

}  // namespace clusterplan::ui
