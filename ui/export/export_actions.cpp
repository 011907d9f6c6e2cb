#include "ui/export/export_actions.h"

#include <QDate>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMenu>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QProgressDialog>
#include <QtConcurrent/QtConcurrentRun>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "core/catalog/catalog.h"
#include "core/cost/price_book.h"
#include "core/export/csv_export.h"
#include "core/export/quote_workbook.h"
#include "core/quote/labels.h"
#include "core/quote/quote_document.h"
#include "core/quote/quote_options.h"
#include "core/quote/quote_revision.h"
#include "core/quote/quote_scaling.h"
#include "core/report/plan.h"
#include "core/validation/validation.h"
#include "ui/charts/options_tab.h"
#include "ui/export/chart_images.h"
#include "ui/export/pdf_canvas.h"
#include "ui/export/quote_dialog.h"
#include "ui/export/quote_pdf.h"
#include "ui/export/report_charts.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/engine_terms.h"
#include "ui/models/plan_controller.h"
#include "ui/models/prompter.h"
#include "ui/models/qt_text.h"
#include "ui/quotes/quote_book_file.h"

namespace clusterplan::ui {

namespace {

// The quote's options page when the Options tab asks for it (OptionsTab::quoteChoice: "Add to the
// PDF quote" checked, a study of this job): the quoted cluster beside the ticked options, or the
// study's defaults. None when not asked for; an error stops the export.
Result<QuotePdfOptions> pdfOptions(const QWidget* window, const Plan& plan, const quote::QuoteDocument& doc,
                                   const Catalog& catalog) {
    QuotePdfOptions options;
    const auto* tab = window ? window->findChild<OptionsTab*>() : nullptr;
    const auto choice = tab ? tab->quoteChoice(plan.scenario) : std::nullopt;
    if (!choice)
        return options;
    const auto picks =
        choice->picks.empty() ? quote::defaultOptionAlternatives(choice->study, plan) : choice->picks;
    auto page = quote::buildOptionsPage(choice->study, plan, doc, picks, catalog);
    if (!page)
        return page.error();
    options.optionsPage = std::move(page).value();
    return options;
}

// Why the quote's exports (PDF, preview, workbook, CSV) are off: the plan does not fit, and a quote
// would price a run that cannot start. Empty when they are on.
QString whyNotQuoted(const PlanController& controller) {
    const auto& plan = controller.plan();
    if (!plan || plan->memory.fits())
        return {};
    return ExportActions::tr(
        "Not available: the plan does not fit in memory, so it is not quoted (a quote would "
        "price a run that cannot start). The verdict card offers plans that fit.");
}

}  // namespace

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
    // The quote's exports are off while the plan does not fit, and say why.
    QList<QAction*> quoteActions;
    for (const char* name : {"exportPdf", "exportPreview", "exportWorkbook", "exportCsv"})
        quoteActions << menu->findChild<QAction*>(QString::fromLatin1(name));
    quoteActions.removeAll(nullptr);
    menu->setToolTipsVisible(true);
    const auto update = [this, quoteActions] {
        const QString why = whyNotQuoted(m_controller);
        for (QAction* action : quoteActions) {
            action->setEnabled(why.isEmpty());
            action->setToolTip(why.isEmpty() ? QString(action->text()).remove(QLatin1Char('&')) : why);
            action->setStatusTip(why);
        }
    };
    connect(&m_controller, &PlanController::planChanged, this, update);
    update();
}

// What an export reads, copied when it starts.
struct ExportActions::Snapshot {
    Plan plan;
    std::shared_ptr<const Catalog> catalog;
    std::optional<quote::Accuracy> accuracy;
    std::string date;
};

Lang ExportActions::windowLanguage() {
    return QLocale().language() == QLocale::Chinese ? quote::Lang::Zh : quote::Lang::En;
}

