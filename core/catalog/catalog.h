#pragma once
// Catalog: GPUs, fabrics and model presets. The built-in data (resources/*.json, embedded at
// build time) is loaded first; user files are merged on top, an entry with an existing id
// replacing it. Bad user entries are skipped and reported as diagnostics (file, key, reason).
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/cost/price_book.h"
#include "core/hardware/fabric.h"
#include "core/hardware/gpu_spec.h"
#include "core/perf/perf_profile.h"
#include "core/run/run_realities.h"
#include "core/scenario/model_spec.h"
#include "core/util/diagnostic.h"
#include "core/util/result.h"

namespace clusterplan {

class Catalog {
public:
    // The built-in catalog. Never fails at run time: tests guarantee the shipped JSON parses.
    static Catalog builtin();

    // Merges a user file holding any of "gpus", "fabrics", "models" arrays. A malformed file is
    // an Error; a bad entry is skipped and reported in diagnostics().
    Result<bool> mergeFile(const std::string& path);
    Result<bool> mergeJson(std::string_view json, const std::string& fileLabel);
    // Performance profiles from a "clusterplan.perf-profiles/1" file, replacing by id.
    Result<bool> mergePerfProfilesFile(const std::string& path);

    // Adds or replaces one GPU (a phased plan's GPU slice: the card with its share of memory).
    void putGpu(GpuSpec gpu);

    [[nodiscard]] const GpuSpec* gpu(std::string_view id) const;
    [[nodiscard]] const Fabric* fabric(std::string_view id) const;
    [[nodiscard]] const ModelSpec* model(std::string_view id) const;

    [[nodiscard]] const std::map<std::string, GpuSpec, std::less<>>& gpus() const { return m_gpus; }
    [[nodiscard]] const std::map<std::string, Fabric, std::less<>>& fabrics() const { return m_fabrics; }
    [[nodiscard]] const std::map<std::string, ModelSpec, std::less<>>& models() const { return m_models; }
    [[nodiscard]] const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }
    [[nodiscard]] const PerfProfiles& perfProfiles() const { return m_perf; }
    [[nodiscard]] PerfProfiles& perfProfiles() { return m_perf; }
    [[nodiscard]] const cost::PriceBooks& priceBooks() const { return m_priceBooks; }
    [[nodiscard]] cost::PriceBooks& priceBooks() { return m_priceBooks; }
    // Server, data-pipeline and reliability figures of the feed check and the run's length.
    [[nodiscard]] const RunRealities& runRealities() const { return m_runRealities; }

    // Ids in catalog order for pickers; closest id for "did you mean" messages.
    [[nodiscard]] std::vector<std::string> gpuIds() const;
    [[nodiscard]] std::vector<std::string> fabricIds() const;
    [[nodiscard]] std::vector<std::string> modelIds() const;

private:
    std::map<std::string, GpuSpec, std::less<>> m_gpus;
    std::map<std::string, Fabric, std::less<>> m_fabrics;
    std::map<std::string, ModelSpec, std::less<>> m_models;
    std::vector<Diagnostic> m_diagnostics;
    PerfProfiles m_perf = PerfProfiles::builtin();
    cost::PriceBooks m_priceBooks = cost::PriceBooks::builtin();
    RunRealities m_runRealities = RunRealities::builtin();
};

// The user catalog path: $XDG_CONFIG_HOME/clusterplan/catalog.json (or ~/.config/...).
std::string userCatalogPath();

}  // namespace clusterplan
