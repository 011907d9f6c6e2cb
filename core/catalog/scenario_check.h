#pragma once
// Cross-checks of a Scenario against the catalog that no single field reader can make: ids exist,
// the GPU supports the precision, the model is well formed. Shared by file loading and evaluate().
#include <optional>

#include "core/catalog/catalog.h"
#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

std::optional<Error> checkScenario(const Scenario& scenario, const Catalog& catalog);

}  // namespace clusterplan
