#pragma once
// One revision of a quote as the quote book keeps it (docs/quotes.md, "The quote book"): who it is
// for, its dates and status, the offer's totals as the quote document computed them (never
// recomputed here), the recommended layout and cluster, the price book it was priced on, the
// scenario as saved, and the files exported from it with their SHA-256.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/util/language.h"

namespace clusterplan::quotebook {

// The status a user sets. "expired", "active" and "expiring" are derived from the validity date
// (quote_status.h), never stored.
enum class StoredStatus { Draft, Sent, Accepted, Lost };

[[nodiscard]] const char* toString(StoredStatus status);  // "draft", "sent", "accepted", "lost"
[[nodiscard]] std::optional<StoredStatus> parseStoredStatus(std::string_view text);

// An option's totals in cents of the quote's currency: excluding and including VAT.
struct OfferTotals {
    std::int64_t amountCents = 0;  // 不含税金额
    std::int64_t grossCents = 0;   // 价税合计
    bool operator==(const OfferTotals&) const = default;
};

struct ExportedFile {
    std::string path;    // absolute, as written
    std::string sha256;  // of the file's bytes, 64 hex digits
    bool operator==(const ExportedFile&) const = default;
};

struct StatusChange {
    StoredStatus status = StoredStatus::Draft;
    std::string at;  // UTC, "2026-03-12T09:41:07Z"
    bool operator==(const StatusChange&) const = default;
};

struct QuoteRecord {
    std::string number;  // "Q-2026-0043"
    std::int64_t revision = 1;
    std::string customer;
    std::string contact;
    std::string preparedBy;
    std::string created;     // the quote's date, ISO 8601 "2026-03-12"
    std::string validUntil;  // ISO 8601, inclusive
    StoredStatus status = StoredStatus::Draft;
    std::string currency;  // "CNY", "USD"
    std::optional<OfferTotals> rent;
    std::optional<OfferTotals> buy;
    // The recommended cluster and layout in one line, in English and in Chinese (the quote
    // document's verdict has both: quote/quote_document.h), so a list shows it in its reader's
    // language whatever language the quote was exported in. `recommendationZh` is
    // empty in revisions recorded before schema version 3, which kept English only.
    std::string recommendation;
    std::string recommendationZh;
    std::string priceBookId;
    std::string priceBookAsOf;
    std::string scenarioJson;  // the scenario as saved
    std::vector<ExportedFile> files;
    std::string recordedAt;                   // UTC, "2026-03-12T09:41:07Z"; set by the book
    std::vector<StatusChange> statusChanges;  // oldest first; read from the book
    // The number's last revision in the book when this one was read (QuoteBook::list, find, all);
    // 0 in a record not read from a book. Neither content nor exported: a fact of the book.
    std::int64_t lastRevision = 0;
};

// The revision that supersedes `record` (the number's last, when it is a later one); nothing for
// the last revision itself and for a record not read from a book.
[[nodiscard]] std::optional<std::int64_t> supersededBy(const QuoteRecord& record);

// "Q-2026-0043/2": the number and revision as `quotes show NUMBER/REV` takes them.
[[nodiscard]] std::string numberAndRevision(const QuoteRecord& record);

// The recommendation in `lang`; English where the revision has no Chinese line (recorded before
// schema version 3).
[[nodiscard]] const std::string& recommendationIn(const QuoteRecord& record, Lang lang);

// The fingerprint of what a revision says (everything but its number, revision, status, files and
// the time it was recorded): recording a quote whose fingerprint equals its last revision's makes
// no new revision. The scenario's own "quote.number" and "quote.revision" are left out: they name
// the quote (the window writes the book's back into the scenario), they are not its content. The
// Chinese recommendation is left out too: it says what the English one says, and a revision
// recorded before it was kept has the fingerprint it had then.
[[nodiscard]] std::string contentFingerprint(const QuoteRecord& record);

}  // namespace clusterplan::quotebook