namespace {

// What an export computes before it draws: the quote document (with the scaling study, one layout
// search per GPU count, when the PDF or the images need it) and the validation report the CSV
// tables include. Runs on a worker thread from copies, so it reads nothing the window edits.
struct Prepared {
    quote::QuoteDocument doc;
    std::optional<ValidationReport> validation;
};

Prepared prepare(const Plan& plan, const Catalog& catalog, std::optional<quote::Accuracy> accuracy,
                 const std::string& date, bool withScaling, bool withValidation) {
    Prepared out;
    // The accuracy quoted on the assumptions page is the stated pair (resources/accuracy.json).
    if (!accuracy)
        accuracy = builtinAccuracyStatement();
    if (withValidation)
        if (auto v = runValidation(catalog))
            out.validation = std::move(v).value();
    out.doc = quote::buildQuoteDocument(plan, date, accuracy);
    // The scaling study of the PDF and the images: the same call as `clusterplan-cli report`, on the
    // plan's scenario alone (not the Scaling tab's GPU limit or deadline), so both write the same.
    if (withScaling)
        out.doc.scaling = quote::quoteScaling(plan.scenario, catalog);
    return out;
}

}  // namespace

// The scaling study takes 0.5–4 s: it runs on a worker while a modal progress dialog keeps the
// window painted (the window never freezes). Drawing stays on this thread (Qt Charts
// and QPainter on widgets are GUI-thread only) and takes a fraction of that.
template <typename Work>
auto ExportActions::inBackground(const QString& what, Work work) const -> decltype(work()) {
    QFutureWatcher<decltype(work())> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    QProgressDialog progress(what, QString(), 0, 0, m_window);
    progress.setObjectName(QStringLiteral("exportProgress"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    watcher.setFuture(QtConcurrent::run(std::move(work)));
    if (!watcher.isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    return watcher.result();
}

ExportActions::Snapshot ExportActions::snapshot() const {
    // A copy: while the worker runs, the event loop may deliver a newer plan to the controller.
    return {*m_controller.plan(), m_controller.sharedCatalog(), m_controller.accuracy(),
            toStdString(QDate::currentDate().toString(Qt::ISODate))};
}

quote::QuoteDocument ExportActions::document(const Snapshot& s, bool withScaling, const QString& what) const {
    return inBackground(what,
                        [s, withScaling] {
                            return prepare(s.plan, *s.catalog, s.accuracy, s.date, withScaling, false);
                        })
        .doc;
}

QString ExportActions::exportPdf(const QString& path) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    if (const QString why = whyNotQuoted(m_controller); !why.isEmpty())
        return why;
    const Snapshot s = snapshot();
    quote::QuoteDocument doc = withLogo(document(s, true, tr("Preparing the PDF quote: scaling study…")));
    // Before the quote takes a number: an options page that cannot be made stops the export.
    const auto options = pdfOptions(m_window, s.plan, doc, *s.catalog);
    if (!options)
        return engineErrorLine(options.error());
    const BookEntry entry = numberFromBook(s, doc);
    if (entry.declined)
        return notRevised(entry);
    const ReportCharts charts(s.plan, doc.scaling);
    auto pages = writeQuotePdf(path, s.plan, doc, windowLanguage(), charts, options.value());
    if (!pages)
        return toQString(pages.error().toString());
    if (entry.entry)
        attachFile(*entry.entry, path);
    return {};
}

QString ExportActions::exportWorkbook(const QString& path) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    if (const QString why = whyNotQuoted(m_controller); !why.isEmpty())
        return why;
    const Snapshot s = snapshot();
    quote::QuoteDocument doc = document(s, false, tr("Preparing the workbook…"));
    const BookEntry entry = numberFromBook(s, doc);
    if (entry.declined)
        return notRevised(entry);
    auto ok = writeQuoteWorkbook(toStdString(path), s.plan, doc, windowLanguage());
    if (!ok)
        return toQString(ok.error().toString());
    if (entry.entry)
        attachFile(*entry.entry, path);
    return {};
}

QString ExportActions::exportCsv(const QString& folder) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    if (const QString why = whyNotQuoted(m_controller); !why.isEmpty())
        return why;
    const Snapshot s = snapshot();
    const Prepared prepared = inBackground(tr("Preparing the CSV tables: validation…"), [s] {
        return prepare(s.plan, *s.catalog, s.accuracy, s.date, false, false);
    });
    // The customer's files only (no calibration runs); the byte-order mark by the product's rule.
    auto ok = writeReportCsv(toStdString(folder), s.plan, prepared.doc,
                             CsvOptions{std::nullopt, windowLanguage() == quote::Lang::Zh});
    return ok ? QString() : toQString(ok.error().toString());
}

