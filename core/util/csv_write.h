#pragma once
// CSV cells as RFC 4180 §2 defines them: a field holding a comma, a double quote, CR or LF is
// enclosed in double quotes and its quotes doubled. Text is repaired to valid UTF-8 first (see
// utf8.h) so that spreadsheet imports do not stop at a stray byte; numbers must be finite.
#include <string>
#include <string_view>

namespace clusterplan {

std::string csvField(std::string_view text);
// formatNumber(value), or NonFiniteValue naming `column` when the value is NaN or infinite.
std::string csvNumber(double value, std::string_view column);
// formatFixed(value, decimals), with the same guard.
std::string csvFixed(double value, int decimals, std::string_view column);

}  // namespace clusterplan
