#include "ui/charts/wrapped_title.h"

#include <QChart>
#include <QFontMetricsF>
#include <QStringList>
#include <QTextDocumentFragment>

namespace clusterplan::ui {

namespace {

constexpr double kTitlePadding =
    40;  // the chart's margins and layout padding, as Qt Charts lays the title out

bool isCjk(QChar c) {
    const char16_t u = c.unicode();
    return (u >= 0x2E80 && u <= 0x9FFF) || (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFF00 && u <= 0xFFEF) ||
           (u >= 0x3000 && u <= 0x303F);
}

// Chinese punctuation that must not start a line: ，、）。：
bool closesLine(QChar c) {
    return c == QChar(0xFF0C) || c == QChar(0x3001) || c == QChar(0xFF09) || c == QChar(0x3002) ||
           c == QChar(0xFF1A);
}

// A number keeps its unit on its line ("64.9 %", "66.6 s", "79.2 GiB"): the space at `i` stays
// inside the word when a digit stands before it and a unit after it.
bool joinsUnit(const QString& line, qsizetype i) {
    if (i == 0 || !line[i - 1].isDigit())
        return false;
    qsizetype end = i + 1;
    while (end < line.size() && !line[end].isSpace() && line[end] != QLatin1Char(',') &&
           line[end] != QLatin1Char(')') && line[end] != QLatin1Char('('))
        ++end;
    static const QStringList units = {QStringLiteral("%"),   QStringLiteral("s"),   QStringLiteral("ms"),
                                      QStringLiteral("GiB"), QStringLiteral("GB"),  QStringLiteral("TB"),
                                      QStringLiteral("MiB"), QStringLiteral("GB/s")};
    return units.contains(line.mid(i + 1, end - i - 1));
}

// The pieces a line may break between: a word with its trailing spaces, or one Chinese character
// (with the punctuation that must not start a line).
QStringList breakablePieces(const QString& line) {
    QStringList pieces;
    QString piece;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        const bool closes = closesLine(c);
        if (isCjk(c) && !closes && !piece.isEmpty() && !piece.back().isSpace()) {
            pieces << piece;
            piece.clear();
        }
        piece += c;
        const bool endsWord =
            c.isSpace() && (i + 1 == line.size() || !line[i + 1].isSpace()) && !joinsUnit(line, i);
        if (endsWord ||
            (isCjk(c) && i + 1 < line.size() && isCjk(line[i + 1]) && !closes && !closesLine(line[i + 1]))) {
            pieces << piece;
            piece.clear();
        }
    }
    if (!piece.isEmpty())
        pieces << piece;
    return pieces;
}

// What a line of the title shows: its entities (&amp;, &lt;) written out.
double shownWidth(const QString& line, const QFontMetricsF& metrics) {
    return metrics.horizontalAdvance(QTextDocumentFragment::fromHtml(line).toPlainText());
}

QStringList wrapLine(const QString& line, const QFontMetricsF& metrics, double width) {
    if (line.contains(QLatin1Char('<')) || shownWidth(line, metrics) <= width)
        return {line};
    QStringList lines;
    QString current;
    for (const QString& piece : breakablePieces(line)) {
        if (!current.isEmpty() && shownWidth((current + piece).trimmed(), metrics) > width) {
            lines << current.trimmed();
            current.clear();
        }
        current += piece;
    }
    if (!current.trimmed().isEmpty())
        lines << current.trimmed();
    return lines;
}

}  // namespace

QString wrapTitle(const QString& html, const QFont& font, double width) {
    const QFontMetricsF metrics(font);
    QStringList lines;
    for (const QString& line : html.split(QStringLiteral("<br>")))
        lines << wrapLine(line, metrics, width);
    return lines.join(QStringLiteral("<br>"));
}

void setWrappedTitle(QChart* chart, const QString& html, int bottomSpace) {
    auto* title = chart->findChild<WrappedTitle*>(QString(), Qt::FindDirectChildrenOnly);
    if (!title)
        title = new WrappedTitle(chart);
    title->setTitle(html, bottomSpace);
}

WrappedTitle::WrappedTitle(QChart* chart) : QObject(chart), m_chart(chart) {
    connect(chart, &QChart::geometryChanged, this, &WrappedTitle::rewrap);
    connect(chart, &QChart::plotAreaChanged, this, &WrappedTitle::rewrap);  // new margins
}

void WrappedTitle::setTitle(const QString& html, int bottomSpace) {
    m_title = html;
    m_bottomSpace = bottomSpace;
    rewrap();
}

void WrappedTitle::rewrap() {
    // Qt lays the title out between the chart's margins (a legend beside the plot widens the right one).
    const QMargins margins = m_chart->margins();
    QString wrapped = wrapTitle(m_title, m_chart->titleFont(),
                                m_chart->rect().width() - margins.left() - margins.right() - kTitlePadding);
    // An empty block of that height closes the title: the layout reserves what the title measures.
    if (m_bottomSpace > 0 && !wrapped.isEmpty())
        wrapped += QStringLiteral("<div style='font-size:%1px'>&nbsp;</div>").arg(m_bottomSpace);
    if (m_chart->title() != wrapped)
        m_chart->setTitle(wrapped);
}

}  // namespace clusterplan::ui