QString ExportActions::exportImages(const QString& folder) const {
    if (!m_controller.plan())
        return tr("There is no plan to export yet.");
    const Snapshot s = snapshot();
    const ReportCharts charts(s.plan,
                              document(s, true, tr("Preparing the chart images: scaling study…")).scaling);
    auto ok = writeChartImages(charts, folder);
    return ok ? QString() : toQString(ok.error().toString());
}

BookEntry ExportActions::numberFromBook(const Snapshot& s, quote::QuoteDocument& doc) const {
    BookEntry entry = recordInBook(s.plan, doc, *s.catalog, [this](const QString& reason) {
        return m_prompter.ask(Prompter::Question::ReviseDecided, reason) == Prompter::Answer::Yes;
    });
    m_recorded = entry.message;
    if (entry.draft)
        doc.info.number.clear();
    if (!entry.entry)
        return entry;
    // The file prints the book's number and revision, and the scenario keeps them, so the next
    // export of the same content is the same revision and an edited one the next.
    doc.info.number = entry.entry->number;
    doc.info.revision = entry.entry->revision;
    // Not an input edit (restore(), not update()): a scenario saved before the export is not
    // "modified" by the number the book gave it, and Undo keeps the number (ScenarioHistory). Save
    // writes it with the rest.
    Scenario numbered = m_controller.scenario();
    quote::QuoteInfo info = numbered.quote.value_or(quote::QuoteInfo{});
    if (!numbered.quote || info.number != doc.info.number || info.revision != doc.info.revision) {
        info.number = doc.info.number;
        info.revision = doc.info.revision;
        numbered.quote = info;
        m_controller.restore(numbered);
    }
    return entry;
}

quote::QuoteDocument ExportActions::withLogo(quote::QuoteDocument doc) const {
    // A relative logo path is beside the scenario file; a logo that is not there is said, not
    // silently left out of the PDF.
    doc.info.logo = quote::resolveLogoPath(doc.info.logo, toStdString(m_controller.filePath()));
    if (!doc.info.logo.empty() && !QFileInfo::exists(toQString(doc.info.logo)))
        m_prompter.warn(tr("Logo not found"), tr("%1 does not exist; the quote is written without a logo.")
                                                  .arg(QDir::toNativeSeparators(toQString(doc.info.logo))));
    return doc;
}

QString ExportActions::notRevised(const BookEntry& entry) const {
    m_recorded.clear();
    return entry.message + QStringLiteral("\n") + tr("Nothing was exported.");
}

QString ExportActions::suggestedName(const char* extension) const {
    // The quote's number, revision and customer ("CP-2026-0042-r2_星河智算.pdf").
    return toQString(
        quote::exportFileName(m_controller.scenario().quote.value_or(quote::QuoteInfo{}), extension));
}

void ExportActions::report(const QString& error, const QString& what, const QString& path) const {
    if (!error.isEmpty()) {
        m_prompter.warn(tr("Cannot export %1").arg(what), error);
        return;
    }
    QString message =
        tr("Saved the %1 to %2").arg(what, QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()));
    if (!m_recorded.isEmpty())
        message += QStringLiteral(" · ") + std::exchange(m_recorded, QString());
    emit saved(message);
}

