#pragma once
// The quote book's tables and their versions. The `schema_version` table holds one row, the
// version the file is at; migrate() brings an older file up one step at a time inside one write
// transaction, so a book is always at one version or the next, never between. A new book is built
// by the same steps from version 0, so every step runs in every test that makes a book.
//
//   1  quotes (one row per revision; UNIQUE(number, revision); triggers refuse to change a
//      recorded revision's content or to delete one), exported_files (path and SHA-256 per file)
//   2  status_changes: every status a revision was given, and when (filled from quotes.status
//      for books at version 1)
//   3  quotes.recommendation_zh: the recommendation in Chinese beside the English one (empty for
//      the revisions recorded before); the trigger that keeps a revision unchanged covers it
#include "core/quotebook/sqlite_db.h"

namespace clusterplan::quotebook {

inline constexpr int kSchemaVersion = 3;

// The file's version: 0 for a file without the table (a new, empty file).
[[nodiscard]] int schemaVersion(Database& db);
// Runs the steps from the file's version to `target` (≤ kSchemaVersion) in one BEGIN IMMEDIATE
// transaction, re-reading the version inside it: two processes opening a new book at once build
// it once. Throws SqliteError.
void migrate(Database& db, int target = kSchemaVersion);

}  // namespace clusterplan::quotebook
