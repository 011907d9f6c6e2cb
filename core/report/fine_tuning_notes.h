#pragma once
// Plain-language notes a fine-tuning or offloading plan adds: what the method trains
// and how its FLOPs are counted, host memory under CPU offload and where its size comes from.
#include "core/report/plan.h"

namespace clusterplan {

void addFineTuningNotes(Plan& plan);

}  // namespace clusterplan
