#include "ui/quotes/quote_book_file.h"

#include <QDate>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>

#include "core/io/scenario_json.h"
#include "core/quotebook/book_path.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/quotebook/quote_from_document.h"
#include "core/util/sha256.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

namespace {
const QString kQuoteBookPathKey = QStringLiteral("quoteBook/path");
}  // namespace

Result<std::string> quoteBookPath() {
    const QString chosen = QSettings().value(kQuoteBookPathKey).toString();
    if (!chosen.isEmpty())
        return toStdString(chosen);
    return quotebook::defaultBookPath();
}

void setQuoteBookPath(const QString& path) {
    QSettings().setValue(kQuoteBookPathKey, path);
}

Result<quotebook::QuoteBook> openQuoteBook() {
    auto path = quoteBookPath();
    if (!path)
        return path.error();
    return quotebook::QuoteBook::open(path.value());
}

std::string todayIso() {
    return toStdString(QDate::currentDate().toString(Qt::ISODate));
}

Lang uiLanguage() {
    return QLocale().language() == QLocale::Chinese ? Lang::Zh : Lang::En;
}

namespace {

std::string nowUtc() {
    return toStdString(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ssZ")));
}

}  // namespace

BookEntry recordInBook(const Plan& plan, const quote::QuoteDocument& doc, const Catalog& catalog,
                       const std::function<bool(const QString& reason)>& confirmRevise) {
    auto opened = openQuoteBook();
    if (!opened)
        return {std::nullopt, engineErrorLine(opened.error())};
    quotebook::QuoteBook book = std::move(opened).value();
    if (book.readOnly()) {
        // Not a failure: the file is written as a draft (no number of the book, nor the
        // scenario's, which the book may hold as another customer's), and the status bar says why.
        const QString why = book.warning() ? engineErrorLine(*book.warning()) : QString();
        return {std::nullopt, engineText(makeMessage(msg::kQuotebookExportedAsDraft, {toStdString(why)})),
                false, true};
    }
    const quotebook::QuoteRecord record =
        quotebook::recordFromDocument(doc, plan, catalog.priceBooks(), scenarioToJson(plan.scenario));
    auto recorded = book.record(record, nowUtc());
    if (!recorded) {
        const std::string& why = recorded.error().reason.id;
        if (why != msg::kErrorQuotebookReviseAccepted.id && why != msg::kErrorQuotebookReviseLost.id)
            return {std::nullopt, engineErrorLine(recorded.error())};
        if (!confirmRevise || !confirmRevise(engineText(recorded.error())))
            return {std::nullopt, engineText(recorded.error()), true};
        recorded = book.record(record, nowUtc(), quotebook::RecordOptions{true});
        if (!recorded)
            return {std::nullopt, engineErrorLine(recorded.error())};
    }
    // Where the user looks the quote up again: its number and revision, not the book's file.
    return {
        recorded.value(),
        engineText(makeMessage(recorded->newRevision ? msg::kQuotebookRecordedAs : msg::kQuotebookUnchangedAs,
                               {recorded->number, std::to_string(recorded->revision)}))};
}

void attachFile(const quotebook::RecordOutcome& entry, const QString& path) {
    QFile file(path);
    auto opened = openQuoteBook();
    if (!opened || !file.open(QIODevice::ReadOnly))
        return;  // the quote is recorded; only the file's checksum is missing
    const QByteArray bytes = file.readAll();
    const quotebook::ExportedFile exported{
        toStdString(QFileInfo(path).absoluteFilePath()),
        sha256Hex(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())))};
    quotebook::QuoteBook book = std::move(opened).value();
    (void)book.addFiles(entry.number, entry.revision, {exported}, nowUtc());
}

}  // namespace clusterplan::ui
