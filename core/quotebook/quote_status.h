#pragma once
// A quote's status as a list shows it: the stored status (draft, sent, accepted, lost), with
// "expired" derived from the validity date for draft and sent quotes only (an accepted or lost
// quote stays so). "Active" = sent and not expired; "expiring" = active with at most 7 days left,
// as vendors' quote dashboards count them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/quotebook/quote_record.h"

namespace clusterplan::quotebook {

inline constexpr std::int64_t kExpiringDays = 7;

// StoredStatus's values in the same order, then Expired.
enum class ShownStatus { Draft, Sent, Accepted, Lost, Expired };

[[nodiscard]] const char* toString(ShownStatus status);  // "draft", ..., "expired"
[[nodiscard]] std::optional<ShownStatus> parseShownStatus(std::string_view text);

// Days from `today` to `validUntil` (ISO dates): 0 on the last valid day, negative after it.
// Nothing when either is not a valid "YYYY-MM-DD".
[[nodiscard]] std::optional<std::int64_t> daysLeft(std::string_view validUntil, std::string_view today);

struct DerivedStatus {
    ShownStatus shown = ShownStatus::Draft;
    bool active = false;    // sent, not expired
    bool expiring = false;  // active, at most kExpiringDays left
    std::optional<std::int64_t> daysLeft;
};

// A quote without a readable validity date never expires.
[[nodiscard]] DerivedStatus deriveStatus(StoredStatus stored, std::string_view validUntil,
                                         std::string_view today);

}  // namespace clusterplan::quotebook
