#include "ui/charts/elided_label.h"

#include <QEvent>
#include <QFontMetrics>
#include <QTextDocument>

#include <algorithm>

namespace clusterplan::ui {

namespace {

// The narrowest an elided label gets: a few characters and the ellipsis still say what it is.
constexpr int kMinimumChars = 6;

}  // namespace

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    // Expanding within its cell, and never wider than the cell: the layout, not the text, decides.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ElidedLabel::setFullText(const QString& text) {
    if (text == m_full)
        return;
    m_full = text;
    updateGeometry();  // the wanted width follows the text
    updateShown();
}

void ElidedLabel::setOwnToolTip(const QString& toolTip) {
    m_ownToolTip = toolTip;
    updateShown();
}

QStringList ElidedLabel::plainLines() const {
    if (!Qt::mightBeRichText(m_full))
        return m_full.split(QLatin1Char('\n'));
    QTextDocument doc;
    doc.setHtml(m_full);
    return doc.toPlainText().split(QLatin1Char('\n'));
}

int ElidedLabel::textWidth() const {
    const QFontMetrics metrics(font());
    int widest = 0;
    for (const QString& line : plainLines())
        widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

void ElidedLabel::setShownLines(int lines) {
    m_shownLines = std::max(0, lines);
    updateGeometry();
    updateShown();
}

QSize ElidedLabel::sizeHint() const {
    const int margins = contentsMargins().left() + contentsMargins().right() + 2 * std::max(0, indent());
    const int lines = m_shownLines > 0   ? m_shownLines
                      : m_full.isEmpty() ? 1
                                         : static_cast<int>(plainLines().size());
    const int height =
        lines * fontMetrics().lineSpacing() + contentsMargins().top() + contentsMargins().bottom();
    return {textWidth() + margins + 1, height};
}

QSize ElidedLabel::minimumSizeHint() const {
    const QSize full = sizeHint();
    const int few = fontMetrics().averageCharWidth() * kMinimumChars;
    return {std::min(full.width(), few), full.height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    updateShown();
}

void ElidedLabel::changeEvent(QEvent* event) {
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateGeometry();
        updateShown();
    }
}

void ElidedLabel::updateShown() {
    const int room = contentsRect().width();
    const QStringList lines = plainLines();
    m_elided = textWidth() > room || (m_shownLines > 0 && lines.size() > m_shownLines);
    if (!m_elided) {
        setTextFormat(Qt::AutoText);
        setText(m_full);
        setToolTip(m_ownToolTip);
        return;
    }
    const QFontMetrics metrics(font());
    QStringList shown;
    for (const QString& line : lines)
        if (m_shownLines == 0 || shown.size() < m_shownLines)
            shown << metrics.elidedText(line, Qt::ElideRight, room);
    setTextFormat(Qt::PlainText);  // an elided line of rich text is no longer valid markup
    setText(shown.join(QLatin1Char('\n')));
    const QString whole = lines.join(QLatin1Char('\n'));
    setToolTip(m_ownToolTip.isEmpty() ? whole : whole + QLatin1Char('\n') + m_ownToolTip);
}

}  // namespace clusterplan::ui
