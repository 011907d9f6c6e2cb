#include "core/launch/training_log.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <string_view>

#include "core/launch/messages_launch.h"
#include "core/scenario/layout_key_names.h"
#include "core/util/number_format.h"
#include "core/util/statistics.h"

namespace clusterplan {

namespace {

// Reads one line of at most kMaxLogLineBytes (the rest of a longer line is skipped); false at the end.
// In pieces of istream::getline, so that a multi-GB log is not read one istream::get at a time.
bool boundedLine(std::istream& in, std::string& line) {
    line.clear();
    bool any = false;
    char chunk[4096];
    const auto keep = [&](std::streamsize count) {
        const std::size_t room = kMaxLogLineBytes - std::min(kMaxLogLineBytes, line.size());
        line.append(chunk, std::min(room, static_cast<std::size_t>(count)));
    };
    for (;;) {
        in.getline(chunk, sizeof chunk);
        const std::streamsize got = in.gcount();
        if (in.bad())  // a read error: what was read is all there is
            return any;
        if (in.eof()) {  // the last line, without a newline (or nothing at all)
            keep(got);
            return any || got > 0;
        }
        any = true;
        if (in.fail()) {  // the piece filled up before the newline: the line goes on
            in.clear();
            keep(got);
            continue;
        }
        keep(got - 1);  // the newline was read, not stored
        return true;
    }
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// The largest count a log line may carry (2^53: every whole number below it is a double).
constexpr double kMaxLogCount = 9007199254740992.0;

// The labelled numbers of one log line ("elapsed time per iteration (ms): 5630.1 |"). A label that is
// there without a number makes the line's error (the first such); a required one that is absent too.
class LineNumbers {
public:
    LineNumbers(std::string_view line, const std::string& where) : m_line(line), m_where(where) {}

    // The number after `label`; nullopt when the label is absent or the number malformed. `grouped`: the
    // number may have thousands commas ("7,123", torchtitan's tps).
    std::optional<double> optional(std::string_view label, bool grouped = false) {
        if (label.empty())  // a format that does not print it
            return std::nullopt;
        const auto at = m_line.find(label);
        if (at == std::string_view::npos)
            return std::nullopt;
        std::string digits(trim(m_line.substr(at + label.size())));
        if (grouped) {
            const auto end = digits.find_first_not_of("0123456789,.");
            digits = digits.substr(0, end);
            digits.erase(std::remove(digits.begin(), digits.end(), ','), digits.end());
        }
        double value = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc() || end == digits.data() || !std::isfinite(value)) {
            fail(label);
            return std::nullopt;
        }
        return value;
    }
    // A count (the global batch): a whole number of at least 1 where the label is.
    std::optional<std::int64_t> count(std::string_view label) {
        const auto value = optional(label);
        if (!value)
            return std::nullopt;
        if (!(*value >= 1 && *value <= kMaxLogCount && std::floor(*value) == *value)) {
            if (!m_error)
                m_error = inputError(m_where, msg::kLogBadCount, {std::string(label)});
            return std::nullopt;
        }
        return static_cast<std::int64_t>(*value);
    }
    // The same, required and above zero (a step's time or rate).
    std::optional<double> positive(std::string_view label, bool grouped = false) {
        const auto value = optional(label, grouped);
        if (!value || !(*value > 0)) {
            fail(label);
            return std::nullopt;
        }
        return value;
    }
    [[nodiscard]] const std::optional<Error>& error() const { return m_error; }

private:
    void fail(std::string_view label) {
        if (!m_error)
            m_error = inputError(m_where, msg::kLogBadNumber, {std::string(label)});
    }
    std::string_view m_line;
    const std::string& m_where;
    std::optional<Error> m_error;
};

void keepPeak(std::optional<LogMemoryPeak>& peak, double gib, std::int64_t rank, std::int64_t line) {
    if (!peak || gib > peak->gib)
        peak = LogMemoryPeak{gib, rank, line};
}

// The rank a line names: Megatron-LM's report_memory and DeepSpeed's log_dist "[Rank 0]" (the global
// rank), else torchrun --tee's "[rank3]:" prefix.
std::int64_t rankOf(std::string_view line) {
    for (const std::string_view prefix : {std::string_view("[Rank "), std::string_view("[rank")}) {
        if (const auto at = line.find(prefix); at != std::string_view::npos) {
            std::int64_t rank = -1;
            std::string_view r = line.substr(at + prefix.size());
            std::from_chars(r.data(), r.data() + r.size(), rank);
            return rank;
        }
    }
    return -1;
}

// "[Rank 3] (after 10 iterations) memory (MB) | allocated: … | max allocated: … | reserved: … | max
// reserved: …"
std::optional<Error> readMemoryLine(std::string_view line, std::int64_t number, const std::string& where,
                                    TrainingLog& log) {
    LineNumbers numbers(line, where);
    const auto allocated = numbers.optional("max allocated:");
    const auto reserved = numbers.optional("max reserved:");
    if (numbers.error())
        return numbers.error();
    if (allocated)
        keepPeak(log.maxAllocated, *allocated / 1024.0, rankOf(line), number);
    if (reserved)
        keepPeak(log.maxReserved, *reserved / 1024.0, rankOf(line), number);
    return std::nullopt;
}

// One stack's step line: how it is told apart, the label before the step's measure, and the labels of
// what else it carries (empty: not printed). Every format is read by readStepLine below.
struct StepLineFormat {
    LogFormat format;
    LogMeasure measure;
    std::string_view marker;           // the line is this stack's step line when it holds marker and detect
    std::string_view detect;           // (a step line without its number is then an error, not another line)
    std::string_view step;             // the label before the step's measure
    double scale = 1;                  // the measure as printed to its unit (ms to s)
    bool grouped = false;              // numbers printed with thousands commas
    std::string_view tflops = {};      // TFLOP/s per GPU
    std::string_view batch = {};       // the global batch in sequences
    std::string_view peak = {};        // a peak memory in GiB (GB printed as 1024**3 bytes)
    bool peakReserved = false;         // that peak counts reserved memory (else allocated)
    std::int64_t peakRank = -1;        // the rank that logs it when the line does not say
    std::string_view stepNumber = {};  // the step's number: a step every rank prints counts once
};

// The step lines, in the order they are tried:
// - Megatron-LM core_v0.19.0 training/training.py training_log: " [date] iteration 10/ 100 | consumed
//   samples: … | elapsed time per iteration (ms): 5630.1 | throughput per GPU (TFLOP/s/GPU): … | …
//   global batch size: 512 | …" (older versions and forks print no date and no throughput);
// - NeMo 1's progress bar "… train_step_timing in s=3.130 …", then NeMo 2's ProgressPrinter "Training
//   epoch 0, iteration 10/100 | lr: … | global_batch_size: 256 | … | train_step_timing in s: 12.34 | …"
//   (4 significant digits: "1.234e+03" too);
// - DeepSpeed utils/timer.py ThroughputTimer: "… RunningAvgSamplesPerSec=…, CurrSamplesPerSec=…,
//   MemAllocated=…GB, MaxMemAllocated=…GB" (v0.7.7 and later: github.com/deepspeedai/DeepSpeed/issues/2629
//   shows v0.7.7's), older versions "0/40, SamplesPerSec=…, MemAllocated=…" (the 2022 log of
//   github.com/deepspeedai/DeepSpeed/issues/1825), logged by rank 0;
// - torchtitan components/metrics.py: "step: 10  loss:  7.8954  grad_norm: …  memory: 30.12GiB(38.07%)
//   tps: 7,123  tflops: 330.12  mfu: 33.38%" (ANSI colours removed), the logging rank's peak reserved
//   memory; without torchrun's --local-ranks-filter every rank prints the step.
constexpr StepLineFormat kStepLines[] = {
    {.format = LogFormat::Megatron,
     .measure = LogMeasure::StepSeconds,
     .marker = " iteration ",
     .detect = "elapsed time per iteration",
     .step = "elapsed time per iteration (ms):",
     .scale = 1e-3,
     .tflops = "throughput per GPU (TFLOP/s/GPU):",
     .batch = "global batch size:"},
    {.format = LogFormat::Nemo,
     .measure = LogMeasure::StepSeconds,
     .marker = "train_step_timing in s=",
     .detect = "train_step_timing in s=",
     .step = "train_step_timing in s=",
     .batch = "global_batch_size:"},
    {.format = LogFormat::Nemo,
     .measure = LogMeasure::StepSeconds,
     .marker = "train_step_timing in s",
     .detect = "train_step_timing in s",
     .step = "train_step_timing in s:",
     .batch = "global_batch_size:"},
    {.format = LogFormat::DeepSpeed,
     .measure = LogMeasure::SamplesPerSecond,
     .marker = "CurrSamplesPerSec=",
     .detect = "CurrSamplesPerSec=",
     .step = "CurrSamplesPerSec=",
     .peak = "MaxMemAllocated=",
     .peakRank = 0},
    {.format = LogFormat::DeepSpeed,
     .measure = LogMeasure::SamplesPerSecond,
     .marker = " SamplesPerSec=",
     .detect = " SamplesPerSec=",
     .step = " SamplesPerSec=",
     .peak = "MaxMemAllocated=",
     .peakRank = 0},
    {.format = LogFormat::Torchtitan,
     .measure = LogMeasure::TokensPerSecondPerGpu,
     .marker = "step:",
     .detect = "tps:",
     .step = "tps:",
     .grouped = true,
     .tflops = "tflops:",
     .peak = "memory:",
     .peakReserved = true,
     .stepNumber = "step:"},
};

template <typename T> void halve(std::vector<T>& v) {
    for (std::size_t i = 1; 2 * i < v.size(); ++i)
        v[i] = v[2 * i];
    v.resize((v.size() + 1) / 2);
}

// A log with more steps than kMaxLogSteps keeps every other one of those it kept, and from then on every
// stride-th step: memory stays bounded however long the run, and the sample evenly spaced.
void keepEveryOther(TrainingLog& log) {
    halve(log.values);
    halve(log.valueLines);
    halve(log.tflopsPerGpu);
    log.stride *= 2;
}

// What the reader keeps between lines: the last step's number, where the format numbers its steps.
struct ReadState {
    std::optional<double> lastStepNumber;
};

std::optional<Error> readStepLine(const StepLineFormat& f, std::string_view line, std::int64_t number,
                                  const std::string& where, TrainingLog& log, ReadState& state) {
    LineNumbers numbers(line, where);
    const auto value = numbers.positive(f.step, f.grouped);
    const auto tflops = numbers.optional(f.tflops, f.grouped);
    const auto batch = numbers.count(f.batch);
    const auto peak = numbers.optional(f.peak);
    const auto step = numbers.optional(f.stepNumber);
    if (numbers.error())
        return numbers.error();
    log.format = f.format;
    log.measure = f.measure;
    if (step && state.lastStepNumber == step)
        return std::nullopt;  // another rank's line of the step just read
    state.lastStepNumber = step;
    if (log.steps++ % log.stride != 0)
        return std::nullopt;  // between the kept steps of a long log
    log.values.push_back(*value * f.scale);
    log.valueLines.push_back(number);
    if (tflops)
        log.tflopsPerGpu.push_back(*tflops);
    if (log.values.size() >= kMaxLogSteps)
        keepEveryOther(log);
    if (batch)
        log.globalBatch = *batch;
    if (peak) {
        const std::int64_t rank = rankOf(line);
        keepPeak(f.peakReserved ? log.maxReserved : log.maxAllocated, *peak, rank >= 0 ? rank : f.peakRank,
                 number);
    }
    return std::nullopt;
}

// The line without ANSI colour sequences (ESC [ ... letter), as torchtitan's coloured logger writes them.
std::string withoutColours(std::string_view line) {
    std::string out;
    out.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
            i += 2;
            while (i < line.size() &&
                   !((line[i] >= 'A' && line[i] <= 'Z') || (line[i] >= 'a' && line[i] <= 'z')))
                ++i;
            continue;
        }
        out.push_back(line[i]);
    }
    return out;
}

