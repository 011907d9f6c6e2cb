#pragma once
// An interconnect: NVLink/NVSwitch, PCIe, XGMI, HCCS inside a server; InfiniBand, RoCE, Ethernet
// between servers. bandwidthGBs is per direction, per GPU (intra) or per NIC rail (inter).
#include <string>

namespace clusterplan {

enum class FabricScope { Intra, Inter };

struct Fabric {
    std::string id;
    std::string name;
    FabricScope scope = FabricScope::Inter;
    double bandwidthGBs = 0;
    double latencyUs = 0;
    double efficiency = 1.0;  // achieved bus bandwidth / link rate for large collectives
    // One of the scale-out fabrics the scaling study compares (InfiniBand vs RoCE vs Ethernet):
    // a choice made in the catalog's data, not in the study's code.
    bool scalingComparison = false;
    std::string source;
    std::string asOf;
    std::string notes;
};

}  // namespace clusterplan
