#include "ui/charts/explorer_chart_view.h"
#include "ui/models/palette.h"

#include "core/report/plan.h"
#include "core/search/candidate_cost.h"
#include "core/search/pareto_front.h"
#include "ui/charts/chart_locale.h"
#include "ui/charts/chart_palette.h"
#include "ui/charts/point_cloud_item.h"
#include "ui/charts/wrapped_title.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/engine_terms.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_summary.h"
#include "ui/models/qt_text.h"

#include <QChart>
#include <QEvent>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPen>
#include <QRubberBand>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace clusterplan::ui {

namespace {

constexpr qreal kHitRadius = 7;     // pixels around a point that hover and click it
constexpr qreal kDragDistance = 4;  // pixels the pointer moves before a press is a drag, not a click
constexpr double kPad = 0.06;       // of each axis span, around the points
enum PointClass { kNoFit, kFits, kFront };
const QColor kFitsColor(palette::kBlue);
const QColor kFrontColor(palette::kBluishGreen);
const QColor kRecommendedColor(palette::kVermillion);
const QColor kSelectedColor(palette::kReddishPurple);
const QColor kBaselineColor(palette::kOrange);

// "● fits": the marker's symbol in its colour, kept on one line with its name.
QString legendEntry(const QColor& color, const QString& symbol, const QString& name) {
    return QStringLiteral("<span style='color:%1'>%2</span>&nbsp;%3")
        .arg(color.name(), symbol, name.toHtmlEscaped());
}

// A round step (1, 2 or 5 × 10^k) that cuts `span` into about five parts.
double roundStep(double span) {
    const double raw = span / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / magnitude;
    return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * magnitude;
}

// Ticks at multiples of a round step inside the axis's range, labelled with the decimals the step
// needs ("12.5", not "12" twice). The range stays as the zoom set it.
void roundTicks(QValueAxis* axis) {
    const double span = axis->max() - axis->min();
    if (!(span > 0) || !std::isfinite(span))
        return;
    const double step = roundStep(span);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
}

QScatterSeries* marker(QScatterSeries::MarkerShape shape, qreal size) {
    auto* s = new QScatterSeries;
    s->setMarkerShape(shape);
    s->setMarkerSize(size);
    return s;
}

}  // namespace

ExplorerChartView::ExplorerChartView(QWidget* parent) : QChartView(parent) {
    setObjectName(QStringLiteral("explorerChart"));
    setRenderHint(QPainter::Antialiasing);
    setMouseTracking(true);
    // Drag zooms, with this view's own rubber band: QChartView's (RectangleRubberBand |
    // ClickThroughRubberBand) never zoomed, neither for a user's drag nor for QTest's. A click
    // without a drag still selects the point under it.
    setRubberBand(QChartView::NoRubberBand);
    m_band = new QRubberBand(QRubberBand::Rectangle, viewport());
    m_band->hide();
    setMinimumSize(320, 220);  // beside the table in a 1024 × 700 window
    QChart* chart = this->chart();
    useLocaleNumbers(chart);      // "30,799" tokens/s, not "30799"
    chart->legend()->hide();      // legendLabel() instead
    m_legend = new QLabel(this);  // a child until the tab lays it out: never leaked
    m_legend->setObjectName(QStringLiteral("explorerLegend"));
    m_legend->setWordWrap(true);
    m_legend->setAlignment(Qt::AlignHCenter);
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_xAxis = new QValueAxis(chart);
    m_yAxis = new QValueAxis(chart);
    m_yAxis->setTitleText(tr("tokens/s"));
    m_yAxis->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_yAxis, Qt::AlignLeft);
    m_cloud = new PointCloudItem(chart, m_xAxis, m_yAxis);
    // A drag (QChartView's rubber band) or a right-click changes the ranges: the title says so.
    connect(m_xAxis, &QValueAxis::rangeChanged, this, &ExplorerChartView::axisRangeChanged);
    connect(m_yAxis, &QValueAxis::rangeChanged, this, &ExplorerChartView::axisRangeChanged);

    m_fitsLegend = marker(QScatterSeries::MarkerShapeCircle, 8);
    m_noFitLegend = marker(QScatterSeries::MarkerShapeCircle, 8);
    m_front = new QLineSeries;
    m_recommended = marker(QScatterSeries::MarkerShapeStar, 18);
    m_selected = marker(QScatterSeries::MarkerShapeCircle, 15);
    m_baseline = marker(QScatterSeries::MarkerShapeRectangle, 13);
    m_fitsLegend->setName(tr("fits"));
    m_noFitLegend->setName(tr("does not fit"));
    m_front->setName(tr("Pareto front"));
    m_recommended->setName(tr("recommended"));
    m_selected->setName(tr("selected"));
    m_baseline->setName(tr("baseline"));
    for (QXYSeries* s : std::initializer_list<QXYSeries*>{m_fitsLegend, m_noFitLegend, m_front, m_baseline,
                                                          m_recommended, m_selected}) {
        chart->addSeries(s);
        s->attachAxis(m_xAxis);
        s->attachAxis(m_yAxis);
    }
    applyColors();
}