// "  tensor_model_parallel_size ...................... 4" inside the dump.
void readArgumentLine(std::string_view line, TrainingLog& log) {
    line = trim(line);
    const auto space = line.find(' ');
    if (space == std::string_view::npos)
        return;
    std::string_view rest = line.substr(space);
    const auto value = rest.find_first_not_of(" .");
    if (value == std::string_view::npos)
        return;
    log.arguments[std::string(line.substr(0, space))] = std::string(trim(rest.substr(value)));
}

}  // namespace

Result<TrainingLog> readTrainingLog(std::istream& in, const std::string& name) {
    TrainingLog log;
    std::string line;
    bool inArguments = false;
    std::int64_t argumentsLine = 0;
    ReadState state;
    while (boundedLine(in, line)) {
        const std::int64_t number = ++log.lines;
        const std::string where = name + ":" + std::to_string(number);
        const std::string_view view(line);
        if (view.find("------------------------ arguments ------------------------") !=
            std::string_view::npos) {
            inArguments = true;
            argumentsLine = number;
            continue;
        }
        if (inArguments) {
            if (view.find("-------------------- end of arguments") != std::string_view::npos)
                inArguments = false;
            else
                readArgumentLine(view, log);
            continue;
        }
        // The first step line sets the format; another stack's lines after it are left alone.
        const bool any = !log.values.empty();
        std::optional<Error> failed;
        if ((!any || log.format == LogFormat::Megatron) &&
            view.find("memory (MB)") != std::string_view::npos &&
            view.find("elapsed time per iteration") == std::string_view::npos) {
            failed = readMemoryLine(view, number, where, log);
        } else {
            for (const StepLineFormat& f : kStepLines) {
                if ((any && log.format != f.format) || view.find(f.marker) == std::string_view::npos ||
                    view.find(f.detect) == std::string_view::npos)
                    continue;
                failed = f.format == LogFormat::Torchtitan
                             ? readStepLine(f, withoutColours(view), number, where, log, state)
                             : readStepLine(f, view, number, where, log, state);
                break;
            }
        }
        if (failed)
            return *failed;
    }
    if (inArguments)
        return inputError(name + ":" + std::to_string(argumentsLine), msg::kLogTruncatedArguments);
    if (log.values.empty())
        return inputError(name + ":" + std::to_string(log.lines), msg::kLogNoIterations);
    return log;
}

