#include "ui/charts/layout_scatter_view.h"
#include "ui/models/palette.h"

#include "ui/charts/chart_locale.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/charts/wrapped_title.h"
#include "ui/i18n/engine_text.h"

#include "core/report/plan.h"
#include "ui/models/engine_terms.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_summary.h"

#include <QChart>
#include <QCursor>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace clusterplan::ui {

namespace {

constexpr double kScatterHeadroom = 1.08;
// The plan keeps the whole ranking; this overview shows its top (the Explorer tab shows all, drawn
// without a QScatterSeries, which is too slow for thousands of points).
constexpr std::size_t kShown = 20;
constexpr double kThroughputPad = 0.1;  // of the throughput span, above and below the points
const QColor kFitsColor(palette::kBlue);
const QColor kNoFitColor(palette::kNoFitGrey);
const QColor kParetoColor(palette::kBluishGreen);
const QColor kChosenColor(palette::kVermillion);
const QColor kCapacityColor(palette::kInk);

QString candidateText(const Candidate& c) {
    QString text =
        LayoutScatterView::tr("<b>%1</b><br>micro-batch %2, ZeRO-%3<br>%4 per GPU, %5 tokens/s, step %6 s")
            .arg(formatLayoutDegrees(c.layout))
            .arg(c.layout.microBatch)
            .arg(c.layout.zeroStage)
            .arg(formatGib(c.memoryBytes), formatNumber(c.perf.tokensPerSecond, 0),
                 formatNumber(c.perf.stepSeconds, 2));
    if (c.layout.offload != Offload::None)
        text += LayoutScatterView::tr("<br>CPU offload: %1").arg(offloadName(c.layout.offload));
    if (!c.fits)
        text +=
            LayoutScatterView::tr("<br>does not fit: %1").arg(engineText(notFitReason(c)).toHtmlEscaped());
    return text;
}

QScatterSeries* scatter(const QString& name, const QColor& color, qreal size,
                        QScatterSeries::MarkerShape shape = QScatterSeries::MarkerShapeCircle) {
    auto* series = new QScatterSeries;
    series->setName(name);
    series->setColor(color);
    series->setBorderColor(color.darker(140));
    series->setMarkerSize(size);
    series->setMarkerShape(shape);
    return series;
}

}  // namespace

LayoutScatterView::LayoutScatterView(QWidget* parent) : QChartView(parent) {
    setObjectName(QStringLiteral("layoutScatter"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 220);  // beside the step time in a 1024 × 700 window
    QChart* chart = this->chart();
    useLocaleNumbers(chart);  // "30,799" tokens/s, not "30799"
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_memoryAxis = new QValueAxis(chart);
    m_memoryAxis->setTitleText(tr("peak GiB per GPU"));
    m_memoryAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_throughputAxis = new QValueAxis(chart);
    m_throughputAxis->setTitleText(tr("tokens/s"));
    m_throughputAxis->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_memoryAxis, Qt::AlignBottom);
    chart->addAxis(m_throughputAxis, Qt::AlignLeft);
    m_capacity = std::make_unique<ChartMarker>(chart, kCapacityColor);
    m_message = new QGraphicsTextItem(chart);
    m_message->setHtml(
        tr("<p align='center'><b>No layout search</b></p><p align='center'>Every layout key "
           "is set in this scenario. Open a scenario whose <tt>\"layout\"</tt> leaves keys out "
           "(or has none) and ClusterPlan searches them: the layouts it ranks appear here, "
           "memory against throughput, with the Pareto front.</p>"));
    m_message->setDefaultTextColor(QColor(palette::kSecondaryText));
    connect(chart, &QChart::plotAreaChanged, this, &LayoutScatterView::placeOverlays);
    showNoSearch();
}

QAbstractSeries* LayoutScatterView::seriesNamed(const QString& prefix) const {
    for (QAbstractSeries* series : chart()->series()) {
        if (series->name().startsWith(prefix))
            return series;
    }
    return nullptr;
}

QString LayoutScatterView::message() const {
    return m_message->isVisible() ? m_message->toPlainText() : QString();
}

void LayoutScatterView::showNoSearch() {
    chart()->removeAllSeries();
    m_tips.clear();
    m_capacity->hide();
    m_memoryAxis->setVisible(false);
    m_throughputAxis->setVisible(false);
    wrappedLegend(chart()).refresh();  // no series, no entries
    setWrappedTitle(chart(), tr("Searched layouts"));
    m_message->setVisible(true);
    placeOverlays();
}

