#pragma once
// The customer quote as an A4 vector PDF, pages in this order: cover;
// verdict; line items with subtotals, totals, 价税合计 and the 大写 total (Chinese), validity and
// the seal box; memory, layouts and explanation, step time, cost over time with the yearly table,
// sensitivity; assumptions. Charts are the window's chart views rendered as vectors. The file is
// written through QSaveFile: an unwritable path is an error and leaves no partial file.
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "core/quote/quote_document.h"
#include "core/quote/quote_options.h"
#include "core/util/result.h"

class QPagedPaintDevice;

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class ReportCharts;

struct QuotePdfOptions {
    std::size_t maxLayouts = 60;  // rows of the layouts table (fitting layouts first)
    // The options page after the line items (quote/quote_options.h); none: left out.
    std::optional<quote::OptionsPage> optionsPage = std::nullopt;
};

// Returns the number of pages written.
Result<int> writeQuotePdf(const QString& path, const Plan& plan, const quote::QuoteDocument& doc,
                          quote::Lang lang, const ReportCharts& charts, const QuotePdfOptions& options = {});

// Paints the quote on any paged device (the print preview's QPrinter too); returns the pages used.
// `totalPages` is printed in the footers ("Page 2 of 9"); pass 0 when not yet known.
int paintQuote(QPagedPaintDevice* device, const Plan& plan, const quote::QuoteDocument& doc, quote::Lang lang,
               const ReportCharts& charts, const QuotePdfOptions& options, int totalPages);

// The quote as laid out in a first pass into memory: how full each page is (page 1 first), the text
// drawn in order (PdfCanvas::text(): a golden file of it shows any change of wording, number or page
// break) and the smallest chart text at print size, in points.
struct QuoteLayout {
    std::vector<double> fills;
    std::vector<double> breakBlocks;  // PdfCanvas::pageBreakBlocks()
    QStringList text;
    double smallestChartPt = 0;
};
QuoteLayout layOutQuote(const Plan& plan, const quote::QuoteDocument& doc, quote::Lang lang,
                        const ReportCharts& charts, const QuotePdfOptions& options = {});

// The share of each page's text height the quote fills, page 1 first (a first pass into memory).
std::vector<double> quotePageFills(const Plan& plan, const quote::QuoteDocument& doc, quote::Lang lang,
                                   const ReportCharts& charts, const QuotePdfOptions& options = {});

// Pages the quote takes (a first pass into memory), for the "Page i of n" footers.
int countQuotePages(const Plan& plan, const quote::QuoteDocument& doc, quote::Lang lang,
                    const ReportCharts& charts, const QuotePdfOptions& options = {});

}  // namespace clusterplan::ui
