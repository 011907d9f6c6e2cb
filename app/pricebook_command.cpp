#include "pricebook_command.h"

#include <iostream>
#include <optional>

#include "cli_commands.h"
#include "cli_errors.h"
#include "core/cost/messages_price_list.h"
#include "core/cost/price_list_import.h"
#include "core/util/atomic_file.h"
#include "core/util/iso_date.h"
#include "core/util/messages_input_errors.h"
#include "quotes_command.h"

namespace clusterplan::cli {

namespace {

constexpr std::uintmax_t kMaxListBytes = 16u << 20;

int fail(const Error& e, Lang lang = Lang::En) {
    printError(e, lang);
    return kBadInput;
}

// The date the book's prices hold from without --as-of: the oldest as_of of the list's rows (a
// list dated 2026-05 does not make the book look fresh today), today when no row has one.
std::string listAsOf(const cost::PriceList& list) {
    std::string oldest;
    std::optional<std::chrono::sys_days> oldestDay;
    for (const cost::PriceListRow& row : list.rows) {
        const auto day = parseIsoDay(row.asOf, true);
        if (day && (!oldestDay || *day < *oldestDay)) {
            oldestDay = day;
            oldest = row.asOf;
        }
    }
    return oldest.empty() ? todayUtc() : oldest;
}

}  // namespace

int pricebookCommand(const PricebookRequest& rq) {
    Lang lang = Lang::En;
    if (!parseLang(rq.lang, lang))
        return fail(inputError("--lang", msg::kErrorJsonNotAllowed, {rq.lang, "zh_CN, en"}));
    if (rq.operands.size() != 2 || rq.operands[0] != "import") {
        std::cerr << "clusterplan-cli: pricebook needs: import LIST.csv --book BOOK.json (see "
                     "clusterplan-cli --help)\n";
        return kBadInput;
    }
    if (rq.book.empty())
        return fail(inputError("--book", msg::kErrorJsonRequired), lang);
    if (!rq.asOf.empty() && !parseIsoDay(rq.asOf, true))
        return fail(inputError("--as-of", msg::kErrorPricelistBadDate, {rq.asOf}), lang);
    const std::string& listPath = rq.operands[1];
    auto bytes = readTextFile(listPath, kMaxListBytes);
    if (!bytes)
        return fail(bytes.error(), lang);
    auto list = cost::readPriceList(bytes.value(), rq.encoding, listPath);
    if (!list)
        return fail(list.error(), lang);
    const std::string asOf = rq.asOf.empty() ? listAsOf(list.value()) : rq.asOf;
    std::cout << messageText(cost::priceListReadMessage(list.value(), listPath), lang) << "\n";
    auto book = readTextFile(rq.book, kMaxListBytes);
    if (!book)
        return fail(book.error(), lang);
    const cost::PriceBookUpdate update =
        cost::applyPriceList(book.value(), rq.book, list->rows, listPath, asOf);
    std::vector<Error> errors = list->errors;
    errors.insert(errors.end(), update.errors.begin(), update.errors.end());
    // The changes only for a list that applies: above "Nothing was saved" they would read as done.
    if (errors.empty())
        for (const Message& line : update.diff)
            std::cout << "  " << messageText(line, lang) << "\n";
    if (!errors.empty()) {
        for (const Error& e : errors)
            printError(e, lang);
        std::cerr << "clusterplan-cli: " << messageText(cost::notSavedMessage(errors.size()), lang) << "\n";
        return kBadInput;
    }
    if (rq.dryRun) {
        std::cout << messageText(makeMessage(msg::kPricelistDryRun), lang) << "\n";
        return kOk;
    }
    if (auto saved = writeFileAtomically(rq.book, update.json); !saved)
        return fail(saved.error(), lang);
    std::cout << messageText(makeMessage(msg::kPricelistSaved, {rq.book}), lang) << "\n";
    return kOk;
}

}  // namespace clusterplan::cli
