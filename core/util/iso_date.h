#pragma once
// ISO 8601 calendar dates as the files write them: "2026-05-14", and for an as-of date also a
// month "2026-05" or a year "2026", which count from their first day.
#include <chrono>
#include <optional>
#include <string_view>

namespace clusterplan {

// The day of "YYYY-MM-DD"; with `partial`, also "YYYY-MM" and "YYYY" (their first day). Nothing for
// anything else, or a day that does not exist ("2026-02-30").
[[nodiscard]] std::optional<std::chrono::sys_days> parseIsoDay(std::string_view text, bool partial = false);

}  // namespace clusterplan
