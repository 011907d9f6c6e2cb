#include "core/util/number_format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

namespace clusterplan {

std::string formatNumber(double value) {
    if (!std::isfinite(value))
        return "null";  // JSON has no NaN/inf; callers validate before this point
    constexpr double kExactIntegerLimit = 9007199254740992.0;  // 2^53
    if (value == std::floor(value) && std::fabs(value) < kExactIntegerLimit) {
        return std::to_string(static_cast<long long>(value));
    }
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string formatPlain(double value) {
    if (!std::isfinite(value) || value == 0 || std::fabs(value) >= 1)
        return formatNumber(value);
    // The smallest subnormal has about 760 decimals in fixed notation.
    char buffer[800];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    if (result.ec != std::errc())
        return formatNumber(value);
    return std::string(buffer, result.ptr);
}

std::string formatFixed(double value, int decimals) {
    if (!std::isfinite(value))
        return "-";
    // DBL_MAX in fixed notation has 309 integer digits; the buffer holds it with its decimals.
    char buffer[400];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed,
                                      std::clamp(decimals, 0, 17));
    if (result.ec != std::errc())
        return formatNumber(value);
    std::string text(buffer, result.ptr);
    if (text == "-0" || text.rfind("-0.", 0) == 0) {
        // Avoid printing "-0.00" for tiny negative values.
        if (text.find_first_not_of("-0.") == std::string::npos)
            text.erase(0, 1);
    }
    return text;
}

std::string formatGrouped(double value, int decimals) {
    std::string text = formatFixed(value, decimals);
    const std::size_t digits = text.find_first_of("0123456789");
    if (digits == std::string::npos)
        return text;
    const std::size_t end = std::min(text.find('.'), text.size());
    for (std::size_t at = end; at > digits + 3; at -= 3)
        text.insert(at - 3, 1, ',');
    return text;
}

double roundedTo(double value, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

}  // namespace clusterplan
