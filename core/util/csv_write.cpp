#include "core/util/csv_write.h"

#include "core/util/non_finite.h"
#include "core/util/number_format.h"
#include "core/util/utf8.h"

namespace clusterplan {

std::string csvField(std::string_view text) {
    const std::string valid = repairUtf8(text);
    if (valid.find_first_of(",\"\r\n") == std::string::npos)
        return valid;
    std::string out = "\"";
    for (const char c : valid) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string csvGuardFormula(std::string_view text) {
    if (!text.empty() && (text[0] == '=' || text[0] == '+' || text[0] == '-' || text[0] == '@' ||
                          text[0] == '\t' || text[0] == '\r'))
        return "'" + std::string(text);
    return std::string(text);
}

std::string csvTextField(std::string_view text) {
    return csvField(csvGuardFormula(text));
}

bool csvWantsByteOrderMark(std::string_view contents, bool chinese, std::optional<bool> forced) {
    if (forced)
        return *forced;
    if (chinese)
        return true;
    for (const char c : contents)
        if (static_cast<unsigned char>(c) >= 0x80)
            return true;
    return false;
}

std::string csvNumber(double value, std::string_view column) {
    return formatNumber(requireFinite(value, column));
}

std::string csvFixed(double value, int decimals, std::string_view column) {
    return formatFixed(requireFinite(value, column), decimals);
}

}  // namespace clusterplan
