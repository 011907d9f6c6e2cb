#include "ui/export/quote_pdf_sections.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

#include "core/quote/messages_quote.h"
#include "core/quote/price_list.h"
#include "core/quote/quote_scaling.h"
#include "core/quote/quote_text.h"
#include "core/report/plan.h"
#include "core/report/plan_format.h"
#include "core/util/number_format.h"
#include "core/util/units.h"
#include "ui/charts/cost_details_view.h"
#include "ui/charts/cost_input_names.h"
#include "ui/export/pdf_canvas.h"
#include "ui/export/report_charts.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

namespace {

using quote::label;

QString q(const std::string& s) {
    return toQString(s);
}

// "1 GPU" / "8 GPUs" / "8 卡".
std::string gpuCount(std::int64_t gpus, quote::Lang lang) {
    const std::string n = formatGrouped(static_cast<double>(gpus), 0);
    if (lang == quote::Lang::Zh)
        return n + " 卡";
    return n + (gpus == 1 ? " GPU" : " GPUs");
}

std::vector<std::pair<QString, QString>> pairs(const std::vector<quote::Row>& rows) {
    std::vector<std::pair<QString, QString>> out;
    for (const auto& r : rows)
        out.emplace_back(q(r.label), q(r.value));
    return out;
}

}  // namespace

void QuoteSections::chartSection(const MessageId<0>& headingKey, const char* chartName, double follow) {
    constexpr double kChartShare = 0.33;  // of the page's text height
    const QString title = q(label(lang, headingKey));
    const ReportChart* c = charts.chart(QString::fromLatin1(chartName));
    if (c)
        canvas.keepTogether(
            std::min(canvas.headingHeight(title) + canvas.sceneHeight(c->source(), kChartShare) + follow,
                     canvas.pageHeight()));
    canvas.heading(title, 14);
    if (c)
        canvas.scene(c->scene(), c->source(), kChartShare);
}

void QuoteSections::cover() {
    // Compact, so that the verdict fits whole beneath it on page 1 in English too.
    canvas.space(2);
    if (!doc.info.logo.empty() && QFileInfo::exists(q(doc.info.logo)))
        canvas.image(q(doc.info.logo), 20);
    if (!doc.info.company.empty())
        canvas.heading(q(doc.info.company), 14);
    canvas.heading(q(label(lang, msg::kQuoteTitle)), 24);
    canvas.space(4);
    canvas.rows(pairs(quote::coverRows(doc, lang)), 10);
    canvas.space(2);
    canvas.paragraph(q(label(lang, msg::kQuoteValidDays, {std::to_string(doc.info.validDays)})), 10);
    canvas.paragraph(q(label(lang, msg::kQuoteDisclaimer)), 8.5);
}

void QuoteSections::verdict() {
    // The verdict is read as one block, its conclusion with its figures: on the cover's page in
    // the largest size that holds it all there (English wraps more than Chinese; its last row
    // alone spilled to an otherwise blank page 2), else whole on the next page.
    // Its labels name each amount's basis: a wider label column than the cover's.
    constexpr double kLabelShare = 0.46;
    const QString title = q(label(lang, msg::kQuoteVerdict));
    const auto rows = pairs(quote::verdictRows(doc, lang));
    const auto height = [&](double size) {
        return canvas.headingHeight(title, 16) + canvas.rowsHeight(rows, size, kLabelShare);
    };
    double pt = 10.5;
    for (const double smaller : {10.0, 9.5, 9.0, 8.5}) {
        if (height(pt) <= canvas.remaining())
            break;
        pt = smaller;
    }
    if (height(pt) > canvas.remaining())
        pt = 10.5;
    canvas.keepTogether(height(pt));
    canvas.heading(title, 16);
    canvas.rows(rows, pt, kLabelShare);
}

