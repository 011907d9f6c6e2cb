#pragma once
// A strict RFC 4180 reader, written for the tests so that CSV output is checked by code that does
// not share anything with the writer: records end with CRLF or LF; a field is either plain (no
// quote, comma, CR or LF) or enclosed in double quotes with inner quotes doubled (§2 rules 5-7).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clusterplan::testing {

using CsvRecord = std::vector<std::string>;

// The records, or nullopt when the text is not RFC 4180 (stray quote, unterminated field).
std::optional<std::vector<CsvRecord>> readCsv(std::string_view text);

}  // namespace clusterplan::testing
