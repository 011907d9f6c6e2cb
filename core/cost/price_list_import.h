#pragma once
// A vendor's price list (CSV, UTF-8 or GBK, comma- or tab-separated) applied to a price-book file
// (`clusterplan-cli pricebook import LIST.csv --book BOOK.json`). One row per price:
//
//   kind       rent | purchase (租用 | 购买)
//   id         the rent offer's or purchase entry's id in the book; a new id adds an entry
//   price      rent: list price per unit (per GPU-hour, or per month for monthly units);
//              purchase: price of one server
//   name, gpu, unit (gpu_hour | gpu_month | server_month | slice_month), gpus_per_server,
//   node_max_kw: needed for an id the book does not have yet
//   term, term_months, discount: a rent term's discount (0.15 = 85折); a new term needs its months
//   source, as_of: where the price comes from and when; default: the list's file name and the
//   import's date
//
// Columns are found by their header, in any order; Chinese headers as vendors write them are
// accepted too (类型, 编号, 名称, 单价, 计价单位, 合同期, 月数, 折扣, 每台卡数, 每台功率kw, 来源, 日期).
// Every row is checked before anything changes; each error names the line and the column.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/message.h"
#include "core/util/result.h"

namespace clusterplan::cost {

struct PriceListRow {
    std::size_t line = 0;
    bool rent = true;  // else a purchase
    std::string id, name, gpu, unit, term, source, asOf;
    double price = 0;
    std::optional<double> discount;
    std::optional<std::int64_t> termMonths, gpusPerServer;
    std::optional<double> nodeMaxKw;
};

struct PriceList {
    std::vector<PriceListRow> rows;
    std::vector<Error> errors;  // "LIST.csv:4: price: is '-5', ..."; rows with errors are left out
    std::string encoding;       // "utf-8" or "gbk"
    char delimiter = ',';
    std::size_t dataRows = 0;  // rows under the header, good and bad
};

// `encoding`: "auto", "utf-8" or "gbk". An unreadable file (encoding, unclosed quote, no header,
// missing column) is an Error; bad rows are in PriceList::errors.
Result<PriceList> readPriceList(std::string_view bytes, std::string_view encoding, const std::string& label);
// "Nothing was saved: 3 errors." (one error: "1 error.").
[[nodiscard]] Message notSavedMessage(std::size_t errors);
// "LIST.csv: 5 rows read (UTF-8, comma-separated).": what was read, before its errors and changes.
Message priceListReadMessage(const PriceList& list, const std::string& label);

struct PriceBookUpdate {
    std::string json;           // the new book file, pretty-printed
    std::vector<Message> diff;  // one line per change, in row order, then the book's as_of
    std::vector<Error> errors;  // rows that cannot apply (a new entry without its fields)
};

// The price-book file `bookJson` with the rows applied and its as_of set to `asOf`; the result is
// read back with the price-book reader (merged over the built-in books, as the CLI and the window
// load it) and any entry it would skip is an error. A changed price replaces the entry's price
// range (price_low/high), and each row's entry gets the row's source (default: the file name of `listLabel`)
// and as_of (default: `asOf`). Errors of rows name `listLabel` and the line.
PriceBookUpdate applyPriceList(std::string_view bookJson, const std::string& bookLabel,
                               const std::vector<PriceListRow>& rows, const std::string& listLabel,
                               const std::string& asOf);

}  // namespace clusterplan::cost
