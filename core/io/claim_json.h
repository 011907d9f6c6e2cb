#pragma once
// The scenario's `description` and `claim` keys (scenario/description.h, scenario/claim.h), read as
// strictly as every other key:
//   "description": "a line"  or  {"section": "陷阱一", "quote": "…", "gloss": "…"}
//   "claim": {"quantity": "gradient_memory", "value": 140, "unit": "MB"}
//            {"quantity": "mfu", "min": 50, "max": 60, "unit": "%"}       (a range; one end may be left out)
//            {"quantity": "speedup", "min": 6, "unit": "x", "compare_with": "other.json"}
//   optional: "premises": [{"quantity": "compute_time", "value": 100, "unit": "ms"}]  (the text's "if …")
//             "variant": {"model": "llama-2-13b", "zero_stage": 2, "offload": "optimizer"}  (tested when
//                        the set-up does not fit), "holds_when": "micro_batches", "batch_assumed": true
// The unit must measure what the quantity measures; compare_with names a file in the same folder and
// is required by speedup and slowdown, refused by every other quantity.
#include "core/scenario/scenario.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"

namespace clusterplan {

// Throw json::InputError naming the key path.
// `root` is the scenario's top-level value, `top` its reader.
void readDescription(json::ObjectReader& top, const boost::json::value& root, Description& description);
void readClaim(json::ObjectReader& r, Claim& claim);
// Write nothing for an empty description / no claim.
void writeDescription(json::Writer& w, const Description& description);
void writeClaim(json::Writer& w, const Claim& claim);

}  // namespace clusterplan
