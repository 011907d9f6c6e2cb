// Switch count and tiers from the cluster size; formulas and sources in network_bom.h.
#include "core/cost/network_bom.h"
#include "core/util/messages_file_errors.h"

#include <algorithm>

namespace clusterplan::cost {

namespace {

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

}  // namespace

Result<NetworkBom> networkBom(std::int64_t gpus, std::int64_t nodes, std::int64_t gpusPerNode,
                              std::int64_t switchPorts) {
    if (gpus < 1 || nodes < 1 || gpusPerNode < 1 || switchPorts < 4)
        return inputError("cluster", msg::kErrorCostNetworkEmpty);
    NetworkBom bom;
    bom.ports = gpus;
    const std::int64_t k = switchPorts;
    const std::int64_t p = gpus;
    // Rail switches cover rails × k ports, but never more than a two-tier fabric would.
    const std::int64_t railLimit = std::min(gpusPerNode * k, k * k / 2);
    if (nodes <= 1) {
        bom.switches = 0;
        bom.tiers = 0;
    } else if (p <= k) {
        bom.switches = 1;
        bom.tiers = 1;
    } else if (p <= railLimit) {
        bom.switches = gpusPerNode;
        bom.tiers = 1;
    } else if (p <= k * k / 2) {
        bom.switches = ceilDiv(p, k / 2) + ceilDiv(p, k);
        bom.tiers = 2;
    } else if (p <= k * k * k / 4) {
        bom.switches = ceilDiv(5 * p, k);
        bom.tiers = 3;
    } else {
        return inputError("cluster", msg::kErrorCostNetworkTiers,
                          {std::to_string(p), std::to_string(k), std::to_string(k * k * k / 4)});
    }
    bom.opticTiers = p * bom.tiers;
    return bom;
}

}  // namespace clusterplan::cost
