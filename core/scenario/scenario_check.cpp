#include "scenario/scenario_check.h"

#include "scenario/fine_tuning_check.h"
#include "scenario/measured_runs_check.h"
#include "util/closest_id.h"

namespace clusterplan {

namespace {

std::optional<Error> checkFabric(const Catalog& catalog, const std::string& id, const char* key,
                                 FabricScope scope) {
    const Fabric* f = catalog.fabric(id);
    if (!f)
        return Error{key, unknownIdMessage("fabric", id, catalog.fabricIds())};
    if (f->scope != scope)
        return Error{key, "'" + id + "' is " +
                              (f->scope == FabricScope::Intra ? "an intra-node" : "an inter-node") +
                              " fabric; this key needs " +
                              (scope == FabricScope::Intra ? "an intra-node" : "an inter-node") + " one"};
    return std::nullopt;
}

}  // namespace

std::optional<Error> checkScenario(const Scenario& s, const Catalog& catalog) {
    if (!s.modelPreset.empty() && !catalog.model(s.modelPreset))
        return Error{"model.preset", unknownIdMessage("model preset", s.modelPreset, catalog.modelIds())};
    if (auto e = validate(s.model))
        return e;
    const GpuSpec* gpu = catalog.gpu(s.cluster.gpu);
    if (!gpu)
        return Error{"cluster.gpu", unknownIdMessage("GPU", s.cluster.gpu, catalog.gpuIds())};
    if (s.cluster.gpusPerNode < 1 || s.cluster.gpusPerNode > 1024)
        return Error{"cluster.gpus_per_node",
                     "is " + std::to_string(s.cluster.gpusPerNode) + ", allowed range 1 to 1024"};
    if (s.cluster.nodes < 1 || s.cluster.nodes > 1'000'000)
        return Error{"cluster.nodes",
                     "is " + std::to_string(s.cluster.nodes) + ", allowed range 1 to 1000000"};
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
        return Error{"training.precision", std::string(toString(s.training.precision)) +
                                               " is not supported by " + gpu->name + "; allowed: " + allowed};
    }
    if (s.training.seqLen < 1 || s.training.seqLen > 10'000'000)
        return Error{"training.seq_len",
                     "is " + std::to_string(s.training.seqLen) + ", allowed range 1 to 10000000"};
    if (s.training.globalBatch < 1 || s.training.globalBatch > 100'000'000)
        return Error{"training.global_batch",
                     "is " + std::to_string(s.training.globalBatch) + ", allowed range 1 to 100000000"};
    if (auto e = checkFineTuning(s))
        return e;
    if (auto e = cost::validateCostInputs(s.cost))
        return e;
    if (!catalog.priceBooks().book(s.cost.priceBook))
        return Error{"cost.price_book",
                     unknownIdMessage("price book", s.cost.priceBook, catalog.priceBooks().ids())};
    return checkMeasuredRuns(s.measured);
}

}  // namespace clusterplan
