#include "core/util/closest_id.h"

#include <algorithm>
#include <numeric>

namespace clusterplan {

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string closestId(std::string_view wanted, const std::vector<std::string>& candidates) {
    // Score: edit distance, ties broken by the longer common prefix ("tpp" → "tp", not "pp").
    // A candidate that starts with what was typed ("h100" → "h100-sxm-80gb") counts as distance 1.
    std::string best;
    std::size_t bestDistance = wanted.size() / 2 + 2;
    std::size_t bestPrefix = 0;
    for (const auto& c : candidates) {
        const bool startsWith = !wanted.empty() && c.rfind(wanted, 0) == 0;
        const std::size_t distance = startsWith ? 1 : editDistance(wanted, c);
        std::size_t prefix = 0;
        while (prefix < wanted.size() && prefix < c.size() && wanted[prefix] == c[prefix])
            ++prefix;
        if (distance < bestDistance || (distance == bestDistance && !best.empty() && prefix > bestPrefix)) {
            bestDistance = distance;
            bestPrefix = prefix;
            best = c;
        }
    }
    return best;
}

std::string unknownIdMessage(std::string_view what, std::string_view wanted,
                             const std::vector<std::string>& candidates) {
    std::string message = "unknown " + std::string(what) + " '" + std::string(wanted) + "'";
    const std::string closest = closestId(wanted, candidates);
    if (!closest.empty())
        message += " (closest: '" + closest + "')";
    else
        message += " (run `clusterplan-cli presets` for the list)";
    return message;
}

Message unknownIdReason(const MessageId<2>& closest, const MessageId<1>& list, std::string_view wanted,
                        const std::vector<std::string>& candidates) {
    std::string near = closestId(wanted, candidates);
    if (near.empty())
        return makeMessage(list, {std::string(wanted)});
    return makeMessage(closest, {std::string(wanted), std::move(near)});
}

Message unknownIdReason(const MessageId<3>& closest, const MessageId<2>& list, std::string_view wanted,
                        const std::vector<std::string>& candidates, std::string more) {
    std::string near = closestId(wanted, candidates);
    if (near.empty())
        return makeMessage(list, {std::string(wanted), std::move(more)});
    return makeMessage(closest, {std::string(wanted), std::move(near), std::move(more)});
}

}  // namespace clusterplan