void ExportActions::editQuote() {
    QuoteDialog dialog(m_controller.scenario().quote.value_or(quote::QuoteInfo{}), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const quote::QuoteInfo info = dialog.info();
    m_controller.update([&info](Scenario& s) { s.quote = info; });
}

QString ExportActions::stalePrices() const {
    const auto& plan = m_controller.plan();
    if (!plan)
        return {};
    const cost::PriceBook* book = m_controller.catalog().priceBooks().book(plan->scenario.cost.priceBook);
    const std::string today = todayIso();
    if (!book || !cost::isStale(*book, today))
        return {};
    const long days = cost::daysSinceAsOf(book->asOf, today).value_or(0);
    return tr("The price book \"%1\" is dated %2, %3 days ago; its prices are stale after %4 days. Import a "
              "current price list (File ▸ Import price list) to quote on current prices.")
        .arg(localName(book->name, book->nameZh), toQString(book->asOf))
        .arg(days)
        .arg(book->staleAfterDays);
}

bool ExportActions::pricesConfirmed() const {
    const QString stale = stalePrices();
    return stale.isEmpty() ||
           m_prompter.ask(Prompter::Question::ExportStalePrices, stale) == Prompter::Answer::Yes;
}

void ExportActions::choosePdf() {
    if (!pricesConfirmed())
        return;
    const QString path =
        m_prompter.exportFileName(tr("Export PDF quote"), suggestedName("pdf"), tr("PDF (*.pdf)"));
    if (!path.isEmpty())
        report(exportPdf(path), tr("PDF"), path);
}

void ExportActions::previewPdf() {
    // The preview prints the quote as the PDF export writes it: it asks about stale prices the same way.
    if (!m_controller.plan() || !pricesConfirmed())
        return;
    QPrinter printer(QPrinter::HighResolution);
    printer.setResolution(PdfCanvas::kDpi);
    printer.setPageSize(QPageSize(QPageSize::A4));
    printer.setFullPage(true);
    QPrintPreviewDialog preview(&printer, m_window);
    preview.setObjectName(QStringLiteral("quotePrintPreview"));
    const Snapshot s = snapshot();
    const quote::QuoteDocument doc =
        withLogo(document(s, true, tr("Preparing the print preview: scaling study…")));
    const ReportCharts charts(s.plan, doc.scaling);
    const auto options = pdfOptions(m_window, s.plan, doc, *s.catalog);
    if (!options) {
        report(engineErrorLine(options.error()), tr("PDF"), QString());
        return;
    }
    const int pages = countQuotePages(s.plan, doc, windowLanguage(), charts, options.value());
    connect(&preview, &QPrintPreviewDialog::paintRequested, this, [&](QPrinter* p) {
        paintQuote(p, s.plan, doc, windowLanguage(), charts, options.value(), pages);
    });
    preview.exec();
}

void ExportActions::chooseWorkbook() {
    if (!pricesConfirmed())
        return;
    const QString path = m_prompter.exportFileName(tr("Export Excel workbook"), suggestedName("xlsx"),
                                                   tr("Excel workbook (*.xlsx)"));
    if (!path.isEmpty())
        report(exportWorkbook(path), tr("workbook"), path);
}

void ExportActions::chooseCsv() {
    if (!pricesConfirmed())
        return;
    const QString folder = m_prompter.exportFolder(tr("Export CSV tables into"), QStringLiteral("csv"));
    if (!folder.isEmpty())
        report(exportCsv(folder), tr("CSV"), folder);
}

void ExportActions::chooseImages() {
    const QString folder = m_prompter.exportFolder(tr("Export chart images into"), QStringLiteral("images"));
    if (!folder.isEmpty())
        report(exportImages(folder), tr("images"), folder);
}

}  // namespace clusterplan::ui
