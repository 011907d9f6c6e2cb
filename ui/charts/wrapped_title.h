#pragma once
// WrappedTitle: a chart title broken onto more lines where the chart is too narrow for it. Qt Charts
// 6.4 cuts a title wider than its chart to "..." ("Per-GPU memory, single pipeline sta…" in a
// 1024-pixel window); this keeps the whole title and breaks each of its lines at spaces
// (between any two characters of Chinese text) to the chart's width, again on every resize.
// A line is plain text with HTML escapes (&amp;); lines with markup (<b>…</b>) are kept whole:
// they are the short verdict lines.
#include <QObject>
#include <QString>

class QChart;
class QFont;

namespace clusterplan::ui {

// `html`'s lines ("<br>"-separated) broken to `width` pixels in `font`.
[[nodiscard]] QString wrapTitle(const QString& html, const QFont& font, double width);

// Sets `chart`'s title to `html`, wrapped now and on every resize (through the chart's one
// WrappedTitle, made on the first call). `bottomSpace` pixels are kept free under its last line:
// Qt Charts lays the plot out right under the title, and the top tick label of a vertical axis,
// centred on the plot's top edge, reaches half its height above it, into a wrapped title's last line.
void setWrappedTitle(QChart* chart, const QString& html, int bottomSpace = 0);

class WrappedTitle : public QObject {
    Q_OBJECT

public:
    explicit WrappedTitle(QChart* chart);  // owned by `chart`

    void setTitle(const QString& html, int bottomSpace = 0);
    [[nodiscard]] const QString& title() const { return m_title; }

private:
    void rewrap();

    QChart* m_chart;
    QString m_title;
    int m_bottomSpace = 0;
};

}  // namespace clusterplan::ui
