#pragma once
// The fine-tuning and offload parts of the plan reports: method, trainable parameters,
// the FLOP convention of the method, offload and host memory, in JSON and in text.
#include <ostream>
#include <string>

#include "core/report/plan.h"
#include "core/util/json_write.h"

namespace clusterplan {

// What model.flops_per_token counts for the plan's method.
std::string flopsConvention(const Plan& plan);
// Keys of the "model" object: method, lora, trainable_params, frozen_params, quantized_params.
void writeMethodJson(json::Writer& w, const Plan& plan);
// The "host" object of "memory": offload, host bytes per GPU and per server, capacity, fits.
void writeHostJson(json::Writer& w, const Plan& plan);
// Text lines of the model section and of the memory section.
void writeMethodText(std::ostream& out, const Plan& plan);
void writeHostText(std::ostream& out, const Plan& plan);

}  // namespace clusterplan
