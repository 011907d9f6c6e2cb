#pragma once
// What each phase of a phased plan costs, from the cost engine's own schedules:
// renting uses buildRentSchedule() (cost/renting.h) for the offer and term the phase's cost model
// resolves, buying uses buildOwnCurves() (cost/cost_curves.h). Consecutive phases that rent the
// same offer and term for the same GPU are one contract: its month k is month k of that
// contract's schedule, so discounts, drift and the renewal ("同账户复购") credit run on across
// phases. When a phase changes the contract before its term ends, the term's contract rules
// (cost/rent_offer.h, from the price book, or the phase's "contract") decide:
//   cards added mid-term:  original discount -> billed as part of the contract at once;
//                          list price        -> billed at the monthly list price until the term
//                                               ends, then part of the contract;
//   leaving (fewer cards, another offer, buying, or the plan's end) part-way through a prepaid
//   term:                  no refund         -> the prepaid rest of the term is lost;
//                          pro-rata refund   -> the unused months come back.
//   A term paid monthly stops with the plan, as the cost model's rent curves assume.
// Consecutive phases that buy the same cluster are one ownership: capex at its start, the
// owning opex each month, and the servers' resale value RV(m) back when it ends (at the plan's
// end too, as the rent-vs-buy report's "own net of resale"). A bought cluster that changes is
// sold and the new one bought.
// A phase's cost: its months' share of the contract or ownership, plus what its end forfeits or
// recovers. A single phase over T months therefore costs exactly the cost report's rent paid
// (prepaid terms in whole) or own-net-of-resale total at horizon T.
#include <string>
#include <vector>

#include "core/catalog/phase_check.h"
#include "core/cost/money.h"
#include "core/phases/phase_setup.h"
#include "core/util/message.h"
#include "core/util/result.h"

namespace clusterplan {

struct PhaseCost {
    cost::Money total;
    std::string offerId, termId, offerName;  // renting: what the phase rents
    std::string purchaseId;                  // buying: the price book's purchase entry (may be empty)
    std::int64_t gpusRented = 0;             // whole units can exceed the phase's GPUs
    std::vector<Message> events;             // contract changes, with their amounts
    std::string contractRules;               // renting: "add_cards …, early_exit …"
    std::string contractSource;              // where those rules come from (price book or scenario)
    // The same rules as sentences the window translates: adding cards, leaving early, and the
    // defaults' note when the price book states none.
    std::vector<Message> contractTerms;
};

struct PhaseCosts {
    cost::Currency currency = cost::Currency::Cny;
    std::vector<PhaseCost> phases;
    std::vector<cost::Money> months;  // spent in month m (a phase's end events in its last month)
    // The part of months[m] paid as month m starts: a bought cluster's capex, on its first day.
    std::vector<cost::Money> upfront;
};

// `resolved`: the scenario's phase inputs (resolvePhaseInputs()); `phases` index into its GPUs.
Result<PhaseCosts> costPhases(const Scenario& s, const std::vector<PhaseSetup>& phases,
                              const PhaseInputs& resolved);

}  // namespace clusterplan