void QuoteSections::option(const quote::QuoteOption& o) {
    canvas.heading(q(o.title.in(lang)), 13);
    PdfTable t;
    const auto head = quote::lineHeader(lang, doc.currency);
    // No., item (with its configuration below), qty, unit, unit price, discount, amount, rate, VAT, gross.
    for (std::size_t i : {0, 1, 3, 4, 5, 6, 7, 8, 9, 10})
        t.header << q(head[i]);
    // The rate column fits "不征税" / "no VAT" on one line at 7 pt.
    t.widths = {0.04, 0.21, 0.05, 0.07, 0.11, 0.07, 0.12, 0.08, 0.11, 0.14};
    t.rightAligned = {false, false, true, false, true, true, true, true, true, true};
    t.fontPt = 7;
    std::size_t number = 1;
    for (const auto& g : o.groups) {
        t.rows.push_back({QString(), q(g.title.in(lang))});
        t.strongRows.push_back(true);
        for (const auto& l : g.lines) {
            const auto c = quote::lineCells(l, number++, lang);
            const QString item = q(c[1]) + (c[2].empty() ? QString() : QStringLiteral("\n") + q(c[2]));
            t.rows.push_back(
                {q(c[0]), item, q(c[3]), q(c[4]), q(c[5]), q(c[6]), q(c[7]), q(c[8]), q(c[9]), q(c[10])});
            t.strongRows.push_back(false);
        }
        t.rows.push_back({QString(),
                          q(label(lang, msg::kQuoteSubtotal)),
                          {},
                          {},
                          {},
                          {},
                          q(quote::formatPlain(g.subtotal.amount)),
                          {},
                          q(quote::formatPlain(g.subtotal.tax)),
                          q(quote::formatPlain(g.subtotal.gross))});
        t.strongRows.push_back(true);
    }
    // The totals (and an estimate's note) under the table's last rows, never alone on a page.
    const auto totals = pairs(quote::totalRows(o, doc.currency, lang));
    canvas.table(t, canvas.rowsHeight(totals, 10));
    canvas.rows(totals, 10);
}

void QuoteSections::lineItems() {
    canvas.heading(q(label(lang, msg::kQuoteLineItems)), 18);
    canvas.paragraph(q(label(lang, quote::amountsBasis(doc, lang))));
    if (doc.costError)
        canvas.paragraph(engineErrorLine(*doc.costError));
    if (doc.rent)
        option(*doc.rent);
    if (doc.buy)
        option(*doc.buy);
    if (doc.running)
        option(*doc.running);
    canvas.heading(q(label(lang, msg::kQuoteValidity)), 12);
    canvas.paragraph(q(label(lang, msg::kQuoteValidDays, {std::to_string(doc.info.validDays)})) +
                         QStringLiteral(" ") + q(label(lang, msg::kQuoteValidUntil)) +
                         (lang == quote::Lang::Zh ? QStringLiteral("：") : QStringLiteral(": ")) +
                         q(quote::formatDate(doc.validUntil, lang)),
                     10);
    if (const auto terms = quote::paymentTerms(doc, lang); !terms.empty()) {
        canvas.heading(q(label(lang, msg::kQuotePaymentTerms)), 12);
        for (const auto& line : terms)
            canvas.paragraph(q(line), 9);
    }
    if (!doc.info.notes.empty()) {
        canvas.heading(q(label(lang, msg::kQuoteNotes)), 12);
        canvas.paragraph(q(doc.info.notes), 9);
    }
    canvas.space(4);
    // The seller's signature beside the customer's acceptance: the document both sides sign.
    const QString colon = lang == quote::Lang::Zh ? QStringLiteral("：") : QStringLiteral(": ");
    canvas.boxes({q(label(lang, msg::kQuoteSellerSign)) + QStringLiteral("\n") + q(doc.info.company) +
                      QStringLiteral("\n") + q(label(lang, msg::kQuotePreparedBy)) + colon +
                      q(doc.info.preparedBy),
                  q(label(lang, msg::kQuoteCustomerSign)) + QStringLiteral("\n") + q(doc.info.customer)},
                 35);
}

