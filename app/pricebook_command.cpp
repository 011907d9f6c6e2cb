#include "pricebook_command.h"

#include <iostream>

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
    const std::string asOf = rq.asOf.empty() ? todayUtc() : rq.asOf;
    if (!parseIsoDay(asOf, true))
        return fail(inputError("--as-of", msg::kErrorPricelistBadDate, {asOf}), lang);
    const std::string& listPath = rq.operands[1];
    auto bytes = readTextFile(listPath, kMaxListBytes);
    if (!bytes)
        return fail(bytes.error(), lang);
    auto list = cost::readPriceList(bytes.value(), rq.encoding, listPath);
    if (!list)
        return fail(list.error(), lang);
    std::cout << messageText(cost::priceListReadMessage(list.value(), listPath), lang) << "\n";
    auto book = readTextFile(rq.book, kMaxListBytes);
    if (!book)
        return fail(book.error(), lang);
    const cost::PriceBookUpdate update =
        cost::applyPriceList(book.value(), rq.book, list->rows, listPath, asOf);
    for (const Message& line : update.diff)
        std::cout << "  " << messageText(line, lang) << "\n";
    std::vector<Error> errors = list->errors;
    errors.insert(errors.end(), update.errors.begin(), update.errors.end());
    if (!errors.empty()) {
        for (const Error& e : errors)
            printError(e, lang);
        std::cerr << "clusterplan-cli: "
                  << messageText(makeMessage(msg::kPricelistNotSaved, {std::to_string(errors.size())}), lang)
                  << "\n";
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
