#include "export/export_actions.h"

#include <QDate>
#include <QMenu>
#include <QPrintPreviewDialog>
#include <QPrinter>

#include "export/chart_images.h"
#include "export/csv_export.h"
#include "export/pdf_canvas.h"
#include "export/quote_dialog.h"
#include "export/quote_pdf.h"
#include "export/quote_workbook.h"
#include "export/report_charts.h"
#include "mainwindow/prompter.h"
#include "models/plan_controller.h"
#include "models/qt_text.h"
#include "quote/quote_scaling.h"
#include "validation/validation.h"

namespace clusterplan::ui {

ExportActions::ExportActions(PlanController& controller, Prompter& prompter, QWidget* window)
    : QObject(window), m_controller(controller), m_prompter(prompter), m_window(window) {}

void ExportActions::addTo(QMenu* menu) {
    menu->addAction(tr("&Quote details…"), this, &ExportActions::editQuote)
        ->setObjectName(QStringLiteral("quoteDetails"));
    menu->addSeparator();
    menu->addAction(tr("&PDF quote…"), this, &ExportActions::choosePdf)
        ->setObjectName(QStringLiteral("exportPdf"));
    menu->addAction(tr("Print pre&view…"), this, &ExportActions::previewPdf)
        ->setObjectName(QStringLiteral("exportPreview"));
    menu->addAction(tr("&Excel workbook…"), this, &ExportActions::chooseWorkbook)
        ->setObjectName(QStringLiteral("exportWorkbook"));
    menu->addAction(tr("&CSV tables…"), this, &ExportActions::chooseCsv)
        ->setObjectName(QStringLiteral("exportCsv"));
    menu->addAction(tr("Chart &images…"), this, &ExportActions::chooseImages)
        ->setObjectName(QStringLiteral("exportImages"));
}

quote::Lang ExportActions::windowLanguage() {
    return QLocale().language() == QLocale::Chinese ? quote::Lang::Zh : quote::Lang::En;
}

quote::QuoteDocument ExportActions::document(bool withScaling) const {
    // The accuracy quoted on the assumptions page is what `clusterplan-cli validate` reports; the
    // application computes it at start, an export before that computes it here.
    std::optional<quote::Accuracy> accuracy = m_controller.accuracy();
    if (!accuracy)
        if (auto v = runValidation(m_controller.catalog()))
            accuracy = quote::summariseValidation(v.value());
    quote::QuoteDocument doc = quote::buildQuoteDocument(
        *m_controller.plan(), toStdString(QDate::currentDate().toString(Qt::ISODate)), accuracy);
    // The scaling study of the PDF and the images: the same call as `clusterplan-cli report`, on the
    // plan's scenario alone (not the Scaling tab's GPU limit or deadline), so both write the same.
    if (withScaling)
        doc.scaling = quote::quoteScaling(m_controller.plan()->scenario, m_controller.catalog());
    return doc;
}

QString ExportActions::exportPdf(const QString& path) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    const quote::QuoteDocument doc = document(true);
    const ReportCharts charts(*m_controller.plan(), doc.scaling);
    auto pages = writeQuotePdf(path, *m_controller.plan(), doc, windowLanguage(), charts);
    return pages ? QString() : toQString(pages.error().toString());
}

QString ExportActions::exportWorkbook(const QString& path) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    auto ok = writeQuoteWorkbook(toStdString(path), *m_controller.plan(), document(false), windowLanguage());
    return ok ? QString() : toQString(ok.error().toString());
}

QString ExportActions::exportCsv(const QString& folder) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    auto validation = runValidation(m_controller.catalog());
    auto ok = writeReportCsv(toStdString(folder), *m_controller.plan(), document(false),
                             validation ? &validation.value() : nullptr, CsvOptions{true});
    return ok ? QString() : toQString(ok.error().toString());
}

QString ExportActions::exportImages(const QString& folder) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    const ReportCharts charts(*m_controller.plan(), document(true).scaling);
    auto ok = writeChartImages(charts, folder);
    return ok ? QString() : toQString(ok.error().toString());
}

void ExportActions::report(const QString& error, const QString& what) const {
    if (!error.isEmpty())
        m_prompter.warn(tr("Cannot export %1").arg(what), error);
}

void ExportActions::editQuote() {
    QuoteDialog dialog(m_controller.scenario().quote.value_or(quote::QuoteInfo{}), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const quote::QuoteInfo info = dialog.info();
    m_controller.update([&info](Scenario& s) { s.quote = info; });
}

void ExportActions::choosePdf() {
    const QString path =
        m_prompter.exportFileName(tr("Export PDF quote"), QStringLiteral("quote.pdf"), tr("PDF (*.pdf)"));
    if (!path.isEmpty())
        report(exportPdf(path), tr("PDF"));
}

void ExportActions::previewPdf() {
    if (!m_controller.plan())
        return;
    QPrinter printer(QPrinter::HighResolution);
    printer.setResolution(PdfCanvas::kDpi);
    printer.setPageSize(QPageSize(QPageSize::A4));
    printer.setFullPage(true);
    QPrintPreviewDialog preview(&printer, m_window);
    preview.setObjectName(QStringLiteral("quotePrintPreview"));
    const quote::QuoteDocument doc = document(true);
    const ReportCharts charts(*m_controller.plan(), doc.scaling);
    const int pages = countQuotePages(*m_controller.plan(), doc, windowLanguage(), charts);
    connect(&preview, &QPrintPreviewDialog::paintRequested, this, [&](QPrinter* p) {
        paintQuote(p, *m_controller.plan(), doc, windowLanguage(), charts, {}, pages);
    });
    preview.exec();
}

void ExportActions::chooseWorkbook() {
    const QString path = m_prompter.exportFileName(tr("Export Excel workbook"), QStringLiteral("quote.xlsx"),
                                                   tr("Excel workbook (*.xlsx)"));
    if (!path.isEmpty())
        report(exportWorkbook(path), tr("workbook"));
}

void ExportActions::chooseCsv() {
    const QString folder = m_prompter.exportFolder(tr("Export CSV tables into"), QStringLiteral("csv"));
    if (!folder.isEmpty())
        report(exportCsv(folder), tr("CSV"));
}

void ExportActions::chooseImages() {
    const QString folder = m_prompter.exportFolder(tr("Export chart images into"), QStringLiteral("images"));
    if (!folder.isEmpty())
        report(exportImages(folder), tr("images"));
}

}  // namespace clusterplan::ui
