#include "core/quotebook/quote_status.h"

#include <chrono>

namespace clusterplan::quotebook {

// ShownStatus lists StoredStatus's values in its order, then Expired.
const char* toString(ShownStatus status) {
    return status == ShownStatus::Expired ? "expired" : toString(static_cast<StoredStatus>(status));
}

std::optional<ShownStatus> parseShownStatus(std::string_view text) {
    if (text == "expired")
        return ShownStatus::Expired;
    const auto stored = parseStoredStatus(text);
    return stored ? std::optional(static_cast<ShownStatus>(*stored)) : std::nullopt;
}

namespace {

std::optional<std::chrono::sys_days> parseIsoDate(std::string_view text) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-')
        return std::nullopt;
    int parts[3] = {0, 0, 0};
    const std::size_t starts[3] = {0, 5, 8}, lengths[3] = {4, 2, 2};
    for (std::size_t p = 0; p < 3; ++p)
        for (std::size_t i = starts[p]; i < starts[p] + lengths[p]; ++i) {
            if (text[i] < '0' || text[i] > '9')
                return std::nullopt;
            parts[p] = parts[p] * 10 + (text[i] - '0');
        }
    const std::chrono::year_month_day date{std::chrono::year(parts[0]),
                                           std::chrono::month(static_cast<unsigned>(parts[1])),
                                           std::chrono::day(static_cast<unsigned>(parts[2]))};
    if (!date.ok())
        return std::nullopt;
    return std::chrono::sys_days(date);
}

}  // namespace

std::optional<std::int64_t> daysLeft(std::string_view validUntil, std::string_view today) {
    const auto end = parseIsoDate(validUntil);
    const auto now = parseIsoDate(today);
    if (!end || !now)
        return std::nullopt;
    return static_cast<std::int64_t>((*end - *now).count());
}

DerivedStatus deriveStatus(StoredStatus stored, std::string_view validUntil, std::string_view today) {
    DerivedStatus out;
    out.daysLeft = daysLeft(validUntil, today);
    const bool open = stored == StoredStatus::Draft || stored == StoredStatus::Sent;
    const bool expired = open && out.daysLeft && *out.daysLeft < 0;
    out.shown = static_cast<ShownStatus>(stored);
    if (expired)
        out.shown = ShownStatus::Expired;
    out.active = stored == StoredStatus::Sent && !expired;
    out.expiring = out.active && out.daysLeft && *out.daysLeft <= kExpiringDays;
    return out;
}

}  // namespace clusterplan::quotebook
