#pragma once
// The MoE layout keys that are open only while EP is (scenario.h kDispatcher, kEpOverlap): a
// scenario file that gives layout.ep and leaves layout.dispatcher or layout.ep_overlap out means
// Megatron-Core's defaults, and one that leaves all three out lets the search choose them
// (io/scenario_json.cpp readLayout). The window keeps the same rule, so what it saves reads back
// with the same keys searched.
#include "core/parallel/layout.h"
#include "core/scenario/scenario.h"

namespace clusterplan::ui {

inline constexpr unsigned kEpBoundKeys = kDispatcher | kEpOverlap;

// EP fixed by the user: the dispatcher and the EP overlap stop being searched and keep what the
// search chose for them on the current plan (`searched`; null: the scenario's values).
inline void fixExpertParallel(LayoutSpec& spec, const Layout* searched) {
    if (searched && spec.isOpen(kDispatcher))
        spec.moe.dispatcher = searched->moe.dispatcher;
    if (searched && spec.isOpen(kEpOverlap))
        spec.moe.epOverlap = searched->moe.epOverlap;
    spec.open &= ~(unsigned(kEp) | kEpBoundKeys);
}

// EP searched again: a dispatcher or overlap at Megatron-Core's default is searched with it (a
// saved file could not say otherwise); one the user chose stays.
inline void openExpertParallel(LayoutSpec& spec) {
    const MoeOptions defaults;
    spec.open |= kEp;
    if (spec.moe.dispatcher == defaults.dispatcher)
        spec.open |= kDispatcher;
    if (spec.moe.epOverlap == defaults.epOverlap)
        spec.open |= kEpOverlap;
}

}  // namespace clusterplan::ui
