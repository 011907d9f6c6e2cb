#pragma once
// Load imbalance of the routed experts: with learned, dropless routing the experts of one
// expert-parallel rank receive more tokens than the average in any micro-batch, and every rank waits
// for the most loaded one at the combine, so that rank's expert MLPs set the layer's time. Forced
// balance (uniform routing) and token drop with padding to capacity (every expert computes exactly
// its capacity, capacity factor 1) have none (scenario/moe_options.h, MoeRouting).
#include <cstdint>

#include "core/scenario/moe_options.h"

namespace clusterplan {

// The most loaded EP rank's routed tokens over the mean, learned dropless routing with Qwen3's
// balancing loss (α = 1e-3, MoeOptions::routerAuxLoss). Measured as the throughput lost to it on one
// layout, Megatron-Core's Qwen3-235B-A22B on 256 H100 (TP 4, PP 8, VPP 4, EP 8, 16 k tokens, DeepEP,
// selective recompute of norms and MoE): 237 TFLOP/s dropless against 295 with
// --moe-router-force-load-balancing (yanring/Megatron-MoE-ModelZoo best_practice/qwen3/readme.md,
// "Long Context" table, HEAD e8650517). Of that step the routed experts' MLPs and their permutation
// are the share this engine's own step gives them (about 30 %), so the loss of 1 − 237 / 295 =
// 19.7 % of throughput is a rank load of this factor; the same table's 32 k, 64 k and 128 k pairs
// check it.
inline constexpr double kDroplessRankLoad = 1.75;
// The balancing-loss coefficient kDroplessRankLoad was measured with (Megatron-MoE-ModelZoo
// model_configs/benchmarking/Qwen3-235B-A22B.yaml, --moe-aux-loss-coeff 1e-3).
inline constexpr double kDroplessReferenceAuxLoss = 1e-3;

// What sets the most loaded rank's load: the routing, the balancing loss, and how many of a
// token's top-k copies one rank can take (its experts per rank).
struct ExpertRouting {
    MoeOptions moe;
    std::int64_t experts = 1;
    std::int64_t topK = 1;
    std::int64_t ep = 1;
};

// The most loaded rank's load over the mean: 1 where routing is balanced or capped at capacity.
// Learned dropless routing: the router's pull toward its favoured experts is held back by the
// balancing loss, whose gradient on a router logit is α times the expert's excess load (Fedus et
// al. 2022, arXiv:2101.03961 eq. 4), so at equilibrium the excess load is inversely proportional
// to α: (kDroplessRankLoad − 1) × 1e-3 / α. Mixtral 8x22B's α = 1e-2 (the same repository's
// model_configs/benchmarking/Mixtral-8x22B.yaml) so gives a rank load of 1.075, which costs its
// one-expert-per-rank layout 4 % of throughput, as run_mixtral_8x22B.sh publishes (445 TFLOP/s
// dropless against 465 forced). The load cannot exceed every token's copies on one rank: at most
// min(top-k, experts per rank) of a token's top-k copies reach one rank, a load of
// EP × min(k, E / EP) / k.
double expertRankLoad(const ExpertRouting& r);

// Seconds the most loaded rank adds to `expertSeconds` (the routed experts' balanced time on one
// stage for one micro-batch).
double imbalanceSeconds(const ExpertRouting& r, double expertSeconds);

}  // namespace clusterplan
