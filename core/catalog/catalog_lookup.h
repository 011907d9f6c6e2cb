#pragma once
// The catalog read by a document's or a study's ids, for the floors above the catalog (studies,
// documents, the programs): they call these and never look an id up in the Catalog themselves, so
// what an unknown id says and what a known one resolves to is decided here once. A plan's own
// inputs come resolved instead (resolved_inputs.h).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/util/message.h"
#include "core/util/result.h"

namespace clusterplan {

// A GPU id where a file names one (a phase's cluster or slice): nothing when the catalog has it,
// else the error at `where` with the closest id or the list.
[[nodiscard]] std::optional<Error> checkGpuId(const Catalog& catalog, const std::string& id,
                                              const std::string& where);

// The GPU with this id, or null when the catalog has none (a caller that has checked the id, or
// one that treats a miss itself).
[[nodiscard]] const GpuSpec* gpuById(const Catalog& catalog, const std::string& id);
// Every GPU of the catalog, in its id order (a study over every GPU type).
[[nodiscard]] std::vector<const GpuSpec*> catalogGpus(const Catalog& catalog);
// The GPUs a user names (the options study's --gpu-types), in the order named, else the error at
// `where` for the first unknown one, with the closest id or the list.
[[nodiscard]] Result<std::vector<const GpuSpec*>>
namedGpus(const Catalog& catalog, const std::vector<std::string>& ids, const std::string& where);

// The model preset `id` as a value (a scenario's model.preset, a calibration run's model), else the
// error at `where` with the closest preset or the list.
[[nodiscard]] Result<ModelSpec> modelPreset(const Catalog& catalog, const std::string& id,
                                            const std::string& where);

// The performance profile with this id among the catalog's, or null.
[[nodiscard]] const PerfProfile* perfProfileById(const Catalog& catalog, std::string_view id);

// A fabric as reports name it: its product name ("InfiniBand HDR 200 Gb/s (1 NIC per GPU)", in
// Chinese its name_zh), not its catalog id ("ib-hdr-200"), which a reader cannot decode. The id
// itself when the catalog does not know it or gives it no name.
[[nodiscard]] Message fabricName(const Catalog& catalog, const std::string& id);
// The English product name without the catalog's remark in brackets ("(1 NIC per GPU)"), for a
// sentence that says the NICs itself; the id when the catalog does not know it.
[[nodiscard]] std::string fabricProductName(const Catalog& catalog, const std::string& id);

// The scale-out fabrics the catalog marks for the scaling study's comparison, fastest first.
[[nodiscard]] std::vector<const Fabric*> scalingComparisonFabrics(const Catalog& catalog);

// The catalog's models, GPUs and fabrics as the CLI's `presets` lists them.
[[nodiscard]] std::string presetsToText(const Catalog& catalog);

}  // namespace clusterplan
