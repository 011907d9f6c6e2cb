#pragma once
// Sensitivity (a tornado chart's data; CostInputs::sensitivityRange, ±20 % by default): every
// input that is not zero is moved down and up by the range (shares capped at their
// allowed maximum, utilisation at 1), the model is re-run, and the change in the gross break-even
// month and in the horizon totals is recorded. Rows are sorted by the swing of the owning
// advantage (rent − own net at the horizon), largest first: the order of a tornado chart.
#include <optional>
#include <string>
#include <vector>

#include "core/cost/cost_model.h"
#include "core/cost/money.h"

namespace clusterplan::cost {

struct SensitivityRow {
    std::string input;  // a parameter key, "rent_price" or "utilization"
    double base = 0;
    double low = 0;
    double high = 0;
    std::optional<int> breakevenLow;  // nullopt: never within the months searched
    std::optional<int> breakevenHigh;
    Money buyNetLow, buyNetHigh;        // own net of resale at the horizon
    Money rentLow, rentHigh;            // rent (accrued) at the horizon
    Money advantageLow, advantageHigh;  // rent − own net: positive when buying saves money
    double pvAdvantageLow = 0;
    double pvAdvantageHigh = 0;
    [[nodiscard]] Money swing() const {
        const Money d = advantageHigh - advantageLow;
        return d < Money() ? -d : d;
    }
};

std::vector<SensitivityRow> sensitivity(const CostModel& model, double range);

}  // namespace clusterplan::cost
