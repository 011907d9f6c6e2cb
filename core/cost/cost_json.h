#pragma once
// JSON for the cost module: a scenario's `cost` object (read strictly with key paths, written
// back in a fixed order) and the cost part of a plan. Both writers emit members into an object
// the caller has opened, symmetric with the reader that is handed the `cost` object:
//   w.beginObject("cost"); writeCostJson(w, report); w.endObject();
// Amounts are written from exact cents (Money), so "1306782.04" is exactly what the text shows.
#include "core/cost/cost_inputs.h"
#include "core/cost/rent_vs_buy.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"

namespace clusterplan::cost {

// Reads the members of `costObject` into `inputs` (absent members keep their values) and checks
// every range; throws json::InputError via json::fail, e.g. "cost.utilization: is 1.5, allowed
// range 0 to 1". Unknown keys are rejected with the closest known key.
void readCostInputs(json::ObjectReader& costObject, CostInputs& inputs);
void writeCostInputs(json::Writer& w, const CostInputs& inputs);

// Writes cost.currency, cost.horizon_months, cost.rent_total, cost.buy_total,
// cost.breakeven_month, cost.breakeven_utilization, cost.run_cost_rent, cost.run_cost_buy,
// cost.per_million_tokens, cost.monthly[] ({month, rent, buy, buy_net, ...}) and the rest of
// the report (capex and opex breakdown, present values, rent options, sensitivity, parameters).
void writeCostJson(json::Writer& w, const CostReport& report);

}  // namespace clusterplan::cost
