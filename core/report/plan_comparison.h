#pragma once
// Several plans side by side, one row each: what `clusterplan-cli compare` prints, the "does one
// A100 do, or four?" tables of the user guide. Value type in, text out; English or Chinese.
#include <string>
#include <vector>

#include "core/report/plan.h"
#include "core/util/language.h"

namespace clusterplan {

struct ComparisonRow {
    std::string label;  // the scenario's description, or its file name
    double trainableParams = 0;
    double gpuBytes = 0;  // the most loaded GPU
    double gpuCapacity = 0;
    bool offload = false;  // host memory matters only under CPU offload
    double hostBytesPerServer = 0;
    double hostCapacityPerServer = 0;
    bool fits = false;  // GPU and host memory
    double stepSeconds = 0;
    double tokensPerSecond = 0;
};

ComparisonRow comparisonRow(const Plan& plan, std::string label);

std::string comparisonToText(const std::vector<ComparisonRow>& rows, Lang lang);
std::string comparisonToCsv(const std::vector<ComparisonRow>& rows, Lang lang);
std::string comparisonToMarkdown(const std::vector<ComparisonRow>& rows, Lang lang);

}  // namespace clusterplan
