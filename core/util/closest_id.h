#pragma once
// "Did you mean" support: the candidate with the smallest Levenshtein distance.
#include <string>
#include <string_view>
#include <vector>

namespace clusterplan {

std::size_t editDistance(std::string_view a, std::string_view b);
// The closest candidate, or empty if none is within half the length of `wanted` (+2).
std::string closestId(std::string_view wanted, const std::vector<std::string>& candidates);
// "unknown GPU id 'a100' (closest: 'a100-sxm-80gb')".
std::string unknownIdMessage(std::string_view what, std::string_view wanted,
                             const std::vector<std::string>& candidates);

}  // namespace clusterplan
