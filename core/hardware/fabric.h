#pragma once
// An interconnect: NVLink/NVSwitch, PCIe, XGMI, HCCS inside a server; InfiniBand, RoCE, Ethernet
// between servers. bandwidthGBs is per direction, per GPU (intra) or per NIC rail (inter).
#include <cstdint>
#include <string>

#include "core/util/language.h"

namespace clusterplan {

enum class FabricScope { Intra, Inter };

struct Fabric {
    std::string id;
    std::string name;
    // The name a Chinese reader sees: product names kept (NVLink, InfiniBand, RoCE), descriptive
    // words translated ("gen 3" → "第 3 代"). Empty: the name reads the same in both languages.
    std::string nameZh;
    FabricScope scope = FabricScope::Inter;
    double bandwidthGBs = 0;
    double latencyUs = 0;
    double efficiency = 1.0;  // achieved bus bandwidth / link rate for large collectives
    // One of the scale-out fabrics the scaling study compares (InfiniBand vs RoCE vs Ethernet):
    // a choice made in the catalog's data, not in the study's code.
    bool scalingComparison = false;
    // A scale-up fabric that joins several servers (NVLink Switch in a GB200/GB300 NVL72 rack: 18
    // compute trays of 4 GPUs): the GPUs one domain connects, and how many of them a job places
    // its ranks on (the rest are spares). 0: the fabric ends at the server, as NVSwitch in an HGX.
    std::int64_t domainGpus = 0;
    std::int64_t domainGpusUsed = 0;
    std::string source;
    std::string asOf;
    std::string notes;

    // The name in the reader's language (the English name where no Chinese one is given).
    [[nodiscard]] const std::string& displayName(Lang lang) const {
        return lang == Lang::Zh && !nameZh.empty() ? nameZh : name;
    }
};

}  // namespace clusterplan
