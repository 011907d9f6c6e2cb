#pragma once
// Expert-parallel token traffic of a Mixture-of-Experts layer by dispatcher, and what hides it
// (scenario/moe_options.h): one dispatch or combine of a micro-batch's routed tokens on one GPU,
// the part of it a 1F1B A2A overlap or DualPipe hides behind compute and what that costs the
// compute, and DualPipe's pipeline bubble.
#include <cstdint>

#include "core/perf/collective_cost.h"
#include "core/scenario/moe_options.h"

namespace clusterplan {

struct EpExchange {
    double tokenBytes = 0;     // one copy of the GPU's tokens: tokens · hidden · bytes per element
    std::int64_t topK = 1;     // routed experts per token
    std::int64_t experts = 1;  // routed experts of the layer
    std::int64_t ep = 1;       // expert-parallel group
    std::int64_t stride = 1;   // GPUs between its members (expert TP)
    std::int64_t groups = 0;   // node-limited routing (MoeSpec::routerGroups); 0: unlimited
    std::int64_t groupTopK = 0;
};

// Servers (scale-up domains) a token's routed copies reach beside its own, on average, when the
// router spreads the k experts uniformly over `experts` of which each of `nodes` servers holds an
// equal share: (nodes − 1) · P(a server holds at least one of the k), drawn without replacement.
// Under node-limited routing (`groups` > 0: the k come from `groupTopK` of `groups` equal groups
// of consecutive experts, DeepSeek-V3 report arXiv:2412.19437 §2.1.2, "each token will be sent to
// at most M nodes", where each server holds whole groups) the token first picks its groups, then its k
// experts among theirs; a server inside one group is reached when its group is picked and one of the k lands
// on it, a server holding several groups when one of its picked groups gets one (hypergeometric over the
// groups). Groups and servers that do not nest (neither count divides the other) are counted unlimited.
double remoteNodesPerToken(std::int64_t topK, std::int64_t experts, double nodes, std::int64_t groups = 0,
                           std::int64_t groupTopK = 0);

// What DeepEP's normal kernels move over NVLink per GPU, whatever the link: they hold a few SMs
// (24 here), which bound them below NVLink 5's 900 GB/s. Megatron-LM docs/discussions/
// deepseek-v3-gb200-optimization (§2.2.1, read at 1d9edcf8): DeepEP on GB200's multi-node NVLink,
// EP 32, 24 SMs: ~400 GB/s dispatch and ~190 GB/s combine algorithm bandwidth; HybridEP, NVIDIA's
// backend written for that domain, replaced it there (494 → 970 TFLOP/s with the other fixes) and
// runs at the link's rate here. One exchange stands for a dispatch or a combine, at their harmonic
// mean, 2 / (1/400 + 1/190) = 258 GB/s. On H800 NVLink (160 GB/s achieved) the link binds first:
// DeepEP's README measured 153 and 158 GB/s there.
inline constexpr double kDeepEpNvlinkBytesPerSecond = 2 / (1 / 400e9 + 1 / 190e9);

// Seconds of one dispatch (or one combine) on one GPU.
// - All-to-all (NCCL): every routed copy travels to its expert's GPU; copies for another server
//   cross its NIC once each (collective_cost.h).
// - DeepEP / HybridEP (flex): a token crosses the scale-out network once per server that holds one
//   of its experts and is forwarded there over NVLink to each expert's GPU (deepseek-ai/DeepEP
//   README, normal kernels: "NVLink-to-RDMA asymmetric-domain bandwidth forwarding"; DeepSeek-V3
//   report arXiv:2412.19437 §3.2.2), the two links working at once; inside one scale-up domain it is
//   the same NVLink traffic as the all-to-all without NCCL's per-peer steps, DeepEP's at most at
//   kDeepEpNvlinkBytesPerSecond.
double epExchangeSeconds(MoeDispatcher d, const EpExchange& x, const NetworkTiers& net);

// Seconds of one micro-batch's expert-parallel traffic through one MoE layer, forward and
// backward. `x.tokenBytes` is one GPU's share of the tokens (1/tp of them under sequence
// parallelism with TP, `sharded`).
// - All-to-all and flex (DeepEP, HybridEP): a dispatch and a combine each way; with the tokens
//   sharded over TP the expert-TP ranks then all-gather what they received and reduce-scatter it
//   on the way back (Megatron-Core MoEAlltoAllTokenDispatcher).
// - All-gather (MoEAllGatherTokenDispatcher): the tokens are all-gathered over the expert TP × EP
//   group (ep·expert-TP consecutive ranks) and the outputs reduce-scattered, the gradients the
//   other way: two all-gathers and two reduce-scatters of the whole group's tokens. It moves
//   (n − 1) token copies where the all-to-all moves k·(n − 1)/n: the cheaper for EP below top-k.
double epLayerSeconds(MoeDispatcher d, const EpExchange& x, bool sharded, const NetworkTiers& net);

// Streaming multiprocessors a flex dispatcher's kernels hold on Hopper: 20 of an H800's 132
// (DeepSeek-V3 report §3.2.2: "only 20 SMs are sufficient to fully utilize the bandwidths of IB and
// NVLink"); DeepEP's README runs its normal kernels with 20-24.
inline constexpr double kEpCommSmShare = 20.0 / 132.0;

// Share of the EP traffic Megatron-Core's 1F1B A2A overlap hides when compute is long enough. The
// one published pair of the same layout with and without it, Qwen3-235B-A22B with DeepEP on 256
// H100 (Megatron-MoE-ModelZoo best_practice/qwen3/readme.md, H100 table: 19.7 s → 17.6 s), gives
// half of this engine's EP time for that layout. The Megatron-Core MoE paper (arXiv:2603.07685)
// reports 93 % for DeepSeek-V3 with its later merged forward-backward schedule and split weight
// gradients, which no published step time isolates.
inline constexpr double kOneFOneBEpHiddenShare = 0.5;

struct EpHidden {
    double exposed = 0;     // EP seconds left on the critical path
    double hidden = 0;      // EP seconds run beside compute
    double contention = 0;  // compute slowed meanwhile by the SMs the communication holds
};
// Per micro-batch: `epSeconds` of EP traffic beside `computeSeconds` of the other micro-batch's
// forward and backward (1F1B A2A overlap pairs micro-batch i's forward with j's backward; DualPipe
// pairs a forward chunk with a backward chunk, §3.2.1, hiding all of it where compute suffices).
EpHidden hideEpTraffic(EpOverlap overlap, double epSeconds, double computeSeconds);

// DualPipe's fill and drain (§3.2.1, Table 2): (PP/2 − 1)(F&B + B − 3W) against 1F1B's
// (PP − 1)(F + B), where F is a stage's forward chunk, B its backward for inputs, W its backward for
// weights and F&B two overlapped chunks. With B and W each half the backward and F&B = F + B:
// (PP/2 − 1)(F − backward/2), never below 0.
double dualPipeBubbleSeconds(std::int64_t pp, double forwardSeconds, double backwardSeconds);

}  // namespace clusterplan