SteadySteps steadySteps(const TrainingLog& log) {
    SteadySteps s;
    const auto kept = static_cast<std::int64_t>(log.values.size());
    s.logged = std::max(kept, log.steps);
    if (log.values.empty())  // readTrainingLog refuses such a log; a hand-made one has nothing steady
        return s;
    const std::int64_t skip = kept > 1 ? std::max<std::int64_t>(1, kept / 10) : 0;  // of the kept steps
    s.skipped = std::min(s.logged - 1, skip * log.stride);
    std::vector<double> steady(log.values.begin() + skip, log.values.end());
    s.firstLine = log.valueLines[static_cast<std::size_t>(skip)];
    s.lastLine = log.valueLines.back();
    std::sort(steady.begin(), steady.end());
    s.median = percentileOfSorted(steady, 50);
    s.p10 = percentileOfSorted(steady, 10);
    s.p90 = percentileOfSorted(steady, 90);
    if (!log.tflopsPerGpu.empty()) {
        const std::size_t from = std::min(log.tflopsPerGpu.size() - 1, static_cast<std::size_t>(skip));
        std::vector<double> tflops(log.tflopsPerGpu.begin() + static_cast<std::ptrdiff_t>(from),
                                   log.tflopsPerGpu.end());
        std::sort(tflops.begin(), tflops.end());
        s.medianTflopsPerGpu = percentileOfSorted(tflops, 50);
    }
    return s;
}

