#pragma once
// CSV as spreadsheet programs read it: RFC 4180 (fields quoted by util/csv_write.h
// csvField, CRLF line ends), UTF-8 with an optional byte-order mark for
// Excel, '.' as the decimal separator. A cell starting with = + - @, tab or CR would run as a
// formula in a spreadsheet (OWASP "CSV Injection"): such text cells get a leading apostrophe.
// Numbers are written as numbers (a negative amount keeps its minus sign).
#include <string>
#include <string_view>
#include <vector>

#include "core/util/result.h"

namespace clusterplan::csv {

struct Cell {
    std::string text;
    bool number = false;  // written as is; text cells are guarded against formula injection
};

struct Table {
    std::vector<std::string> header;  // with units, e.g. "step_time_s"
    std::vector<std::vector<Cell>> rows;
};

[[nodiscard]] Cell text(std::string value);
[[nodiscard]] Cell number(double value);  // shortest round-trip form, C locale
[[nodiscard]] Cell integer(std::int64_t value);
[[nodiscard]] Cell money(std::int64_t cents);  // "1234.50"

// `'=1+1` for "=1+1"; unchanged otherwise.
[[nodiscard]] std::string guardFormula(std::string_view cell);
[[nodiscard]] std::string toCsv(const Table& table, bool byteOrderMark = false);

// RFC 4180 reader (used by the tests to read exports back; util/csv_read.h): a BOM is skipped,
// quoted fields may hold commas, quotes and line breaks, blank lines are left out. Errors name the
// line.
Result<std::vector<std::vector<std::string>>> parseCsv(std::string_view text);

}  // namespace clusterplan::csv
