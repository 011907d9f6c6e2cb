#pragma once
// Choosing another GPU for a scenario: the cluster follows the new GPU's server when it was sized
// in the old GPU's servers. A GB200 NVL72 is bought in compute trays of 4 GPUs, an HGX H100 in
// servers of 8; keeping 8 "GPUs per node" after switching to GB200 would halve the Grace memory
// each GPU sees and price half-trays.
#include "core/catalog/catalog.h"
#include "core/scenario/scenario.h"

#include <string>

namespace clusterplan {

// Sets cluster.gpu to `gpuId`. When the cluster used the old GPU's own server size and fabric,
// it takes the new GPU's (gpus_per_node and the default intra-node fabric), keeping the GPU count
// where the new server size divides it and rounding up to whole servers where it does not. A
// server size or fabric the user chose is kept.
void switchGpu(Scenario& scenario, const std::string& gpuId, const Catalog& catalog);

}  // namespace clusterplan
