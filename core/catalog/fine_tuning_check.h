#pragma once
// Cross-checks of the fine-tuning keys against the model and the precision (the UI calls this
// after edits too): errors name the key path and the allowed range.
#include <optional>

#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

std::optional<Error> checkFineTuning(const Scenario& scenario);

}  // namespace clusterplan
