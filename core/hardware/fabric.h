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
    std::string source;
    std::string asOf;
    std::string notes;
};

}  // namespace clusterplan