void ExplorerChartView::applyColors() {
    const bool dark = applyChartTheme(chart(), palette());
    const QColor muted = mutedColor(dark);
    m_cloud->setClassColors({muted, kFitsColor, kFrontColor}, 5);
    m_fitsLegend->setColor(kFitsColor);
    m_noFitLegend->setColor(muted);
    m_front->setPen(QPen(kFrontColor, 2));
    const auto paint = [](QScatterSeries* s, const QColor& c) {
        s->setColor(c);
        s->setBorderColor(c.darker(150));
    };
    paint(m_recommended, kRecommendedColor);
    paint(m_selected, kSelectedColor);
    paint(m_baseline, kBaselineColor);
    const QString gap = QStringLiteral(" &nbsp;&nbsp; ");
    m_legend->setText(QStringList{legendEntry(kFitsColor, QStringLiteral("●"), m_fitsLegend->name()),
                                  legendEntry(muted, QStringLiteral("●"), m_noFitLegend->name()),
                                  legendEntry(kFrontColor, QStringLiteral("━"), m_front->name()),
                                  legendEntry(kRecommendedColor, QStringLiteral("★"), m_recommended->name()),
                                  legendEntry(kSelectedColor, QStringLiteral("●"), m_selected->name()),
                                  legendEntry(kBaselineColor, QStringLiteral("■"), m_baseline->name())}
                          .join(gap));
}

void ExplorerChartView::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColors();
}

void ExplorerChartView::setPlan(const Plan& plan, std::optional<std::size_t> selected, const Plan* baseline,
                                std::vector<bool> shown) {
    m_plan = &plan;
    m_shownRows = std::move(shown);
    m_selectedRow = selected;
    setBaselinePoint(baseline);
    rebuild();
}

void ExplorerChartView::setMarks(std::optional<std::size_t> selected, const Plan* baseline) {
    m_selectedRow = selected;
    setBaselinePoint(baseline);
    drawMarks();
}

void ExplorerChartView::setBaselinePoint(const Plan* baseline) {
    m_baselinePoint.reset();
    if (!baseline)
        return;
    Candidate b;
    b.layout = baseline->layout;
    b.memoryBytes = baseline->memory.total();
    b.perf = baseline->perf;
    b.fits = baseline->memory.fits();
    if (const auto x = metricValue(b))
        m_baselinePoint = QPointF(*x, baseline->perf.tokensPerSecond);
}

// The selected layout's circle (where the cloud draws it) and the baseline's square.
void ExplorerChartView::drawMarks() {
    QList<QPointF> selected;
    if (m_selectedRow)
        for (const auto& p : m_cloud->points())
            if (p.id == *m_selectedRow)
                selected << p.value;
    m_selected->replace(selected);
    m_baseline->replace(m_baselinePoint ? QList<QPointF>{*m_baselinePoint} : QList<QPointF>{});
}

void ExplorerChartView::setFitsOnly(bool fitsOnly) {
    if (fitsOnly == m_fitsOnly)
        return;
    m_fitsOnly = fitsOnly;
    if (m_plan)
        rebuild();
}

void ExplorerChartView::setShownRows(std::vector<bool> shown) {
    if (shown == m_shownRows)
        return;
    m_shownRows = std::move(shown);
    if (m_plan)
        rebuild();
}

void ExplorerChartView::resetZoom() {
    if (m_plan)
        fitAxes();
    updateTitle();
}

bool ExplorerChartView::zoomed() const {
    return m_zoomed;
}

std::optional<QRectF> ExplorerChartView::zoomRanges() const {
    if (!m_zoomed)
        return std::nullopt;
    return QRectF(QPointF(m_xAxis->min(), m_yAxis->min()), QPointF(m_xAxis->max(), m_yAxis->max()));
}

