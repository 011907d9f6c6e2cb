#include "ui/charts/verdict_card.h"

#include "core/cost/run_outlay.h"
#include "core/quote/offer_names.h"
#include "core/report/plan.h"
#include "core/run/step_count.h"
#include "ui/charts/elided_label.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/would_fit_bar.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/engine_terms.h"
#include "ui/models/money_text.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_comparison.h"
#include "ui/models/plan_controller.h"
#include "ui/models/plan_summary.h"
#include "ui/models/qt_text.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace clusterplan::ui {

namespace {

constexpr int kTileSpacing = 30;  // pixels between tiles
// Tiles per row: two rows of four keep each figure whole at 1024 pixels, where one row of eight
// forced the window wider than a laptop screen.
constexpr int kColumns = 4;

QString number(double value, int decimals) {
    return formatNumber(value, decimals);
}

// "+12.3 %" or "−4.0 %" change from `base` to `now`; empty when there is no base to compare with.
QString relative(double now, double base) {
    if (!(std::abs(base) > 0) || !std::isfinite(now))
        return {};
    const double change = 100 * (now - base) / std::abs(base);
    return VerdictCard::tr("%1%2 % vs baseline")
        .arg(change >= 0 ? QStringLiteral("+") : QString(), withMinusSign(formatPlainNumber(change, 1)));
}

// An amount in a tile's caption as short as its figure ("¥5.46M", not "¥5,462,559.67" beside
// "¥3.84M"); the exact amounts are the caption's tooltip.
QString shortMoney(const cost::Money& amount, cost::Currency currency) {
    return formatShortMoney(amount.units(), toQString(cost::currencySymbol(currency)));
}

// "micro-batch 1, ZeRO-3", and the CPU offload when the layout has one: offloading costs host
// memory and step time, so the recommendation names it as the Explorer does.
QString layoutCaption(const Layout& layout) {
    const QString caption =
        VerdictCard::tr("micro-batch %1, ZeRO-%2").arg(layout.microBatch).arg(layout.zeroStage);
    if (layout.offload == Offload::None)
        return caption;
    return VerdictCard::tr("%1, <b>CPU offload: %2</b>")
        .arg(caption, offloadName(layout.offload).toHtmlEscaped());
}

QString headroomText(const MemoryBreakdown& m) {
    const double headroom = m.capacity - m.total();
    return VerdictCard::tr("%1 GiB (%2 %) %3")
        .arg(formatPlainNumber(toGib(std::abs(headroom)), 1),
             formatPlainNumber(100 * std::abs(headroom) / m.capacity, 1),
             headroom >= 0 ? VerdictCard::tr("headroom") : VerdictCard::tr("over"));
}

}  // namespace

