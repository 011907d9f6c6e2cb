#pragma once
// "Did you mean" support: the candidate with the smallest Levenshtein distance.
#include <string>
#include <string_view>
#include <vector>

#include "core/util/message.h"

namespace clusterplan {

std::size_t editDistance(std::string_view a, std::string_view b);
// The closest candidate, or empty if none is within half the length of `wanted` (+2).
std::string closestId(std::string_view wanted, const std::vector<std::string>& candidates);
// "unknown GPU id 'a100' (closest: 'a100-sxm-80gb')".
std::string unknownIdMessage(std::string_view what, std::string_view wanted,
                             const std::vector<std::string>& candidates);
// The same as a catalog message, for the window to translate: `id` + ".closest" ("unknown GPU id
// '%1' (closest: '%2')") or `id` + ".list" (no close candidate). `more` follow: %3, %4, ... after a
// closest one, %2, %3, ... in a list variant.
Message unknownIdReason(std::string_view id, std::string_view wanted,
                        const std::vector<std::string>& candidates, std::vector<std::string> more = {});

}  // namespace clusterplan