std::vector<Message> describeLog(const TrainingLog& log, const std::string& name) {
    const SteadySteps s = steadySteps(log);
    const auto value = [&](double v) {
        switch (log.measure) {
        case LogMeasure::StepSeconds:
            return formatFixed(v, 2) + " s";
        case LogMeasure::TokensPerSecondPerGpu:
            return formatGrouped(v, 0) + " tokens/s/GPU";
        case LogMeasure::SamplesPerSecond:
            break;
        }
        return formatFixed(v, 2) + " samples/s";
    };
    const auto& steady = log.measure == LogMeasure::StepSeconds ? msg::kLogSteady : msg::kLogSteadyRate;
    std::vector<Message> lines{
        makeMessage(steady, {name, std::to_string(s.logged), std::to_string(s.skipped), value(s.median),
                             value(s.p10), value(s.p90), std::to_string(s.firstLine)})};
    const bool reserved = log.maxReserved.has_value();
    if (const auto& peak = reserved ? log.maxReserved : log.maxAllocated) {
        std::string gib = formatFixed(peak->gib, 2) + " GiB";
        std::string counter = reserved ? "max reserved" : "max allocated";
        lines.push_back(
            peak->rank >= 0
                ? makeMessage(msg::kLogPeakMemory, {std::move(gib), std::move(counter),
                                                    std::to_string(peak->rank), std::to_string(peak->line)})
                : makeMessage(msg::kLogPeakMemoryNoRank,
                              {std::move(gib), std::move(counter), std::to_string(peak->line)}));
    }
    return lines;
}

