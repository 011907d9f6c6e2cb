// The quote's PDF tables: a number is never cut. A 16,384-GPU quote has 49,152 optics ports in a
// quantity column sized for "2": the first digit was clipped at the column's left edge ("‡9,152",
// seen in pdftoppm's page 2 of the Chinese 405B quote), while pdftotext still read the whole number.
#include <catch2/catch.hpp>

#include <QBuffer>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPdfWriter>

#include <numeric>

#include "core/calibration/evaluate.h"
#include "core/catalog/catalog.h"
#include "core/io/scenario_json.h"
#include "core/quote/quote_scaling.h"
#include "ui/export/pdf_canvas.h"
#include "ui/export/quote_pdf.h"
#include "ui/export/report_charts.h"

using namespace clusterplan::ui;

namespace {

// An A4 page at the quote's resolution, written to memory.
struct ScratchPdf {
    QBuffer scratch;
    QPdfWriter pdf{&scratch};
    PdfCanvas canvas;
    ScratchPdf()
        : canvas(
              open(), QStringLiteral("footer"), [](int, int) { return QString(); }, 1) {}
    QPdfWriter* open() {
        scratch.open(QIODevice::WriteOnly);
        pdf.setResolution(PdfCanvas::kDpi);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        return &pdf;
    }
};

}  // namespace

TEST_CASE("pdf.a_number_column_grows_to_its_longest_cell_and_the_text_column_wraps", "[pdf]") {
    ScratchPdf doc;
    PdfCanvas& canvas = doc.canvas;

    PdfTable t;
    t.header = {QStringLiteral("序号"), QStringLiteral("品名/服务"), QStringLiteral("数量"),
                QStringLiteral("价税合计（元）")};
    t.widths = {0.06, 0.74, 0.05, 0.15};
    t.rightAligned = {false, false, true, true};
    t.fontPt = 7;
    t.rows = {{QStringLiteral("1"), QStringLiteral("光模块及线缆"), QStringLiteral("49,152"),
               QStringLiteral("511,872,860.16")},
              {QString(), QStringLiteral("小计"), QString(), QStringLiteral("5,885,538,140.16")}};
    t.strongRows = {false, true};

    const std::vector<double> widths = canvas.columnWidths(t);
    REQUIRE(widths.size() == 4);
    const QFontMetricsF normal(canvas.font(7), &doc.pdf), bold(canvas.font(7, true), &doc.pdf);
    const double total = std::accumulate(widths.begin(), widths.end(), 0.0);
    PdfTable empty = t;  // the same shares with no cell to fit: the page's text width
    empty.rows.clear();
    const std::vector<double> shares = canvas.columnWidths(empty);
    CHECK(total == Approx(std::accumulate(shares.begin(), shares.end(), 0.0)));  // the table keeps its width
    CHECK(widths[2] > normal.horizontalAdvance(QStringLiteral("49,152")));
    CHECK(widths[2] > 0.05 * total);  // it grew
    CHECK(widths[3] > bold.horizontalAdvance(QStringLiteral("5,885,538,140.16")));
    CHECK(widths[0] == Approx(0.06 * total));  // the narrow "No." column keeps its width
    CHECK(widths[1] < 0.74 * total);           // the item column gave it
}

TEST_CASE("pdf.columns_that_fit_keep_their_shares", "[pdf]") {
    ScratchPdf doc;
    PdfCanvas& canvas = doc.canvas;
    PdfTable t;
    t.widths = {0.5, 0.5};
    t.rightAligned = {false, true};
    t.rows = {{QStringLiteral("GPU servers"), QStringLiteral("2")}};
    const std::vector<double> widths = canvas.columnWidths(t);
    CHECK(widths[0] == Approx(widths[1]));
}