void ExplorerChartView::zoomTo(const QRectF& ranges) {
    if (!m_plan || m_cloud->points().empty() || !ranges.isValid())
        return;
    m_xAxis->setRange(ranges.left(), ranges.right());
    m_yAxis->setRange(ranges.top(), ranges.bottom());
}

void ExplorerChartView::roundZoomedTicks() {
    roundTicks(m_xAxis);
    roundTicks(m_yAxis);
}

void ExplorerChartView::axisRangeChanged() {
    if (m_fitting)
        return;
    const bool zoomed = m_xAxis->min() != m_fitted.left() || m_xAxis->max() != m_fitted.right() ||
                        m_yAxis->min() != m_fitted.top() || m_yAxis->max() != m_fitted.bottom();
    // Once per range the zoom sets: the ticks depend on the range alone, so the labels they give
    // cannot move the plot into another choice (no plotAreaChanged loop).
    if (zoomed)
        roundZoomedTicks();
    if (zoomed == m_zoomed)
        return;
    m_zoomed = zoomed;
    updateTitle();
    emit zoomChanged(zoomed);
}

void ExplorerChartView::setMetric(Metric metric) {
    if (metric == m_metric)
        return;
    m_metric = metric;
    if (m_plan)
        rebuild();
}

std::optional<double> ExplorerChartView::metricValue(const Candidate& c) const {
    switch (m_metric) {
    case Metric::Memory:
        return toGib(c.memoryBytes);
    case Metric::CostPerMillionTokens:
        return m_plan && m_plan->cost ? rentPerMillionTokens(*m_plan->cost, c, budgetFactor(*m_plan))
                                      : std::nullopt;
    case Metric::Days:
        return c.perf.trainDays;
    }
    return std::nullopt;
}

void ExplorerChartView::rebuild() {
    std::vector<PointCloudItem::Point> points;
    std::vector<FrontPoint> fitting;     // the shown layouts that fit, in the axes' figures
    std::vector<std::size_t> fittingAt;  // where each is in `points`
    QList<QPointF> recommended;
    if (m_plan && m_plan->search) {
        const auto& ranked = m_plan->search->ranked;
        points.reserve(ranked.size());
        for (std::size_t i = 0; i < ranked.size(); ++i) {
            const Candidate& c = ranked[i];
            const auto x = metricValue(c);
            const bool shown = m_shownRows.empty() || (i < m_shownRows.size() && m_shownRows[i]);
            if (!x || !shown || (m_fitsOnly && !c.fits))
                continue;
            const QPointF value(*x, c.perf.tokensPerSecond);
            if (c.fits) {
                fitting.push_back({value.x(), value.y()});
                fittingAt.push_back(points.size());
            }
            points.push_back({value, c.fits ? kFits : kNoFit, i});
            if (m_plan->search->best == i)
                recommended << value;
        }
    }
    // The front of the plot as drawn: least memory, cost or days for the tokens/s, among the
    // layouts shown (the search's own front is memory against speed over all of them).
    QList<QPointF> front;
    for (const std::size_t k : paretoFront(fitting)) {
        PointCloudItem::Point& p = points[fittingAt[k]];
        p.pointClass = kFront;
        front << p.value;
    }
    m_cloud->setPoints(std::move(points));
    m_front->replace(front);
    m_recommended->replace(recommended);
    drawMarks();

    switch (m_metric) {
    case Metric::Memory:
        m_xAxis->setTitleText(tr("peak memory per GPU (GiB)"));
        break;
    case Metric::CostPerMillionTokens:
        m_xAxis->setTitleText(tr("cost per million tokens, rented (%1)")
                                  .arg(m_plan && m_plan->cost
                                           ? toQString(cost::currencyCode(m_plan->cost->currency))
                                           : QString()));
        break;
    case Metric::Days:
        m_xAxis->setTitleText(tr("days to train"));
        break;
    }
    fitAxes();
    updateTitle();
}

