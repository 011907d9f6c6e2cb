#pragma once
// The phased plan as JSON ("clusterplan.phases/1"), text and CSV (clusterplan-cli phases).
// JSON: phases[] (name, months, cost, tokens, fits, and what each runs on, trains and changes),
// total, rent_final, buy_final (cost, tokens, per_million_tokens; null when not priced) and the
// cumulative monthly curves.
#include <string>

#include "core/phases/phased_plan.h"
#include "core/util/language.h"

namespace clusterplan {

std::string phasesToJson(const PhasedPlan& plan);
// In `lang`: every word from the message catalog (labels, events, the contract's rules as
// sentences, notes); numbers, ids and names as they are. English is what it always printed.
std::string phasesToText(const PhasedPlan& plan, Lang lang = Lang::En);
// One row per phase, then total, rent_final and buy_final.
std::string phasesToCsv(const PhasedPlan& plan);

// "8 × a100-sxm-80gb (1 node)", "1/20 of a100-sxm-80gb": what a phase runs on.
std::string phaseHardware(const PhaseSetup& p);

}  // namespace clusterplan