TEST_CASE("pdf.every_column_keeps_its_longest_word_on_one_line", "[pdf]") {
    // The 405B sensitivity table: value columns as wide as "CNY 11,059.20 / GPU per network tier"
    // squeezed the input names to "ren / pric". Every column keeps its longest word (header in
    // bold); a value column keeps its amount on one line and wraps the unit text after " / ".
    ScratchPdf doc;
    PdfCanvas& canvas = doc.canvas;
    PdfTable t;
    t.header = {QStringLiteral("Input"),
                QStringLiteral("Low"),
                QStringLiteral("High"),
                QStringLiteral("Break-even month (low / high)"),
                QStringLiteral("Buying saves, at low (CNY)"),
                QStringLiteral("Buying saves, at high (CNY)")};
    t.widths = {0.2, 0.18, 0.18, 0.12, 0.16, 0.16};
    t.rightAligned = {false, true, true, true, true, true};
    t.fontPt = 7.5;
    t.rows = {{QStringLiteral("upkeep after warranty"),
               QStringLiteral("CNY 11,059.20 / GPU per network tier"),
               QStringLiteral("CNY 16,588.80 / GPU per network tier"), QStringLiteral("28 / 40"),
               QStringLiteral("−1,234,567,890.12"), QStringLiteral("2,345,678,901.23")},
              {QStringLiteral("residual value"), QStringLiteral("CNY 2,160,000.00 / server"),
               QStringLiteral("CNY 2,592,000.00 / server"), QStringLiteral("– / –"), QStringLiteral("1.00"),
               QStringLiteral("2.00")}};
    const std::vector<double> widths = canvas.columnWidths(t);
    const QFontMetricsF normal(canvas.font(7.5), &doc.pdf), bold(canvas.font(7.5, true), &doc.pdf);
    const auto longest = [&](int c) {
        double w = 0;
        for (const QString& word : t.header[c].split(QLatin1Char(' ')))
            w = std::max(w, bold.horizontalAdvance(word));
        for (const auto& row : t.rows)
            for (const QString& word : row[c].split(QLatin1Char(' ')))
                w = std::max(w, normal.horizontalAdvance(word));
        return w;
    };
    for (int c = 0; c < t.header.size(); ++c) {
        INFO("column " << c);
        CHECK(widths[static_cast<std::size_t>(c)] > longest(c));
    }
    CHECK(widths[0] > normal.horizontalAdvance(QStringLiteral("warranty")));
    CHECK(widths[1] > normal.horizontalAdvance(QStringLiteral("CNY 2,160,000.00")));  // the amount whole
    CHECK(widths[1] < normal.horizontalAdvance(QStringLiteral("CNY 11,059.20 / GPU per network tier")));
    PdfTable empty = t;  // the same columns with no rows: the page's text width
    empty.rows.clear();
    const std::vector<double> page = canvas.columnWidths(empty);
    CHECK(std::accumulate(widths.begin(), widths.end(), 0.0) ==
          Approx(std::accumulate(page.begin(), page.end(), 0.0)));  // the table keeps its width
}

TEST_CASE("pdf.a_page_is_filled_down_to_what_was_drawn_on_it", "[pdf]") {
    // The gap before the next section counted as filled: a signature page with a gap under its
    // boxes measured 53 % full where its last line was 48 % down the page. The gap goes with the
    // block that did not fit below it.
    ScratchPdf doc;
    PdfCanvas& canvas = doc.canvas;
    canvas.paragraph(QStringLiteral("A paragraph at the top of the page."), 10);
    const double drawn = canvas.pageFills().back();
    CHECK(drawn > 0);
    const double gapMm = 60;
    canvas.space(gapMm);
    CHECK(canvas.pageFills().back() == Approx(drawn));
    // A block of 90 % of a page does not fit under the gap: it starts page 2, and what page 1 was
    // left with is the gap and that block.
    const double block = 0.9 * canvas.pageHeight();
    canvas.keepTogether(block);
    REQUIRE(canvas.pages() == 2);
    CHECK(canvas.pageFills()[0] == Approx(drawn));
    const double gap = gapMm * PdfCanvas::kDpi / 25.4;
    CHECK(canvas.pageBreakBlocks()[0] > (block + gap) / canvas.pageHeight() - 0.01);
    CHECK(canvas.pageFills()[0] + canvas.pageBreakBlocks()[0] > 1.0);
    // A page the document breaks is not forced by a block.
    canvas.paragraph(QStringLiteral("Page 2."), 10);
    canvas.newPage();
    CHECK(canvas.pageBreakBlocks()[1] == 0);
}

