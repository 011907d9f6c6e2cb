#include "core/quotebook/book_schema.h"

#include <array>
#include <string>

namespace clusterplan::quotebook {

namespace {

// Step i brings a book from version i to version i + 1. Written once, never edited: a book
// written by an older ClusterPlan went through exactly these statements.
constexpr std::array<const char*, kSchemaVersion> kSteps = {
    // 0 -> 1
    R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version (version) VALUES (0);
CREATE TABLE quotes (
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL CHECK (number <> ''),
    revision INTEGER NOT NULL CHECK (revision >= 1),
    number_prefix TEXT,
    number_year INTEGER,
    number_sequence INTEGER,
    customer TEXT NOT NULL,
    contact TEXT NOT NULL,
    prepared_by TEXT NOT NULL,
    created TEXT NOT NULL,
    valid_until TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('draft', 'sent', 'accepted', 'lost')),
    currency TEXT NOT NULL,
    rent_amount_cents INTEGER,
    rent_gross_cents INTEGER,
    buy_amount_cents INTEGER,
    buy_gross_cents INTEGER,
    recommendation TEXT NOT NULL,
    price_book_id TEXT NOT NULL,
    price_book_as_of TEXT NOT NULL,
    scenario_json TEXT NOT NULL,
    content_sha256 TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    UNIQUE (number, revision)
);
CREATE INDEX quotes_by_sequence ON quotes (number_prefix, number_year, number_sequence);
CREATE INDEX quotes_by_customer ON quotes (customer);
CREATE TABLE exported_files (
    quote_id INTEGER NOT NULL REFERENCES quotes (id),
    path TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    UNIQUE (quote_id, path, sha256)
);
CREATE TRIGGER quotes_revision_never_changes
BEFORE UPDATE OF number, revision, number_prefix, number_year, number_sequence, customer, contact,
    prepared_by, created, valid_until, currency, rent_amount_cents, rent_gross_cents,
    buy_amount_cents, buy_gross_cents, recommendation, price_book_id, price_book_as_of,
    scenario_json, content_sha256, recorded_at ON quotes
BEGIN
    SELECT RAISE(ABORT, 'a recorded revision never changes: record a new revision');
END;
CREATE TRIGGER quotes_never_deleted BEFORE DELETE ON quotes
BEGIN
    SELECT RAISE(ABORT, 'a recorded revision is never deleted');
END;
)sql",
    // 1 -> 2
    R"sql(
CREATE TABLE status_changes (
    quote_id INTEGER NOT NULL REFERENCES quotes (id),
    status TEXT NOT NULL CHECK (status IN ('draft', 'sent', 'accepted', 'lost')),
    changed_at TEXT NOT NULL
);
CREATE INDEX status_changes_by_quote ON status_changes (quote_id);
INSERT INTO status_changes (quote_id, status, changed_at) SELECT id, status, recorded_at FROM quotes;
)sql",
    // 2 -> 3
    R"sql(
ALTER TABLE quotes ADD COLUMN recommendation_zh TEXT NOT NULL DEFAULT '';
DROP TRIGGER quotes_revision_never_changes;
CREATE TRIGGER quotes_revision_never_changes
BEFORE UPDATE OF number, revision, number_prefix, number_year, number_sequence, customer, contact,
    prepared_by, created, valid_until, currency, rent_amount_cents, rent_gross_cents,
    buy_amount_cents, buy_gross_cents, recommendation, recommendation_zh, price_book_id,
    price_book_as_of, scenario_json, content_sha256, recorded_at ON quotes
BEGIN
    SELECT RAISE(ABORT, 'a recorded revision never changes: record a new revision');
END;
)sql",
};

}  // namespace

int schemaVersion(Database& db) {
    Statement table(db,
                    "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_version'");
    table.step();
    if (table.integer(0) == 0)
        return 0;
    Statement version(db, "SELECT max(version) FROM schema_version");
    return version.step() ? static_cast<int>(version.integer(0)) : 0;
}

void migrate(Database& db, int target) {
    WriteTransaction transaction(db);
    int version = schemaVersion(db);
    for (; version < target; ++version) {
        db.exec(kSteps[static_cast<std::size_t>(version)]);
        db.exec("UPDATE schema_version SET version = " + std::to_string(version + 1));
    }
    transaction.commit();
}

}  // namespace clusterplan::quotebook
