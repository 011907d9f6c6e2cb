#pragma once
// ExportActions: the window's Export menu. Quote details… edits the scenario's
// quote; PDF (with print preview), Excel, CSV and chart images write the same files as
// `clusterplan-cli report`, from the current plan, in the window's language.
// The header names the engine's types only: what an export reads (the plan, the catalog, the quote)
// is in the .cpp, so a file that includes it does not parse the engine's headers.
#include <QObject>
#include <QString>

#include "core/util/language.h"

class QMenu;
class QWidget;

namespace clusterplan::quote {
struct QuoteDocument;
}

namespace clusterplan::ui {

struct BookEntry;
class PlanController;
class Prompter;

class ExportActions : public QObject {
    Q_OBJECT

public:
    // File and folder choices and warnings go through `prompter`, so tests answer them.
    ExportActions(PlanController& controller, Prompter& prompter, QWidget* window);
    void addTo(QMenu* menu);

    // The language of exports: Chinese when the window runs in Chinese (QLocale), else English.
    [[nodiscard]] static Lang windowLanguage();

    // Exports without dialogs, for tests and scripting; return an empty string or the error. The
    // PDF and the workbook are recorded in the quote book (ui/quotes/quote_book_file.h);
    // lastRecorded() says how, or why not.
    QString exportPdf(const QString& path) const;
    QString exportWorkbook(const QString& path) const;
    QString exportCsv(const QString& folder) const;
    QString exportImages(const QString& folder) const;
    [[nodiscard]] const QString& lastRecorded() const { return m_recorded; }

signals:
    // After a chosen export succeeded: "Saved the PDF to /home/…/quote.pdf" (the window's status bar).
    void saved(const QString& message) const;

private:
    void editQuote();
    void choosePdf();
    void previewPdf();
    void chooseWorkbook();
    void chooseCsv();
    void chooseImages();
    // Warns with `error`, or says where `what` was saved.
    void report(const QString& error, const QString& what, const QString& path) const;
    // What an export reads, copied when it starts.
    struct Snapshot;
    [[nodiscard]] Snapshot snapshot() const;
    // Runs `work` on a worker thread; the event loop keeps the window painted meanwhile and a
    // progress dialog saying `what` appears if it takes longer than a moment.
    template <typename Work> auto inBackground(const QString& what, Work work) const -> decltype(work());
    // `withScaling`: run the quote's scaling study (the PDF and the images draw it).
    [[nodiscard]] quote::QuoteDocument document(const Snapshot& s, bool withScaling,
                                                const QString& what) const;
    // Records the quote in the book before its file is written and gives `doc` (and the
    // scenario) the book's number and revision; lastRecorded() says how, or why not.
    // A new revision of an accepted or lost quote is recorded only if the user says yes.
    BookEntry numberFromBook(const Snapshot& s, quote::QuoteDocument& doc) const;
    // An export the user stopped at the question above: the error text report() shows.
    [[nodiscard]] QString notRevised(const BookEntry& entry) const;
    // `doc` with its logo path resolved against the scenario file; warns when the logo is missing.
    [[nodiscard]] quote::QuoteDocument withLogo(quote::QuoteDocument doc) const;
    // The file name a save dialog proposes: the quote number and revision with `extension`.
    [[nodiscard]] QString suggestedName(const char* extension) const;

    PlanController& m_controller;
    // What the last PDF or workbook export did in the quote book ("Recorded in … as Q-2026-0003").
    mutable QString m_recorded;
    Prompter& m_prompter;
    QWidget* m_window;
};

}  // namespace clusterplan::ui