namespace {

std::optional<std::int64_t> argInt(const TrainingLog& log, const std::string& key) {
    const auto it = log.arguments.find(key);
    if (it == log.arguments.end())
        return std::nullopt;
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), v);
    if (ec != std::errc() || end != it->second.data() + it->second.size())
        return std::nullopt;
    return v;
}

bool argTrue(const TrainingLog& log, const std::string& key) {
    const auto it = log.arguments.find(key);
    return it != log.arguments.end() && it->second == "True";
}

// Megatron-LM's argument names (arguments.py dests) for each layout key ClusterPlan needs.
struct Required {
    const char* argument;
    const char* layoutKey;
};
constexpr Required kRequired[] = {{"tensor_model_parallel_size", "tp"},
                                  {"pipeline_model_parallel_size", "pp"},
                                  {"micro_batch_size", "micro_batch"},
                                  {"world_size", "dp"}};

LayoutSpec layoutFromArguments(const TrainingLog& log) {
    LayoutSpec l;
    l.tp = *argInt(log, "tensor_model_parallel_size");
    l.pp = *argInt(log, "pipeline_model_parallel_size");
    l.cp = argInt(log, "context_parallel_size").value_or(1);
    l.ep = argInt(log, "expert_model_parallel_size").value_or(1);
    l.expertTp = argInt(log, "expert_tensor_parallel_size").value_or(0);
    // The dump prints the derived virtual_pipeline_model_parallel_size (validate_args), the command line
    // num_virtual_stages_per_pipeline_rank.
    l.vpp = argInt(log, "virtual_pipeline_model_parallel_size")
                .value_or(argInt(log, "num_virtual_stages_per_pipeline_rank").value_or(1));
    l.microBatch = *argInt(log, "micro_batch_size");
    l.dp = *argInt(log, "world_size") / (l.tp * l.pp * l.cp);
    const auto strategy = log.arguments.find("data_parallel_sharding_strategy");
    if (argTrue(log, "use_megatron_fsdp") && strategy != log.arguments.end())
        l.zeroStage = strategy->second == "optim_grads_params" ? 3
                      : strategy->second == "optim_grads"      ? 2
                                                               : 1;
    else
        l.zeroStage = argTrue(log, "use_distributed_optimizer") ? 1 : 0;
    l.sequenceParallel = argTrue(log, "sequence_parallel");
    const auto granularity = log.arguments.find("recompute_granularity");
    l.recompute = granularity == log.arguments.end() || granularity->second == "None" ? Recompute::None
                  : granularity->second == "full"                                     ? Recompute::Full
                                                                                      : Recompute::Selective;
    if (argTrue(log, "optimizer_cpu_offload"))
        l.offload = Offload::Optimizer;
    const auto layout = log.arguments.find("pipeline_model_parallel_layout");
    if (layout != log.arguments.end() && layout->second != "None")
        l.split.layout = layout->second;
    if (const auto first = argInt(log, "decoder_first_pipeline_num_layers"))
        l.split.firstStageLayers = *first;
    if (const auto last = argInt(log, "decoder_last_pipeline_num_layers"))
        l.split.lastStageLayers = *last;
    l.split.embeddingAsLayer = argTrue(log, "account_for_embedding_in_pipeline_split");
    l.split.lossAsLayer = argTrue(log, "account_for_loss_in_pipeline_split");
    return l;
}

}  // namespace