void ExplorerChartView::updateTitle() {
    const std::size_t evaluated = m_plan && m_plan->search ? m_plan->search->evaluated : 0;
    if (!evaluated) {
        setWrappedTitle(chart(), tr("No layout search: every layout key is fixed in this scenario"));
        return;
    }
    const std::size_t shown = m_cloud->points().size();
    const bool filtered = !m_shownRows.empty() || m_fitsOnly;
    // Two short lines, each wrapped again where the chart is narrower still; the counts with
    // group separators, last where they can be (no plural to agree with).
    QString title = filtered
                        ? tr("%1 of %2 layouts shown")
                              .arg(formatNumber(static_cast<double>(shown), 0),
                                   formatNumber(static_cast<double>(evaluated), 0))
                        : tr("%1 layouts evaluated").arg(formatNumber(static_cast<double>(evaluated), 0));
    title += QStringLiteral("<br>") + (m_zoomed ? tr("zoomed in: right-click or Reset zoom to zoom out")
                                                : tr("drag to zoom, right-click to zoom out"));
    // The layouts right of the axis as it is drawn (its round end, not the limit it was fitted to).
    if (m_metric == Metric::Memory && !m_zoomed && shown > 0)
        if (const std::size_t beyond = pointsBeyond(m_xAxis->max()); beyond > 0)
            title += QStringLiteral("<br>") + tr("layouts above %1 GiB per GPU, off the right edge: %2")
                                                  .arg(formatPlainNumber(m_xAxis->max(), 0),
                                                       formatNumber(static_cast<double>(beyond), 0));
    setWrappedTitle(chart(), title);
}

void ExplorerChartView::fitAxes() {
    const auto& points = m_cloud->points();
    // No search (every layout key fixed) or nothing left by the filter: no tick labels, which over
    // an empty plot read "0 0 1 1 1" (a 0–1 range in whole numbers).
    m_xAxis->setLabelsVisible(!points.empty());
    m_yAxis->setLabelsVisible(!points.empty());
    // Nor titles: beside the message over an empty plot, Qt elided them to "…" and "⋮" at 1024 × 700.
    m_xAxis->setTitleVisible(!points.empty());
    m_yAxis->setTitleVisible(!points.empty());
    m_zoomed = false;
    if (points.empty()) {
        emit zoomChanged(false);
        return;
    }
    double x0 = points.front().value.x(), x1 = x0, y0 = points.front().value.y(), y1 = y0;
    for (const auto& p : points) {
        x0 = std::min(x0, p.value.x());
        x1 = std::max(x1, p.value.x());
        y0 = std::min(y0, p.value.y());
        y1 = std::max(y1, p.value.y());
    }
    if (m_metric == Metric::Memory && m_plan)
        x1 = std::max(x1, toGib(m_plan->memory.capacity));  // the HBM limit stays in view
    if (const auto end = memoryAxisEnd())
        x1 = *end;
    const double dx = std::max(x1 - x0, 1e-9 + 0.02 * std::abs(x1)) * kPad;
    const double dy = std::max(y1 - y0, 1e-9 + 0.02 * std::abs(y1)) * kPad;
    // Not a zoom: the title keeps its counts, and Qt's zoom history (of an older cloud) goes.
    m_fitting = true;
    if (chart()->isZoomed())
        chart()->zoomReset();
    m_xAxis->setTickType(QValueAxis::TicksFixed);  // a zoom's round steps end with it
    m_yAxis->setTickType(QValueAxis::TicksFixed);
    m_yAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_xAxis->setRange(std::max(0.0, x0 - dx), x1 + dx);
    m_yAxis->setRange(std::max(0.0, y0 - dy), y1 + dy);
    // Round ticks on both axes (100, 200 GiB; not 423, 846).
    m_xAxis->applyNiceNumbers();
    m_yAxis->applyNiceNumbers();
    m_fitting = false;
    m_fitted = QRectF(QPointF(m_xAxis->min(), m_yAxis->min()), QPointF(m_xAxis->max(), m_yAxis->max()));
    m_xAxis->setLabelFormat(x1 < 10 ? QStringLiteral("%.2f") : QStringLiteral("%.0f"));
    emit zoomChanged(false);
}

std::optional<double> ExplorerChartView::memoryAxisEnd() const {
    if (m_metric != Metric::Memory || !m_plan)
        return std::nullopt;
    // Twice the larger of the HBM size and the largest layout that fits: the feasible region
    // takes at least half the width, and the layouts that just miss stay in view beside it.
    double fitting = toGib(m_plan->memory.capacity);
    for (const auto& p : m_cloud->points())
        if (p.pointClass != kNoFit)
            fitting = std::max(fitting, p.value.x());
    const double end = 2 * fitting;
    if (pointsBeyond(end) == 0)
        return std::nullopt;
    return end;
}

