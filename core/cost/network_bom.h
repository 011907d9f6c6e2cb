#pragma once
// Scale-out network bill of materials from the cluster size: one 400G
// NDR port per GPU, rail-optimised, built from k-port switches (QM9700 class, k = 64):
//   N_n <= 1            S = 0, t = 0       (a single server needs no scale-out fabric)
//   P <= k              S = 1, t = 1
//   P <= rails·k        S = rails, t = 1   (one switch per rail; rails = GPUs per node, 8 → 512)
//   P <= k²/2           S = ceil(P/(k/2)) + ceil(P/k), t = 2   (leaf + spine, non-blocking; 2,048)
//   P <= k³/4           S = ceil(5·P/k), t = 3                  (65,536)
// With k = 64 and 8 rails this matches the cluster spreadsheet of Latent Space's "$2 H100s" (Aug
// 2024): 8 switches for 64 nodes, 48 for 1,024 GPUs, 2,560 for 32,768 and 5,120 for 65,536.
// Optics: P × t per GPU-tier.
#include <cstdint>

#include "core/util/result.h"

namespace clusterplan::cost {

struct NetworkBom {
    std::int64_t ports = 0;       // P = N_g
    std::int64_t switches = 0;    // S
    int tiers = 0;                // t
    std::int64_t opticTiers = 0;  // P × t: GPU-tier positions that need optics and cables
    bool operator==(const NetworkBom&) const = default;
};

// Errors (where "cluster") for clusters beyond three tiers of k-port switches.
Result<NetworkBom> networkBom(std::int64_t gpus, std::int64_t nodes, std::int64_t gpusPerNode,
                              std::int64_t switchPorts = 64);

}  // namespace clusterplan::cost
