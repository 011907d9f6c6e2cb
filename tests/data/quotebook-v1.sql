-- A quote book at schema version 1, as ClusterPlan wrote it before status_changes (version 2):
-- the statements of core/quotebook/book_schema.cpp's first step, then two revisions of one quote
-- and an exported file. test_quotebook.cpp opens it and expects it migrated, nothing lost.
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version (version) VALUES (1);
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
INSERT INTO quotes VALUES (1, 'Q-2026-0007', 1, 'Q', 2026, 7, '星河智算', 'Li Wei', 'Zhang Min',
    '2026-01-05', '2026-02-04', 'draft', 'CNY', 6000000, 6360000, NULL, NULL,
    '1 × 8 NVIDIA A100; TP 1 x PP 1 x DP 8', 'cn-seed-2026', '2026', '{"schema": "clusterplan.scenario/1"}',
    'v1-fingerprint-1', '2026-01-05T08:00:00Z');
INSERT INTO quotes VALUES (2, 'Q-2026-0007', 2, 'Q', 2026, 7, '星河智算', 'Li Wei', 'Zhang Min',
    '2026-01-09', '2026-02-08', 'sent', 'CNY', 5800000, 6148000, NULL, NULL,
    '1 × 8 NVIDIA A100; TP 1 x PP 1 x DP 8', 'cn-seed-2026', '2026', '{"schema": "clusterplan.scenario/1", "x": 1}',
    'v1-fingerprint-2', '2026-01-09T08:00:00Z');
INSERT INTO exported_files VALUES (2, '/home/sales/Q-2026-0007-r2.pdf',
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', '2026-01-09T08:00:01Z');