std::size_t ExplorerChartView::pointsBeyond(double x) const {
    const auto& points = m_cloud->points();
    return static_cast<std::size_t>(
        std::count_if(points.begin(), points.end(), [x](const auto& p) { return p.value.x() > x; }));
}

std::optional<QPoint> ExplorerChartView::viewPosition(std::size_t row) const {
    for (const auto& p : m_cloud->points())
        if (p.id == row)
            return mapFromScene(m_cloud->toScene(p.value));
    return std::nullopt;
}

QString ExplorerChartView::tooltip(std::size_t row) const {
    const Candidate& c = m_plan->search->ranked[row];
    QString text =
        tr("<b>#%1 %2</b><br>micro-batch %3, ZeRO-%4, recompute %5<br>"
           "%6 per GPU · %7 tokens/s · step %8 s<br>MFU %9 % · %10 days")
            .arg(row + 1)
            .arg(formatLayoutDegrees(c.layout))
            .arg(c.layout.microBatch)
            .arg(c.layout.zeroStage)
            .arg(recomputeName(c.layout.recompute))
            .arg(formatGib(c.memoryBytes))
            .arg(formatPlainNumber(c.perf.tokensPerSecond, 0), formatPlainNumber(c.perf.stepSeconds, 3),
                 formatPlainNumber(100 * c.perf.mfu, 1), formatPlainNumber(c.perf.trainDays, 1));
    if (c.layout.offload != Offload::None)
        text += tr("<br>CPU offload: %1").arg(offloadName(c.layout.offload));
    if (m_plan->cost)
        if (const auto cost = rentPerMillionTokens(*m_plan->cost, c, budgetFactor(*m_plan)))
            text += tr("<br>%1 %2 per million tokens (rented)")
                        .arg(toQString(cost::currencySymbol(m_plan->cost->currency)),
                             formatPlainNumber(*cost, 3));
    if (!c.fits)
        text += tr("<br><b>does not fit:</b> %1").arg(engineText(notFitReason(c)).toHtmlEscaped());
    return text;
}

QRectF ExplorerChartView::plotAreaInView() const {
    return mapFromScene(chart()->mapToScene(chart()->plotArea())).boundingRect();
}

void ExplorerChartView::mouseMoveEvent(QMouseEvent* event) {
    QChartView::mouseMoveEvent(event);
    if (m_dragging) {
        const QRect band = QRect(m_pressPos.toPoint(), event->position().toPoint()).normalized() &
                           plotAreaInView().toAlignedRect();
        m_band->setGeometry(band);
        m_band->setVisible((event->position() - m_pressPos).manhattanLength() >= kDragDistance);
        QToolTip::hideText();
        return;
    }
    if (!m_plan || !m_plan->search)
        return;
    const auto near = m_cloud->pointNear(mapToScene(event->position().toPoint()), kHitRadius);
    if (near)
        QToolTip::showText(event->globalPosition().toPoint(), tooltip(near->id), this);
    else
        QToolTip::hideText();
}

void ExplorerChartView::mouseReleaseEvent(QMouseEvent* event) {
    QChartView::mouseReleaseEvent(event);
    if (event->button() == Qt::RightButton) {
        chart()->zoomOut();
        return;
    }
    if (event->button() != Qt::LeftButton)
        return;
    const bool dragged = m_dragging && m_band->isVisible();
    m_dragging = false;
    m_band->hide();
    if (dragged) {
        // The band's rectangle in the chart's coordinates, where QChart::zoomIn() takes it.
        const QRectF band = chart()->mapFromScene(mapToScene(m_band->geometry())).boundingRect();
        if (band.width() >= 1 && band.height() >= 1)
            chart()->zoomIn(band);
        return;
    }
    if (m_plan && m_plan->search && (event->position() - m_pressPos).manhattanLength() < kDragDistance)
        if (const auto near = m_cloud->pointNear(mapToScene(event->position().toPoint()), kHitRadius))
            emit layoutClicked(near->id);
}

void ExplorerChartView::mousePressEvent(QMouseEvent* event) {
    m_pressPos = event->position();
    m_dragging = event->button() == Qt::LeftButton && plotAreaInView().contains(m_pressPos);
    QChartView::mousePressEvent(event);
}

}  // namespace clusterplan::ui
