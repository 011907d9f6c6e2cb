#include "core/quotebook/sqlite_db.h"

#include <sqlite3.h>

namespace clusterplan::quotebook {

namespace {

[[noreturn]] void raise(sqlite3* db, int code) {
    const char* message = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
    throw SqliteError(code & 0xff, message ? message : sqlite3_errstr(code));
}

// "file:PATH?immutable=1" with the characters a URI gives a meaning to escaped (RFC 3986 §2.1;
// SQLite decodes %HH in the path, https://sqlite.org/uri.html).
std::string immutableUri(const std::string& path) {
    std::string uri = "file:";
    for (const char c : path) {
        if (c == '%' || c == '?' || c == '#') {
            static constexpr char kHex[] = "0123456789ABCDEF";
            const auto byte = static_cast<unsigned char>(c);
            uri += '%';
            uri += kHex[byte >> 4];
            uri += kHex[byte & 0xF];
        } else {
            uri += c;
        }
    }
    return uri + "?immutable=1";
}

}  // namespace

Database::Database(const std::string& path, Mode mode) {
    const int flags = mode == Mode::ReadOnly    ? SQLITE_OPEN_READONLY
                      : mode == Mode::Immutable ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                      : mode == Mode::ReadWrite ? SQLITE_OPEN_READWRITE
                                                : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    const std::string name = mode == Mode::Immutable ? immutableUri(path) : path;
    const int rc = sqlite3_open_v2(name.c_str(), &m_db, flags | SQLITE_OPEN_FULLMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        const std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        sqlite3_close(m_db);
        m_db = nullptr;
        throw SqliteError(rc & 0xff, message);
    }
    sqlite3_extended_result_codes(m_db, 0);
}

Database::~Database() {
    sqlite3_close_v2(m_db);
}

void Database::exec(const std::string& sql) {
    char* error = nullptr;
    const int rc = sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        const std::string message = error ? error : sqlite3_errstr(rc);
        sqlite3_free(error);
        throw SqliteError(rc & 0xff, message);
    }
}

void Database::setBusyTimeout(int milliseconds) {
    sqlite3_busy_timeout(m_db, milliseconds);
}
bool Database::readOnly() const {
    return sqlite3_db_readonly(m_db, "main") == 1;
}

std::int64_t Database::lastInsertRowId() const {
    return sqlite3_last_insert_rowid(m_db);
}
std::int64_t Database::changes() const {
    return sqlite3_changes(m_db);
}

Statement::Statement(Database& db, std::string_view sql) : m_db(db.handle()) {
    const int rc = sqlite3_prepare_v2(m_db, sql.data(), static_cast<int>(sql.size()), &m_stmt, nullptr);
    if (rc != SQLITE_OK)
        raise(m_db, rc);
}

Statement::~Statement() {
    sqlite3_finalize(m_stmt);
}

Statement& Statement::bind(int index, std::string_view text) {
    // SQLITE_TRANSIENT: SQLite copies the text, so the caller's string may go.
    const int rc =
        sqlite3_bind_text(m_stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    if (rc != SQLITE_OK)
        raise(m_db, rc);
    return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
    if (const int rc = sqlite3_bind_int64(m_stmt, index, value); rc != SQLITE_OK)
        raise(m_db, rc);
    return *this;
}

Statement& Statement::bindNull(int index) {
    if (const int rc = sqlite3_bind_null(m_stmt, index); rc != SQLITE_OK)
        raise(m_db, rc);
    return *this;
}

Statement& Statement::bind(int index, const std::optional<std::int64_t>& value) {
    return value ? bind(index, *value) : bindNull(index);
}

bool Statement::step() {
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    raise(m_db, rc);
}

void Statement::run() {
    while (step()) {
    }
}

void Statement::reset() {
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

std::string Statement::text(int column) const {
    const auto* data = sqlite3_column_text(m_stmt, column);
    const int size = sqlite3_column_bytes(m_stmt, column);
    return data ? std::string(reinterpret_cast<const char*>(data), static_cast<std::size_t>(size))
                : std::string();
}

std::int64_t Statement::integer(int column) const {
    return sqlite3_column_int64(m_stmt, column);
}
bool Statement::isNull(int column) const {
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

WriteTransaction::WriteTransaction(Database& db) : m_db(db) {
    m_db.exec("BEGIN IMMEDIATE");
}

WriteTransaction::~WriteTransaction() {
    if (!m_done) {
        try {
            m_db.exec("ROLLBACK");
        } catch (const SqliteError&) {
            // The transaction is already gone (SQLite rolls back on some errors by itself).
        }
    }
}

void WriteTransaction::commit() {
    m_db.exec("COMMIT");
    m_done = true;
}

}  // namespace clusterplan::quotebook
