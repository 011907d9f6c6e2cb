#pragma once
// Small statistics shared by the validation report and the profile fit.
#include <cstddef>
#include <vector>

namespace clusterplan {

// Arithmetic mean; 0 for an empty list.
inline double mean(const std::vector<double>& v) {
    double sum = 0;
    for (double x : v)
        sum += x;
    return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

// The p-th percentile (0 to 100) of values sorted ascending, interpolated linearly between the closest
// ranks (NumPy's default "linear" method); 0 for an empty list.
inline double percentileOfSorted(const std::vector<double>& sorted, double p) {
    if (sorted.empty())
        return 0;
    const double rank = p / 100.0 * static_cast<double>(sorted.size() - 1);
    const auto low = static_cast<std::size_t>(rank);
    const std::size_t high = low + 1 < sorted.size() ? low + 1 : low;
    const double weight = rank - static_cast<double>(low);
    return sorted[low] + weight * (sorted[high] - sorted[low]);
}

}  // namespace clusterplan
