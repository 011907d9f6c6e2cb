#pragma once
// The Pareto front of a set of layouts in any two of their figures: smaller is better on the first
// (memory per GPU, cost per million tokens, days), larger on the second (tokens/s). The search marks
// its own front in memory against step time (Candidate::pareto); a view that plots the layouts
// against another figure asks for the front in that figure, so that the line it draws joins the
// points of its own plot (the memory front drawn against cost cut across the cloud).
#include <cstddef>
#include <vector>

namespace clusterplan {

struct FrontPoint {
    double lowerIsBetter = 0;   // x: memory, cost, days
    double higherIsBetter = 0;  // y: tokens/s
};

// The indices of the points no other point dominates (another point at most as large in x and at
// least as large in y, better in one of them), ordered by x. Of equal points the first is kept.
// Points with a non-finite figure are left out.
[[nodiscard]] std::vector<std::size_t> paretoFront(const std::vector<FrontPoint>& points);

}  // namespace clusterplan
