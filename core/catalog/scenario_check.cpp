#include "core/catalog/scenario_check.h"

#include "core/catalog/fine_tuning_check.h"
#include "core/catalog/measured_runs_check.h"
#include "core/scenario/input_limits.h"
#include "core/util/closest_id.h"
#include "core/util/messages_input_errors.h"
#include "core/util/per_language.h"

namespace clusterplan {

namespace {

std::optional<Error> checkFabric(const Catalog& catalog, const std::string& id, const char* key,
                                 FabricScope scope) {
    const Fabric* f = catalog.fabric(id);
    if (!f)
        return inputError(key, unknownIdReason(msg::kErrorUnknownFabricClosest, msg::kErrorUnknownFabricList,
                                               id, catalog.fabricIds()));
    if (f->scope != scope)
        return inputError(key,
                          scope == FabricScope::Intra ? msg::kErrorScenarioFabricNotIntra
                                                      : msg::kErrorScenarioFabricNotInter,
                          {id});
    return std::nullopt;
}

}  // namespace

std::optional<Error> checkScenario(const Scenario& s, const Catalog& catalog) {
    if (!s.modelPreset.empty() && !catalog.model(s.modelPreset))
        return inputError("model.preset", unknownIdReason(msg::kErrorUnknownModelPresetClosest,
                                                          msg::kErrorUnknownModelPresetList, s.modelPreset,
                                                          catalog.modelIds()));
    if (auto e = validate(s.model))
        return e;
    const GpuSpec* gpu = catalog.gpu(s.cluster.gpu);
    if (!gpu)
        return inputError("cluster.gpu",
                          unknownIdReason(msg::kErrorUnknownGpuClosest, msg::kErrorUnknownGpuList,
                                          s.cluster.gpu, catalog.gpuIds()));
    if (auto e = checkLimit("cluster.gpus_per_node", static_cast<double>(s.cluster.gpusPerNode)))
        return e;
    if (auto e = checkLimit("cluster.nodes", static_cast<double>(s.cluster.nodes)))
        return e;
    const std::string intra = s.cluster.intraNode.empty() ? gpu->intraNodeFabric : s.cluster.intraNode;
    if (auto e = checkFabric(catalog, intra, "cluster.intra_node", FabricScope::Intra))
        return e;
    if (auto e = checkFabric(catalog, s.cluster.interNode, "cluster.inter_node", FabricScope::Inter))
        return e;
    if (!gpu->peakTflops(s.training.precision)) {
        std::string allowed;
        for (auto p : {Precision::Fp32, Precision::Bf16, Precision::Fp16, Precision::Fp8})
            if (gpu->peakTflops(p))
                allowed += (allowed.empty() ? "" : ", ") + std::string(toString(p));
        return inputError("training.precision",
                          makeNestedMessage(msg::kErrorScenarioPrecision,
                                            {plainMessage(std::string(toString(s.training.precision))),
                                             perLanguageMessage(gpu->name, gpu->displayName(Lang::Zh)),
                                             plainMessage(allowed)}));
    }
    if (const auto& release = s.training.stackRelease; !release.empty()) {
        const StackDefaults& stack = catalog.perfProfiles().stackDefaults(s.training.framework);
        if (!stack.knowsRelease(release))
            return inputError("training.stack_release", msg::kErrorScenarioStackRelease,
                              {release, std::string(toString(s.training.framework)),
                               stack.releaseNames().empty() ? "-" : stack.releaseNames()});
    }
    if (auto e = checkLimit("training.seq_len", static_cast<double>(s.training.seqLen)))
        return e;
    if (auto e = checkLimit("training.global_batch", static_cast<double>(s.training.globalBatch)))
        return e;
    if (auto e = checkFineTuning(s))
        return e;
    if (auto e = cost::validateCostInputs(s.cost))
        return e;
    if (!catalog.priceBooks().book(s.cost.priceBook))
        return inputError("cost.price_book",
                          unknownIdReason(msg::kErrorUnknownPriceBookClosest, msg::kErrorUnknownPriceBookList,
                                          s.cost.priceBook, catalog.priceBooks().ids()));
    return checkMeasuredRuns(s.measured);
}

}  // namespace clusterplan
