#include "core/quotebook/quote_book.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string_view>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <tuple>
#include <unistd.h>

#include "core/quotebook/book_schema.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/quotebook/sqlite_db.h"
#include "core/util/messages_file_errors.h"

namespace clusterplan::quotebook {

namespace {

// The revision's columns (the table is "q"), then the number's last revision.
constexpr const char* kColumns =
    "q.id, q.number, q.revision, q.customer, q.contact, q.prepared_by, q.created, q.valid_until, q.status, "
    "q.currency, q.rent_amount_cents, q.rent_gross_cents, q.buy_amount_cents, q.buy_gross_cents, "
    "q.recommendation, q.price_book_id, q.price_book_as_of, q.scenario_json, q.recorded_at, "
    "q.recommendation_zh, (SELECT max(revision) FROM quotes x WHERE x.number = q.number)";

std::optional<OfferTotals> totalsAt(const Statement& row, int column) {
    if (row.isNull(column) || row.isNull(column + 1))
        return std::nullopt;
    return OfferTotals{row.integer(column), row.integer(column + 1)};
}

std::pair<std::int64_t, QuoteRecord> readRow(const Statement& row) {
    QuoteRecord r;
    r.number = row.text(1);
    r.revision = row.integer(2);
    r.customer = row.text(3);
    r.contact = row.text(4);
    r.preparedBy = row.text(5);
    r.created = row.text(6);
    r.validUntil = row.text(7);
    r.status = parseStoredStatus(row.text(8)).value_or(StoredStatus::Draft);  // CHECK allows no other
    r.currency = row.text(9);
    r.rent = totalsAt(row, 10);
    r.buy = totalsAt(row, 12);
    r.recommendation = row.text(14);
    r.priceBookId = row.text(15);
    r.priceBookAsOf = row.text(16);
    r.scenarioJson = row.text(17);
    r.recordedAt = row.text(18);
    r.recommendationZh = row.text(19);
    r.lastRevision = row.integer(20);
    return {row.integer(0), std::move(r)};
}

void readDetails(Database& db, std::int64_t id, QuoteRecord& r) {
    Statement files(db, "SELECT path, sha256 FROM exported_files WHERE quote_id = ?1 ORDER BY rowid");
    files.bind(1, id);
    while (files.step())
        r.files.push_back({files.text(0), files.text(1)});
    Statement changes(db, "SELECT status, changed_at FROM status_changes WHERE quote_id = ?1 ORDER BY rowid");
    changes.bind(1, id);
    while (changes.step())
        r.statusChanges.push_back(
            {parseStoredStatus(changes.text(0)).value_or(StoredStatus::Draft), changes.text(1)});
}

void insertFiles(Database& db, std::int64_t id, const std::vector<ExportedFile>& files,
                 const std::string& now) {
    Statement insert(db, "INSERT OR IGNORE INTO exported_files (quote_id, path, sha256, recorded_at) "
                         "VALUES (?1, ?2, ?3, ?4)");
    for (const ExportedFile& f : files) {
        insert.reset();
        insert.bind(1, id).bind(2, f.path).bind(3, f.sha256).bind(4, now).run();
    }
}

void insertStatusChange(Database& db, std::int64_t id, StoredStatus status, const std::string& at) {
    Statement insert(db, "INSERT INTO status_changes (quote_id, status, changed_at) VALUES (?1, ?2, ?3)");
    insert.bind(1, id).bind(2, toString(status)).bind(3, at).run();
}

// Inserts the revision as it is (number, revision, status, recordedAt); returns its row id.
std::int64_t insertRevision(Database& db, const QuoteRecord& r, const std::string& fingerprint) {
    const auto parsed = parseQuoteNumber(r.number);
    Statement insert(
        db,
        "INSERT INTO quotes (number, revision, number_prefix, number_year, number_sequence, customer, "
        "contact, "
        "prepared_by, created, valid_until, status, currency, rent_amount_cents, rent_gross_cents, "
        "buy_amount_cents, buy_gross_cents, recommendation, price_book_id, price_book_as_of, scenario_json, "
        "content_sha256, recorded_at, recommendation_zh) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
        "?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)");
    insert.bind(1, r.number).bind(2, r.revision);
    if (parsed)
        insert.bind(3, parsed->prefix).bind(4, std::int64_t{parsed->year}).bind(5, parsed->sequence);
    else
        insert.bindNull(3).bindNull(4).bindNull(5);
    insert.bind(6, r.customer)
        .bind(7, r.contact)
        .bind(8, r.preparedBy)
        .bind(9, r.created)
        .bind(10, r.validUntil);
    insert.bind(11, toString(r.status)).bind(12, r.currency);
    insert.bind(13, r.rent ? std::optional(r.rent->amountCents) : std::nullopt)
        .bind(14, r.rent ? std::optional(r.rent->grossCents) : std::nullopt);
    insert.bind(15, r.buy ? std::optional(r.buy->amountCents) : std::nullopt)
        .bind(16, r.buy ? std::optional(r.buy->grossCents) : std::nullopt);
    insert.bind(17, r.recommendation)
        .bind(18, r.priceBookId)
        .bind(19, r.priceBookAsOf)
        .bind(20, r.scenarioJson);
    insert.bind(21, fingerprint).bind(22, r.recordedAt).bind(23, r.recommendationZh).run();
    return db.lastInsertRowId();
}

// The row id, revision and fingerprint of the number's last revision.
struct LastRevision {
    std::int64_t id = 0;
    std::int64_t revision = 0;
    std::string fingerprint;
    std::string customer;
    StoredStatus status = StoredStatus::Draft;
};
std::optional<LastRevision> lastRevision(Database& db, const std::string& number) {
    Statement last(db, "SELECT id, revision, content_sha256, customer, status FROM quotes WHERE number = ?1 "
                       "ORDER BY revision DESC LIMIT 1");
    last.bind(1, number);
    if (!last.step())
        return std::nullopt;
    return LastRevision{last.integer(0), last.integer(1), last.text(2), last.text(3),
                        parseStoredStatus(last.text(4)).value_or(StoredStatus::Draft)};
}

std::int64_t nextSequence(Database& db, const std::string& prefix, int year) {
    Statement max(db, "SELECT coalesce(max(number_sequence), 0) FROM quotes WHERE number_prefix = ?1 AND "
                      "number_year = ?2");
    max.bind(1, prefix).bind(2, std::int64_t{year});
    max.step();
    return max.integer(0) + 1;
}

// The year of an ISO date, else of `now`.
int yearOf(const std::string& date, const std::string& now) {
    for (const std::string* text : {&date, &now})
        if (text->size() >= 4 &&
            std::all_of(text->begin(), text->begin() + 4, [](char c) { return c >= '0' && c <= '9'; }))
            return std::stoi(text->substr(0, 4));
    return 1970;
}

// PRAGMA journal_mode=WAL takes an exclusive lock for a moment; two processes creating the book
// together may find it taken (SQLITE_BUSY without the busy handler), so it is retried.
void enableWal(Database& db) {
    for (int attempt = 0;; ++attempt) {
        try {
            Statement mode(db, "PRAGMA journal_mode=WAL");
            mode.step();
            return;
        } catch (const SqliteError& e) {
            if (e.code != SQLITE_BUSY || attempt >= 600)
                throw;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
}

// "ok", or SQLite's first complaints joined.
std::string integrityProblems(Database& db) {
    Statement check(db, "PRAGMA integrity_check(5)");
    std::string problems;
    while (check.step()) {
        const std::string line = check.text(0);
        if (line != "ok")
            problems += (problems.empty() ? "" : "; ") + line;
    }
    return problems;
}

// A file SQLite would refuse as "not a database", told without opening it (which could leave
// -wal/-shm files beside it): not empty and without the 16-byte header string "SQLite format 3\0"
// (https://sqlite.org/fileformat2.html#the_database_header). An empty file is an empty database.
bool notADatabase(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;  // SQLite says why it cannot open it
    char header[16] = {};
    in.read(header, sizeof header);
    const auto got = in.gcount();
    return got > 0 && (got < static_cast<std::streamsize>(sizeof header) ||
                       std::string_view(header, sizeof header) != std::string_view("SQLite format 3\0", 16));
}

// Whether this process may change the book: the file and its folder writable (WAL creates files
// beside the book). The permission bits are read too, because access() answers yes to root.
bool writableBook(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return true;  // a new book: its folder decides when it is created
    const auto folder = std::filesystem::path(path).parent_path();
    const std::string dir = folder.empty() ? std::string(".") : folder.string();
    return ::access(path.c_str(), W_OK) == 0 && (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) != 0 &&
           ::access(dir.c_str(), W_OK) == 0;
}

// Removes the -wal and -shm files a read-only look created beside a book that turned out damaged
// or unreadable: nothing is left beside such a file that was not there before.
void removeCreatedSidecars(const std::string& path, bool walBefore, bool shmBefore) {
    std::error_code ec;
    if (!walBefore)
        std::filesystem::remove(path + "-wal", ec);
    if (!shmBefore)
        std::filesystem::remove(path + "-shm", ec);
}

}  // namespace

const std::vector<std::string>& listStatuses() {
    static const std::vector<std::string> statuses = {"draft",   "sent",   "accepted", "lost",
                                                      "expired", "active", "expiring"};
    return statuses;
}

QuoteBook::QuoteBook(QuoteBook&&) noexcept = default;
QuoteBook& QuoteBook::operator=(QuoteBook&&) noexcept = default;
QuoteBook::~QuoteBook() = default;

Result<QuoteBook> QuoteBook::open(const std::string& path, BookOptions options) {
    if (!validPrefix(options.prefix))
        return inputError("--quote-prefix", msg::kErrorQuotebookBadPrefix, {options.prefix});
    QuoteBook book;
    book.m_path = path;
    book.m_options = options;
    std::error_code ec;
    const bool exists = std::filesystem::exists(path, ec);
    try {
        if (exists) {
            if (notADatabase(path))
                return inputError(path, msg::kErrorQuotebookUnreadable, {"file is not a database"});
            const bool walBefore = std::filesystem::exists(path + "-wal", ec);
            const bool shmBefore = std::filesystem::exists(path + "-shm", ec);
            // A book this process cannot change is read as it is on disk: immutable (no lock, no
            // -wal or -shm created) unless a -wal beside it holds commits not yet in the file.
            const bool writable = writableBook(path);
            const Database::Mode lookMode =
                writable || walBefore ? Database::Mode::ReadOnly : Database::Mode::Immutable;
            // Looked at read-only first: a damaged file is never written, not even by SQLite's
            // recovery of a WAL left by a killed process or by the checkpoint on close.
            auto look = std::make_unique<Database>(path, lookMode);
            look->setBusyTimeout(options.busyTimeoutMs);
            std::string problems;
            int version = 0;
            try {
                problems = integrityProblems(*look);
                version = quotebook::schemaVersion(*look);
            } catch (const SqliteError& e) {
                if (e.code == SQLITE_BUSY)
                    throw;
                look.reset();
                removeCreatedSidecars(path, walBefore, shmBefore);
                return inputError(path, msg::kErrorQuotebookUnreadable, {e.what()});
            }
            if (!problems.empty() || version > kSchemaVersion || !writable) {
                if (!problems.empty() && lookMode == Database::Mode::ReadOnly && !walBefore) {
                    // Nothing to recover from a WAL: read the damaged file as it is, and leave
                    // nothing beside it.
                    look.reset();
                    removeCreatedSidecars(path, walBefore, shmBefore);
                    look = std::make_unique<Database>(path, Database::Mode::Immutable);
                }
                book.m_db = std::move(look);
                book.m_readOnly = true;
                book.m_schemaVersion = version;
                book.m_warning = !problems.empty() ? inputError(path, msg::kErrorQuotebookDamaged, {problems})
                                 : version > kSchemaVersion
                                     ? inputError(path, msg::kErrorQuotebookNewer,
                                                  {std::to_string(version), std::to_string(kSchemaVersion)})
                                     : inputError(path, msg::kErrorQuotebookNotWritable);
                return book;
            }
        } else {
            const auto folder = std::filesystem::path(path).parent_path();
            if (!folder.empty() && !std::filesystem::create_directories(folder, ec) && ec)
                return inputError(path, msg::kErrorQuotebookCannotCreateFolder,
                                  {folder.string(), ec.message()});
        }
        book.m_db = std::make_unique<Database>(path, Database::Mode::ReadWriteCreate);
        book.m_db->setBusyTimeout(options.busyTimeoutMs);
        if (book.m_db->readOnly()) {
            book.m_readOnly = true;
            book.m_warning = inputError(path, msg::kErrorQuotebookNotWritable);
            book.m_schemaVersion = quotebook::schemaVersion(*book.m_db);
            return book;
        }
        enableWal(*book.m_db);
        // synchronous stays FULL (SQLite's default): in WAL mode a commit is then durable across a
        // power cut too, not only across a crash of the process
        // (https://sqlite.org/pragma.html#pragma_synchronous).
        book.m_db->exec("PRAGMA foreign_keys = ON");
        if (quotebook::schemaVersion(*book.m_db) < kSchemaVersion)
            migrate(*book.m_db);
        book.m_schemaVersion = quotebook::schemaVersion(*book.m_db);
    } catch (const SqliteError& e) {
        return inputError(path, msg::kErrorQuotebookCannotOpen, {e.what()});
    }
    return book;
}

namespace {

Error readOnlyError(const std::string& path, const std::optional<Error>& why) {
    return inputError(path, msg::kErrorQuotebookReadOnly, {why ? why->message : std::string()});
}

Error sqlError(const std::string& path, const SqliteError& e) {
    return inputError(path, msg::kErrorQuotebookWriteFailed, {e.what()});
}

Error readError(const std::string& path, const SqliteError& e) {
    return inputError(path, msg::kErrorQuotebookReadFailed, {e.what()});
}

}  // namespace

Result<RecordOutcome> QuoteBook::record(QuoteRecord r, const std::string& now, RecordOptions options) {
    if (m_readOnly)
        return readOnlyError(m_path, m_warning);
    try {
        WriteTransaction transaction(*m_db);
        const std::string fingerprint = contentFingerprint(r);
        r.recordedAt = now;
        RecordOutcome outcome;
        std::optional<LastRevision> last;
        if (r.number.empty()) {
            // The same content recorded before without a number: that revision, if still the last.
            Statement same(*m_db,
                           "SELECT number FROM quotes WHERE content_sha256 = ?1 ORDER BY id DESC LIMIT 1");
            same.bind(1, fingerprint);
            if (same.step())
                if (auto found = lastRevision(*m_db, same.text(0));
                    found && found->fingerprint == fingerprint) {
                    r.number = same.text(0);
                    last = found;
                }
            if (r.number.empty()) {
                const int year = yearOf(r.created, now);
                r.number =
                    formatQuoteNumber({m_options.prefix, year, nextSequence(*m_db, m_options.prefix, year)});
                r.revision = 1;
            }
        } else {
            last = lastRevision(*m_db, r.number);
            // A number is one customer's quote: the same scenario quoted to another customer (the
            // window keeps the number it was given) is a new quote, not a revision of theirs.
            if (last && last->customer != r.customer) {
                last.reset();
                const int year = yearOf(r.created, now);
                r.number =
                    formatQuoteNumber({m_options.prefix, year, nextSequence(*m_db, m_options.prefix, year)});
                r.revision = 1;
            }
        }
        std::int64_t id = 0;
        if (last && last->fingerprint == fingerprint) {
            id = last->id;
            outcome = {r.number, last->revision, false, std::nullopt};
        } else {
            // A decided quote (accepted or lost) revised would become a draft again, out of the
            // accepted ones: only when asked.
            if (last && !options.reviseDecided &&
                (last->status == StoredStatus::Accepted || last->status == StoredStatus::Lost))
                return inputError(r.number,
                                  last->status == StoredStatus::Accepted ? msg::kErrorQuotebookReviseAccepted
                                                                         : msg::kErrorQuotebookReviseLost,
                                  {r.number, std::to_string(last->revision)});
            r.revision = last ? last->revision + 1 : std::max<std::int64_t>(1, r.revision);
            id = insertRevision(*m_db, r, fingerprint);
            insertStatusChange(*m_db, id, r.status, now);
            outcome = {r.number, r.revision, true, std::nullopt};
            if (last && (last->status == StoredStatus::Accepted || last->status == StoredStatus::Lost))
                outcome.previousDecided = last->status;
        }
        insertFiles(*m_db, id, r.files, now);
        transaction.commit();
        return outcome;
    } catch (const SqliteError& e) {
        return sqlError(m_path, e);
    }
}

Result<bool> QuoteBook::addFiles(const std::string& number, std::int64_t revision,
                                 const std::vector<ExportedFile>& files, const std::string& now) {
    if (m_readOnly)
        return readOnlyError(m_path, m_warning);
    try {
        WriteTransaction transaction(*m_db);
        Statement find(*m_db, "SELECT id FROM quotes WHERE number = ?1 AND revision = ?2");
        find.bind(1, number).bind(2, revision);
        if (!find.step())
            return inputError(number, msg::kErrorQuotebookNoQuote, {number + "/" + std::to_string(revision)});
        insertFiles(*m_db, find.integer(0), files, now);
        transaction.commit();
        return true;
    } catch (const SqliteError& e) {
        return sqlError(m_path, e);
    }
}

Result<std::string> QuoteBook::proposeNumber(int year) {
    try {
        return formatQuoteNumber({m_options.prefix, year, nextSequence(*m_db, m_options.prefix, year)});
    } catch (const SqliteError& e) {
        return readError(m_path, e);
    }
}

Result<std::vector<QuoteRecord>> QuoteBook::list(const ListFilter& filter) const {
    // The quote's status is its last revision's (the one setStatus() changes): with every
    // revision, a quote's earlier ones are listed or left out with it, by that status.
    std::string sql = std::string("SELECT ") + kColumns +
                      ", l.status, l.valid_until FROM quotes q JOIN quotes l ON l.number = q.number AND "
                      "l.revision = (SELECT max(revision) FROM quotes WHERE number = q.number) WHERE "
                      "instr(lower(q.customer), lower(?1)) > 0";
    if (!filter.allRevisions)
        sql += " AND q.revision = l.revision";
    sql += " ORDER BY q.created DESC, q.number DESC, q.revision DESC";
    try {
        Statement rows(*m_db, sql);
        rows.bind(1, filter.customer);
        std::vector<QuoteRecord> out;
        while (rows.step()) {
            auto [id, r] = readRow(rows);
            const DerivedStatus derived = deriveStatus(
                parseStoredStatus(rows.text(21)).value_or(StoredStatus::Draft), rows.text(22), filter.today);
            const std::string& want = filter.status;
            const bool keep = want.empty() || want == toString(derived.shown) ||
                              (want == "active" && derived.active) ||
                              (want == "expiring" && derived.expiring);
            if (!keep)
                continue;
            readDetails(*m_db, id, r);
            out.push_back(std::move(r));
        }
        return out;
    } catch (const SqliteError& e) {
        return readError(m_path, e);
    }
}

Result<std::vector<std::int64_t>> QuoteBook::revisions(const std::string& number) const {
    try {
        Statement rows(*m_db, "SELECT revision FROM quotes WHERE number = ?1 ORDER BY revision");
        rows.bind(1, number);
        std::vector<std::int64_t> out;
        while (rows.step())
            out.push_back(rows.integer(0));
        if (out.empty())
            return inputError(number, msg::kErrorQuotebookNoQuote, {number});
        return out;
    } catch (const SqliteError& e) {
        return readError(m_path, e);
    }
}

Result<QuoteRecord> QuoteBook::find(const std::string& number, std::optional<std::int64_t> revision) const {
    auto known = revisions(number);
    if (!known)
        return known.error();
    const std::int64_t wanted = revision.value_or(known->back());
    try {
        Statement row(*m_db, std::string("SELECT ") + kColumns +
                                 " FROM quotes q WHERE number = ?1 AND revision = ?2");
        row.bind(1, number).bind(2, wanted);
        if (!row.step())
            return inputError(number, msg::kErrorQuotebookNoRevision,
                              {number, std::to_string(wanted), std::to_string(known->back())});
        auto [id, r] = readRow(row);
        readDetails(*m_db, id, r);
        return r;
    } catch (const SqliteError& e) {
        return readError(m_path, e);
    }
}

Result<RecordOutcome> QuoteBook::setStatus(const std::string& number, StoredStatus status,
                                           const std::string& now) {
    if (m_readOnly)
        return readOnlyError(m_path, m_warning);
    try {
        WriteTransaction transaction(*m_db);
        const auto last = lastRevision(*m_db, number);
        if (!last)
            return inputError(number, msg::kErrorQuotebookNoQuote, {number});
        Statement update(*m_db, "UPDATE quotes SET status = ?1 WHERE id = ?2");
        update.bind(1, toString(status)).bind(2, last->id).run();
        insertStatusChange(*m_db, last->id, status, now);
        transaction.commit();
        return RecordOutcome{number, last->revision, false, std::nullopt};
    } catch (const SqliteError& e) {
        return sqlError(m_path, e);
    }
}

Result<std::vector<QuoteRecord>> QuoteBook::all() const {
    try {
        Statement rows(*m_db, std::string("SELECT ") + kColumns + " FROM quotes q ORDER BY number, revision");
        std::vector<QuoteRecord> out;
        while (rows.step()) {
            auto [id, r] = readRow(rows);
            readDetails(*m_db, id, r);
            out.push_back(std::move(r));
        }
        return out;
    } catch (const SqliteError& e) {
        return readError(m_path, e);
    }
}

Result<ReadableRevisions> QuoteBook::readable() const {
    auto whole = all();
    if (whole)
        return ReadableRevisions{std::move(whole).value(), 0};
    // The ids of every revision some part of the file still names: the quotes table as far as a
    // scan gets, its (number, revision) index, and the status changes and files that point at one.
    std::set<std::int64_t> ids;
    for (const char* sql : {"SELECT id FROM quotes", "SELECT id FROM quotes ORDER BY number, revision",
                            "SELECT quote_id FROM status_changes", "SELECT quote_id FROM exported_files"}) {
        try {
            Statement rows(*m_db, sql);
            while (rows.step())
                ids.insert(rows.integer(0));
        } catch (const SqliteError&) {
            // a damaged page ends this source; the others may reach further
        }
    }
    ReadableRevisions out;
    for (const std::int64_t id : ids) {
        try {
            Statement row(*m_db, std::string("SELECT ") + kColumns + " FROM quotes q WHERE q.id = ?1");
            row.bind(1, id);
            if (!row.step()) {
                ++out.unreadable;
                continue;
            }
            auto [rowId, r] = readRow(row);
            try {
                readDetails(*m_db, rowId, r);
            } catch (const SqliteError&) {
                // The revision itself is whole; its files and status history are not all readable.
                r.files.clear();
                r.statusChanges.clear();
            }
            out.records.push_back(std::move(r));
        } catch (const SqliteError&) {
            ++out.unreadable;
        }
    }
    if (out.records.empty())
        return whole.error();
    std::sort(out.records.begin(), out.records.end(), [](const QuoteRecord& a, const QuoteRecord& b) {
        return std::tie(a.number, a.revision) < std::tie(b.number, b.revision);
    });
    return out;
}

Result<MergeOutcome> QuoteBook::merge(const std::vector<QuoteRecord>& records) {
    if (m_readOnly)
        return readOnlyError(m_path, m_warning);
    try {
        WriteTransaction transaction(*m_db);
        MergeOutcome outcome;
        for (const QuoteRecord& r : records) {
            const std::string fingerprint = contentFingerprint(r);
            Statement find(*m_db,
                           "SELECT id, content_sha256 FROM quotes WHERE number = ?1 AND revision = ?2");
            find.bind(1, r.number).bind(2, r.revision);
            std::int64_t id = 0;
            if (!find.step()) {
                id = insertRevision(*m_db, r, fingerprint);
                ++outcome.added;
            } else if (find.text(1) == fingerprint) {
                id = find.integer(0);
                ++outcome.present;
            } else {
                outcome.conflicts.push_back(inputError(r.number + "/" + std::to_string(r.revision),
                                                       msg::kErrorQuotebookConflict,
                                                       {std::to_string(r.revision), r.number}));
                continue;
            }
            insertFiles(*m_db, id, r.files, r.recordedAt);
            Statement known(*m_db,
                            "SELECT count(*) FROM status_changes WHERE quote_id = ?1 AND status = ?2 AND "
                            "changed_at = ?3");
            for (const StatusChange& change : r.statusChanges) {
                known.reset();
                known.bind(1, id).bind(2, toString(change.status)).bind(3, change.at);
                known.step();
                if (known.integer(0) == 0)
                    insertStatusChange(*m_db, id, change.status, change.at);
            }
            // The status is the one changed last, whichever book it was changed in.
            Statement latest(*m_db,
                             "UPDATE quotes SET status = (SELECT status FROM status_changes WHERE quote_id = "
                             "?1 ORDER BY changed_at DESC, rowid DESC LIMIT 1) WHERE id = ?1 AND EXISTS "
                             "(SELECT 1 FROM status_changes WHERE quote_id = ?1)");
            latest.bind(1, id).run();
        }
        transaction.commit();
        return outcome;
    } catch (const SqliteError& e) {
        return sqlError(m_path, e);
    }
}

}  // namespace clusterplan::quotebook
