#pragma once
// Cross-checks of a Scenario against the catalog that no single field reader can make: ids exist,
// the GPU supports the precision, the model is well formed. Shared by file loading and evaluate().
#include <optional>

#include "hardware/catalog.h"
#include "scenario/scenario.h"
#include "util/result.h"

namespace clusterplan {

std::optional<Error> checkScenario(const Scenario& scenario, const Catalog& catalog);

}  // namespace clusterplan
