#pragma once
// SummaryView: the plan's summary (memory, time, search rows as rich text) above the chart tabs.
// A QLabel with word-wrapped rich text inside a QScrollArea laid its whole document out again for
// every size question the layouts asked (minimumSizeHint, heightForWidth at several widths, the
// paint): 60 % of the time from an input change to the repainted window in bench_window. A text
// browser lays the document out once, for its viewport's width, and scrolls it itself.
#include <QString>
#include <QTextBrowser>

namespace clusterplan::ui {

class SummaryView : public QTextBrowser {
    Q_OBJECT

public:
    explicit SummaryView(QWidget* parent = nullptr);
    // Shows `html`; the same text again changes nothing (no layout, no repaint).
    void setText(const QString& html);
    // The HTML last given to setText() (toHtml() is Qt's rewrite of it).
    [[nodiscard]] QString text() const { return m_html; }

private:
    QString m_html;
};

}  // namespace clusterplan::ui
