#pragma once
// How a Mixture-of-Experts layer's tokens reach their experts, what hides that traffic, and
// DeepSeek-V3's memory measures: layout keys of a scenario (layout.dispatcher, layout.ep_overlap,
// layout.recompute_norm_up_proj, layout.fp8_activations, layout.routing,
// layout.router_aux_loss). The costs are in
// perf/moe_dispatch.h, perf/expert_load_imbalance.h and memory/activation_model.h.
#include <optional>
#include <string>
#include <string_view>

namespace clusterplan {

namespace json {
class Writer;
}

// Megatron-Core's token dispatcher (--moe-token-dispatcher-type, megatron/core/transformer/moe/
// token_dispatcher.py): `alltoall` sends every routed copy of a token to its expert's GPU through
// NCCL; `allgather` (MoEAllGatherTokenDispatcher) all-gathers the tokens over the expert TP × EP
// group and each GPU keeps those of its experts, reduce-scattering the outputs back; `flex` with
// --moe-flex-dispatcher-backend deepep or hybridep sends a token once to each server that holds one of its
// experts and forwards it there over NVLink (DeepEP, deepseek-ai/DeepEP README "normal kernels": NVLink
// forwarding of RDMA traffic; HybridEP, its NVLink-domain variant).
enum class MoeDispatcher { AllToAll, AllGather, DeepEp, HybridEp };

// What hides the expert-parallel all-to-all: nothing; Megatron-Core's 1F1B A2A overlap
// (--overlap-moe-expert-parallel-comm: one micro-batch's dispatch and combine run beside another's
// forward or backward compute); or DeepSeek's DualPipe (arXiv:2412.19437 §3.2.1: two pipeline
// directions, each forward-backward chunk pair overlapping its communication, two copies of the
// parameters).
enum class EpOverlap { None, OneFOneB, DualPipe };

// How the router spreads tokens over the experts (perf/expert_load_imbalance.h): uniformly, as
// --moe-router-force-load-balancing (torchtitan: debug_moe_force_load_balance) forces it in the
// published benchmarks, the default and the step every published MoE figure is an upper bound of;
// learned and dropless (every expert takes what it is sent, Megatron-Core's default
// --moe-expert-capacity-factor None), whose most loaded expert rank sets the layer's time; or token
// drop at capacity factor 1 with the experts' inputs padded to capacity
// (--moe-expert-capacity-factor 1.0 --moe-pad-expert-input-to-capacity), as balanced as forced.
enum class MoeRouting { Dropless, ForcedBalance, TokenDrop };

// The smallest balancing-loss coefficient a scenario may state: DeepSeek-V3's sequence-wise balance
// loss (arXiv:2412.19437 §4.2, α = 0.0001), the weakest published beside its bias-based balancing.
inline constexpr double kMinRouterAuxLoss = 1e-4;

struct MoeOptions {
    MoeDispatcher dispatcher = MoeDispatcher::AllToAll;
    EpOverlap epOverlap = EpOverlap::None;
    // DeepSeek-V3 report §3.3.x "Extremely memory saving with minimal overhead": RMSNorm outputs
    // and the MLA up-projections recomputed in the backward instead of stored.
    bool recomputeNormUpProj = false;
    // §3.3.x "Low-precision storage": the inputs of the linear layers after attention and of the
    // MoE's SwiGLU cached in FP8 (1 byte per element), the SwiGLU output recomputed.
    bool fp8Activations = false;
    MoeRouting routing = MoeRouting::ForcedBalance;
    // The router's load-balancing loss coefficient under learned routing (Megatron-Core
    // --moe-aux-loss-coeff, the α of Fedus et al. 2022, arXiv:2101.03961 eq. 4); how far a dropless
    // router leaves its experts unbalanced (perf/expert_load_imbalance.h). 1e-3 is Qwen3's
    // (Megatron-MoE-ModelZoo model_configs/benchmarking/Qwen3-235B-A22B.yaml, HEAD e8650517; Qwen3
    // MoE's config.json router_aux_loss_coef 0.001), the recipe the imbalance was measured on.
    double routerAuxLoss = 1e-3;
    bool operator==(const MoeOptions&) const = default;
};

std::string_view toString(MoeDispatcher d);
std::string_view toString(EpOverlap o);
std::optional<MoeDispatcher> parseMoeDispatcher(std::string_view s);
std::optional<EpOverlap> parseEpOverlap(std::string_view s);
std::string_view toString(MoeRouting r);
std::optional<MoeRouting> parseMoeRouting(std::string_view s);
// The keys that differ from their defaults, into the open layout object (scenario files and the
// plan's JSON write the same keys).
void writeMoeOptions(json::Writer& w, const MoeOptions& o);
// ", DeepEP, 1F1B EP overlap, ..." for the layout's one-line text; empty when all are defaults.
std::string moeOptionsText(const MoeOptions& o);

}  // namespace clusterplan
