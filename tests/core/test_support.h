#pragma once
// Shared helpers for engine tests: the built-in catalog and preset lookup.
#include <catch2/catch.hpp>

#include "core/calibration/evaluate.h"
#include "core/catalog/catalog.h"
#include "core/io/scenario_json.h"

namespace clusterplan::test {

inline const Catalog& catalog() {
    static const Catalog c = Catalog::builtin();
    return c;
}

inline const ModelSpec& preset(const std::string& id) {
    const ModelSpec* m = catalog().model(id);
    REQUIRE(m != nullptr);
    return *m;
}

// The built-in default scenario with another model preset.
inline Scenario scenarioWithModel(const std::string& id) {
    Scenario s = defaultScenario(catalog());
    s.modelPreset = id;
    s.model = preset(id);
    return s;
}

// Loads a scenario file from tests/data (callers define CLUSTERPLAN_TEST_DATA).
inline Scenario scenarioFromFile(const std::string& dataDir, const std::string& file) {
    auto s = loadScenarioFile(dataDir + "/" + file, catalog());
    REQUIRE(s.ok());
    return s.value();
}

// Evaluates a scenario with the built-in catalog.
inline Plan planOf(const Scenario& scenario) {
    auto p = evaluate(scenario, catalog());
    REQUIRE(p.ok());
    return p.value();
}

// Loads and evaluates a scenario file from tests/data.
inline Plan planFromFile(const std::string& dataDir, const std::string& file) {
    return planOf(scenarioFromFile(dataDir, file));
}

}  // namespace clusterplan::test
