#pragma once
// Which quote book the window uses and how it records an export into it. The book is
// the CLI's (core/quotebook/: $XDG_DATA_HOME/ClusterPlan/quotes.sqlite), so a quote exported from
// the window shows in `clusterplan-cli quotes list` and the other way round; the setting
// "quoteBook/path" names another local file.
#include <QString>

#include <functional>
#include <optional>

#include "core/catalog/catalog.h"
#include "core/quote/quote_document.h"
#include "core/quotebook/quote_book.h"
#include "core/report/plan.h"
#include "core/util/language.h"
#include "core/util/result.h"

namespace clusterplan::ui {

// The setting's path, else the XDG default; an error when neither HOME nor XDG_DATA_HOME is set.
Result<std::string> quoteBookPath();
Result<quotebook::QuoteBook> openQuoteBook();
// Makes `path` the setting's book (the Quotes dialog's "Another book…").
void setQuoteBookPath(const QString& path);

// A quote recorded before its file is written, so that the file prints the book's number and
// revision: the book's one revision counter, so a file and the book never disagree. `message` is the line the
// status bar shows
// ("Recorded in … as Q-2026-0003, revision 2") or why the book did not take it (then `entry` is
// empty and the export goes on with the scenario's own number).
// A new revision of an accepted or lost quote is recorded only when `confirmRevise` (given the
// book's reason) says yes; otherwise `declined` is set and nothing is recorded.
// A read-only book (no write permission, damaged, of a newer schema) records nothing: `draft` is
// set and the file is written as a draft, without a number.
struct BookEntry {
    std::optional<quotebook::RecordOutcome> entry;
    QString message;
    bool declined = false;
    bool draft = false;
};
BookEntry recordInBook(const Plan& plan, const quote::QuoteDocument& doc, const Catalog& catalog,
                       const std::function<bool(const QString& reason)>& confirmRevise = {});
// Adds the file written at `path` (with its SHA-256) to the recorded revision.
void attachFile(const quotebook::RecordOutcome& entry, const QString& path);

// Today as the book's dates are written ("2026-12-02").
std::string todayIso();
// The window's language for the engine's texts.
Lang uiLanguage();

}  // namespace clusterplan::ui
