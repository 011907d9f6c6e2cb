#include "core/quotebook/quote_status.h"

#include "core/util/iso_date.h"

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

std::optional<std::int64_t> daysLeft(std::string_view validUntil, std::string_view today) {
    const auto end = parseIsoDay(validUntil);
    const auto now = parseIsoDay(today);
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
