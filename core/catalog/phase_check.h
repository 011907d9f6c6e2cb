#pragma once
// Checks a scenario's phases against the catalog and the price book, naming the key path:
// an unknown or unsuitable offer ("phases[2].offer"), an unknown term, a slice whose offer does
// not sell slices or whose fraction is not a whole number of the offer's slices, a bought slice.
#include <optional>

#include "core/catalog/catalog.h"
#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

// The cluster each phase runs on, after "keeps the previous phase's" (the first: the scenario's).
// A slice phase's entry is the scenario's or previous cluster and is not used.
std::vector<ClusterSpec> resolvedPhaseClusters(const Scenario& s);

std::optional<Error> checkPhases(const Scenario& s, const Catalog& catalog);

// What a phased plan reads from the catalog, looked up once by the phases' ids after checkPhases()
// passed: the price books with the scenario's, and the card each phase runs on. Refers into the
// catalog, which must outlive it.
struct PhaseInputs {
    const cost::PriceBooks* priceBooks = nullptr;
    const cost::PriceBook* book = nullptr;  // cost.price_book, one of priceBooks
    std::vector<GpuSpec> gpus;              // per phase of the scenario: its cluster's or slice's card
};

// The scenario must have passed checkPhases() against `catalog`.
PhaseInputs resolvePhaseInputs(const Scenario& s, const Catalog& catalog);

}  // namespace clusterplan
