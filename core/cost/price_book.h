#pragma once
// Price books: where the cost engine's prices come from. A book has a currency, parameter values
// (overriding the defaults of cost_parameters.h for its region), purchase prices of servers per GPU
// type and rent offers; every entry names its `source` and `as_of` date. The built-in books
// (resources/pricebooks/*.json, embedded at build time) are loaded first; user files are merged
// on top like the GPU catalog: a book with a new id is added, a book with an existing id gets the
// file's entries, an entry with an existing id (a parameter's key) replacing the old one. Bad
// entries are skipped and reported as Diagnostics (file, key, reason); a malformed file or book
// header is an Error.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/cost/money.h"
#include "core/cost/rent_offer.h"
#include "core/util/diagnostic.h"  // Diagnostic
#include "core/util/result.h"

namespace clusterplan::cost {

inline constexpr std::string_view kPriceBookSchema = "clusterplan.pricebook/1";

struct ParameterEntry {
    std::string key;  // a parameterSpecs() key
    double value = 0;
    std::string source;
    std::string asOf;
    std::string grade;  // A, B, C, Asm (grades as in cost_parameters.h)
    bool operator==(const ParameterEntry&) const = default;
};

// Buying one server of a GPU type: its price, size, maximum power and resale share at 36 months.
struct PurchaseEntry {
    std::string id;
    std::string name;
    std::string nameZh;  // the name a Chinese quote prints; empty: `name`
    std::vector<std::string> gpus;
    double nodePrice = 0;
    std::optional<double> nodePriceLow;
    std::optional<double> nodePriceHigh;
    int gpusPerNode = 8;
    double nodeMaxKw = 0;
    std::optional<double> residualAt36Months;
    std::string source;
    std::string asOf;
    std::string notes;
    bool operator==(const PurchaseEntry&) const = default;
};

struct PriceBook {
    std::string id;
    std::string name;
    std::string nameZh;  // the name the Chinese window and quote show; empty: `name`
    std::string region;
    Currency currency = Currency::Usd;
    std::string source;
    std::string asOf;
    std::string notes;
    // Quotes priced on the book are marked stale this many days after its as_of (prices age).
    int staleAfterDays = 90;
    std::vector<ParameterEntry> parameters;
    std::vector<PurchaseEntry> purchases;
    std::vector<RentOffer> rentOffers;

    [[nodiscard]] const ParameterEntry* parameter(std::string_view key) const;
    [[nodiscard]] const PurchaseEntry* purchaseFor(std::string_view gpuId) const;
    [[nodiscard]] const RentOffer* offer(std::string_view offerId) const;
    [[nodiscard]] std::vector<const RentOffer*> offersFor(std::string_view gpuId) const;
    // The offer marked default for the GPU, else the first offer renting it, else nullptr.
    [[nodiscard]] const RentOffer* defaultOfferFor(std::string_view gpuId) const;
};

inline constexpr int kDefaultStaleAfterDays = 90;

// Days from a book's or an entry's `as_of` ("2026", "2026-05", "2026-05-14") to `today`
// ("YYYY-MM-DD"): a year or a month counts from its first day. Nothing when either is not a date.
[[nodiscard]] std::optional<long> daysSinceAsOf(std::string_view asOf, std::string_view today);
// Whether the book's prices are older than its stale_after_days on `today`.
[[nodiscard]] bool isStale(const PriceBook& book, std::string_view today);

class PriceBooks {
public:
    // The built-in books. Never fails at run time: tests guarantee the shipped JSON parses.
    static PriceBooks builtin();

    Result<bool> mergeFile(const std::string& path);
    Result<bool> mergeJson(std::string_view json, const std::string& fileLabel);

    [[nodiscard]] const PriceBook* book(std::string_view id) const;
    [[nodiscard]] std::vector<std::string> ids() const;
    [[nodiscard]] const std::vector<PriceBook>& books() const { return m_books; }
    [[nodiscard]] const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }

private:
    std::vector<PriceBook> m_books;  // in load order
    std::vector<Diagnostic> m_diagnostics;
};

// The user price book path: $XDG_CONFIG_HOME/clusterplan/pricebook.json (or ~/.config/...).
std::string userPriceBookPath();

// The file text of the built-in book `id` (resources/pricebooks/), or nothing: the starting point
// of a user's book that a vendor's price list updates (the same id replaces the built-in book).
std::optional<std::string> builtinPriceBookJson(std::string_view id);

}  // namespace clusterplan::cost
