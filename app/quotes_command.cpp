#include "quotes_command.h"

#include <algorithm>
#include <ctime>
#include <iostream>
#include <optional>

#include "cli_commands.h"
#include "cli_errors.h"
#include "core/quotebook/book_format.h"
#include "core/quotebook/book_json.h"
#include "core/quotebook/book_path.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/util/csv_write.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan::cli {

namespace {

std::string utcNow(const char* format) {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char buf[32];
    std::strftime(buf, sizeof buf, format, &utc);
    return buf;
}

int fail(const Error& e, Lang lang = Lang::En) {
    printError(e, lang);
    return kBadInput;
}

int usage(const std::string& message) {
    std::cerr << "clusterplan-cli: " << message << " (see clusterplan-cli --help)\n";
    return kBadInput;
}

int listQuotes(quotebook::QuoteBook& book, const QuotesRequest& rq, Lang lang) {
    const auto& allowed = quotebook::listStatuses();
    if (!rq.status.empty() && std::find(allowed.begin(), allowed.end(), rq.status) == allowed.end()) {
        std::string list;
        for (const auto& s : allowed)
            list += (list.empty() ? "" : ", ") + s;
        return fail(inputError("--status", msg::kErrorJsonNotAllowed, {rq.status, list}), lang);
    }
    const std::string today = todayUtc();
    auto records = book.list({rq.customer, rq.status, today, rq.allRevisions});
    if (!records)
        return fail(records.error(), lang);
    if (rq.format == "json") {
        std::cout << quotebook::listToJson(records.value(), today, *rq.priceBooks);
    } else if (rq.format == "csv") {
        const std::string table = quotebook::listToCsv(records.value(), today, *rq.priceBooks);
        if (csvWantsByteOrderMark(table, lang == Lang::Zh, rq.byteOrderMark))
            std::cout << kUtf8ByteOrderMark;
        std::cout << table;
    } else {
        std::cout << quotebook::listToText(records.value(), today, *rq.priceBooks, lang, rq.allRevisions);
    }
    return kOk;
}

int showQuote(quotebook::QuoteBook& book, const std::string& operand, const QuotesRequest& rq, Lang lang) {
    // A number typed by hand may hold '/' itself: the whole operand is tried as a number first.
    std::optional<quotebook::NumberAndRevision> wanted;
    if (book.revisions(operand))
        wanted = quotebook::NumberAndRevision{operand, std::nullopt};
    else
        wanted = quotebook::parseNumberAndRevision(operand);
    if (!wanted)
        return fail(inputError("NUMBER", msg::kErrorQuotebookBadNumber, {operand}), lang);
    auto record = book.find(wanted->number, wanted->revision);
    if (!record)
        return fail(record.error(), lang);
    auto revisions = book.revisions(wanted->number);
    if (!revisions)
        return fail(revisions.error(), lang);
    if (rq.format == "json")
        std::cout << quotebook::bookToJson({record.value()});  // as export-book writes a revision
    else
        std::cout << quotebook::quoteToText(record.value(), revisions.value(), todayUtc(), *rq.priceBooks,
                                            lang);
    return kOk;
}

int setStatus(quotebook::QuoteBook& book, const std::string& operand, const std::string& status, Lang lang) {
    const auto parsed = quotebook::parseStoredStatus(status);
    if (!parsed)
        return fail(inputError("STATUS", msg::kErrorJsonNotAllowed, {status, "draft, sent, accepted, lost"}),
                    lang);
    // NUMBER/REV: the status is the quote's, kept on its last revision; naming that one is fine,
    // an earlier one is answered with the last.
    std::string number = operand;
    if (!book.revisions(operand))
        if (const auto wanted = quotebook::parseNumberAndRevision(operand); wanted && wanted->revision) {
            auto revisions = book.revisions(wanted->number);
            if (!revisions)
                return fail(revisions.error(), lang);
            if (*wanted->revision != revisions->back())
                return fail(inputError(operand, msg::kErrorQuotebookStatusOnLast,
                                       {wanted->number, std::to_string(revisions->back())}),
                            lang);
            number = wanted->number;
        }
    auto changed = book.setStatus(number, *parsed, nowUtc());
    if (!changed)
        return fail(changed.error(), lang);
    std::cout << messageText(makeMessage(msg::kQuotebookStatusSet, {number, std::to_string(changed->revision),
                                                                    quotebook::statusName(*parsed, lang)}),
                             lang)
              << "\n";
    return kOk;
}

}  // namespace

