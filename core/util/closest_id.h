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
// The same as a catalog message, for the window to translate: `closest` ("unknown GPU id '%1'
// (closest: '%2')", msg::kErrorUnknownGpuIdClosest) or `list` when no candidate is close
// (msg::kErrorUnknownGpuIdList).
Message unknownIdReason(const MessageId<2>& closest, const MessageId<1>& list, std::string_view wanted,
                        const std::vector<std::string>& candidates);
// The same with one more argument, `more`: %3 after a closest one, %2 in the list variant.
Message unknownIdReason(const MessageId<3>& closest, const MessageId<2>& list, std::string_view wanted,
                        const std::vector<std::string>& candidates, std::string more);

}  // namespace clusterplan
