#pragma once
// The real length of a run: what a steady-state step time leaves out and a customer
// still pays for. First-order model, every term from a cited figure (resources/run-realities.json):
//   - interruptions arrive at a rate per GPU-day (Llama 3, §3.3.4), so the job's mean time
//     between interruptions is M = 1 / (rate · GPUs);
//   - a checkpoint of weights and optimizer state (ZeRO §3.1: 2 + 12 bytes per parameter under
//     mixed-precision Adam) takes δ = size / write bandwidth, every τ hours of training, with τ
//     from Young (1974) and Daly (2006) unless the scenario fixes it;
//   - each interruption loses on average half an interval of work plus the restart and the
//     checkpoint load;
//   - evaluation runs forward-only iterations at the framework's default interval;
//   - the run starts once (same cost as a restart).
// wall = (steady·(1 + δ/τ) + eval + start) / (1 − ((τ + δ)/2 + R) / M). Not fitted to published
// GPU-hour totals.
#include <string>
#include <vector>

#include "core/model/param_count.h"
#include "core/model/trainable_params.h"
#include "core/run/feed_check.h"
#include "core/run/run_realities.h"
#include "core/scenario/scenario.h"
#include "core/util/message.h"

namespace clusterplan {

struct RunLength {
    double steadyDays = 0;  // the performance model's days (after the feed check)
    double wallDays = 0;
    double goodput = 1;  // steady / wall: the share of wall time that trains
    double budgetGpuHours = 0;
    // The parts, in hours of wall time.
    double checkpointHours = 0;
    double lostWorkHours = 0;
    double restartHours = 0;
    double evaluationHours = 0;
    double startHours = 0;
    double interruptions = 0;  // expected over the run
    double interruptionsPerGpuDay = 0;
    double mtbfHours = 0;  // of the whole job
    double checkpointBytes = 0;
    double checkpointWriteSeconds = 0;
    double checkpointLoadSeconds = 0;
    double checkpointIntervalHours = 0;
    bool intervalOptimal = true;  // from Young/Daly, not from the scenario
    bool progresses = true;       // false: interruptions come faster than the run can checkpoint
    std::vector<Message> notes;
};

// Young/Daly optimum interval (hours) for a checkpoint of `writeHours` and a job MTBF of `mtbfHours`.
double optimalCheckpointInterval(double writeHours, double mtbfHours);
// Bytes of a checkpoint: weights in the training precision and the trainable parameters' optimizer state.
double checkpointBytes(const TrainingSpec& training, const ParamCounts& params,
                       const TrainableCounts& trainable);

RunLength runLength(const Scenario& scenario, const ParamCounts& params, const TrainableCounts& trainable,
                    const FeedInputs& storage, const RunRealities& realities, double steadyDays);

}  // namespace clusterplan
