#pragma once
// Boost.JSON readers for catalog entries, shared by the catalog and scenario files so that a
// model written in a scenario is read by exactly the code that reads the presets.
#include "core/hardware/fabric.h"
#include "core/hardware/gpu_spec.h"
#include "core/scenario/model_spec.h"
#include "core/util/json_read.h"

namespace clusterplan::json {

GpuSpec readGpu(ObjectReader& r);
Fabric readFabric(ObjectReader& r);
// Reads architecture fields into `spec`. With requireAll every field must be present (presets);
// otherwise present fields override (scenario files on top of a preset).
void readModelFields(ObjectReader& r, ModelSpec& spec, bool requireAll);
void writeModelFields(class Writer& w, const ModelSpec& spec);

}  // namespace clusterplan::json
