#pragma once
// A thin RAII layer over the SQLite C API (https://sqlite.org/c3ref/intro.html): a connection, a
// prepared statement with bound parameters, and a transaction that rolls back unless committed.
// Failures throw SqliteError with SQLite's own message; the quote book turns them into Results.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace clusterplan::quotebook {

struct SqliteError : std::runtime_error {
    SqliteError(int result, const std::string& what) : std::runtime_error(what), code(result) {}
    int code;  // SQLite's primary result code (SQLITE_BUSY, SQLITE_CORRUPT, SQLITE_NOTADB, ...)
};

class Database {
public:
    // Immutable: read-only without locks, journal or WAL (the URI parameter immutable=1,
    // https://sqlite.org/uri.html#uriimmutable): nothing is created beside the file, which suits a
    // file nobody writes (no -wal file beside it) or that cannot be written at all.
    enum class Mode { ReadWriteCreate, ReadWrite, ReadOnly, Immutable };
    Database(const std::string& path, Mode mode);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    void exec(const std::string& sql);
    // How long a statement waits for another connection's lock before SQLITE_BUSY.
    void setBusyTimeout(int milliseconds);
    // Whether SQLite opened the file read-only (asked for, or the file is not writable).
    [[nodiscard]] bool readOnly() const;
    [[nodiscard]] sqlite3* handle() const { return m_db; }
    [[nodiscard]] std::int64_t lastInsertRowId() const;
    [[nodiscard]] std::int64_t changes() const;

private:
    sqlite3* m_db = nullptr;
};

class Statement {
public:
    Statement(Database& db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Parameters from 1, as ?1, ?2 ... in the SQL.
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, std::int64_t value);
    Statement& bindNull(int index);
    Statement& bind(int index, const std::optional<std::int64_t>& value);
    // The next row: true while there is one. Throws on an error.
    bool step();
    // step() once, for statements without rows.
    void run();
    void reset();

    [[nodiscard]] std::string text(int column) const;
    [[nodiscard]] std::int64_t integer(int column) const;
    [[nodiscard]] bool isNull(int column) const;

private:
    sqlite3* m_db;
    sqlite3_stmt* m_stmt = nullptr;
};

// BEGIN IMMEDIATE takes the write lock at once (https://sqlite.org/lang_transaction.html): a
// second writer waits in the busy handler there, before it has read anything, so a number it
// proposes next is computed after the first writer's commit. Rolls back unless commit() was called.
class WriteTransaction {
public:
    explicit WriteTransaction(Database& db);
    ~WriteTransaction();
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;
    void commit();

private:
    Database& m_db;
    bool m_done = false;
};

}  // namespace clusterplan::quotebook
