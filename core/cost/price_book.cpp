// Price books: built-in books plus user files merged by id (see price_book.h), following the
// GPU catalog's rules (catalog/catalog.cpp): bad entries become Diagnostics, malformed files and
// book headers are Errors.
#include "core/cost/price_book.h"

#include <cstdio>
#include <cstdlib>

#include "core/cost/price_book_json.h"
#include "core/util/atomic_file.h"
#include "core/util/iso_date.h"
#include "core/util/json_read.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan {
namespace embedded {
std::string_view pricebookCnSeedJson();
std::string_view pricebookUs2026Json();
}  // namespace embedded
}  // namespace clusterplan

namespace clusterplan::cost {

namespace {

constexpr std::uintmax_t kMaxPriceBookBytes = 16u * 1024u * 1024u;

template <typename T, typename Same> void upsert(std::vector<T>& into, T entry, Same same) {
    for (auto& existing : into) {
        if (same(existing, entry)) {
            existing = std::move(entry);  // an existing id is replaced (user files on top)
            return;
        }
    }
    into.push_back(std::move(entry));
}

template <typename T, typename ReadFn, typename Same>
void mergeArray(json::ObjectReader& top, const char* key, const std::string& file, std::vector<T>& into,
                std::vector<Diagnostic>& diagnostics, ReadFn read, Same same) {
    const boost::json::array* array = top.optArray(key);
    if (!array)
        return;
    for (std::size_t i = 0; i < array->size(); ++i) {
        try {
            json::ObjectReader r((*array)[i], json::indexPath(key, i));
            T entry = read(r);
            r.finish();
            upsert(into, std::move(entry), same);
        } catch (const json::InputError& e) {
            diagnostics.push_back({file, e.error.where, e.error.message + " — entry skipped"});
        }
    }
}

// Reads the book header; for a book that exists already only `id` is required and the currency,
// if given, must match (prices already in the book would change meaning).
void readHeader(json::ObjectReader& top, PriceBook& book, bool exists) {
    std::string currency = std::string(currencyCode(book.currency));
    if (exists) {
        top.optString("currency", currency);
        top.optString("name", book.name);
        top.optString("source", book.source);
        top.optString("as_of", book.asOf);
    } else {
        currency = top.string("currency");
        book.name = top.string("name");
        book.source = top.string("source");
        book.asOf = top.string("as_of");
    }
    Currency parsed{};
    if (!parseCurrency(currency, parsed))
        json::fail("currency", msg::kErrorJsonNotAllowed, {currency, "CNY, USD"});
    if (exists && parsed != book.currency)
        json::fail("currency", msg::kErrorBookCurrencyChanged,
                   {currency, book.id, std::string(currencyCode(book.currency))});
    book.currency = parsed;
    top.optString("name_zh", book.nameZh);
    top.optString("region", book.region);
    top.optString("notes", book.notes);
    top.optInteger("stale_after_days", book.staleAfterDays, 1, 3650);
}

}  // namespace

std::optional<long> daysSinceAsOf(std::string_view asOf, std::string_view today) {
    const auto from = parseIsoDay(asOf, true);
    const auto to = parseIsoDay(today);
    if (!from || !to)
        return std::nullopt;
    return static_cast<long>((*to - *from).count());
}

bool isStale(const PriceBook& book, std::string_view today) {
    const auto age = daysSinceAsOf(book.asOf, today);
    return age && *age > book.staleAfterDays;
}

const ParameterEntry* PriceBook::parameter(std::string_view key) const {
    for (const auto& p : parameters)
        if (p.key == key)
            return &p;
    return nullptr;
}

const PurchaseEntry* PriceBook::purchaseFor(std::string_view gpuId) const {
    for (const auto& p : purchases)
        for (const auto& g : p.gpus)
            if (g == gpuId)
                return &p;
    return nullptr;
}

const RentOffer* PriceBook::offer(std::string_view offerId) const {
    for (const auto& o : rentOffers)
        if (o.id == offerId)
            return &o;
    return nullptr;
}

std::vector<const RentOffer*> PriceBook::offersFor(std::string_view gpuId) const {
    std::vector<const RentOffer*> out;
    for (const auto& o : rentOffers)
        if (o.rents(gpuId))
            out.push_back(&o);
    return out;
}

const RentOffer* PriceBook::defaultOfferFor(std::string_view gpuId) const {
    const auto offers = offersFor(gpuId);
    for (const RentOffer* o : offers)
        if (o->isDefault)
            return o;
    return offers.empty() ? nullptr : offers.front();
}

PriceBooks PriceBooks::builtin() {
    PriceBooks books;
    for (const auto& [text, label] :
         {std::pair{embedded::pricebookCnSeedJson(), "resources/pricebooks/cn-seed-2026.json"},
          std::pair{embedded::pricebookUs2026Json(), "resources/pricebooks/us-2026.json"}}) {
        auto merged = books.mergeJson(text, label);
        if (!merged || !books.m_diagnostics.empty()) {
            // Covered by tests/core/test_cost_price_book.cpp; reaching this is a packaging bug.
            std::fprintf(stderr, "clusterplan: built-in %s is broken: %s\n", label,
                         merged ? books.m_diagnostics.front().toString().c_str()
                                : merged.error().toString().c_str());
            std::abort();
        }
    }
    return books;
}

Result<bool> PriceBooks::mergeFile(const std::string& path) {
    auto text = readTextFile(path, kMaxPriceBookBytes);
    if (!text)
        return text.error();
    return mergeJson(text.value(), path);
}

Result<bool> PriceBooks::mergeJson(std::string_view text, const std::string& file) {
    auto parsed = json::parseText(text, file);
    if (!parsed)
        return parsed.error();
    std::vector<Diagnostic> diagnostics;
    PriceBook book;
    bool exists = false;
    try {
        json::ObjectReader top(parsed.value(), "");
        const std::string schema = top.string("schema");
        if (schema != kPriceBookSchema)
            json::fail("schema", msg::kErrorSchemaExpected, {schema, std::string(kPriceBookSchema)});
        const std::string id = top.string("id");
        if (id.empty())
            json::fail("id", msg::kErrorEmpty);
        if (const PriceBook* old = this->book(id)) {
            book = *old;
            exists = true;
        }
        book.id = id;
        readHeader(top, book, exists);
        mergeArray(top, "parameters", file, book.parameters, diagnostics, readParameterEntry,
                   [](const ParameterEntry& a, const ParameterEntry& b) { return a.key == b.key; });
        mergeArray(top, "purchases", file, book.purchases, diagnostics, readPurchase,
                   [](const PurchaseEntry& a, const PurchaseEntry& b) { return a.id == b.id; });
        mergeArray(
            top, "rent_offers", file, book.rentOffers, diagnostics,
            [](json::ObjectReader& r) { return readRentOffer(r, true); },
            [](const RentOffer& a, const RentOffer& b) { return a.id == b.id; });
        top.finish();
    } catch (const json::InputError& e) {
        return relocated(file + ": " + e.error.where, e.error);
    }
    m_diagnostics.insert(m_diagnostics.end(), diagnostics.begin(), diagnostics.end());
    if (exists) {
        for (auto& b : m_books)
            if (b.id == book.id)
                b = std::move(book);
    } else {
        m_books.push_back(std::move(book));
    }
    return true;
}

const PriceBook* PriceBooks::book(std::string_view id) const {
    for (const auto& b : m_books)
        if (b.id == id)
            return &b;
    return nullptr;
}

std::vector<std::string> PriceBooks::ids() const {
    std::vector<std::string> out;
    for (const auto& b : m_books)
        out.push_back(b.id);
    return out;
}

std::optional<std::string> builtinPriceBookJson(std::string_view id) {
    for (const std::string_view text : {embedded::pricebookCnSeedJson(), embedded::pricebookUs2026Json()}) {
        auto parsed = json::parseText(text, "built-in price book");
        if (!parsed || !parsed->is_object())
            continue;
        const auto* bookId = parsed->get_object().if_contains("id");
        if (bookId && bookId->is_string() && bookId->get_string() == id)
            return std::string(text);
    }
    return std::nullopt;
}

std::string userPriceBookPath() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::string(xdg) + "/clusterplan/pricebook.json";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.config/clusterplan/pricebook.json";
    return "clusterplan-pricebook.json";
}

}  // namespace clusterplan::cost
