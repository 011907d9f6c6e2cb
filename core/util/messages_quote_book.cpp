// The quote book's errors, labels and sentences (core/quotebook/, `clusterplan-cli quotes`;
// docs/quotes.md, "The quote book"). English here, the Chinese in resources/i18n/zh_CN.json.
// Ids are "error.quotebook.<what>" for errors and "quotebook.<key>" for the rest.
#include "core/util/message_areas.h"

namespace clusterplan::messages {

namespace {

constexpr MessageTemplate kQuoteBookMessages[] = {
    // Opening the book (quotebook/quote_book.cpp, quotebook/book_path.cpp); %1 of several is
    // SQLite's own reason.
    MessageTemplate{"error.quotebook.no_home",
                    "neither XDG_DATA_HOME nor HOME is set: give the quote book's path with --quote-book"},
    MessageTemplate{"error.quotebook.cannot_create_folder", "cannot create the folder '%1': %2"},
    MessageTemplate{"error.quotebook.cannot_open", "cannot open the quote book: %1"},
    MessageTemplate{"error.quotebook.unreadable",
                    "is not a readable quote book (%1); the file was left unchanged. Move it away to start "
                    "a new book, or give another path with --quote-book"},
    MessageTemplate{"error.quotebook.damaged",
                    "failed SQLite's integrity check (%1); the book was opened read-only and left unchanged. "
                    "Export what can be read with \"quotes export-book\", then move the file away"},
    MessageTemplate{
        "error.quotebook.newer",
        "has schema version %1; this version of ClusterPlan reads versions up to %2. The book was "
        "opened read-only; update ClusterPlan to change it"},
    MessageTemplate{"error.quotebook.read_only", "the quote book is open read-only, nothing was changed: %1"},
    MessageTemplate{"error.quotebook.write_failed", "the quote book was not changed: %1"},
    MessageTemplate{"error.quotebook.read_failed", "cannot read the quote book: %1"},
    // Finding and changing quotes
    MessageTemplate{"error.quotebook.no_quote", "no quote numbered '%1' in the book"},
    MessageTemplate{"error.quotebook.no_revision", "quote %1 has no revision %2 (it has revisions 1 to %3)"},
    MessageTemplate{"error.quotebook.bad_number",
                    "is '%1', expected NUMBER or NUMBER/REVISION, e.g. Q-2026-0043/2"},
    MessageTemplate{"error.quotebook.bad_prefix", "is '%1': 1 to 16 letters, digits and inner '-'"},
    MessageTemplate{"error.quotebook.conflict",
                    "revision %1 of %2 in the file differs from the book's; the book's was kept"},
    MessageTemplate{"error.quotebook.bad_amount",
                    "is '%1', expected an amount with two decimals, e.g. 1224000.50"},
    // Labels of `quotes list` and `quotes show`
    MessageTemplate{"quotebook.col_number", "Number"},
    MessageTemplate{"quotebook.col_revision", "Rev."},
    // `quotes list --all-revisions`: one column, "Q-2026-0043/2"
    MessageTemplate{"quotebook.col_number_revision", "Number/Rev."},
    MessageTemplate{"quotebook.col_customer", "Customer"},
    MessageTemplate{"quotebook.col_status", "Status"},
    MessageTemplate{"quotebook.col_date", "Date"},
    MessageTemplate{"quotebook.col_valid_until", "Valid until"},
    MessageTemplate{"quotebook.col_currency", "Currency"},
    MessageTemplate{"quotebook.col_rent", "Rent incl. VAT"},
    MessageTemplate{"quotebook.col_buy", "Buy incl. VAT"},
    MessageTemplate{"quotebook.col_recommendation", "Recommended"},
    MessageTemplate{"quotebook.col_prices", "Prices"},
    MessageTemplate{"quotebook.prices_current", "current"},
    MessageTemplate{"quotebook.prices_stale", "stale (%1 days old)"},
    MessageTemplate{"quotebook.prices_superseded", "superseded by the book of %1"},
    MessageTemplate{"quotebook.list_separator", ", "},
    MessageTemplate{"quotebook.summary_old_prices", "%1 quotes priced on a stale or superseded price book."},
    MessageTemplate{"quotebook.summary_old_prices.one",
                    "%1 quote priced on a stale or superseded price book."},
    MessageTemplate{"quotebook.status.draft", "draft"},
    MessageTemplate{"quotebook.status.sent", "sent"},
    MessageTemplate{"quotebook.status.accepted", "accepted"},
    MessageTemplate{"quotebook.status.lost", "lost"},
    MessageTemplate{"quotebook.status.expired", "expired"},
    MessageTemplate{"quotebook.expiring", "%1, expires in %2 days"},
    MessageTemplate{"quotebook.expiring.one", "%1, expires in %2 day"},
    MessageTemplate{"quotebook.summary",
                    "%1 quotes: %2 active, %3 expiring within 7 days, %4 expired, %5 accepted"},
    MessageTemplate{"quotebook.summary.one",
                    "%1 quote: %2 active, %3 expiring within 7 days, %4 expired, %5 accepted"},
    MessageTemplate{"quotebook.none", "No quote in the book matches."},
    // A revision that a later revision of its number replaced (%1: that revision), and the line
    // under a list of every revision.
    MessageTemplate{"quotebook.superseded_by", "superseded by /%1"},
    MessageTemplate{"quotebook.summary_revisions",
                    "%1 revisions listed, %2 of them superseded by a later one."},
    MessageTemplate{"quotebook.summary_revisions.one", "%1 revision listed, %2 superseded by a later one."},
    MessageTemplate{"quotebook.contact", "Contact"},
    MessageTemplate{"quotebook.prepared_by", "Prepared by"},
    MessageTemplate{"quotebook.price_book", "Price book"},
    MessageTemplate{"quotebook.as_of", "%1, as of %2"},
    MessageTemplate{"quotebook.rent", "Rent"},
    MessageTemplate{"quotebook.buy", "Buy"},
    MessageTemplate{"quotebook.amounts", "%1 excl. VAT, %2 incl. VAT"},
    MessageTemplate{"quotebook.recorded_at", "Recorded"},
    MessageTemplate{"quotebook.files", "Exported files"},
    MessageTemplate{"quotebook.revisions", "Revisions"},
    MessageTemplate{"quotebook.status_changes", "Status changes"},
    // What the commands did
    MessageTemplate{"quotebook.recorded", "Recorded in the quote book %1 as %2, revision %3."},
    // Before the book's error, when `report` wrote its files but could not record them.
    MessageTemplate{"quotebook.not_recorded", "warning: not recorded: "},
    MessageTemplate{"quotebook.files_not_recorded", "warning: files not recorded: "},
    MessageTemplate{"quotebook.unchanged",
                    "The quote book %1 already holds this quote as %2, revision %3: no new revision."},
    MessageTemplate{"quotebook.status_set", "%1, revision %2, is now %3."},
    MessageTemplate{"quotebook.exported", "%1 revisions of %2 quotes written to %3."},
    MessageTemplate{"quotebook.imported",
                    "%1 revisions added, %2 already in the book, %3 in conflict (the book's kept)."},
};

}  // namespace

std::span<const MessageTemplate> quoteBookMessages() {
    return kQuoteBookMessages;
}

}  // namespace clusterplan::messages
