#pragma once
// The host bound: the CPU process driving a GPU issues its kernels asynchronously, so the GPU
// cannot finish a pass before the host has issued all of it. For each pass the time is at least
// max(GPU work, host time to issue it), where the host time is the framework's calls (Python,
// PyTorch's dispatcher, cudaLaunchKernel) the pass makes, one after the other, on one CPU core.
//
// How far the host may run ahead decides what the max is taken over. A dropless MoE layer waits on
// the host for its tokens-per-expert counts in every forward (Megatron-Core: "eliminate the
// device-host sync in the MoE model (its purpose is to get the tokens per expert information)",
// docs/discussions/deepseek-v3-gb200-optimization at NVIDIA/Megatron-LM 1d9edcf8, section 3.1):
// the GPU's queue drains there, so the host cannot carry a lead from one pass into the next and
// the bound holds per pass (forward; backward with recompute). A dense model has no such sync:
// the host runs ahead across the whole micro-batch, and the bound holds per micro-batch.
//
// This is not the profile's kernel_overhead_us: that is the GPU-side minimum time of one kernel,
// added to every kernel's roofline time; the host bound is a max over the same pass, so a pass
// whose GPU work exceeds its host time (large GEMMs) does not move.
//
// CUDA graphs replay a captured region with one launch: its calls cost the host nothing per step.
// Megatron-Core's partial graphs (--cuda-graph-impl transformer_engine --cuda-graph-scope attn
// moe_router moe_preprocess) capture the attention block, the router and the dispatch preprocess
// (and the shared expert, "unless the shared experts overlap is enabled"); the routed experts are
// dynamic and stay eager. Full graphs (--cuda-graph-impl local, full_iteration) capture the layer.
#include <string>

#include "core/scenario/moe_options.h"

namespace clusterplan {

enum class CudaGraphs { None, Partial, Full };

// A stack's host costs and its layers' calls (resources/perf-profiles.json stack_defaults,
// "host_launch"); absent: no host bound.
struct HostLaunch {
    bool enabled = false;
    // Host time of one framework module call (a Transformer Engine Linear's forward) and of one
    // eager PyTorch op with its kernel launch, on the reference x86 server core, microseconds.
    double moduleUs = 0;
    double opUs = 0;
    // The same calls on a Grace CPU (Neoverse V2; the host of GH200, GB200 and GB300) over that core.
    double graceFactor = 1;
    // Forward calls of one transformer layer, counted from the stack's layer code:
    double attentionModules = 0;     // grouped-query attention block
    double attentionModulesMla = 0;  // multi-head latent attention block
    double attentionOps = 0;         // rotary embedding, splits, fused residual
    double mlpModules = 0;           // a dense MLP or one shared expert
    double mlpOps = 0;
    double moeModules = 0;         // the MoE block's norm and its grouped expert linears
    double routerOps = 0;          // router and dispatch preprocess, all-to-all dispatcher
    double routerOpsFused = 0;     // the same with DeepEP / HybridEP's fused preprocess
    double dispatchOps = 0;        // token dispatch, permutation, combine, the count sync
    double opsPerLocalExpert = 0;  // per local expert inside the grouped linears
    // Backward host time per forward host time (one autograd node per forward call).
    double backwardFactor = 1;
    CudaGraphs cudaGraphs = CudaGraphs::None;  // the stack's default capture
    std::string source;
};

// One layer as the host sees it.
struct HostLayerShape {
    bool moe = false;
    bool mla = false;
    double sharedExperts = 0;
    double localExperts = 0;  // routed experts on this GPU
    MoeDispatcher dispatcher = MoeDispatcher::AllToAll;
    bool grace = false;  // the host is a Grace CPU
};

// Host seconds of one layer's forward on this host, with `graphs` captured.
double hostLayerForwardSeconds(const HostLaunch& h, const HostLayerShape& shape, CudaGraphs graphs);

// One micro-batch on one stage: the host's and the GPU's seconds per pass.
struct HostPasses {
    double hostForward = 0, hostBackward = 0;  // backward: with any recomputed forward
    double gpuForward = 0, gpuBackward = 0;
    bool syncEachPass = false;  // a dropless MoE layer drains the GPU's queue in every forward
};

// Seconds the host adds to the micro-batch beyond the GPU's work: 0 where the GPU is the bound.
double hostBoundSeconds(const HostPasses& p);

}  // namespace clusterplan
