#pragma once
// What one evaluation reads from the catalog, looked up once by the scenario's ids: the GPU, the
// fabrics, the host, the stack's performance profile and feature defaults, the run realities and
// the price books. The planning (search/, report/, calibration/) and the physics below it take
// these values, never a string id or the Catalog; a fitted profile replaces `profile` here instead
// of a copy of the whole catalog. Immutable once made: one value can be read from several threads.
#include <cstdint>
#include <memory>

#include "core/cost/price_book.h"
#include "core/hardware/fabric.h"
#include "core/hardware/gpu_spec.h"
#include "core/hardware/host_spec.h"
#include "core/perf/cluster_hardware.h"
#include "core/perf/perf_profile.h"
#include "core/run/run_realities.h"

namespace clusterplan {

class Catalog;
struct Scenario;

struct ResolvedInputs {
    GpuSpec gpu;
    Fabric intraNode;  // the scenario's, else the GPU's default fabric inside a server
    Fabric interNode;
    PerfProfile profile;  // the stack's profile for this GPU and precision, or the fitted one
    StackDefaults stack;
    std::int64_t nicsPerNode = 0;  // one per GPU unless the scenario says otherwise
    HostSpec host;                 // with the price book's server line
    // Shared with the catalog they were resolved from (which they keep alive): the data pipelines,
    // servers and failure rates of the feed check and the run length, and the books the cost
    // prices the cluster from (the scenario's price book is checked to be among them).
    std::shared_ptr<const RunRealities> realities;
    std::shared_ptr<const cost::PriceBooks> priceBooks;

    // The step time's view (perf/cluster_hardware.h): refers into this value, so it must outlive
    // the ClusterHardware.
    [[nodiscard]] ClusterHardware hardware() const {
        return {gpu, intraNode, interNode, profile, nicsPerNode, host, stack};
    }
};

// The scenario must have passed checkScenario() against `catalog` (its ids exist). The result
// shares the catalog's run realities and price books, and keeps the catalog alive for them.
ResolvedInputs resolveInputs(const Scenario& scenario, const std::shared_ptr<const Catalog>& catalog);

}  // namespace clusterplan