std::string todayUtc() {
    return utcNow("%Y-%m-%d");
}
std::string nowUtc() {
    return utcNow("%Y-%m-%dT%H:%M:%SZ");
}

std::optional<quotebook::QuoteBook> openBook(const BookLocation& location, Lang lang) {
    std::string path = location.path;
    if (path.empty()) {
        auto fallback = quotebook::defaultBookPath();
        if (!fallback) {
            fail(fallback.error(), lang);
            return std::nullopt;
        }
        path = fallback.value();
    }
    auto book = quotebook::QuoteBook::open(path, {location.prefix});
    if (!book) {
        fail(book.error(), lang);
        return std::nullopt;
    }
    if (book->warning())
        printError(*book->warning(), lang, messageText(makeMessage(msg::kCliWarning), lang));
    return std::move(book).value();
}

int quotesCommand(const QuotesRequest& rq) {
    Lang lang = Lang::En;
    if (!parseLang(rq.lang, lang))
        return fail(inputError("--lang", msg::kErrorJsonNotAllowed, {rq.lang, "zh_CN, en"}));
    const std::vector<std::string>& args = rq.operands;
    if (args.empty())
        return usage("quotes needs list, show, status, export-book or import-book");
    const std::string& sub = args[0];
    const std::size_t wantOperands = sub == "list" ? 1 : sub == "status" ? 3 : 2;
    if (sub != "list" && sub != "show" && sub != "status" && sub != "export-book" && sub != "import-book")
        return usage("unknown quotes command '" + sub + "'");
    if (args.size() != wantOperands)
        return usage("quotes " + sub +
                     (sub == "list"     ? " takes no operand"
                      : sub == "show"   ? " needs NUMBER[/REV]"
                      : sub == "status" ? " needs NUMBER and accepted|lost|sent|draft"
                                        : " needs FILE.json"));
    auto book = openBook(rq.book, lang);
    if (!book)
        return kBadInput;
    if (sub == "list")
        return listQuotes(*book, rq, lang);
    if (sub == "show")
        return showQuote(*book, args[1], rq, lang);
    if (sub == "status")
        return setStatus(*book, args[1], args[2], lang);
    if (sub == "export-book") {
        auto exported = quotebook::exportBook(*book, args[1]);
        if (!exported)
            return fail(exported.error(), lang);
        std::cout << messageText(makeMessage(exported->revisions == 1 ? msg::kQuotebookExportedOne
                                                                      : msg::kQuotebookExported,
                                             {std::to_string(exported->revisions),
                                              std::to_string(exported->quotes), args[1]}),
                                 lang)
                  << "\n";
        if (exported->unreadable > 0) {
            printError(inputError(book->path(), msg::kQuotebookExportedSalvaged,
                                  {std::to_string(exported->unreadable)}),
                       lang, messageText(makeMessage(msg::kCliWarning), lang));
            return kBadInput;  // the export is not the whole book
        }
        return kOk;
    }
    auto merged = quotebook::importBook(*book, args[1]);
    if (!merged)
        return fail(merged.error(), lang);
    for (const Error& conflict : merged->conflicts)
        printError(conflict, lang, messageText(makeMessage(msg::kCliWarning), lang));
    std::cout << messageText(
                     makeMessage(merged->added == 1 ? msg::kQuotebookImportedOne : msg::kQuotebookImported,
                                 {std::to_string(merged->added), std::to_string(merged->present),
                                  std::to_string(merged->conflicts.size())}),
                     lang)
              << "\n";
    return kOk;
}

}  // namespace clusterplan::cli