VerdictCard::VerdictCard(PlanComparison& comparison, QWidget* parent)
    : QFrame(parent), m_comparison(comparison) {
    setObjectName(QStringLiteral("verdictCard"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    auto* grid = new QGridLayout;
    // Wide enough that one tile's figure does not read on into the next ("¥609,624.06 RENT" at 18).
    grid->setHorizontalSpacing(kTileSpacing);
    grid->setVerticalSpacing(0);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(10, 4, 10, 4);
    outer->setSpacing(2);
    outer->addLayout(grid);
    addTile(QStringLiteral("fit"), tr("memory per GPU"));
    addTile(QStringLiteral("layout"), tr("recommended layout"));
    addTile(QStringLiteral("throughput"), tr("tokens/s"));
    addTile(QStringLiteral("mfu"), tr("MFU"));
    addTile(QStringLiteral("days"), tr("days budgeted"));
    addTile(QStringLiteral("run_cost"), tr("run cost, rented"));
    addTile(QStringLiteral("rent_vs_buy"), tr("rent vs buy"));
    addTile(QStringLiteral("break_even"), tr("break-even"));
    for (std::size_t i = 0; i < m_tiles.size(); ++i) {
        const int column = static_cast<int>(i) % kColumns;
        const int row = 3 * (static_cast<int>(i) / kColumns);
        grid->addWidget(m_tiles[i].figure, row, column);
        grid->addWidget(m_tiles[i].caption, row + 1, column);
        grid->addWidget(m_tiles[i].delta, row + 2, column);
    }
    for (int column = 0; column < kColumns; ++column)
        grid->setColumnStretch(column, 1);
    // One line each (the plan, the calibration, the accuracy), cut to the card's width: the whole
    // text is the tooltip. Wrapped, they took a third of a 700-pixel-high window.
    m_details = new ElidedLabel;
    m_details->setObjectName(QStringLiteral("verdictDetails"));
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Two lines whatever the plan: a line more (the last valid plan's warning, a calibration) or
    // less must not move the tabs below while the user aims at one. The first two of the plan's
    // lines are shown, every line is in the tooltip.
    m_details->setShownLines(2);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_pin = new QPushButton(tr("Pin as baseline"));
    m_pin->setObjectName(QStringLiteral("pinBaseline"));
    m_pin->setToolTip(tr("Keep this plan; every view then shows it beside the current one"));
    m_clear = new QPushButton(tr("Clear baseline"));
    m_clear->setObjectName(QStringLiteral("clearBaseline"));
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_details, 1);
    bottom->addWidget(m_pin);
    bottom->addWidget(m_clear);
    outer->addLayout(bottom);
    // A plan that does not fit: what would, one click away.
    outer->addWidget(new WouldFitBar(comparison.controller()));
    connect(m_pin, &QPushButton::clicked, &comparison, &PlanComparison::pinBaseline);
    connect(m_clear, &QPushButton::clicked, &comparison, &PlanComparison::clearBaseline);
    connect(&comparison, &PlanComparison::changed, this, &VerdictCard::showPlan);
    connect(&comparison.controller(), &PlanController::accuracyChanged, this, &VerdictCard::showPlan);
    // An input the engine refuses leaves the last valid plan on the card: it must not read as the
    // plan of what is on screen.
    connect(&comparison.controller(), &PlanController::inputError, this, &VerdictCard::showPlan);
    showPlan();
}

void VerdictCard::addTile(const QString& name, const QString& caption) {
    auto* figure = new ElidedLabel;
    QFont big = figure->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    figure->setFont(big);
    figure->setObjectName(QStringLiteral("verdict_") + name);
    // Captions and comparisons keep to one line, cut to the tile with the whole text as tooltip.
    auto* captionLabel = new ElidedLabel;
    captionLabel->setFullText(caption);
    auto* deltaLabel = new ElidedLabel;
    QFont small = deltaLabel->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    deltaLabel->setFont(small);
    m_tiles.push_back({name, figure, captionLabel, deltaLabel});
}

const VerdictCard::Tile* VerdictCard::tile(const QString& name) const {
    for (const Tile& t : m_tiles)
        if (t.name == name)
            return &t;
    return nullptr;
}

QString VerdictCard::figure(const QString& name) const {
    const Tile* t = tile(name);
    return t ? t->figure->fullText() : QString();
}

QString VerdictCard::caption(const QString& name) const {
    const Tile* t = tile(name);
    return t ? t->caption->fullText() : QString();
}

QString VerdictCard::delta(const QString& name) const {
    const Tile* t = tile(name);
    return t ? t->delta->fullText() : QString();
}

QString VerdictCard::details() const {
    return m_details->fullText();
}

void VerdictCard::setTile(const QString& name, const QString& figure, const QString& caption,
                          const QString& delta) {
    for (Tile& t : m_tiles)
        if (t.name == name) {
            t.figure->setFullText(figure);
            t.caption->setFullText(caption);
            t.delta->setFullText(delta);  // an empty line keeps its room: the card's height stays
        }
}

void VerdictCard::showPlan() {
    const auto& current = m_comparison.controller().plan();
    m_clear->setEnabled(m_comparison.baseline().has_value());
    if (!current)
        return;
    const Plan& p = *current;
    const Plan* base = m_comparison.baseline() ? &*m_comparison.baseline() : nullptr;
    const bool fits = p.memory.fits();
    const bool stale = m_comparison.controller().planIsStale();
    // Grey, not green or red, while the plan is not the one of the inputs on screen.
    const QString fitColor = stale  ? QStringLiteral("#808080")
                             : fits ? QStringLiteral("#009E73")
                                    : QStringLiteral("#D55E00");
    setTile(QStringLiteral("fit"),
            QStringLiteral("<span style='color:%1'>%2</span>")
                .arg(fitColor, fits ? tr("FITS") : tr("DOES NOT FIT")),
            headroomText(p.memory), base ? tr("baseline: %1").arg(headroomText(base->memory)) : QString());
    // Five degrees with their keys ("2×64×8×16×1 (TP×PP×DP×CP×EP)") are wider than a tile at
    // 1400 × 900: the figure keeps the degrees and the keys lead the caption.
    const bool fiveDegrees = p.layout.cp > 1 || p.layout.ep > 1;
    const QString degrees = formatLayoutDegrees(p.layout);
    setTile(QStringLiteral("layout"), fiveDegrees ? degrees.section(QStringLiteral(" ("), 0, 0) : degrees,
            fiveDegrees ? tr("TP×PP×DP×CP×EP, %1").arg(layoutCaption(p.layout)) : layoutCaption(p.layout),
            base ? tr("baseline: %1").arg(formatLayoutWithOffload(base->layout)) : QString());
    setTile(QStringLiteral("throughput"), number(p.perf.tokensPerSecond, 0),
            tr("tokens/s on %1 GPUs").arg(formatNumber(static_cast<double>(p.scenario.cluster.gpus()), 0)),
            base ? relative(p.perf.tokensPerSecond, base->perf.tokensPerSecond) : QString());
    setTile(QStringLiteral("mfu"), QStringLiteral("%1 %").arg(formatPlainNumber(100 * p.perf.mfu, 1)),
            tr("MFU"),
            base ? tr("%1 pts vs baseline")
                       .arg(withMinusSign(formatPlainNumber(100 * (p.perf.mfu - base->perf.mfu), 1)))
                 : QString());
    // The budgeted days (interruptions, checkpoints, evaluation: core/run/run_length.h), as the
    // summary and the quote price them; the performance model's steady-state days beside them.
    // The steady-state days on the line below, where a comparison goes when there is none, and in
    // the caption's tooltip: "days budgeted for 100B tokens (36.8 days steady-state)" on one line
    // was cut at 1400 × 900.
    const QString steady = tr("%1 days steady-state").arg(number(p.perf.trainDays, 1));
    setTile(QStringLiteral("days"), number(p.run.wallDays, 1),
            // "300B tokens", "3000亿 token": counted as the reader counts (money_axis.h).
            tr("days budgeted for %1 tokens")
                .arg(formatShortMoney(p.scenario.training.tokensToTrain(), QString())),
            base ? relative(p.run.wallDays, base->run.wallDays) : steady);
    tile(QStringLiteral("days"))->caption->setOwnToolTip(steady);
    showStepWarning(p);
    showCost(p, base);
    if (!fits && !stale) {
        // Speed, days and money of a run that cannot start: shown greyed, as what they would be if
        // it fit.
        for (Tile& t : m_tiles)
            if (t.name == QLatin1String("throughput") || t.name == QLatin1String("mfu") ||
                t.name == QLatin1String("days") || t.name == QLatin1String("run_cost") ||
                t.name == QLatin1String("rent_vs_buy") || t.name == QLatin1String("break_even")) {
                t.figure->setFullText(
                    QStringLiteral("<span style='color:#808080'>%1</span>").arg(t.figure->fullText()));
                t.caption->setFullText(tr("if it fit: %1").arg(t.caption->fullText()));
            }
    }
    const QString staleNote =
        stale ? tr("Last valid plan: the input marked in red is not valid, so these figures are not yet "
                   "those of the inputs on screen.") +
                    QStringLiteral("\n")
              : QString();
    m_details->setFullText(
        staleNote +
        tr("%1 on %2 × %3 (%4) · step %5 s · %6 per GPU of %7 · %8")
            .arg(modelName(p.scenario.model.name))
            .arg(formatNumber(static_cast<double>(p.scenario.cluster.gpus()), 0))
            .arg(localName(p.gpu.name, p.gpu.nameZh))
            .arg(nodesText(p.scenario.cluster.nodes))
            .arg(formatPlainNumber(p.perf.stepSeconds, p.perf.stepSeconds < 10 ? 3 : 1))
            .arg(formatGib(p.memory.total()), formatGib(p.memory.capacity))
            .arg(
                p.search
                    ? tr("%1 layouts searched").arg(formatNumber(static_cast<double>(p.search->evaluated), 0))
                    : tr("layout fixed in the scenario")) +
        calibrationText(p) + accuracyText());
}

void VerdictCard::showStepWarning(const Plan& p) {
    // Too few optimizer steps to train as planned (a global batch as large as the run, or a few
    // steps): the days tile says so where its comparison goes, the engine's note in full as its
    // tooltip, what the line said before after it.
    const Tile* days = tile(QStringLiteral("days"));
    const auto warning = stepCountWarning(p.scenario.training);
    const auto note = stepCountNote(p.scenario.training);
    if (!warning || !note) {
        days->delta->setOwnToolTip(QString());
        return;
    }
    const QString replaced = days->delta->fullText();  // the comparison or the steady-state days
    days->delta->setFullText(
        QStringLiteral("<span style='color:#D55E00'>⚠ %1</span>").arg(engineText(*warning).toHtmlEscaped()));
    days->delta->setOwnToolTip(engineText(*note) + QStringLiteral("\n") + replaced);
}

QString VerdictCard::nodesText(std::int64_t nodes) {
    return formatNodes(nodes);
}

QString VerdictCard::calibrationText(const Plan& p) const {
    // A plan calibrated to the user's own runs says so first: its times are no longer the built-in
    // profile's (the Measured runs tab shows the fit).
    if (!p.calibration)
        return {};
    const ProfileFit& fit = *p.calibration;
    return QStringLiteral("\n") +
           tr("Calibrated on this cluster (measured runs: %1): throughput error %2 % with the built-in "
              "profile, %3 % fitted; every time here uses the fitted profile.")
               .arg(fit.runs.size())
               .arg(100 * fit.meanAbsErrorBefore, 0, 'f', 1)
               .arg(100 * fit.meanAbsErrorAfter, 0, 'f', 1);
}

QString VerdictCard::accuracyText() const {
    // Times are predictions: say how far off they were, as the labelled pair of
    // resources/accuracy.json states it — on the calibration runs with each stack family left out of
    // the fit (grouped cross-validation), and on published runs never used to build the engine.
    const auto& a = m_comparison.controller().accuracy();
    if (!a || a->grouped.runs == 0)
        return {};
    const GroupedAccuracy& g = a->grouped;
    const IndependentAccuracy& i = a->independent;
    // The independent figure first: the line is cut to the card's width, and it is the one a new
    // stack can expect.
    return QStringLiteral("\n") +
           tr("Times are estimates. Independent check (%1): on %2 published runs never used to build the "
              "engine, %3 % off on average; %4 % inside the band.")
               .arg(toQString(i.checked))
               .arg(i.runs)
               .arg(formatPlainNumber(100 * i.meanAbsError, 1), formatPlainNumber(100 * i.bandCoverage, 0)) +
           QStringLiteral(" ") +
           tr("Grouped cross-validation (%1): on %2 calibration runs, each stack family predicted without "
              "its "
              "own runs, %3 % off on average; %4 % inside the band (median ±%5 %).")
               .arg(toQString(g.asOf))
               .arg(g.runs)
               .arg(formatPlainNumber(100 * g.meanAbsError, 1), formatPlainNumber(100 * g.bandCoverage, 0),
                    formatPlainNumber(100 * g.medianBandHalfWidth, 0));
}

void VerdictCard::showHalfCost(const cost::CostReport& r) {
    // A price book that offers one half for this GPU: that half's figures, and which half is
    // missing in words ("no rental offer"), never "—" for a price the book does give.
    const bool rented = r.rentPriced();
    const QString missing = engineText(r.notOffered->reason);
    const std::optional<cost::Money> run = rented ? r.runCostRent : r.runCostBuy;
    const QString none = rented ? tr("no purchase offer") : tr("no rental offer");
    setTile(QStringLiteral("run_cost"), run ? shortMoney(*run, r.currency) : tr("—"),
            rented ? tr("rented; %1").arg(none) : tr("owned; %1").arg(none), {});
    const Tile* runCost = tile(QStringLiteral("run_cost"));
    runCost->figure->setOwnToolTip(run ? moneyText(*run, r.currency) : QString());
    runCost->caption->setOwnToolTip(missing);
    // Over the horizon: the rent accrued, or the purchase (capex) with owning net of resale.
    if (rented)
        setTile(QStringLiteral("rent_vs_buy"), shortMoney(r.rentAccruedTotal, r.currency),
                tr("rent over %1 months; %2").arg(r.horizonMonths).arg(none), {});
    else
        setTile(
            QStringLiteral("rent_vs_buy"), shortMoney(r.capex.capex, r.currency),
            tr("purchase; %1").arg(none),
            tr("own net %1 over %2 months").arg(shortMoney(r.buyNetTotal, r.currency)).arg(r.horizonMonths));
    const Tile* rentVsBuy = tile(QStringLiteral("rent_vs_buy"));
    rentVsBuy->caption->setOwnToolTip(missing);
    rentVsBuy->delta->setOwnToolTip(missing);
    setTile(QStringLiteral("break_even"), tr("—"), tr("break-even: %1").arg(none), {});
}

void VerdictCard::showCost(const Plan& p, const Plan* base) {
    if (!p.cost && p.costHalf) {
        showHalfCost(*p.costHalf);
        return;
    }
    if (!p.cost) {
        const QString reason = p.costError ? engineText(*p.costError) : tr("no price");
        setTile(QStringLiteral("run_cost"), tr("—"), tr("run cost: %1").arg(reason), {});
        tile(QStringLiteral("run_cost"))->figure->setOwnToolTip(QString());
        tile(QStringLiteral("run_cost"))->caption->setOwnToolTip(QString());
        setTile(QStringLiteral("rent_vs_buy"), tr("—"), tr("rent vs buy"), {});
        setTile(QStringLiteral("break_even"), tr("—"), tr("break-even"), {});
        return;
    }
    const cost::CostReport& r = *p.cost;
    const bool baseCost = base && base->cost && base->cost->currency == r.currency;
    // The figure is short ("¥609.6k", "¥60.96万") so that it stays inside its tile at 1400 × 900;
    // "¥609,624.06" ran into the next one. The exact amount is its tooltip.
    const QString symbol = toQString(cost::currencySymbol(r.currency));
    setTile(QStringLiteral("run_cost"),
            r.runCostRent ? formatShortMoney(r.runCostRent->units(), symbol) : tr("—"),
            r.runCostBuy ? tr("rented; %1 owned").arg(shortMoney(*r.runCostBuy, r.currency)) : tr("rented"),
            baseCost && r.runCostRent && base->cost->runCostRent
                ? relative(r.runCostRent->units(), base->cost->runCostRent->units())
                : QString());
    // The tooltips name each amount's basis: the rental's contract term, excl. VAT; owning as the
    // run's amortised share, and as the cash outlay of owning for this run alone.
    const Tile* runCost = tile(QStringLiteral("run_cost"));
    const bool zh = QLocale().language() == QLocale::Chinese;
    const auto termText = [zh, &r](const cost::RentTerm& t) {
        const quote::Bilingual name = quote::termName(r.offer, t);
        return toQString(zh ? name.zh : name.en);
    };
    runCost->figure->setOwnToolTip(r.runCostRent ? moneyText(*r.runCostRent, r.currency) : QString());
    QString owned;
    if (r.runCostBuy) {
        owned = tr("%1 owned, excl. VAT: the run's share of %2 months of owning at %3 % utilisation")
                    .arg(moneyText(*r.runCostBuy, r.currency))
                    .arg(r.horizonMonths)
                    .arg(formatPlainNumber(100 * r.utilization, 0));
        if (const auto outlay = cost::ownCashOutlayForRun(r))
            owned += tr("; bought for this run alone, owning costs %1 (purchase and the running costs of a "
                        "%2-month run, less the resale value then)")
                         .arg(moneyText(outlay->cash, r.currency))
                         .arg(outlay->months);
    }
    if (r.runCostRent)
        owned = tr("%1 rented, excl. VAT, on the term \"%2\"")
                    .arg(moneyText(*r.runCostRent, r.currency),
                         termText(r.jobRental ? r.jobRental->term : r.term)) +
                (owned.isEmpty() ? QString() : QStringLiteral("; ") + owned);
    runCost->caption->setOwnToolTip(owned);
    const cost::Money advantage = r.buyAdvantage();  // positive: buying saves
    const bool buy = r.buyCheaper();
    const cost::Money saving = buy ? advantage : -advantage;
    setTile(QStringLiteral("rent_vs_buy"), buy ? tr("BUY") : tr("RENT"),
            tr("saves %1 over %2 months").arg(shortMoney(saving, r.currency)).arg(r.horizonMonths),
            tr("rent %1 · own net %2")
                .arg(shortMoney(r.rentAccruedTotal, r.currency), shortMoney(r.buyNetTotal, r.currency)));
    const Tile* rentVsBuy = tile(QStringLiteral("rent_vs_buy"));
    rentVsBuy->caption->setOwnToolTip(
        tr("saves %1 over %2 months").arg(moneyText(saving, r.currency)).arg(r.horizonMonths));
    rentVsBuy->delta->setOwnToolTip(
        tr("over %1 months, excl. VAT: rent %2 on the term \"%3\" · owning %4 net of resale")
            .arg(r.horizonMonths)
            .arg(moneyText(r.rentAccruedTotal, r.currency), termText(r.term),
                 moneyText(r.buyNetTotal, r.currency)));
    const auto& be = r.breakeven.gross;
    setTile(QStringLiteral("break_even"), be ? tr("month %1").arg(*be) : tr("never"),
            be ? tr("buying pays back (gross)") : tr("within %1 months").arg(r.searchMonths),
            baseCost && base->cost->breakeven.gross
                ? tr("baseline: month %1").arg(*base->cost->breakeven.gross)
                : QString());
}

}  // namespace clusterplan::ui
