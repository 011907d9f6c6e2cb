#pragma once
// Reading and writing a scenario's optional "phases" list:
//   "phases": [{"name", "months", "cluster": {...} or "slice": {"gpu", "fraction"},
//               "acquire": "rent"|"buy", "offer", "term", "contract": {"add_cards", "early_exit"},
//               "model": {...}, "tokens"}]
// A phase's "cluster" is read over the previous phase's cluster (the first: the scenario's), so
// {"nodes": 4} is enough to grow; a phase with neither "cluster" nor "slice" keeps the previous
// one's. "model" is read like the scenario's; without it the previous phase's model is kept.
// Ranges and ids are checked with key paths ("phases[1].months"); core/catalog/phase_check.h checks offers.
#include <string>

#include "core/catalog/catalog.h"
#include "core/scenario/scenario.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"

namespace clusterplan {

inline constexpr std::size_t kMaxPhases = 48;

// Reads top-level "phases" (if present) into s.phases; the scenario's cluster, model and cost must
// have been read already. Throws json::InputError like the other section readers.
void readPhases(json::ObjectReader& top, Scenario& s, const Catalog& catalog);
// Writes "phases" when there are any.
void writePhases(json::Writer& w, const std::vector<PhaseSpec>& phases);

// The scenario's own section readers (defined in scenario_json.cpp), shared with phases.
void readClusterObject(json::ObjectReader& r, ClusterSpec& cluster);
void writeClusterObject(json::Writer& w, const ClusterSpec& cluster);
void readModelObject(json::ObjectReader& r, std::string& preset, ModelSpec& model, const Catalog& catalog);

}  // namespace clusterplan
