#include "ui/charts/memory_bars_view.h"
#include "ui/models/palette.h"

#include "ui/charts/wrapped_legend.h"
#include "ui/charts/wrapped_title.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_summary.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <array>

namespace clusterplan::ui {

namespace {

constexpr double kBarHeadroom = 1.12;  // value axis ends this far above the tallest bar or line
constexpr int kValueTicks = 5;         // asked of applyNiceNumbers(), which may settle on another
const QColor kCapacityColor(palette::kInk);

std::array<double, 5> categoryBytes(const MemoryBreakdown& memory) {
    return {memory.weights, memory.gradients, memory.optimizer, memory.activations, memory.other.total()};
}

}  // namespace

MemoryBarsView::MemoryBarsView(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(260, 240);  // two side by side beside the inputs of a 1024 × 700 window
    QChart* chart = this->chart();
    chart->setMargins(QMargins(4, 4, 4, 4));
    wrappedLegend(chart);  // every category whole ("Gradie…" in Qt's one-row legend)

    m_categoryAxis = new QBarCategoryAxis(chart);
    m_categoryAxis->setTruncateLabels(false);  // Qt sizes label room by n + 2 slots, too tight here
    m_valueAxis = new QValueAxis(chart);
    m_valueAxis->setTitleText(tr("GiB per GPU"));
    m_valueAxis->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_categoryAxis, Qt::AlignBottom);
    chart->addAxis(m_valueAxis, Qt::AlignLeft);

    m_capacityLabelBox = new QGraphicsRectItem(chart);  // keeps the label readable over a bar
    m_capacityLabelBox->setBrush(palette::labelBackdrop(200));
    m_capacityLabelBox->setPen(Qt::NoPen);
    m_capacityLabelBox->setZValue(10);
    m_capacityLabel = new QGraphicsSimpleTextItem(m_capacityLabelBox);
    m_capacityLabel->setBrush(kCapacityColor);
    connect(chart, &QChart::plotAreaChanged, this, &MemoryBarsView::placeCapacityLabel);
}

QStringList MemoryBarsView::categoryNames() {
    return {tr("Weights"), tr("Gradients"), tr("Optimizer states"), tr("Activations"), tr("Other")};
}

QList<QColor> MemoryBarsView::categoryColors() {
    // Okabe & Ito 2008: blue, orange, bluish green, reddish purple, and grey for "other".
    return {QColor(palette::kBlue), QColor(palette::kOrange), QColor(palette::kBluishGreen),
            QColor(palette::kReddishPurple), QColor(palette::kGrey)};
}

QList<QBarSet*> MemoryBarsView::barSets() const {
    for (QAbstractSeries* series : chart()->series()) {
        if (auto* bars = qobject_cast<QStackedBarSeries*>(series))
            return bars->barSets();
    }
    return {};
}

QStringList MemoryBarsView::columnLabels() const {
    return m_categoryAxis->categories();
}

