#include "ui/charts/wrapped_legend.h"

#include <QAbstractSeries>
#include <QBrush>
#include <QChart>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QStringList>
#include <QTextDocument>
#include <QTextOption>

#include <cmath>

namespace clusterplan::ui {

namespace {

constexpr qreal kSideMargin = 4;    // between the legend and the chart's left and right edges
constexpr qreal kGap = 2;           // between the plot's axis labels and the legend
constexpr qreal kSideShare = 0.45;  // of the chart's width, at most, for a legend beside the plot

// A bar's marker is a square of its colour, a scatter's a dot; a line's is a dash in the line's
// colour and style.
QString entryHtml(QLegendMarker* marker) {
    // A line's colour and style are read from the series: its marker's pen is Qt's default until
    // the legend lays it out, and every line was drawn as a black solid dash (Scaling, Cost tabs).
    const auto* lineSeries = qobject_cast<const QLineSeries*>(marker->series());
    const bool line = lineSeries != nullptr;
    QColor color = marker->brush().style() != Qt::NoBrush ? marker->brush().color() : marker->pen().color();
    if (line)
        color = lineSeries->pen().color();
    const bool dashed = line && lineSeries->pen().style() != Qt::SolidLine;
    const bool point = qobject_cast<const QScatterSeries*>(marker->series()) != nullptr;
    const QString symbol = point    ? QStringLiteral("●")
                           : !line  ? QStringLiteral("■")
                           : dashed ? QStringLiteral("╍╍")
                                    : QStringLiteral("━━");
    // A no-break space ties the symbol to its label, so a line wraps between entries only.
    return QStringLiteral(
               "<span style=\"white-space:nowrap\"><span style=\"color:%1\">%2</span>&nbsp;%3</span>")
        .arg(color.name(), symbol, marker->label().toHtmlEscaped());
}

// A marker's isVisible() is its item's, which Qt's legend layout sets and a hidden legend clears,
// and an empty label reverts to the series' name: a left-out marker carries this property.
constexpr char kLeftOut[] = "wrappedLegendLeftOut";

}  // namespace

void WrappedLegend::leaveOut(QLegendMarker* marker) {
    marker->setProperty(kLeftOut, true);
}

WrappedLegend& wrappedLegend(QChart* chart) {
    auto* legend = chart->findChild<WrappedLegend*>(QString(), Qt::FindDirectChildrenOnly);
    return legend ? *legend : *new WrappedLegend(chart);
}

WrappedLegend::WrappedLegend(QChart* chart)
    : QObject(chart)
    , m_chart(chart)
    , m_item(new QGraphicsTextItem(chart))
    , m_bottomMargin(chart->margins().bottom())
    , m_sideMargin(chart->margins().right()) {
    setObjectName(QStringLiteral("wrappedLegend"));
    chart->legend()->setVisible(false);
    m_item->setZValue(5);
    QTextOption option = m_item->document()->defaultTextOption();
    option.setAlignment(Qt::AlignHCenter);
    option.setWrapMode(QTextOption::WordWrap);
    m_item->document()->setDefaultTextOption(option);
    m_item->document()->setDocumentMargin(0);
    connect(chart, &QChart::geometryChanged, this, &WrappedLegend::place);
}

void WrappedLegend::refresh() {
    QLegend* legend = m_chart->legend();
    legend->setVisible(false);  // a view's show() may have turned it back on
    QStringList entries;
    for (QLegendMarker* marker : legend->markers())
        if (!marker->label().isEmpty() && !marker->property(kLeftOut).toBool())
            entries << entryHtml(marker);
    m_item->setFont(m_chart->legend()->font());
    m_item->setDefaultTextColor(m_chart->legend()->labelColor());
    // Under the plot: two spaces between entries, breakable ("■ Weights  ■ Gradients  ■ Optimizer
    // states"); beside it: one entry a line.
    m_item->setHtml(entries.join(m_side ? QStringLiteral("<br>") : QStringLiteral(" &nbsp; ")));
    m_item->setVisible(!entries.isEmpty());
    place();
}

void WrappedLegend::setBesidePlot(bool beside) {
    m_side = beside;
    QTextOption option = m_item->document()->defaultTextOption();
    option.setAlignment(beside ? Qt::AlignLeft : Qt::AlignHCenter);
    m_item->document()->setDefaultTextOption(option);
    refresh();
}

QString WrappedLegend::plainText() const {
    return m_item->isVisible() ? m_item->toPlainText() : QString();
}

QRectF WrappedLegend::drawnRect() const {
    return m_item->isVisible() ? m_item->mapRectToParent(m_item->boundingRect()) : QRectF();
}

void WrappedLegend::place() {
    const QRectF area = m_chart->rect();
    QMargins margins = m_chart->margins();
    const bool shown = m_item->isVisible();
    if (m_side) {
        // As wide as its longest entry, at most kSideShare of the chart (longer entries wrap).
        m_item->setTextWidth(-1);
        const qreal width = std::min(std::ceil(m_item->boundingRect().width()) + 1,
                                     std::max<qreal>(area.width() * kSideShare, 40));
        m_item->setTextWidth(width);
        const qreal height = m_item->boundingRect().height();
        m_item->setPos(area.right() - width - kSideMargin, area.center().y() - height / 2);
        const int right = m_sideMargin + (shown ? static_cast<int>(width + 2 * kSideMargin) : 0);
        if (margins.right() != right || margins.bottom() != m_bottomMargin) {
            margins.setRight(right);
            margins.setBottom(m_bottomMargin);
            m_chart->setMargins(margins);  // margins move the plot, not the chart: no loop
        }
        return;
    }
    const qreal width = std::max<qreal>(area.width() - 2 * kSideMargin, 40);
    m_item->setTextWidth(width);
    const qreal height = shown ? std::ceil(m_item->boundingRect().height()) : 0;
    m_item->setPos(area.left() + kSideMargin, area.bottom() - height - kGap);
    const int bottom = m_bottomMargin + static_cast<int>(height + (height > 0 ? kGap : 0));
    if (margins.bottom() != bottom || margins.right() != m_sideMargin) {
        margins.setBottom(bottom);
        margins.setRight(m_sideMargin);
        m_chart->setMargins(margins);  // margins move the plot, not the chart: no loop
    }
}

}  // namespace clusterplan::ui
