#include "export/export_actions.h"

#include <QDate>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPrintPreviewDialog>
#include <QPrinter>

#include "export/chart_images.h"
#include "export/csv_export.h"
#include "export/pdf_canvas.h"
#include "export/quote_dialog.h"
#include "export/quote_pdf.h"
#include "export/quote_workbook.h"
#include "export/report_charts.h"
#include "models/plan_controller.h"
#include "models/qt_text.h"
#include "validation/validation.h"

namespace clusterplan::ui {

ExportActions::ExportActions(PlanController& controller, QWidget* window)
    : QObject(window), m_controller(controller), m_window(window) {}

void ExportActions::addTo(QMenu* menu) {
    menu->addAction(tr("&Quote details…"), this, &ExportActions::editQuote)
        ->setObjectName(QStringLiteral("quoteDetails"));
    menu->addSeparator();
    menu->addAction(tr("&PDF quote…"), this, &ExportActions::choosePdf)
        ->setObjectName(QStringLiteral("exportPdf"));
    menu->addAction(tr("Print pre&view…"), this, &ExportActions::previewPdf);
    menu->addAction(tr("&Excel workbook…"), this, &ExportActions::chooseWorkbook);
    menu->addAction(tr("&CSV tables…"), this, &ExportActions::chooseCsv);
    menu->addAction(tr("Chart &images…"), this, &ExportActions::chooseImages);
}

quote::Lang ExportActions::windowLanguage() {
    return QLocale().language() == QLocale::Chinese ? quote::Lang::Zh : quote::Lang::En;
}

quote::QuoteDocument ExportActions::document() const {
    // The accuracy quoted on the assumptions page is what `clusterplan-cli validate` reports; the
    // application computes it at start, an export before that computes it here.
    std::optional<quote::Accuracy> accuracy = m_controller.accuracy();
    if (!accuracy)
        if (auto v = runValidation(m_controller.catalog()))
            accuracy = quote::summariseValidation(v.value());
    return quote::buildQuoteDocument(*m_controller.plan(),
                                     toStdString(QDate::currentDate().toString(Qt::ISODate)), accuracy);
}

QString ExportActions::exportPdf(const QString& path) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    const ReportCharts charts(*m_controller.plan());
    auto pages = writeQuotePdf(path, *m_controller.plan(), document(), windowLanguage(), charts);
    return pages ? QString() : toQString(pages.error().toString());
}

QString ExportActions::exportWorkbook(const QString& path) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    auto ok = writeQuoteWorkbook(toStdString(path), *m_controller.plan(), document(), windowLanguage());
    return ok ? QString() : toQString(ok.error().toString());
}

QString ExportActions::exportCsv(const QString& folder) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    auto validation = runValidation(m_controller.catalog());
    auto ok = writeReportCsv(toStdString(folder), *m_controller.plan(), document(),
                             validation ? &validation.value() : nullptr, CsvOptions{true});
    return ok ? QString() : toQString(ok.error().toString());
}

QString ExportActions::exportImages(const QString& folder) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    const ReportCharts charts(*m_controller.plan());
    auto ok = writeChartImages(charts, folder);
    return ok ? QString() : toQString(ok.error().toString());
}

void ExportActions::report(const QString& error, const QString& what) const {
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot export %1").arg(what), error);
}

void ExportActions::editQuote() {
    QuoteDialog dialog(m_controller.scenario().quote.value_or(quote::QuoteInfo{}), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const quote::QuoteInfo info = dialog.info();
    m_controller.update([&info](Scenario& s) { s.quote = info; });
}

void ExportActions::choosePdf() {
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export PDF quote"),
                                                      QStringLiteral("quote.pdf"), tr("PDF (*.pdf)"));
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
    const ReportCharts charts(*m_controller.plan());
    const quote::QuoteDocument doc = document();
    const int pages = countQuotePages(*m_controller.plan(), doc, windowLanguage(), charts);
    connect(&preview, &QPrintPreviewDialog::paintRequested, this, [&](QPrinter* p) {
        paintQuote(p, *m_controller.plan(), doc, windowLanguage(), charts, {}, pages);
    });
    preview.exec();
}

void ExportActions::chooseWorkbook() {
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export Excel workbook"), QStringLiteral("quote.xlsx"), tr("Excel workbook (*.xlsx)"));
    if (!path.isEmpty())
        report(exportWorkbook(path), tr("workbook"));
}

void ExportActions::chooseCsv() {
    const QString folder = QFileDialog::getExistingDirectory(m_window, tr("Export CSV tables into"));
    if (!folder.isEmpty())
        report(exportCsv(folder), tr("CSV"));
}

void ExportActions::chooseImages() {
    const QString folder = QFileDialog::getExistingDirectory(m_window, tr("Export chart images into"));
    if (!folder.isEmpty())
        report(exportImages(folder), tr("images"));
}

}  // namespace clusterplan::ui
