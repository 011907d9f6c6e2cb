#include "core/catalog/resolved_inputs.h"

#include "core/catalog/catalog.h"
#include "core/catalog/cluster_resolution.h"

namespace clusterplan {

ResolvedInputs resolveInputs(const Scenario& s, const std::shared_ptr<const Catalog>& catalog) {
    const ClusterHardware hw = resolveHardware(s, *catalog);
    return {hw.gpu,
            hw.intraNode,
            hw.interNode,
            hw.profile,
            hw.stack,
            hw.nicsPerNode,
            hw.host,
            std::shared_ptr<const RunRealities>(catalog, &catalog->runRealities()),
            std::shared_ptr<const cost::PriceBooks>(catalog, &catalog->priceBooks())};
}

}  // namespace clusterplan