void QuoteSections::memory() {
    const MemoryBreakdown& m = plan.memory;
    PdfTable t;
    t.widths = {0.5, 0.5};
    t.rightAligned = {false, true};
    const auto row = [&](const MessageId<0>& key, double bytes) {
        t.rows.push_back({q(label(lang, key)), q(formatGib(bytes, 2))});
    };
    row(msg::kQuoteMemWeights, m.weights);
    row(msg::kQuoteMemGradients, m.gradients);
    row(msg::kQuoteMemOptimizer, m.optimizer);
    row(msg::kQuoteMemActivations, m.activations);
    row(msg::kQuoteMemOther, m.other.total());
    row(msg::kQuoteMemTotal, m.total());
    row(msg::kQuoteMemCapacity, m.capacity);
    t.strongRows = {false, false, false, false, false, true, false};
    // The chart's figures under it, on its page.
    chartSection(msg::kQuoteMemory, "memory", canvas.tableOpeningHeight(t));
    canvas.table(t);
}

void QuoteSections::layouts() {
    PdfTable t;
    // VPP and SP: two layouts that differ only there read as one row repeated without them.
    t.header = {QStringLiteral("#"),
                QStringLiteral("TP×PP×DP×CP"),
                QStringLiteral("VPP"),
                QStringLiteral("SP"),
                QStringLiteral("mb"),
                QStringLiteral("ZeRO"),
                q(label(lang, msg::kQuoteColRecompute)),
                q(label(lang, msg::kQuoteOffloadShort)),
                QStringLiteral("GiB/GPU"),
                q(label(lang, msg::kQuoteColStepS)),
                QStringLiteral("tokens/s"),
                QStringLiteral("MFU"),
                q(label(lang, msg::kQuoteFitsShort))};
    t.widths = {0.04, 0.13, 0.04, 0.04, 0.04, 0.05, 0.09, 0.09, 0.07, 0.07, 0.1, 0.07, 0.17};
    t.rightAligned = {true, false, true, false, true, true, false, false, true, true, true, true, false};
    // CPU offload: an offloaded layout costs host memory and time, so it is named.
    const auto offload = [&](Offload o) {
        switch (o) {
        case Offload::Optimizer:
            return q(label(lang, msg::kQuoteOffloadOptimizerShort));
        case Offload::OptimizerAndParams:
            return q(label(lang, msg::kQuoteOffloadParamsShort));
        case Offload::None:
            break;
        }
        return q(label(lang, msg::kQuoteOffloadNoneShort));
    };
    t.fontPt = 7;
    const auto add = [&](std::size_t rank, const Layout& l, double mem, const PerfEstimate& p, bool fits,
                         const QString& reason) {
        t.rows.push_back({QString::number(rank),
                          q(std::to_string(l.tp) + "×" + std::to_string(l.pp) + "×" + std::to_string(l.dp) +
                            "×" + std::to_string(l.cp)),
                          QString::number(l.vpp),
                          q(label(lang, l.sequenceParallel ? msg::kQuoteSwitchOn : msg::kQuoteSwitchOff)),
                          QString::number(l.microBatch), QString::number(l.zeroStage),
                          q(label(lang, quote::recomputeShortLabel(l.recompute))), offload(l.offload),
                          q(formatFixed(mem / units::kGiB, 1)), q(formatFixed(p.stepSeconds, 3)),
                          q(formatGrouped(p.tokensPerSecond, 0)), q(formatFixed(100 * p.mfu, 1) + " %"),
                          fits ? q(label(lang, msg::kQuoteFitsShort)) : reason});
    };
    if (plan.search) {
        for (std::size_t i = 0; i < plan.search->ranked.size() && i < maxLayouts; ++i) {
            const Candidate& c = plan.search->ranked[i];
            add(i + 1, c.layout, c.memoryBytes, c.perf, c.fits, engineText(notFitReason(c)));
        }
    } else {
        add(1, plan.layout, plan.memory.total(), plan.perf, plan.memory.fits(),
            q(label(lang, msg::kQuoteNoFitShort)));
    }
    // A fixed layout has no cloud of searched layouts to draw: its row alone, under the heading.
    if (plan.search) {
        chartSection(msg::kQuoteLayouts, "layouts", canvas.tableOpeningHeight(t));
    } else {
        const QString title = q(label(lang, msg::kQuoteLayoutsFixed));
        canvas.keepTogether(canvas.headingHeight(title) + canvas.tableOpeningHeight(t));
        canvas.heading(title, 14);
    }
    canvas.table(t);
    // Why this layout: once, under the layouts it was chosen from (the verdict on page 1 names it).
    if (plan.search && !plan.search->explanation.empty()) {
        canvas.heading(q(label(lang, msg::kQuoteExplanation)), 12);
        canvas.paragraph(engineText(plan.search->explanation), 9);
    }
}