void MemoryBarsView::showColumns(const QStringList& labels, const std::vector<MemoryBreakdown>& columns,
                                 double capacityBytes, const QString& title, const QString& columnsTitle) {
    // An edit that leaves memory alone (tokens, prices, the network) redraws nothing here: the
    // chart is rebuilt, and repainted, only when what it shows has changed.
    QStringList shown = labels + categoryNames();
    shown << title << columnsTitle << QString::number(capacityBytes, 'g', 17);
    for (const MemoryBreakdown& memory : columns)
        for (const double bytes : categoryBytes(memory))
            shown << QString::number(bytes, 'g', 17);
    if (shown == m_shown && !chart()->series().isEmpty())
        return;
    m_shown = std::move(shown);
    QChart* chart = this->chart();
    chart->removeAllSeries();  // deletes the previous series and their bar sets
    m_capacityLine = nullptr;
    setWrappedTitle(chart, title);

    auto* bars = new QStackedBarSeries;
    bars->setBarWidth(columns.size() == 1 ? 0.4 : 0.6);
    const QStringList names = categoryNames();
    const QList<QColor> colors = categoryColors();
    double tallest = 0;
    for (qsizetype category = 0; category < names.size(); ++category) {
        auto* set = new QBarSet(names[category]);
        set->setColor(colors[category]);
        set->setBorderColor(colors[category].darker(130));
        for (const MemoryBreakdown& memory : columns)
            set->append(toGib(categoryBytes(memory)[static_cast<std::size_t>(category)]));
        bars->append(set);
        connect(set, &QBarSet::hovered, this, [this, set](bool status, int index) {
            if (status)
                QToolTip::showText(
                    QCursor::pos(),
                    QStringLiteral("%1: %2 GiB").arg(set->label(), formatPlainNumber(set->at(index), 2)),
                    this);
        });
    }
    for (const MemoryBreakdown& memory : columns)
        tallest = std::max(tallest, toGib(memory.total()));
    m_tallestGib = tallest;

    const double capacityGib = toGib(capacityBytes);
    const double right = static_cast<double>(std::max<std::size_t>(columns.size(), 1)) - 0.5;
    m_capacityLine = new QLineSeries;
    m_capacityLine->setName(tr("HBM capacity %1").arg(formatGib(capacityBytes)));
    m_capacityLine->append(-0.5, capacityGib);
    m_capacityLine->append(right, capacityGib);
    QPen pen(kCapacityColor, 2, Qt::DashLine);
    m_capacityLine->setPen(pen);

    chart->addSeries(bars);
    chart->addSeries(m_capacityLine);
    for (QLegendMarker* marker : chart->legend()->markers(m_capacityLine))
        WrappedLegend::leaveOut(marker);  // the line carries its own label
    m_categoryAxis->clear();
    m_categoryAxis->append(labels);
    m_categoryAxis->setTitleText(columnsTitle);
    m_categoryAxis->setTitleVisible(!columnsTitle.isEmpty());
    bars->attachAxis(m_categoryAxis);
    bars->attachAxis(m_valueAxis);
    m_capacityLine->attachAxis(m_categoryAxis);  // category i sits at x = i, edges at ±0.5
    m_capacityLine->attachAxis(m_valueAxis);
    // applyNiceNumbers() also changes the tick count it is given, so from the count the last plan
    // left the same bar got another range (0–600 GiB, then 0–1,000 after a GPU change): it starts
    // from the same count every time.
    m_valueAxis->setTickCount(kValueTicks);
    m_valueAxis->setRange(0, std::max(tallest, capacityGib) * kBarHeadroom);
    m_valueAxis->applyNiceNumbers();

    m_capacityLabel->setText(m_capacityLine->name());
    wrappedLegend(chart).refresh();
    placeCapacityLabel();
}

QRectF MemoryBarsView::capacityLabelRect() const {
    return m_capacityLabelBox->mapRectToParent(m_capacityLabelBox->rect());
}

void MemoryBarsView::placeCapacityLabel() {
    if (!m_capacityLine || chart()->series().isEmpty())
        return;
    // Above the line's right end: bars shrink to the right (ZeRO-3) or sit centred (one bar).
    // When bars rise above the line (a plan that does not fit), above the tallest bar instead, in
    // the axis's headroom: drawn on the line, the label covered the bars.
    const QPointF end =
        chart()->mapToPosition(m_capacityLine->at(m_capacityLine->count() - 1), m_capacityLine);
    const QPointF above = chart()->mapToPosition(QPointF(m_capacityLine->at(m_capacityLine->count() - 1).x(),
                                                         std::max(m_tallestGib, m_capacityLine->at(0).y())),
                                                 m_capacityLine);
    const QRectF box = m_capacityLabel->boundingRect();
    m_capacityLabelBox->setRect(box.adjusted(-2, 0, 2, 0));
    m_capacityLabelBox->setPos(end.x() - box.width() - 4, above.y() - box.height() - 1);
}

}  // namespace clusterplan::ui
