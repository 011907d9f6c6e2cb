#include "core/report/fine_tuning_notes.h"

#include <cmath>

#include "core/report/messages_plan.h"
#include "core/report/plan_format.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"

namespace clusterplan {

namespace {

// "1,024,000,000": a count grouped by thousands (a fraction, a mean's, keeps its decimals).
std::string counted(double n) {
    return n == std::floor(n) ? formatGrouped(n, 0) : formatNumber(n);
}

void methodNotes(Plan& plan) {
    const TrainingSpec& t = plan.scenario.training;
    const double share = plan.trainable.trainable / plan.params.total * 100;
    if (t.method != TrainingMethod::Full) {
        // The count as its reader says it: "207.09 million" / "2.07 亿", not "207.09M".
        plan.notes.push_back(makeNestedMessage(
            msg::kTuneAdapters,
            {plainMessage(t.method == TrainingMethod::Qlora ? "QLoRA" : "LoRA"),
             plainMessage(std::to_string(t.lora.rank)), plainMessage(loraTargetList(t.lora.targets)),
             largeCountMessage(plan.trainable.trainable), plainMessage(formatFixed(share, 3))}));
        if (t.method == TrainingMethod::Qlora)
            plan.notes.push_back(makeMessage(msg::kTuneNf4));
    } else if (t.frozenLayers > 0) {
        plan.notes.push_back(makeMessage(msg::kTuneFrozenLayers, {std::to_string(t.frozenLayers)}));
    }
}

void offloadNotes(Plan& plan) {
    const MemoryBreakdown& m = plan.memory;
    if (plan.layout.offload == Offload::None)
        return;
    const double perNode = m.host.total() * static_cast<double>(plan.scenario.cluster.gpusPerNode);
    plan.notes.push_back(
        makeMessage(msg::kTuneOffload, {std::string(toString(plan.layout.offload)), formatGib(perNode),
                                        formatFixed(plan.host.memoryGib, 0), plan.host.memorySource}));
    if (!m.host.fits())
        plan.notes.push_back(
            makeMessage(msg::kTuneHostDoesNotFit, {formatGib(m.host.total()), formatGib(m.host.capacity)}));
    if (plan.host.assumed)
        plan.notes.push_back(makeMessage(msg::kTuneHostAssumed));
}

}  // namespace

void addFineTuningNotes(Plan& plan) {
    methodNotes(plan);
    offloadNotes(plan);
    if (plan.search && plan.search->offloadChosen)
        plan.notes.push_back(makeMessage(msg::kTuneOffloadChosen));
    if (plan.scenario.training.dataset) {
        const DatasetSpec& d = *plan.scenario.training.dataset;
        plan.notes.push_back(
            makeMessage(msg::kTuneDataset, {counted(d.samples), counted(d.meanTokensPerSample),
                                            formatNumber(d.epochs), counted(d.tokens())}));
    }
}

}  // namespace clusterplan