void LayoutScatterView::setPlan(const Plan& plan) {
    if (!plan.search || plan.search->ranked.empty()) {
        showNoSearch();
        return;
    }
    const SearchResult& search = *plan.search;
    chart()->removeAllSeries();
    m_tips.clear();
    m_message->setVisible(false);

    auto* fits = scatter(tr("fits"), kFitsColor, 9);
    auto* noFit = scatter(tr("does not fit"), kNoFitColor, 8, QScatterSeries::MarkerShapeRectangle);
    auto* front = new QLineSeries;
    front->setName(tr("Pareto front"));
    front->setPen(QPen(kParetoColor, 2));
    auto* chosen = scatter(tr("chosen: %1").arg(formatLayoutWithOffload(plan.layout)), kChosenColor, 18,
                           QScatterSeries::MarkerShapeStar);
    std::vector<QPointF> pareto;
    const std::size_t shown = std::min(search.ranked.size(), kShown);
    for (std::size_t i = 0; i < shown; ++i) {
        const Candidate& c = search.ranked[i];
        const QPointF point(toGib(c.memoryBytes), c.perf.tokensPerSecond);
        (c.fits ? fits : noFit)->append(point);
        if (c.fits && c.pareto)
            pareto.push_back(point);
        if (search.best && *search.best == i)
            chosen->append(point);
        m_tips.push_back({point, candidateText(c)});
    }
    std::sort(pareto.begin(), pareto.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    for (const QPointF& point : pareto)
        front->append(point);
    for (QXYSeries* series : std::initializer_list<QXYSeries*>{front, noFit, fits, chosen})
        addXySeries(series);

    fitAxes(toGib(plan.memory.capacity));
    wrappedLegend(chart()).refresh();
    setWrappedTitle(chart(), tr("Searched layouts: %1 evaluated, best %2 shown")
                                 .arg(formatNumber(static_cast<double>(search.evaluated), 0))
                                 .arg(shown));
    m_capacity->show(toGib(plan.memory.capacity), tr("HBM %1").arg(formatGib(plan.memory.capacity)));
    placeOverlays();
}

void LayoutScatterView::addXySeries(QXYSeries* series) {
    chart()->addSeries(series);
    series->attachAxis(m_memoryAxis);
    series->attachAxis(m_throughputAxis);
    connect(series, &QXYSeries::hovered, this, [this](const QPointF& point, bool state) {
        if (state)
            showPointToolTip(point);
    });
    for (QLegendMarker* marker : chart()->legend()->markers(series))
        if (series->count() == 0)
            WrappedLegend::leaveOut(marker);  // e.g. no "does not fit" when all fit
}

void LayoutScatterView::fitAxes(double capacityGib) {
    double maxMemory = capacityGib;
    double minThroughput = m_tips.front().point.y();
    double maxThroughput = minThroughput;
    for (const Tip& tip : m_tips) {
        maxMemory = std::max(maxMemory, tip.point.x());
        minThroughput = std::min(minThroughput, tip.point.y());
        maxThroughput = std::max(maxThroughput, tip.point.y());
    }
    m_memoryAxis->setVisible(true);
    m_throughputAxis->setVisible(true);
    m_memoryAxis->setRange(0, maxMemory * kScatterHeadroom);
    m_memoryAxis->applyNiceNumbers();
    // Zoomed to the points (a scatter, not bars): layouts often differ by a few per cent.
    const double pad = std::max(maxThroughput - minThroughput, 0.02 * maxThroughput) * kThroughputPad;
    m_throughputAxis->setRange(std::max(0.0, minThroughput - pad), maxThroughput + pad);
    m_throughputAxis->applyNiceNumbers();
}

void LayoutScatterView::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    placeOverlays();
}

void LayoutScatterView::placeOverlays() {
    const QList<QAbstractSeries*> series = chart()->series();
    m_capacity->place(series.isEmpty() ? nullptr : series.first());
    const QRectF area = chart()->plotArea().isEmpty() ? chart()->rect() : chart()->plotArea();
    m_message->setTextWidth(std::min(420.0, area.width() - 20));
    const QRectF box = m_message->boundingRect();
    m_message->setPos(area.center().x() - box.width() / 2, area.center().y() - box.height() / 2);
}

void LayoutScatterView::showPointToolTip(const QPointF& point) {
    const auto nearest = std::min_element(m_tips.begin(), m_tips.end(), [&](const Tip& a, const Tip& b) {
        const QPointF da = chart()->mapToPosition(a.point) - chart()->mapToPosition(point);
        const QPointF db = chart()->mapToPosition(b.point) - chart()->mapToPosition(point);
        return da.manhattanLength() < db.manhattanLength();
    });
    if (nearest != m_tips.end())
        QToolTip::showText(QCursor::pos(), nearest->text, this);
}

}  // namespace clusterplan::ui