void QuoteSections::costOverTime() {
    if (!plan.cost)
        return;
    const cost::CostReport& r = *plan.cost;
    PdfTable t;
    t.header = {q(label(lang, msg::kQuoteMonth)), q(label(lang, msg::kQuoteRent)),
                q(label(lang, msg::kQuoteBuy)), q(label(lang, msg::kQuoteBuyNet))};
    t.widths = {0.16, 0.28, 0.28, 0.28};
    t.rightAligned = {true, true, true, true};
    for (const auto& m : r.monthly)
        if (m.month > 0 && (m.month % 12 == 0 || m.month == r.horizonMonths))
            t.rows.push_back({QString::number(m.month),
                              q(quote::formatAmount(m.rentAccrued, doc.currency, lang)),
                              q(quote::formatAmount(m.buy, doc.currency, lang)),
                              q(quote::formatAmount(m.buyNet, doc.currency, lang))});
    const QString yearly = q(label(lang, msg::kQuoteYearly));
    chartSection(msg::kQuoteCostOverTime, "cost",
                 canvas.headingHeight(yearly, 12) + canvas.tableOpeningHeight(t));
    canvas.heading(yearly, 12);
    canvas.table(t);
}

void QuoteSections::sensitivity() {
    if (!plan.cost || plan.cost->sensitivity.empty())
        return;
    PdfTable t;
    const QString currency = q(quote::currencyHeader(doc.currency, lang));
    t.header = {q(label(lang, msg::kQuoteColInput)),
                q(label(lang, msg::kQuoteColLow)),
                q(label(lang, msg::kQuoteColHigh)),
                q(label(lang, msg::kQuoteSensBreakeven)),
                q(label(lang, msg::kQuoteColDeltaLow)) + currency,
                q(label(lang, msg::kQuoteColDeltaHigh)) + currency};
    t.widths = {0.2, 0.18, 0.18, 0.12, 0.16, 0.16};
    t.rightAligned = {false, true, true, true, true, true};
    t.fontPt = 7.5;
    const auto month = [](const std::optional<int>& m) {
        return m ? QString::number(*m) : QStringLiteral("–");
    };
    // The input's name as the tornado above draws it ("power price", "电价"), not the engine's key;
    // its values with their currency and unit ("¥0.52 / kWh", "68%").
    const auto value = [&](const std::string& input, double v) {
        return q(quote::inputValue(*plan.cost, input, v).in(lang));
    };
    for (const auto& s : plan.cost->sensitivity)
        t.rows.push_back({costInputName(s.input), value(s.input, s.low), value(s.input, s.high),
                          month(s.breakevenLow) + QStringLiteral(" / ") + month(s.breakevenHigh),
                          q(quote::formatPlain(s.advantageLow)), q(quote::formatPlain(s.advantageHigh))});
    // The tornado draws the largest swings only: the table under it says so.
    const auto rows = static_cast<std::size_t>(CostDetailsView::kTornadoRows);
    const QString top = plan.cost->sensitivity.size() > rows
                            ? q(label(lang, msg::kQuoteSensChartTop,
                                      {std::to_string(rows), std::to_string(plan.cost->sensitivity.size())}))
                            : QString();
    chartSection(msg::kQuoteSensitivity, "sensitivity",
                 (top.isEmpty() ? 0.0 : canvas.paragraphHeight(top, 8)) + canvas.tableOpeningHeight(t));
    if (!top.isEmpty())
        canvas.paragraph(top, 8);
    canvas.table(t);
}

