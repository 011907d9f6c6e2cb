#include "core/run/run_length.h"

#include <algorithm>
#include <cmath>

#include "core/run/messages_run.h"
#include "core/util/as_double.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

// Below this share of wall time left for training the run is reported as not progressing.
constexpr double kMinProgress = 0.05;

// Optimizer state per trainable parameter saved in a checkpoint (ZeRO §3.1: fp32 master weights
// 4 + fp32 momentum 4 + variance 4 = 12 for Adam; 8-bit Adam keeps 1 + 1 for its moments, SGD 4
// for momentum; fp32 training has no separate master copy).
double optimizerBytes(const TrainingSpec& t) {
    const double master = t.precision == Precision::Fp32 ? 0.0 : 4.0;
    switch (t.optimizer) {
    case Optimizer::AdamW:
        return master + 8;
    case Optimizer::Adam8bit:
        return master + 2;
    case Optimizer::Sgd:
        return master + 4;
    }
    return master + 8;
}

// "5.4 min" / "5.4 分钟", "49.5 h" / "49.5 小时": a duration in the reader's language.
Message hours(double h) {
    return h < 1 ? makeMessage(msg::kUnitMinutes, {formatFixed(h * 60, 1)})
                 : makeMessage(msg::kUnitHours, {formatGrouped(h, 1)});
}

Message number(double value, int decimals) {
    return plainMessage(formatGrouped(value, decimals));
}

// A global batch larger than the run: the optimizer never completes one step, so the days (tokens
// over throughput) count a fraction of a step.
void addBatchNote(RunLength& r, const TrainingSpec& t) {
    const double tokensPerStep = asDouble(t.globalBatch) * asDouble(t.seqLen);
    const double runTokens = t.tokensToTrain();
    if (runTokens <= 0 || tokensPerStep <= runTokens)
        return;
    r.notes.push_back(makeMessage(msg::kRunBatchAboveRun,
                                  {formatGrouped(tokensPerStep, 0), formatGrouped(asDouble(t.globalBatch), 0),
                                   formatGrouped(asDouble(t.seqLen), 0), formatGrouped(runTokens, 0),
                                   formatFixed(runTokens / tokensPerStep, 3)}));
}

// "about 0.3" / "约 0.3"; below 0.05 "fewer than 0.1" / "不到 0.1" (a short run on a reliable
// cluster printed "0.0 expected interruptions", as if none could come).
Message interruptions(double expected) {
    if (expected < 0.05)
        return makeMessage(msg::kRunInterruptionsBelow, {formatFixed(0.1, 1)});
    return makeMessage(msg::kRunInterruptionsAbout, {formatGrouped(expected, 1)});
}

void addNotes(RunLength& r, const FeedInputs& storage) {
    r.notes.push_back(makeNestedMessage(
        r.intervalOptimal ? msg::kRunLengthYoungDaly : msg::kRunLength,
        {number(r.steadyDays, 1), number(r.wallDays, 1), number(100 * r.goodput, 1),
         interruptions(r.interruptions), hours(r.mtbfHours), hours(r.checkpointIntervalHours / 2),
         number(r.checkpointBytes / units::kGB, 0), number(r.checkpointWriteSeconds, 1),
         hours(r.checkpointIntervalHours), hours(r.evaluationHours), number(r.budgetGpuHours, 0)}));
    if (storage.networkFsGBs <= 0)
        r.notes.push_back(makeMessage(msg::kRunLocalCheckpoints));
    if (!r.progresses)
        r.notes.push_back(makeMessage(msg::kRunNoProgress));
}

}  // namespace

double optimalCheckpointInterval(double delta, double m) {
    if (delta >= 2 * m)
        return m;
    // Daly 2006: higher-order correction of Young's sqrt(2δM).
    return std::sqrt(2 * delta * m) * (1 + std::sqrt(delta / (2 * m)) / 3 + delta / (18 * m)) - delta;
}

