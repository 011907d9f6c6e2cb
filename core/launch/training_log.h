#pragma once
// A training run's own log read back as a measured run, in the format of the stack that wrote it:
// - Megatron-LM (and Megatron-Bridge, which logs through it; core_v0.19.0): training.py training_log's
//   iteration lines ("elapsed time per iteration (ms): T"), utils/common_utils.py report_memory's
//   memory lines ("max allocated", "max reserved", MB) and arguments.py _print_args's argument dump;
// - NeMo 2 (NVIDIA/NeMo nemo/lightning/pytorch/callbacks/progress_printer.py ProgressPrinter at
//   01f7dbc5: "Training epoch E, iteration N/M | ... | train_step_timing in s: T | ..."; NeMo 1's
//   progress bar writes "train_step_timing in s=T"): the step seconds, averaged over the log interval;
// - torchtitan (v0.2.2, components/metrics.py log): "step: N ... memory: G GiB(P%) tps: T ...", the
//   tokens per second per GPU and the peak reserved memory of the logging rank;
// - DeepSpeed (v0.16.4, utils/timer.py ThroughputTimer): "global_step=N, ... CurrSamplesPerSec=S,
//   MemAllocated=A GB, MaxMemAllocated=M GB", the whole job's samples per second (train_batch_size
//   per step) and rank 0's peak allocated memory; older versions' "SamplesPerSec=S" too.
// What real logs print beside these formats (tests/data/launch/logs/real/README.md): Megatron-LM forks
// without the date or the TFLOP/s column, torchtitan repeating a step once per rank without
// --local-ranks-filter (counted once), launcher prefixes ("stdout: ").
// Read line by line in bounded memory: a line is cut at kMaxLogLineBytes, and only one number per
// logged step is kept, so a multi-GB log costs what its step count costs, not its size.
#include <cstdint>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/scenario/scenario.h"
#include "core/util/message.h"
#include "core/util/result.h"

namespace clusterplan {

inline constexpr std::size_t kMaxLogLineBytes = 1 << 20;
// The logged steps kept at most (16 bytes each): a log of more keeps an evenly spaced sample of them.
inline constexpr std::size_t kMaxLogSteps = 1 << 18;

// One peak-memory counter as the log prints it: PyTorch's caching allocator's "max allocated"
// (tensors) or "max reserved" (tensors plus the allocator's cached blocks), the largest over the ranks
// that report it, and where.
struct LogMemoryPeak {
    double gib = 0;
    std::int64_t rank = -1;
    std::int64_t line = 0;
};

enum class LogFormat { Megatron, Nemo, Torchtitan, DeepSpeed };
// What each logged step measures: Megatron-LM and NeMo its seconds, torchtitan tokens per second per GPU,
// DeepSpeed the job's samples (sequences) per second.
enum class LogMeasure { StepSeconds, TokensPerSecondPerGpu, SamplesPerSecond };

struct TrainingLog {
    LogFormat format = LogFormat::Megatron;
    LogMeasure measure = LogMeasure::StepSeconds;
    std::int64_t lines = 0;
    std::int64_t steps = 0;  // step lines read (a step every rank prints counted once)
    // The measure of every `stride`-th logged step, in the log's order, with its line: every step until
    // kMaxLogSteps are kept, then every other one of those and of what follows, and so on.
    std::int64_t stride = 1;
    std::vector<double> values;
    std::vector<std::int64_t> valueLines;
    std::vector<double> tflopsPerGpu;  // "throughput per GPU (TFLOP/s/GPU)", where logged
    std::int64_t globalBatch = 0;      // "global batch size" of the last iteration line
    std::optional<LogMemoryPeak> maxAllocated, maxReserved;
    std::map<std::string, std::string> arguments;  // the argument dump, "name" -> "value" as printed
};

// The steady steps: the warm-up entries skipped, the median of the log's measure and its spread (in
// the measure's unit: seconds, tokens/s per GPU or samples/s).
struct SteadySteps {
    std::int64_t logged = 0;   // steps in the log
    std::int64_t skipped = 0;  // warm-up steps left out
    double median = 0;
    double p10 = 0, p90 = 0;
    std::int64_t firstLine = 0;  // the first steady iteration's line
    std::int64_t lastLine = 0;   // the last one's
    std::optional<double> medianTflopsPerGpu;
};

// Reads a log of any of the three formats (the first step line found sets it). An unrecognised log (no
// step line) or a malformed step line is an Error naming "NAME:LINE" and what was expected there.
Result<TrainingLog> readTrainingLog(std::istream& in, const std::string& name);

// The first logged iteration carries the start-up (NCCL communicators, the allocator's first growth,
// kernels compiled and autotuned): it and the first tenth of the logged iterations are left out.
SteadySteps steadySteps(const TrainingLog& log);

// What the log gave, as sentences: the steady step (or throughput) with its spread, then the peak memory
// with its counter, rank and line when the log prints one. `name` is the log as the user knows it.
std::vector<Message> describeLog(const TrainingLog& log, const std::string& name);

// Where a run read from the log `name` has its numbers, as the measured run's `source` keeps it: the
// file's name (without its folder) and its steady lines, "train.log:33-42".
std::string logSource(const TrainingLog& log, const std::string& name);

// The run as a measured run of `scenario`: its layout, GPUs and global batch from the log's argument
// dump where it has one (Megatron-LM), else the scenario's `layout` when it fixes every key, else an
// Error naming the missing key. Megatron-LM's median step is the run's step time, DeepSpeed's the
// global batch over its median samples per second, torchtitan's median tokens per second per GPU times
// the GPUs its throughput. The peak memory is the log's "max reserved" (what the GPU holds,
// fragmentation included, as the engine's peak counts it), else its "max allocated".
Result<MeasuredRun> measuredRunFromLog(const TrainingLog& log, const Scenario& scenario,
                                       const std::string& name);

}  // namespace clusterplan