namespace {

// A figure derived from the log (a median, a ratio, MiB over 1024) to 9 significant digits: the log's
// own numbers have 4 to 6, and a short decimal reads back from the scenario file as the same double
// (Boost.JSON's default number parser rounds a 17-digit one to a neighbour now and then).
double significant(double value) {
    char buffer[32];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 9);
    double read = value;
    if (written.ec == std::errc())
        std::from_chars(buffer, written.ptr, read);
    return read;
}

}  // namespace

std::string logSource(const TrainingLog& log, const std::string& name) {
    const SteadySteps steady = steadySteps(log);
    std::string file = std::filesystem::path(name).filename().string();
    if (file.empty())
        file = name;
    return file + ":" + std::to_string(steady.firstLine) +
           (steady.lastLine > steady.firstLine ? "-" + std::to_string(steady.lastLine) : std::string());
}

Result<MeasuredRun> measuredRunFromLog(const TrainingLog& log, const Scenario& scenario,
                                       const std::string& name) {
    MeasuredRun run;
    const SteadySteps steady = steadySteps(log);
    run.source = logSource(log, name);
    if (log.maxReserved)
        run.peakMemoryGib = significant(log.maxReserved->gib);
    else if (log.maxAllocated)
        run.peakMemoryGib = significant(log.maxAllocated->gib);
    const std::int64_t perNode = scenario.cluster.gpusPerNode;
    if (!log.arguments.empty()) {
        for (const Required& r : kRequired)
            if (!argInt(log, r.argument))
                return inputError(name, msg::kLogMissingKey, {r.argument});
        // Degrees and sizes are whole numbers of at least 1, and the GPUs a multiple of TP × PP × CP.
        for (const char* key :
             {"tensor_model_parallel_size", "pipeline_model_parallel_size", "context_parallel_size",
              "expert_model_parallel_size", "micro_batch_size", "world_size", "global_batch_size"})
            if (const auto v = argInt(log, key); v && (*v < 1 || static_cast<double>(*v) > kMaxLogCount))
                return inputError(name, msg::kLogBadArgument, {key, std::to_string(*v)});
        // The product in floating point first: degrees a damaged dump makes huge must not overflow.
        const double product = static_cast<double>(*argInt(log, "tensor_model_parallel_size")) *
                               static_cast<double>(*argInt(log, "pipeline_model_parallel_size")) *
                               static_cast<double>(argInt(log, "context_parallel_size").value_or(1));
        if (product > static_cast<double>(*argInt(log, "world_size")) ||
            *argInt(log, "world_size") % static_cast<std::int64_t>(product) != 0)
            return inputError(name, msg::kLogBadArgument,
                              {"world_size", std::to_string(*argInt(log, "world_size"))});
        run.layout = layoutFromArguments(log);
        const std::int64_t gpus = *argInt(log, "world_size");
        if (perNode <= 0 || gpus % perNode != 0)
            return inputError(name, msg::kLogGpus, {std::to_string(gpus), std::to_string(perNode)});
        run.nodes = gpus / perNode;
        run.globalBatch = argInt(log, "global_batch_size").value_or(log.globalBatch);
        run.stepSeconds = significant(steady.median);
        return run;
    }
    // No dump: the scenario's layout, when it leaves nothing to the search, on the scenario's cluster.
    for (const auto& [key, text] : kLayoutKeyNames)
        if (scenario.layout.isOpen(key))
            return inputError("layout." + std::string(text), msg::kLogMissingKey, {std::string(text)});
    run.layout = scenario.layout;
    run.nodes = scenario.cluster.nodes;
    run.globalBatch = log.globalBatch;
    switch (log.measure) {
    case LogMeasure::StepSeconds:
        run.stepSeconds = significant(steady.median);
        break;
    case LogMeasure::SamplesPerSecond:  // ThroughputTimer counts train_batch_size samples per step
        run.stepSeconds = significant(static_cast<double>(scenario.training.globalBatch) / steady.median);
        break;
    case LogMeasure::TokensPerSecondPerGpu:
        run.tokensPerSecond = significant(steady.median * static_cast<double>(scenario.cluster.gpus()));
        break;
    }
    return run;
}

}  // namespace clusterplan
