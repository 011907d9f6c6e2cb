#pragma once
// Load imbalance of the routed experts: with learned, dropless routing the experts of one
// expert-parallel rank receive more tokens than the average in any micro-batch, and every rank waits
// for the most loaded one at the combine, so that rank's expert MLPs set the layer's time. Forced
// balance (uniform routing) and token drop with padding to capacity (every expert computes exactly
// its capacity, capacity factor 1) have none (scenario/moe_options.h, MoeRouting).
#include "core/scenario/moe_options.h"

namespace clusterplan {

// The most loaded EP rank's routed tokens over the mean, learned dropless routing. Measured as the
// throughput lost to it on one layout, Megatron-Core's Qwen3-235B-A22B on 256 H100 (TP 4, PP 8,
// VPP 4, EP 8, 16 k tokens, DeepEP, selective recompute of norms and MoE): 237 TFLOP/s dropless
// against 295 with --moe-router-force-load-balancing (yanring/Megatron-MoE-ModelZoo
// best_practice/qwen3/readme.md, "Long Context" table, HEAD e8650517). Of that step the routed
// experts' MLPs and their permutation are the share this engine's own step gives them (about 30 %),
// so the loss of 1 − 237 / 295 = 19.7 % of throughput is a rank load of this factor; the same
// table's 32 k, 64 k and 128 k pairs check it. Mixtral 8x22B with an auxiliary loss of 1e-2 and one
// expert per rank loses only 4 % (the same repository's run_mixtral_8x22B.sh: 445 against 465): how
// far a router balances depends on its balancing loss, which a scenario does not state.
inline constexpr double kDroplessRankLoad = 1.75;

// The most loaded rank's load over the mean for a routing mode: 1 where routing is balanced or
// capped at capacity.
double expertRankLoad(MoeRouting routing);

// Seconds the most loaded rank adds to `expertSeconds` (the routed experts' balanced time on one
// stage for one micro-batch).
double imbalanceSeconds(MoeRouting routing, double expertSeconds);

}  // namespace clusterplan
