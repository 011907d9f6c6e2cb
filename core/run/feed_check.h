#pragma once
// Can the server feed the GPUs? (The seed article's trap 4.) Three rates per server,
// in samples (sequences of seq_len tokens) per second:
//   - what the GPUs consume: the global batch over the step time, shared by the servers;
//   - what the data-loader workers prepare: usable workers × 1000 / CPU ms per sample, where a
//     worker is a process on its own core and each GPU's training process keeps one core;
//   - what storage reads: local NVMe drives × read GB/s, or the cluster's share of a network
//     file system, over the bytes of a sample.
// When the slower of the last two is below the first, the step waits for data: the step time is
// the global batch over the feed rate. With no workers (num_workers=0) each training process
// prepares its own samples between steps, without overlap.
#include <cstdint>
#include <string>
#include <vector>

#include "core/run/run_realities.h"
#include "core/scenario/scenario.h"
#include "core/util/message.h"

namespace clusterplan {

struct FeedInputs {
    double cpuCoresPerNode = 0;
    double loaderWorkersPerGpu = 0;
    double nvmeDrives = 0;
    double nvmeReadGBs = 0;   // per drive
    double nvmeWriteGBs = 0;  // per drive (checkpoints)
    double networkFsGBs = 0;  // whole cluster; 0 = local drives
    double bytesPerSample = 0;
    double cpuMsPerSample = 0;
    std::string pipeline;  // preset name
    std::string pipelineSource;
    std::string serverSource;
};

// Scenario values over the defaults. The scenario must have passed checkScenario().
FeedInputs resolveFeedInputs(const Scenario& scenario, const RunRealities& realities);

struct FeedCheck {
    FeedInputs inputs;
    // Per server, samples per second.
    double neededPerNode = 0;   // GPUs at the steady-state step time
    double cpuPerNode = 0;      // what the usable workers prepare
    double storagePerNode = 0;  // what storage reads
    double usableWorkersPerNode = 0;
    bool binds = false;         // the feed is slower than the GPUs
    std::string bottleneck;     // "cpu" or "storage": the slower of the two
    double margin = 0;          // feed / needed (> 1: spare)
    double gpuUtilization = 1;  // steady-state step / fed step
    double stepSeconds = 0;     // fed step time (≥ the steady-state one)
    double waitSeconds = 0;     // stepSeconds − steady-state step
    // What lifts the feed to the GPUs' rate (0 when not needed or not the bottleneck).
    std::int64_t workersPerGpuNeeded = 0;
    std::int64_t coresPerNodeNeeded = 0;
    std::int64_t drivesNeeded = 0;
    double networkFsGBsNeeded = 0;
    std::vector<Message> notes;
};

FeedCheck checkFeed(const Scenario& scenario, const FeedInputs& inputs, double steadyStepSeconds);

}  // namespace clusterplan
