#pragma once
// PhasedPlan: a plan that grows over time, e.g. the seed article's path (§3 #3,
// 陷阱五): prove the code on a GPU slice, move to one 8-GPU server, then to a cluster. Per phase
// and cumulatively: what it trains (phase_training.h) and what it costs under the price book's
// contract rules (phase_costs.h). Beside it, two plain plans over the same months: renting the
// final phase's cluster from month 0, and buying it at month 0 (net of its resale value at the
// end, as the rent-vs-buy report). Both run the final phase's model; when every phase states a
// token goal they aim at the phases' total, else they train for all the months. Each reports the
// cost, the tokens trained and the cost per million tokens.
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/cost/money.h"
#include "core/phases/phase_costs.h"
#include "core/phases/phase_training.h"
#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

inline constexpr std::string_view kPhasesSchema = "clusterplan.phases/1";

struct PhaseResult {
    PhaseSetup setup;
    PhaseTraining training;
    PhaseCost cost;
    cost::Money cumulativeCost;  // to the end of this phase
    double cumulativeTokens = 0;
};

struct PlanTotals {
    std::string description;
    cost::Money cost;
    double tokens = 0;
    std::optional<double> perMillionTokens;  // empty when nothing is trained
};

struct PhasedMonth {
    int month = 0;  // after `month` months
    cost::Money phased, rentFinal, buyFinal;
    double phasedTokens = 0, rentFinalTokens = 0, buyFinalTokens = 0;
};

struct PhasedPlan {
    cost::Currency currency = cost::Currency::Cny;
    double utilization = 0;
    int months = 0;
    std::vector<PhaseResult> phases;
    PlanTotals total;
    std::optional<PlanTotals> rentFinal;  // empty (with a note) when the book cannot price it
    std::optional<PlanTotals> buyFinal;
    std::vector<PhasedMonth> monthly;  // cumulative, months 0 .. months
    std::vector<Message> notes;        // JSON and the English text print their English (Message::text)
};

// Errors name the key path ("phases[1].offer"). A scenario without phases is an error at "phases".
Result<PhasedPlan> planPhases(const Scenario& s, const Catalog& catalog);

}  // namespace clusterplan