double checkpointBytes(const TrainingSpec& t, const ParamCounts& params, const TrainableCounts& trainable) {
    // LoRA and QLoRA keep the base frozen: a checkpoint holds the adapters and their optimizer
    // states only (PEFT's PeftModel.save_pretrained writes the adapter weights alone; the base is
    // reloaded from its own files). A 70B QLoRA r16 run saves 207 M × (2 + 12) B ≈ 2.9 GB, not 144 GB.
    if (t.method == TrainingMethod::Lora || t.method == TrainingMethod::Qlora)
        return trainable.trainable * (weightBytes(t.precision) + optimizerBytes(t));
    return params.total * weightBytes(t.precision) + trainable.trainable * optimizerBytes(t);
}

RunLength runLength(const Scenario& s, const ParamCounts& params, const TrainableCounts& trainable,
                    const FeedInputs& storage, const RunRealities& realities, double steadyDays) {
    RunLength r;
    const double gpus = static_cast<double>(s.cluster.gpus());
    const double nodes = static_cast<double>(s.cluster.nodes);
    const double steadyHours = steadyDays * 24;
    r.steadyDays = steadyDays;
    r.interruptionsPerGpuDay = s.training.run.interruptionsPer1000GpuDays > 0
                                   ? s.training.run.interruptionsPer1000GpuDays / 1000
                                   : realities.reliability.interruptionsPerGpuDay;
    r.mtbfHours = 24 / (r.interruptionsPerGpuDay * gpus);
    r.checkpointBytes = checkpointBytes(s.training, params, trainable);
    // Every server writes its shard at once (distributed checkpointing); a network file system's
    // bandwidth is shared by the whole cluster.
    const double writeGBs =
        storage.networkFsGBs > 0 ? storage.networkFsGBs : nodes * storage.nvmeDrives * storage.nvmeWriteGBs;
    const double readGBs =
        storage.networkFsGBs > 0 ? storage.networkFsGBs : nodes * storage.nvmeDrives * storage.nvmeReadGBs;
    r.checkpointWriteSeconds = r.checkpointBytes / (writeGBs * units::kGB);
    r.checkpointLoadSeconds = r.checkpointBytes / (readGBs * units::kGB);
    const double delta = r.checkpointWriteSeconds / units::kSecondsPerHour;
    r.intervalOptimal = s.training.run.checkpointIntervalHours <= 0;
    r.checkpointIntervalHours = r.intervalOptimal ? optimalCheckpointInterval(delta, r.mtbfHours)
                                                  : s.training.run.checkpointIntervalHours;
    const double tau = std::max(r.checkpointIntervalHours, 1e-6);
    const double restart =
        realities.reliability.restartMinutes / 60 + r.checkpointLoadSeconds / units::kSecondsPerHour;
    const EvaluationDefaults& e = realities.evaluation;
    r.evaluationHours = steadyHours * e.iters * e.forwardShareOfStep / e.intervalSteps;
    r.startHours = realities.reliability.restartMinutes / 60;
    r.checkpointHours = steadyHours * delta / tau;
    const double lossPerInterruption = (tau + delta) / 2 + restart;
    double lostShare = lossPerInterruption / r.mtbfHours;
    if (lostShare > 1 - kMinProgress) {
        r.progresses = false;
        lostShare = 1 - kMinProgress;
    }
    const double wallHours =
        (steadyHours + r.checkpointHours + r.evaluationHours + r.startHours) / (1 - lostShare);
    r.interruptions = wallHours / r.mtbfHours;
    r.lostWorkHours = r.interruptions * (tau + delta) / 2;
    r.restartHours = r.interruptions * restart;
    r.wallDays = wallHours / 24;
    r.goodput = wallHours > 0 ? steadyHours / wallHours : 1;
    r.budgetGpuHours = wallHours * gpus;
    addNotes(r, storage);
    addBatchNote(r, s.training);
    return r;
}

}  // namespace clusterplan
