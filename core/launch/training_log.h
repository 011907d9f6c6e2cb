#pragma once
// A training run's own log read back as a measured run: Megatron-LM's (megatron/training/training.py
// training_log, utils/common_utils.py report_memory, arguments.py _print_args, core_v0.19.0) iteration
// lines, memory reports and argument dump. Read line by line in bounded memory: a line is cut at
// kMaxLogLineBytes, and only one number per logged iteration is kept, so a multi-GB log costs what its
// iteration count costs, not its size.
#include <cstdint>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

inline constexpr std::size_t kMaxLogLineBytes = 1 << 20;

// One peak-memory counter as the log prints it: PyTorch's caching allocator's "max allocated"
// (tensors) or "max reserved" (tensors plus the allocator's cached blocks), the largest over the ranks
// that report it, and where.
struct LogMemoryPeak {
    double gib = 0;
    std::int64_t rank = -1;
    std::int64_t line = 0;
};

struct TrainingLog {
    std::int64_t lines = 0;
    // Step seconds of every logged iteration line ("elapsed time per iteration (ms)"), with its line.
    std::vector<double> stepSeconds;
    std::vector<std::int64_t> stepLines;
    std::vector<double> tflopsPerGpu;  // "throughput per GPU (TFLOP/s/GPU)", where logged
    std::int64_t globalBatch = 0;      // "global batch size" of the last iteration line
    std::optional<LogMemoryPeak> maxAllocated, maxReserved;
    std::map<std::string, std::string> arguments;  // the argument dump, "name" -> "value" as printed
};

// The steady iterations: the warm-up entries skipped, the median and its spread.
struct SteadySteps {
    std::int64_t logged = 0;   // iteration lines in the log
    std::int64_t skipped = 0;  // warm-up lines left out
    double medianSeconds = 0;
    double p10Seconds = 0, p90Seconds = 0;
    std::int64_t firstLine = 0;  // the first steady iteration's line
    std::optional<double> medianTflopsPerGpu;
};

// Reads a Megatron-LM log. An unrecognised log (no iteration line) or a malformed iteration line is an
// Error naming "NAME:LINE" and what was expected there.
Result<TrainingLog> readTrainingLog(std::istream& in, const std::string& name);

// The first logged iteration carries the start-up (NCCL communicators, the allocator's first growth,
// kernels compiled and autotuned): it and the first tenth of the logged iterations are left out.
SteadySteps steadySteps(const TrainingLog& log);

// The run as a measured run of `scenario`: its layout, GPUs and global batch from the log's argument
// dump where it has one, else the scenario's `layout` when it fixes every key, else an Error naming
// the missing key. The peak memory is the log's "max reserved" (what the GPU holds, fragmentation
// included, as the engine's peak counts it), else its "max allocated".
Result<MeasuredRun> measuredRunFromLog(const TrainingLog& log, const Scenario& scenario,
                                       const std::string& name);

}  // namespace clusterplan
