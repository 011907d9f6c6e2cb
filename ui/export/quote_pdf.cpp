#include "ui/export/quote_pdf.h"

#include <QBuffer>
#include <QFileInfo>
#include <QPageLayout>
#include <QPdfWriter>
#include <QSaveFile>

#include "core/quote/messages_quote.h"
#include "ui/export/pdf_canvas.h"
#include "ui/export/quote_pdf_options.h"
#include "ui/export/quote_pdf_sections.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

namespace {

void setUpPdf(QPdfWriter& pdf, const quote::QuoteDocument& doc) {
    pdf.setResolution(PdfCanvas::kDpi);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
    pdf.setTitle(toQString(doc.info.number.empty() ? "ClusterPlan quote" : doc.info.number));
    pdf.setCreator(QStringLiteral("ClusterPlan"));
}

// Paints the quote; returns how full each page is and the text laid out.
QuoteLayout paint(QPagedPaintDevice* device, const Plan& plan, const quote::QuoteDocument& doc,
                  quote::Lang lang, const ReportCharts& charts, const QuotePdfOptions& options,
                  int totalPages) {
    // "Company · Quotation CP-2026-0042 · Revision 2 · date"; a draft has no number: "Quotation
    // (draft)" (it printed "Quotation  · Revision 1").
    const bool draft = doc.info.number.empty();
    const std::string title =
        quote::label(lang, msg::kQuoteTitle) +
        (draft ? (lang == quote::Lang::Zh ? "（" : " (") + quote::label(lang, msg::kQuoteDraft) +
                     (lang == quote::Lang::Zh ? "）" : ")")
               : " " + doc.info.number);
    const QString footer =
        toQString(doc.info.company + (doc.info.company.empty() ? "" : " · ") + title + " · " +
                  quote::label(lang, msg::kQuoteRevision) + " " + std::to_string(doc.info.revision) + " · " +
                  quote::formatDate(doc.date, lang));
    PdfCanvas canvas(
        device, footer,
        [lang](int page, int pages) {
            return toQString(
                quote::label(lang, msg::kQuotePage, {std::to_string(page), std::to_string(pages)}));
        },
        totalPages);
    if (draft)
        canvas.setWatermark(toQString(quote::label(lang, msg::kQuoteDraftWatermark)));
    QuoteSections sections{canvas, plan, doc, lang, charts, options.maxLayouts};
    // The verdict follows the cover facts on the first page (a cover alone left it three-quarters
    // empty), whole; the line items, which the customer signs, start a page of their own. The
    // analysis and the assumptions start a page unless the one before is nearly empty.
    sections.cover();
    canvas.space(4);
    sections.verdict();
    canvas.newPage();
    sections.lineItems();
    if (options.optionsPage)
        paintOptionsPage(canvas, *options.optionsPage, lang);
    canvas.sectionBreak();
    sections.analysis();
    canvas.sectionBreak();
    sections.assumptions();
    return {canvas.pageFills(), canvas.pageBreakBlocks(), canvas.text(), canvas.smallestChartPt()};
}

}  // namespace

int paintQuote(QPagedPaintDevice* device, const Plan& plan, const quote::QuoteDocument& doc, quote::Lang lang,
               const ReportCharts& charts, const QuotePdfOptions& options, int totalPages) {
    return static_cast<int>(paint(device, plan, doc, lang, charts, options, totalPages).fills.size());
}

namespace {

// A pass into memory (the page count and the text before the file is written).
QuoteLayout inMemory(const Plan& plan, const quote::QuoteDocument& doc, quote::Lang lang,
                     const ReportCharts& charts, const QuotePdfOptions& options, int totalPages) {
    QBuffer scratch;
    scratch.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&scratch);
    setUpPdf(pdf, doc);
    return paint(&pdf, plan, doc, lang, charts, options, totalPages);
}

}  // namespace

QuoteLayout layOutQuote(const Plan& plan, const quote::QuoteDocument& doc, quote::Lang lang,
                        const ReportCharts& charts, const QuotePdfOptions& options) {
    // The footers as printed ("Page 1 of n") need the count of a first pass.
    const int pages = static_cast<int>(inMemory(plan, doc, lang, charts, options, 0).fills.size());
    return inMemory(plan, doc, lang, charts, options, pages);
}

std::vector<double> quotePageFills(const Plan& plan, const quote::QuoteDocument& doc, quote::Lang lang,
                                   const ReportCharts& charts, const QuotePdfOptions& options) {
    return inMemory(plan, doc, lang, charts, options, 0).fills;
}

int countQuotePages(const Plan& plan, const quote::QuoteDocument& doc, quote::Lang lang,
                    const ReportCharts& charts, const QuotePdfOptions& options) {
    return static_cast<int>(quotePageFills(plan, doc, lang, charts, options).size());
}

Result<int> writeQuotePdf(const QString& path, const Plan& plan, const quote::QuoteDocument& doc,
                          quote::Lang lang, const ReportCharts& charts, const QuotePdfOptions& options) {
    int pages = countQuotePages(plan, doc, lang, charts, options);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{toStdString(path), toStdString(file.errorString())};
    {
        QPdfWriter pdf(&file);
        setUpPdf(pdf, doc);
        pages = paintQuote(&pdf, plan, doc, lang, charts, options, pages);
    }
    if (!file.commit())
        return Error{toStdString(path), toStdString(file.errorString())};
    return pages;
}

}  // namespace clusterplan::ui
