#pragma once
// Step time of one training iteration and its parts (docs/performance-model.md): compute per stage from the
// roofline, exposed tensor/context/expert/pipeline communication per micro-batch, the pipeline
// schedule's bubble (1F1B, interleaved 1F1B), exposed data-parallel communication after the
// overlap window, and the optimizer step.
#include <cstdint>
#include <string>
#include <vector>

#include "core/hardware/fabric.h"
#include "core/hardware/gpu_spec.h"
#include "core/hardware/host_spec.h"
#include "core/parallel/layout.h"
#include "core/perf/perf_profile.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"
#include "core/util/message.h"

namespace clusterplan {

struct PerfInputs {
    const ModelSpec& model;
    const TrainingSpec& training;
    const Layout& layout;
    const GpuSpec& gpu;
    const Fabric& intraNode;
    const Fabric& interNode;
    std::int64_t gpusPerNode;
    std::int64_t nicsPerNode;
    const PerfProfile& profile;
    const HostSpec& host;        // CPU offload: host memory bandwidth and PCIe
    const StackDefaults& stack;  // features the stack has unless the scenario says otherwise
};

struct PerfEstimate {
    double stepSeconds = 0;
    double computeSeconds = 0;  // forward + backward of all micro-batches (slowest stage)
    double recomputeSeconds = 0;
    // MoE layers: the router's element-wise kernels and the token permutation (memory-bound,
    // perf/moe_router_permutation.h), and what the most loaded expert rank adds under learned
    // dropless routing (perf/expert_load_imbalance.h).
    double moeRoutingSeconds = 0;
    double moeImbalanceSeconds = 0;
    double tpCommSeconds = 0;        // exposed
    double tpCommHiddenSeconds = 0;  // hidden behind the GEMMs by TP communication overlap
    double cpCommSeconds = 0;
    double epCommSeconds = 0;
    double ppCommSeconds = 0;
    double dpCommSeconds = 0;  // exposed part
    double dpCommTotalSeconds = 0;
    double bubbleSeconds = 0;
    double optimizerSeconds = 0;  // on the GPU, or the CPU step under offload (perf/offload_time.h)
    double offloadSeconds = 0;    // exposed PCIe transfers of CPU offload
    // Compute slowed while hidden DP and TP communication shares SMs and HBM with it (profile's
    // commComputeSlowdown × hidden communication seconds).
    double contentionSeconds = 0;
    // Waiting for the slowest of all GPUs each step (perf/synchronisation.h).
    double synchronisationSeconds = 0;
    // The GPU waiting for the host to issue its kernels, beyond its own work (perf/host_launch.h).
    double hostLaunchSeconds = 0;
    // Waiting for the data loaders or storage (run/feed_check.h); set by evaluate().
    double dataWaitSeconds = 0;
    double tokensPerSecond = 0;
    double tflopsPerGpu = 0;    // model FLOPs (PaLM) achieved per GPU
    double mfu = 0;             // model FLOPs / (GPUs · dense peak of the training precision)
    double hfu = 0;             // executed FLOPs / same peak
    double stepSecondsLow = 0;  // band from cross-validated residuals (perf/prediction_band.h)
    double stepSecondsHigh = 0;
    double trainDays = 0;
    double gpuHours = 0;
    std::int64_t slowestStage = 0;
    // One micro-batch on each pipeline stage (GPU rank): forward, backward, recompute and exposed
    // communication, the times the fill/drain bubble is made of.
    std::vector<double> stageSeconds;
    std::string profileId;
    // Stack features the step was timed with (the scenario's choice, else the stack's default;
    // TP overlap only where it can run: TP > 1 with SP), and the stack's defaults themselves.
    bool overlapGradReduce = true, tpCommOverlap = false;
    bool stackOverlapGradReduce = true, stackTpCommOverlap = false;
    std::vector<Message> notes;
};

// How much a caller wants of an estimate: everything (the plan's own layout), or the step's times,
// its parts and rates only, without notes and stageSeconds (the search ranks ~10^4
// layouts and the fit times every measured run at every step: text and lists built per layout that
// no one reads there).
enum class StepDetail { Full, TimesOnly };

PerfEstimate estimateStep(const PerfInputs& in, StepDetail detail = StepDetail::Full);

// The parts of a step in a fixed order, for reports and the window (name, short name, seconds).
// They add up to stepSeconds.
struct StepPart {
    const char* name;
    const char* shortName;
    double seconds;
};
std::vector<StepPart> stepParts(const PerfEstimate& e);

}  // namespace clusterplan
