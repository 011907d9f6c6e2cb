#include "core/search/pareto_front.h"

#include <algorithm>
#include <cmath>

namespace clusterplan {

std::vector<std::size_t> paretoFront(const std::vector<FrontPoint>& points) {
    std::vector<std::size_t> order;
    order.reserve(points.size());
    for (std::size_t i = 0; i < points.size(); ++i)
        if (std::isfinite(points[i].lowerIsBetter) && std::isfinite(points[i].higherIsBetter))
            order.push_back(i);
    // By x, the better y first among equal x, and the earlier point first among equal points: the
    // first point of a run of equal x is the only one of the run that can be on the front.
    std::stable_sort(order.begin(), order.end(), [&points](std::size_t a, std::size_t b) {
        const FrontPoint& p = points[a];
        const FrontPoint& q = points[b];
        if (p.lowerIsBetter != q.lowerIsBetter)
            return p.lowerIsBetter < q.lowerIsBetter;
        return p.higherIsBetter > q.higherIsBetter;
    });
    // Sweeping to larger x, a point is on the front when it beats every point before it in y.
    std::vector<std::size_t> front;
    for (const std::size_t i : order)
        if (front.empty() || points[i].higherIsBetter > points[front.back()].higherIsBetter)
            front.push_back(i);
    return front;
}

}  // namespace clusterplan
