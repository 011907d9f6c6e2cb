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

std::string csvNumber(double value, std::string_view column) {
    return formatNumber(requireFinite(value, column));
}

std::string csvFixed(double value, int decimals, std::string_view column) {
    return formatFixed(requireFinite(value, column), decimals);
}

}  // namespace clusterplan
