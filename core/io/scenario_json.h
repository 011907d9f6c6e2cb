#pragma once
// Reading and writing "clusterplan.scenario/1" files. Strict: unknown keys, wrong types, values
// out of range and unknown ids are errors naming the key path and the allowed range or the
// closest valid id. Malformed JSON reports FILE:LINE:COL.
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

inline constexpr std::uintmax_t kMaxScenarioBytes = 16u * 1024u * 1024u;  // 16 MiB

// A file of an older schema version is migrated; `migrationNotes` (if given) receives what changed.
Result<Scenario> parseScenario(std::string_view json, const Catalog& catalog,
                               const std::string& fileLabel = "scenario",
                               std::vector<std::string>* migrationNotes = nullptr);
Result<Scenario> loadScenarioFile(const std::string& path, const Catalog& catalog);

std::string scenarioToJson(const Scenario& scenario);
// Writes atomically: a temporary file in the same folder, flushed, then renamed over `path`.
Result<bool> saveScenarioFile(const Scenario& scenario, const std::string& path);

// The built-in default scenario (resources/scenarios/default.json).
Scenario defaultScenario(const Catalog& catalog);

}  // namespace clusterplan
