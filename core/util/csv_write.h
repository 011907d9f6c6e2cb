#pragma once
// CSV cells as RFC 4180 §2 defines them: a field holding a comma, a double quote, CR or LF is
// enclosed in double quotes and its quotes doubled. Text is repaired to valid UTF-8 first (see
// utf8.h) so that spreadsheet imports do not stop at a stray byte; numbers must be finite.
#include <optional>
#include <string>
#include <string_view>

namespace clusterplan {

std::string csvField(std::string_view text);
// A text cell a spreadsheet could run as a formula (OWASP "CSV Injection": a cell starting with
// = + - @, tab or CR) gets a leading apostrophe: `'=1+1` for "=1+1"; other text is unchanged.
std::string csvGuardFormula(std::string_view text);
// csvField of the guarded text: every text cell a user typed (a customer's name, a note).
std::string csvTextField(std::string_view text);
// The byte-order mark rule of every CSV the product writes: a file holding any non-ASCII text
// (Chinese names, "×") or written for a Chinese reader starts with the UTF-8 BOM, since Excel on
// Windows reads BOM-less UTF-8 in the system's code page (GBK on Chinese Windows); a pure-ASCII
// English file has none. `forced` (--bom / --no-bom) decides instead when given.
bool csvWantsByteOrderMark(std::string_view contents, bool chinese,
                           std::optional<bool> forced = std::nullopt);
inline constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";
// formatNumber(value), or NonFiniteValue naming `column` when the value is NaN or infinite.
std::string csvNumber(double value, std::string_view column);
// formatFixed(value, decimals), with the same guard.
std::string csvFixed(double value, int decimals, std::string_view column);

}  // namespace clusterplan
