#pragma once
// Reading CSV (RFC 4180: fields separated by a delimiter, a field in double quotes may hold the
// delimiter, line breaks and "" for a quote), comma- or tab-separated as spreadsheets save it.
// Each row keeps the line it starts on, for errors that name it.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/result.h"

namespace clusterplan {

struct CsvRow {
    std::size_t line = 0;  // 1-based line of the file the row starts on
    std::vector<std::string> fields;
};

// '\t' when the first line holds a tab (outside quotes), else ','.
[[nodiscard]] char detectDelimiter(std::string_view text);
// Every row, blank lines left out; an unclosed quote, or a quote inside an unquoted field, is an
// error naming `label` and its line.
Result<std::vector<CsvRow>> readCsv(std::string_view text, char delimiter, const std::string& label);

}  // namespace clusterplan