TEST_CASE("pdf.a_table_keeps_its_last_rows_with_what_follows_it", "[pdf]") {
    // A line-item table that ends near a page's foot: its subtotal and the totals under it were
    // left alone at the top of the next page (the running-cost note alone on page 3). The last
    // three rows move with the totals.
    ScratchPdf doc;
    PdfCanvas& canvas = doc.canvas;
    PdfTable t;
    t.header = {QStringLiteral("Item"), QStringLiteral("Amount")};
    t.widths = {0.7, 0.3};
    t.rightAligned = {false, true};
    for (int i = 0; i < 40; ++i)
        t.rows.push_back({QStringLiteral("line %1").arg(i), QStringLiteral("1,000.00")});
    const std::vector<std::pair<QString, QString>> totals = {
        {QStringLiteral("Total"), QStringLiteral("40,000.00")},
        {QStringLiteral("A note under the totals."), {}}};
    // Fill the page so that all rows but the last fit, then the totals do not.
    const double tableHeight = canvas.tableHeight(t);
    const double before = canvas.remaining() - tableHeight + canvas.rowsHeight(totals, 10) / 2;
    canvas.space(before * 25.4 / PdfCanvas::kDpi);
    canvas.table(t, canvas.rowsHeight(totals, 10));
    canvas.rows(totals, 10);
    REQUIRE(canvas.pages() == 2);
    // Page 2 holds the header, three rows and the totals: more than the totals alone.
    const double alone = canvas.rowsHeight(totals, 10) / canvas.pageHeight();
    CHECK(canvas.pageFills()[1] > alone + 3 * 0.01);
}

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

// The quote laid out as writeQuotePdf draws it, for a scenario file: how full each page is and
// what started the next one.
QuoteLayout layoutOf(const std::string& file, clusterplan::quote::Lang lang) {
    const auto catalog = clusterplan::Catalog::builtin();
    auto s = clusterplan::loadScenarioFile(kData + "/" + file, catalog);
    REQUIRE(s.ok());
    auto plan = clusterplan::evaluate(s.value(), catalog);
    REQUIRE(plan.ok());
    auto doc = clusterplan::quote::buildQuoteDocument(plan.value(), "2026-11-30", std::nullopt);
    doc.scaling = clusterplan::quote::quoteScaling(s.value(), catalog);
    const ReportCharts charts(plan.value(), doc.scaling);
    return layOutQuote(plan.value(), doc, lang, charts);
}

}  // namespace

TEST_CASE("pdf.no_page_of_a_quote_is_nearly_empty", "[pdf]") {
    // Every English quote had a page 2 holding only the verdict's last row; a table's subtotal or
    // note sat alone on a page; page 3 ended with the signature boxes, two-thirds of it blank.
    // Measured from the canvas's own height used on each page: no page but the last is less than
    // 40 % full, in either language, for the audit's scenarios, unless the block that starts the
    // next page (a chart with its heading) did not fit in the rest of it.
    for (const std::string file :
         {"quote-scenario.json", "quote-scenario-b-usd.json", "quote-scenario-d-custom-offer.json",
          "quote-scenario-e-small-scale.json", "quote-scenario-f-qlora.json"}) {
        for (const auto lang : {clusterplan::quote::Lang::En, clusterplan::quote::Lang::Zh}) {
            INFO(file << " " << clusterplan::quote::langCode(lang));
            const QuoteLayout laidOut = layoutOf(file, lang);
            const std::vector<double>& fills = laidOut.fills;
            REQUIRE(fills.size() >= 4);
            REQUIRE(laidOut.breakBlocks.size() + 1 == fills.size());
            for (std::size_t page = 0; page + 1 < fills.size(); ++page) {
                INFO("page " << page + 1 << " of " << fills.size() << ": " << fills[page] << ", next block "
                             << laidOut.breakBlocks[page]);
                CHECK(
                    (fills[page] >= PdfCanvas::kSectionFill || fills[page] + laidOut.breakBlocks[page] > 1));
            }
            // The verdict stays on page 1 with the cover: page 2 starts the line items.
            CHECK(fills[0] > 0.6);
        }
    }
}
