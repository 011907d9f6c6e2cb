#pragma once
// The quote book: every quote recorded, numbered and kept, in one SQLite file that the CLI and the
// window share (docs/quotes.md, "The quote book").
//
// - WAL mode (https://sqlite.org/wal.html): readers do not block the writer nor the writer the
//   readers; a process killed in the middle of a write loses only its uncommitted transaction.
//   WAL needs shared memory between the processes, so the book must be on a local file system
//   (same page, "WAL does not work over a network filesystem").
// - Every write is one BEGIN IMMEDIATE transaction with a busy timeout
//   (https://sqlite.org/c3ref/busy_timeout.html): two processes recording at once wait for each
//   other, and the next number is read and written under the same lock, so none is given twice;
//   UNIQUE(number, revision) makes a duplicate impossible even for a writer that does not do so.
// - On open, PRAGMA integrity_check (https://sqlite.org/pragma.html#pragma_integrity_check) runs
//   before anything is written: a damaged book is opened read-only with a warning, a file that is
//   not a database at all is an error, and neither is ever written to.
// - A recorded revision is never changed or deleted (triggers in book_schema.cpp); only its status
//   changes, and every change is kept with its time.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/quotebook/quote_number.h"
#include "core/quotebook/quote_record.h"
#include "core/quotebook/quote_status.h"
#include "core/util/message.h"
#include "core/util/result.h"

namespace clusterplan::quotebook {

class Database;

struct BookOptions {
    std::string prefix = std::string(kDefaultPrefix);  // of the numbers the book proposes
    int busyTimeoutMs = 30000;                         // how long a writer waits for another
};

struct RecordOutcome {
    std::string number;
    std::int64_t revision = 0;
    bool newRevision = false;  // false: the content equals the last revision's; nothing added but files
    // A new revision of an accepted or lost quote (RecordOptions::reviseDecided): the status the
    // previous revision keeps, while the new one is a draft.
    std::optional<StoredStatus> previousDecided;
};

struct RecordOptions {
    // A new revision of a quote whose last revision is accepted or lost: refused unless true
    // (`report --force`, or the window's user said yes), since the new revision is a draft.
    bool reviseDecided = false;
};

// What a damaged book still gives row by row (export-book's rescue).
struct ReadableRevisions {
    std::vector<QuoteRecord> records;
    std::int64_t unreadable = 0;  // revisions known (by their id) whose row could not be read
};

struct ListFilter {
    std::string customer;  // part of the customer's name; empty: every customer
    // "draft", "sent", "accepted", "lost", "expired", "active" or "expiring": the quote's status,
    // which is its last revision's (with allRevisions, a quote's earlier revisions come with it);
    // empty: every status
    std::string status;
    std::string today;  // ISO date the derived statuses are computed for
    // false: the last revision of each number; true: every revision, newest first within a number,
    // each with its lastRevision (supersededBy() says which were replaced)
    bool allRevisions = false;
};

// The statuses `quotes list --status` accepts, in the order the usage names them.
[[nodiscard]] const std::vector<std::string>& listStatuses();

struct MergeOutcome {
    std::int64_t added = 0;        // revisions the book did not have
    std::int64_t present = 0;      // revisions it had with the same content (files and statuses merged)
    std::vector<Error> conflicts;  // revisions it had with other content: the book's kept
};

class QuoteBook {
public:
    // Opens or creates the book at `path` (its folder is created). Errors: the folder cannot be
    // made, the file cannot be opened, it is not a database. A damaged book, a book of a newer
    // schema and a file without write permission open read-only, with warning() saying why.
    static Result<QuoteBook> open(const std::string& path, BookOptions options = {});

    QuoteBook(QuoteBook&&) noexcept;
    QuoteBook& operator=(QuoteBook&&) noexcept;
    ~QuoteBook();

    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] bool readOnly() const { return m_readOnly; }
    [[nodiscard]] const std::optional<Error>& warning() const { return m_warning; }
    [[nodiscard]] int schemaVersion() const { return m_schemaVersion; }

    // Records `record` (recordedAt := now, UTC "YYYY-MM-DDTHH:MM:SSZ"). Without a number: the
    // revision of the same content recorded last, or the next number of the quote's year. With a
    // number: a new revision when the content differs from its last revision's (revision + 1; the
    // first revision the book keeps of a number is the record's own revision, at least 1), none
    // when it is the same; a number whose last revision is another customer's gives a new number
    // (a number is one customer's quote). The record's files are added to the revision either way.
    // A new revision of an accepted or lost quote is refused (error.quotebook.revise_accepted,
    // error.quotebook.revise_lost) unless options.reviseDecided.
    Result<RecordOutcome> record(QuoteRecord record, const std::string& now, RecordOptions options = {});
    // Adds exported files to a recorded revision (a file already listed with the same SHA-256 is
    // not added again).
    Result<bool> addFiles(const std::string& number, std::int64_t revision,
                          const std::vector<ExportedFile>& files, const std::string& now);
    // The number the next quote of `year` would get (it may be taken by then: record() decides).
    Result<std::string> proposeNumber(int year);

    Result<std::vector<QuoteRecord>> list(const ListFilter& filter) const;
    // A revision with its files and status changes; the last one when `revision` is empty.
    Result<QuoteRecord> find(const std::string& number, std::optional<std::int64_t> revision = {}) const;
    // Revisions of `number`, oldest first.
    Result<std::vector<std::int64_t>> revisions(const std::string& number) const;
    // Sets the status of the number's last revision (the others keep theirs).
    Result<RecordOutcome> setStatus(const std::string& number, StoredStatus status, const std::string& now);

    // Every revision with its files and status changes, by number and revision (export).
    Result<std::vector<QuoteRecord>> all() const;
    // all(), or from a book SQLite cannot read whole, every revision that can still be read, one
    // row at a time, and how many could not.
    Result<ReadableRevisions> readable() const;
    // Merges revisions from an export by number and revision: new ones are added as they were
    // (number, revision, dates, status history); ones the book has with the same content get the
    // files and status changes they lack; ones with other content are conflicts. One transaction.
    Result<MergeOutcome> merge(const std::vector<QuoteRecord>& records);

private:
    QuoteBook() = default;
    std::unique_ptr<Database> m_db;
    std::string m_path;
    BookOptions m_options;
    bool m_readOnly = false;
    std::optional<Error> m_warning;
    int m_schemaVersion = 0;
};

}  // namespace clusterplan::quotebook