void QuoteSections::scaling() {
    if (!doc.scaling)
        return;
    PdfTable t;
    for (const auto& h : quote::scalingHeader(*doc.scaling, lang))
        t.header << q(h);
    t.widths = {0.2, 0.3, 0.25, 0.25};
    t.rightAligned = {true, true, true, true};
    for (const auto& row : quote::scalingRows(*doc.scaling, lang)) {
        QStringList cells;
        for (const auto& cell : row)
            cells << q(cell);
        t.rows.push_back(cells);
    }
    const QString intro = q(label(lang, msg::kQuoteScalingIntro));
    chartSection(msg::kQuoteScaling, "scaling",
                 canvas.paragraphHeight(intro, 8) + canvas.tableOpeningHeight(t));
    canvas.paragraph(intro, 8);
    canvas.table(t);
    // Above 100 % the baseline is the odd one out (it fits only by recomputing or sharding more):
    // said, so the figure is not read as a gain from scale alone.
    const auto& curve = doc.scaling->curve;
    const auto base = std::find_if(curve.begin(), curve.end(), [](const ScalePoint& p) { return p.fits; });
    if (std::any_of(curve.begin(), curve.end(),
                    [](const ScalePoint& p) { return p.fits && p.efficiency > 1.005; }))
        canvas.paragraph(QStringLiteral("• ") +
                             q(label(lang, msg::kQuoteScalingSuperLinear,
                                     {base == curve.end() ? std::string() : gpuCount(base->gpus, lang)})),
                         7);
    for (const auto& note : doc.scaling->notes)
        canvas.paragraph(QStringLiteral("• ") + engineText(note), 7);
}

void QuoteSections::analysis() {
    memory();
    layouts();
    chartSection(msg::kQuoteStepTime, "step_time");
    scaling();
    costOverTime();
    sensitivity();
}

void QuoteSections::assumptions() {
    canvas.heading(q(label(lang, msg::kQuoteAssumptions)), 18);
    for (const auto& line : quote::assumptionLines(doc, lang))
        canvas.paragraph(q(line), 9);
    for (const auto& note : doc.notes)
        canvas.paragraph(QStringLiteral("• ") + engineText(note), 8);
    PdfTable t;
    t.header = {q(label(lang, msg::kQuoteColKey)), q(label(lang, msg::kQuoteColValue)),
                q(label(lang, msg::kQuoteColSource)), q(label(lang, msg::kQuoteColAsOf))};
    t.widths = {0.34, 0.26, 0.28, 0.12};
    t.rightAligned = {false, false, false, false};
    t.fontPt = 8;
    for (const auto& p : doc.prices)
        t.rows.push_back(
            {q(p.name.in(lang)), q(p.value.in(lang)), q(p.basis.in(lang)),
             q(p.asOf.empty() ? label(lang, msg::kQuoteUndated) : quote::formatDate(p.asOf, lang))});
    // The heading with its table (it was left at the foot of a page, its table on the next).
    const QString prices = q(label(lang, msg::kQuotePrices));
    canvas.keepTogether(canvas.headingHeight(prices, 12) + canvas.tableOpeningHeight(t));
    canvas.heading(prices, 12);
    canvas.table(t);
    canvas.paragraph(q(label(lang, msg::kQuotePricesNote)), 8);
}

}  // namespace clusterplan::ui
