#include "core/util/text_columns.h"

#include <algorithm>

#include "core/util/number_format.h"

namespace clusterplan {

std::string padLeft(const std::string& text, std::size_t width) {
    return std::string(width - std::min(width, text.size()), ' ') + text;
}

std::string percent(double fraction) {
    return (fraction >= 0 ? "+" : "") + formatFixed(100 * fraction, 1) + " %";
}

std::string seconds(double s) {
    return formatFixed(s, s < 10 ? 3 : 1) + " s";
}

}  // namespace clusterplan
