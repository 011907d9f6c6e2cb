#include "core/search/candidate_cost.h"

#include "core/cost/money.h"

namespace clusterplan {

namespace {

std::optional<double> perMillionTokens(const std::optional<double>& perUtilizedGpuHour, double gpuHours,
                                       double tokens) {
    if (!perUtilizedGpuHour || !(tokens > 0))
        return std::nullopt;
    // Rounded to the cent first, as the report's run cost is a Money.
    return cost::Money::fromUnits(gpuHours * *perUtilizedGpuHour).units() / (tokens / 1e6);
}

}  // namespace

std::optional<double> rentPerMillionTokens(const cost::CostReport& report, const Candidate& candidate,
                                           double budgetFactor) {
    return perMillionTokens(report.rentPerUtilizedGpuHour, candidate.perf.gpuHours * budgetFactor,
                            report.trainingTokens);
}

std::optional<double> buyPerMillionTokens(const cost::CostReport& report, const Candidate& candidate,
                                          double budgetFactor) {
    return perMillionTokens(report.buyPerUtilizedGpuHour, candidate.perf.gpuHours * budgetFactor,
                            report.trainingTokens);
}

}  // namespace clusterplan
