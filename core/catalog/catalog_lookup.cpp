// The catalog read by ids for the floors above it (see catalog_lookup.h).
#include "core/catalog/catalog_lookup.h"

#include <algorithm>
#include <sstream>

#include "core/util/closest_id.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"
#include "core/util/units.h"

namespace clusterplan {

std::optional<Error> checkGpuId(const Catalog& catalog, const std::string& id, const std::string& where) {
    if (catalog.gpu(id))
        return std::nullopt;
    return inputError(where, unknownIdReason(msg::kErrorUnknownGpuIdClosest, msg::kErrorUnknownGpuIdList, id,
                                             catalog.gpuIds()));
}

const GpuSpec* gpuById(const Catalog& catalog, const std::string& id) {
    return catalog.gpu(id);
}

std::vector<const GpuSpec*> catalogGpus(const Catalog& catalog) {
    std::vector<const GpuSpec*> out;
    for (const auto& [id, gpu] : catalog.gpus())
        out.push_back(&gpu);
    return out;
}

Result<std::vector<const GpuSpec*>> namedGpus(const Catalog& catalog, const std::vector<std::string>& ids,
                                              const std::string& where) {
    std::vector<const GpuSpec*> out;
    for (const auto& id : ids) {
        const GpuSpec* gpu = catalog.gpu(id);
        if (!gpu)
            return inputError(where, unknownIdReason(msg::kErrorUnknownGpuClosest, msg::kErrorUnknownGpuList,
                                                     id, catalog.gpuIds()));
        out.push_back(gpu);
    }
    return out;
}

Result<ModelSpec> modelPreset(const Catalog& catalog, const std::string& id, const std::string& where) {
    if (const ModelSpec* preset = catalog.model(id))
        return *preset;
    return inputError(where, unknownIdReason(msg::kErrorUnknownModelPresetClosest,
                                             msg::kErrorUnknownModelPresetList, id, catalog.modelIds()));
}

const PerfProfile* perfProfileById(const Catalog& catalog, std::string_view id) {
    for (const auto& p : catalog.perfProfiles().all())
        if (p.id == id)
            return &p;
    return nullptr;
}

Message fabricName(const Catalog& catalog, const std::string& id) {
    const Fabric* fabric = catalog.fabric(id);
    if (!fabric || fabric->name.empty())
        return plainMessage(id);
    return perLanguageMessage(fabric->name, fabric->displayName(Lang::Zh));
}

std::string fabricProductName(const Catalog& catalog, const std::string& id) {
    const Fabric* fabric = catalog.fabric(id);
    return fabric ? fabric->name.substr(0, fabric->name.find(" (")) : id;
}

std::vector<const Fabric*> scalingComparisonFabrics(const Catalog& catalog) {
    std::vector<const Fabric*> out;
    for (const auto& [id, fabric] : catalog.fabrics())
        if (fabric.scope == FabricScope::Inter && fabric.scalingComparison)
            out.push_back(&fabric);
    std::stable_sort(out.begin(), out.end(),
                     [](const Fabric* a, const Fabric* b) { return a->bandwidthGBs > b->bandwidthGBs; });
    return out;
}

std::string presetsToText(const Catalog& catalog) {
    const auto billions = [](double n) { return formatFixed(n / units::kBillion, 2) + " B"; };
    std::ostringstream out;
    out << "Models\n";
    for (const auto& [id, m] : catalog.models())
        out << "  " << id << std::string(id.size() < 18 ? 18 - id.size() : 1, ' ') << m.name << " ("
            << billions(m.publishedParams) << ")\n";
    out << "\nGPUs\n";
    for (const auto& [id, g] : catalog.gpus())
        out << "  " << id << std::string(id.size() < 18 ? 18 - id.size() : 1, ' ') << g.name << ", "
            << formatFixed(g.visibleGib, 1) << " GiB usable, bf16 "
            << (g.tflopsBf16 ? formatNumber(*g.tflopsBf16) + " TFLOP/s" : std::string("n/a")) << "\n";
    out << "\nFabrics\n";
    for (const auto& [id, f] : catalog.fabrics())
        out << "  " << id << std::string(id.size() < 18 ? 18 - id.size() : 1, ' ') << f.name << ", "
            << formatNumber(f.bandwidthGBs) << " GB/s per direction ("
            << (f.scope == FabricScope::Intra ? "intra-node" : "inter-node") << ")\n";
    return out.str();
}

}  // namespace clusterplan
