#include "core/catalog/cluster_resolution.h"

namespace clusterplan {

namespace {

// The price book's server line for the scenario's GPU that states its host memory: the offer the
// scenario rents when it does, else the first of the book's offers for the GPU.
const cost::RentOffer* serverLineWithHostMemory(const Scenario& s, const Catalog& catalog) {
    const cost::PriceBook* book = catalog.priceBooks().book(s.cost.priceBook);
    if (!book)
        return nullptr;
    const cost::RentOffer* chosen = s.cost.rentOffer.empty() ? nullptr : book->offer(s.cost.rentOffer);
    if (chosen && chosen->rents(s.cluster.gpu) && chosen->cpuMemoryGib)
        return chosen;
    for (const cost::RentOffer* o : book->offersFor(s.cluster.gpu))
        if (o->cpuMemoryGib)
            return o;
    return nullptr;
}

}  // namespace

const PerfProfile& profileFor(const PerfProfiles& profiles, const GpuSpec& gpu, Framework framework,
                              Precision precision) {
    const PerfProfile& own = profiles.find(framework, gpu.architecture, precision);
    if (own.calibrated || gpu.profileFrom.empty())
        return own;
    const PerfProfile& borrowed = profiles.find(framework, gpu.profileFrom, precision);
    return borrowed.calibrated ? borrowed : own;
}

HostSpec resolveHost(const Scenario& s, const Catalog& catalog) {
    return hostSpec(*catalog.gpu(s.cluster.gpu), s.cluster.cpuMemoryGib,
                    serverLineWithHostMemory(s, catalog));
}

ClusterHardware resolveHardware(const Scenario& s, const Catalog& catalog) {
    const GpuSpec& gpu = *catalog.gpu(s.cluster.gpu);
    return {gpu,
            *catalog.fabric(s.cluster.intraNode.empty() ? gpu.intraNodeFabric : s.cluster.intraNode),
            *catalog.fabric(s.cluster.interNode),
            profileFor(catalog.perfProfiles(), gpu, s.training.framework, s.training.precision),
            s.cluster.nicsPerNode > 0 ? s.cluster.nicsPerNode : s.cluster.gpusPerNode,
            resolveHost(s, catalog),
            catalog.perfProfiles().stackDefaults(s.training.framework)};
}

}  // namespace clusterplan
