// The quote's PDF tables: a number is never cut. A 16,384-GPU quote has 49,152 optics ports in a
// quantity column sized for "2": the first digit was clipped at the column's left edge ("‡9,152",
// seen in pdftoppm's page 2 of the Chinese 405B quote), while pdftotext still read the whole number.
#include <catch2/catch.hpp>

#include <QBuffer>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPdfWriter>

#include <numeric>

#include "ui/export/pdf_canvas.h"

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
