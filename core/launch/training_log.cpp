#include "core/launch/training_log.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include "core/launch/messages_launch.h"
#include "core/util/number_format.h"
#include "core/util/statistics.h"

namespace clusterplan {

namespace {

// Reads one line of at most kMaxLogLineBytes (the rest of a longer line is skipped); false at the end.
bool boundedLine(std::istream& in, std::string& line) {
    line.clear();
    char c = 0;
    bool any = false;
    while (in.get(c)) {
        any = true;
        if (c == '\n')
            return true;
        if (line.size() < kMaxLogLineBytes)
            line.push_back(c);
    }
    return any;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// The labelled numbers of one log line ("elapsed time per iteration (ms): 5630.1 |"). A label that is
// there without a number makes the line's error (the first such); a required one that is absent too.
class LineNumbers {
public:
    LineNumbers(std::string_view line, const std::string& where) : m_line(line), m_where(where) {}

    // The number after `label`; nullopt when the label is absent or the number malformed. `grouped`: the
    // number may have thousands commas ("7,123", torchtitan's tps).
    std::optional<double> optional(std::string_view label, bool grouped = false) {
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

void keepPeak(std::optional<LogMemoryPeak>& peak, double mib, std::int64_t rank, std::int64_t line) {
    const double gib = mib / 1024.0;
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

// One logged step: its measure, and the line it is on.
void addStep(TrainingLog& log, double value, std::int64_t line) {
    log.values.push_back(value);
    log.valueLines.push_back(line);
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
        keepPeak(log.maxAllocated, *allocated, rankOf(line), number);
    if (reserved)
        keepPeak(log.maxReserved, *reserved, rankOf(line), number);
    return std::nullopt;
}

// " [date] iteration       10/     100 | consumed samples: … | elapsed time per iteration (ms): 5630.1 | …"
std::optional<Error> readIterationLine(std::string_view line, std::int64_t number, const std::string& where,
                                       TrainingLog& log) {
    LineNumbers numbers(line, where);
    const auto ms = numbers.positive("elapsed time per iteration (ms):");
    const auto tflops = numbers.optional("throughput per GPU (TFLOP/s/GPU):");
    const auto batch = numbers.optional("global batch size:");
    if (numbers.error())
        return numbers.error();
    addStep(log, *ms / 1000.0, number);
    if (tflops)
        log.tflopsPerGpu.push_back(*tflops);
    if (batch)
        log.globalBatch = static_cast<std::int64_t>(*batch);
    return std::nullopt;
}

// "Training epoch 0, iteration 10/100 | lr: 1.5e-06 | global_batch_size: 256 | global_step: 10 |
// reduced_train_loss: 11.03 | train_step_timing in s: 12.34 | consumed_samples: 2560" (NeMo 2's
// ProgressPrinter, values with 4 significant digits: "1.234e+03" too), or NeMo 1's "… in s=3.130".
std::optional<Error> readNemoLine(std::string_view line, std::int64_t number, const std::string& where,
                                  TrainingLog& log) {
    LineNumbers numbers(line, where);
    const bool bar = line.find("train_step_timing in s=") != std::string_view::npos;
    const auto seconds = numbers.positive(bar ? "train_step_timing in s=" : "train_step_timing in s:");
    const auto batch = numbers.optional("global_batch_size:");
    if (numbers.error())
        return numbers.error();
    addStep(log, *seconds, number);
    if (batch)
        log.globalBatch = static_cast<std::int64_t>(*batch);
    return std::nullopt;
}

// "step: 10  loss:  7.8954  grad_norm:  1.2345  memory: 30.12GiB(38.07%)  tps: 7,123  tflops: 330.12
// mfu: 33.38%" (torchtitan components/metrics.py, ANSI colours removed; tps printed with thousands commas).
std::optional<Error> readTorchtitanLine(std::string_view line, std::int64_t number, const std::string& where,
                                        TrainingLog& log) {
    LineNumbers numbers(line, where);
    const auto tps = numbers.positive("tps:", true);
    const auto memory = numbers.optional("memory:");
    const auto tflops = numbers.optional("tflops:", true);
    if (numbers.error())
        return numbers.error();
    addStep(log, *tps, number);
    if (memory)
        keepPeak(log.maxReserved, *memory * 1024.0, rankOf(line), number);
    if (tflops)
        log.tflopsPerGpu.push_back(*tflops);
    return std::nullopt;
}

// "epoch=0/micro_step=10/global_step=10, RunningAvgSamplesPerSec=…, CurrSamplesPerSec=…,
// MemAllocated=…GB, MaxMemAllocated=…GB" (DeepSpeed utils/timer.py ThroughputTimer, GiB as 1024**3).
std::optional<Error> readDeepSpeedLine(std::string_view line, std::int64_t number, const std::string& where,
                                       TrainingLog& log) {
    LineNumbers numbers(line, where);
    const auto samples = numbers.positive("CurrSamplesPerSec=");
    const auto peak = numbers.optional("MaxMemAllocated=");
    if (numbers.error())
        return numbers.error();
    addStep(log, *samples, number);
    if (peak)  // logged by rank 0 (log_dist ranks=[0])
        keepPeak(log.maxAllocated, *peak * 1024.0, std::max<std::int64_t>(0, rankOf(line)), number);
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
            view.find(" iteration ") != std::string_view::npos &&
            view.find("elapsed time per iteration") != std::string_view::npos) {
            log.format = LogFormat::Megatron;
            log.measure = LogMeasure::StepSeconds;
            failed = readIterationLine(view, number, where, log);
        } else if ((!any || log.format == LogFormat::Megatron) &&
                   view.find("memory (MB)") != std::string_view::npos) {
            failed = readMemoryLine(view, number, where, log);
        } else if ((!any || log.format == LogFormat::Nemo) &&
                   view.find("train_step_timing in s") != std::string_view::npos) {
            log.format = LogFormat::Nemo;
            log.measure = LogMeasure::StepSeconds;
            failed = readNemoLine(view, number, where, log);
        } else if ((!any || log.format == LogFormat::DeepSpeed) &&
                   view.find("CurrSamplesPerSec=") != std::string_view::npos) {
            log.format = LogFormat::DeepSpeed;
            log.measure = LogMeasure::SamplesPerSecond;
            failed = readDeepSpeedLine(view, number, where, log);
        } else if ((!any || log.format == LogFormat::Torchtitan) &&
                   view.find("tps:") != std::string_view::npos &&
                   view.find("step:") != std::string_view::npos) {
            log.format = LogFormat::Torchtitan;
            log.measure = LogMeasure::TokensPerSecondPerGpu;
            failed = readTorchtitanLine(withoutColours(view), number, where, log);
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
    s.logged = static_cast<std::int64_t>(log.values.size());
    if (log.values.empty())  // readTrainingLog refuses such a log; a hand-made one has nothing steady
        return s;
    s.skipped = s.logged > 1 ? std::max<std::int64_t>(1, s.logged / 10) : 0;
    std::vector<double> steady(log.values.begin() + s.skipped, log.values.end());
    s.firstLine = log.valueLines[static_cast<std::size_t>(s.skipped)];
    std::sort(steady.begin(), steady.end());
    s.median = percentileOfSorted(steady, 50);
    s.p10 = percentileOfSorted(steady, 10);
    s.p90 = percentileOfSorted(steady, 90);
    if (!log.tflopsPerGpu.empty()) {
        const std::size_t skip = std::min(log.tflopsPerGpu.size() - 1, static_cast<std::size_t>(s.skipped));
        std::vector<double> tflops(log.tflopsPerGpu.begin() + static_cast<std::ptrdiff_t>(skip),
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
    if (const auto& peak = reserved ? log.maxReserved : log.maxAllocated)
        lines.push_back(
            makeMessage(msg::kLogPeakMemory,
                        {formatFixed(peak->gib, 2) + " GiB", reserved ? "max reserved" : "max allocated",
                         std::to_string(peak->rank), std::to_string(peak->line)}));
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

Result<MeasuredRun> measuredRunFromLog(const TrainingLog& log, const Scenario& scenario,
                                       const std::string& name) {
    MeasuredRun run;
    const SteadySteps steady = steadySteps(log);
    if (log.maxReserved)
        run.peakMemoryGib = log.maxReserved->gib;
    else if (log.maxAllocated)
        run.peakMemoryGib = log.maxAllocated->gib;
    const std::int64_t perNode = scenario.cluster.gpusPerNode;
    if (!log.arguments.empty()) {
        for (const Required& r : kRequired)
            if (!argInt(log, r.argument))
                return inputError(name, msg::kLogMissingKey, {r.argument});
        // Degrees and sizes are whole numbers of at least 1, and the GPUs a multiple of TP × PP × CP.
        for (const char* key :
             {"tensor_model_parallel_size", "pipeline_model_parallel_size", "context_parallel_size",
              "expert_model_parallel_size", "micro_batch_size", "world_size"})
            if (const auto v = argInt(log, key); v && *v < 1)
                return inputError(name, msg::kLogBadArgument, {key, std::to_string(*v)});
        const std::int64_t modelParallel = *argInt(log, "tensor_model_parallel_size") *
                                           *argInt(log, "pipeline_model_parallel_size") *
                                           argInt(log, "context_parallel_size").value_or(1);
        if (*argInt(log, "world_size") % modelParallel != 0)
            return inputError(name, msg::kLogBadArgument,
                              {"world_size", std::to_string(*argInt(log, "world_size"))});
        run.layout = layoutFromArguments(log);
        const std::int64_t gpus = *argInt(log, "world_size");
        if (perNode <= 0 || gpus % perNode != 0)
            return inputError(name, msg::kLogGpus, {std::to_string(gpus), std::to_string(perNode)});
        run.nodes = gpus / perNode;
        run.globalBatch = argInt(log, "global_batch_size").value_or(log.globalBatch);
        run.stepSeconds = steady.median;
        return run;
    }
    // No dump: the scenario's layout, when it leaves nothing to the search, on the scenario's cluster.
    constexpr std::pair<LayoutKey, const char*> kKeys[] = {{kTp, "tp"},
                                                           {kPp, "pp"},
                                                           {kDp, "dp"},
                                                           {kCp, "cp"},
                                                           {kEp, "ep"},
                                                           {kVpp, "vpp"},
                                                           {kMicroBatch, "micro_batch"},
                                                           {kZeroStage, "zero_stage"},
                                                           {kRecompute, "recompute"},
                                                           {kSequenceParallel, "sequence_parallel"}};
    for (const auto& [key, text] : kKeys)
        if (scenario.layout.isOpen(key))
            return inputError("layout." + std::string(text), msg::kLogMissingKey, {std::string(text)});
    run.layout = scenario.layout;
    run.nodes = scenario.cluster.nodes;
    run.globalBatch = log.globalBatch;
    switch (log.measure) {
    case LogMeasure::StepSeconds:
        run.stepSeconds = steady.median;
        break;
    case LogMeasure::SamplesPerSecond:  // ThroughputTimer counts train_batch_size samples per step
        run.stepSeconds = static_cast<double>(scenario.training.globalBatch) / steady.median;
        break;
    case LogMeasure::TokensPerSecondPerGpu:
        run.tokensPerSecond = steady.median * static_cast<double>(scenario.cluster.gpus());
        break;
    }
    return run;
}

}  // namespace clusterplan
