// Importing a vendor's price list into a price book (cost/price_list_import.cpp,
// util/text_encoding.cpp, util/csv_read.cpp; `clusterplan-cli pricebook import`; issue 23).
// English here, the Chinese in resources/i18n/zh_CN.json. Ids are "error.<area>.<what>" for errors
// and "pricelist.<key>" for the rest.
#include "core/util/message_areas.h"

namespace clusterplan::messages {

namespace {

constexpr MessageTemplate kPriceListMessages[] = {
    MessageTemplate{"error.text.no_converter",
                    "cannot convert from %1: the C library has no converter for it"},
    MessageTemplate{"error.text.not_encoding",
                    "is not valid %1 text (byte %2); give the encoding with --encoding"},
    MessageTemplate{"error.csv.unclosed_quote", "a quoted field is not closed"},
    MessageTemplate{"error.csv.stray_quote", "a quote inside an unquoted field"},
    MessageTemplate{"error.pricelist.no_header", "has no header row"},
    MessageTemplate{"error.pricelist.unknown_column", "unknown column '%1'; known columns: %2"},
    MessageTemplate{"error.pricelist.missing_column", "missing column '%1' (known columns: %2)"},
    MessageTemplate{"error.pricelist.not_number", "is '%1', must be a number"},
    MessageTemplate{"error.pricelist.negative", "is %1, must not be negative"},
    MessageTemplate{"error.pricelist.bad_date", "is '%1', expected YYYY, YYYY-MM or YYYY-MM-DD"},
    MessageTemplate{"error.pricelist.discount_needs_term", "a discount needs the term it applies to"},
    MessageTemplate{"error.pricelist.duplicate", "'%1' is on an earlier row too"},
    MessageTemplate{"error.pricelist.new_term",
                    "term '%1' is not in offer %2: term_months is needed to add it"},
    MessageTemplate{"error.pricelist.new_entry", "%1 '%2' is not in %3: %4 needed to add it"},
    MessageTemplate{"error.pricelist.invalid_entry", "the imported entry is not valid: %1"},
    MessageTemplate{"pricelist.kind.rent", "rent offer"},
    MessageTemplate{"pricelist.kind.purchase", "purchase"},
    // The fields a diff line names (price_list_import.h): a rent offer's list price per unit
    // (GPU-hour or month), a purchase's price of one server, a term's discount.
    MessageTemplate{"pricelist.field.price", "unit price"},
    MessageTemplate{"pricelist.field.node_price", "server price"},
    MessageTemplate{"pricelist.field.discount", "discount"},
    MessageTemplate{"pricelist.changed", "%1 %2: %3 %4 → %5"},
    MessageTemplate{"pricelist.unchanged", "%1 %2: %3 unchanged at %4"},
    MessageTemplate{"pricelist.added", "%1 %2: new, %3 %4"},
    MessageTemplate{"pricelist.term_added", "%1 %2: new term %3 (%4 months), discount %5"},
    MessageTemplate{"pricelist.as_of", "price book %1: prices as of %2 → %3"},
    MessageTemplate{"pricelist.read.comma", "%1: %2 rows read (%3, comma-separated)."},
    MessageTemplate{"pricelist.read.tab", "%1: %2 rows read (%3, tab-separated)."},
    MessageTemplate{"pricelist.read.comma.one", "%1: %2 row read (%3, comma-separated)."},
    MessageTemplate{"pricelist.read.tab.one", "%1: %2 row read (%3, tab-separated)."},
    MessageTemplate{"pricelist.saved", "Saved %1."},
    MessageTemplate{"pricelist.dry_run", "Not saved (--dry-run)."},
    MessageTemplate{"pricelist.not_saved", "Nothing was saved: %1 errors."},
};

}  // namespace

std::span<const MessageTemplate> priceListMessages() {
    return kPriceListMessages;
}

}  // namespace clusterplan::messages
