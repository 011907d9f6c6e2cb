#include "core/run/step_count.h"

#include "core/run/messages_run.h"
#include "core/util/as_double.h"
#include "core/util/number_format.h"

namespace clusterplan {

StepCount stepCount(const TrainingSpec& t) {
    StepCount c;
    c.tokensPerStep = asDouble(t.globalBatch) * asDouble(t.seqLen);
    const double runTokens = t.tokensToTrain();
    if (c.tokensPerStep > 0 && runTokens > 0)
        c.steps = runTokens / c.tokensPerStep;
    return c;
}

std::optional<Message> stepCountNote(const TrainingSpec& t) {
    const StepCount c = stepCount(t);
    if (c.steps <= 0 || c.steps >= kFewOptimizerSteps)
        return std::nullopt;
    const std::string batch = formatGrouped(asDouble(t.globalBatch), 0);
    const std::string seqLen = formatGrouped(asDouble(t.seqLen), 0);
    if (c.steps < 1)
        return makeMessage(msg::kRunBatchAboveRun,
                           {formatGrouped(c.tokensPerStep, 0), batch, seqLen,
                            formatGrouped(t.tokensToTrain(), 0), formatFixed(c.steps, 3)});
    return makeMessage(msg::kRunFewSteps, {formatGrouped(c.steps, 1), formatGrouped(c.tokensPerStep, 0),
                                           batch, seqLen, formatGrouped(kFewOptimizerSteps, 0)});
}

std::optional<Message> stepCountWarning(const TrainingSpec& t) {
    const StepCount c = stepCount(t);
    if (c.steps <= 0 || c.steps >= kFewOptimizerSteps)
        return std::nullopt;
    if (c.steps < 1)
        return makeMessage(msg::kRunStepsPart, {formatFixed(c.steps, 3)});
    return makeMessage(msg::kRunStepsFew, {formatGrouped(c.steps, 1)});
}

}  // namespace clusterplan
