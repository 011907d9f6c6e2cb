#pragma once
// Small statistics shared by the validation report and the profile fit.
#include <vector>

namespace clusterplan {

// Arithmetic mean; 0 for an empty list.
inline double mean(const std::vector<double>& v) {
    double sum = 0;
    for (double x : v)
        sum += x;
    return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

}  // namespace clusterplan
