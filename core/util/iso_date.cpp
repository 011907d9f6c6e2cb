#include "core/util/iso_date.h"

namespace clusterplan {

std::optional<std::chrono::sys_days> parseIsoDay(std::string_view text, bool partial) {
    if (text.size() != 10 && !(partial && (text.size() == 4 || text.size() == 7)))
        return std::nullopt;
    // Year, month and day at offsets 0, 5 and 8, each followed by '-' or the end.
    int parts[3] = {0, 1, 1};
    const std::size_t starts[3] = {0, 5, 8}, lengths[3] = {4, 2, 2};
    for (std::size_t p = 0; p < 3 && starts[p] < text.size(); ++p) {
        const std::size_t end = starts[p] + lengths[p];
        if (end > text.size() || (end < text.size() && text[end] != '-'))
            return std::nullopt;
        int value = 0;
        for (std::size_t i = starts[p]; i < end; ++i) {
            if (text[i] < '0' || text[i] > '9')
                return std::nullopt;
            value = value * 10 + (text[i] - '0');
        }
        parts[p] = value;
    }
    const std::chrono::year_month_day day{std::chrono::year(parts[0]),
                                          std::chrono::month(static_cast<unsigned>(parts[1])),
                                          std::chrono::day(static_cast<unsigned>(parts[2]))};
    if (!day.ok())
        return std::nullopt;
    return std::chrono::sys_days(day);
}

}  // namespace clusterplan
