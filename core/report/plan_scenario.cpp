#include "core/report/plan_scenario.h"

#include <algorithm>

#include "core/cost/node_power.h"
#include "core/model/method_flops.h"
#include "core/parallel/pipeline_layout_string.h"
#include "core/perf/collective_cost.h"
#include "core/perf/messages_perf.h"
#include "core/report/article_rules.h"
#include "core/report/fine_tuning_notes.h"
#include "core/report/messages_plan.h"
#include "core/report/plan_format.h"
#include "core/run/run_realities.h"
#include "core/search/layout_alternatives.h"
#include "core/search/layout_search.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

using units::kGiB;

// "1 layer" / "62 layers" ("1 层"): a stage that holds one layer read "1 layers".
Message layerCount(std::int64_t layers) {
    return layers == 1 ? makeMessage(msg::kPlanLayersOne)
                       : makeMessage(msg::kPlanLayersMany, {std::to_string(layers)});
}

// Plain-language remarks on the memory picture, the kind a user acts on.
void addMemoryNotes(Plan& plan) {
    const MemoryBreakdown& m = plan.memory;
    if (!m.fitsGpu()) {
        plan.notes.push_back(makeMessage(
            // Stages counted from 1 for people (the plan's JSON keeps Megatron-LM's rank from 0).
            msg::kPlanDoesNotFit,
            {std::to_string(m.stage + 1), formatGib(m.total()), formatGib(m.capacity)}));
        if (plan.layout.zeroStage < 3 && !plan.zeroStages.empty() && plan.zeroStages[3].fits())
            plan.notes.push_back(makeMessage(msg::kPlanZero3Fits, {formatGib(plan.zeroStages[3].total())}));
        if (plan.layout.recompute != Recompute::Full)
            plan.notes.push_back(makeMessage(msg::kPlanActivations, {formatGib(m.activations)}));
    }
    if (plan.largestMicroBatch == 0 && m.host.fits())
        plan.notes.push_back(makeMessage(msg::kPlanNoMicroBatch));
    if (m.logits > 0.2 * m.total())
        plan.notes.push_back(makeMessage(msg::kPlanLogits, {formatGib(m.logits)}));
}

// The layout string's placement, rank by rank, and the MTP layers it places, which the step time
// and the memory count on their rank (ModelSpec has no MTP module: DeepSeek-V3's is excluded from
// its 671B, arXiv:2412.19437).
void addLayoutStringNotes(Plan& plan) {
    const Layout& l = plan.layout;
    std::string perRank;
    for (std::int64_t stage = 0; stage < l.pp; ++stage)
        perRank += (stage == 0 ? "" : ", ") + std::to_string(layersOnStage(0, l.pp, stage, l.split));
    plan.notes.push_back(
        makeMessage(msg::kPlanPipelineLayout, {l.split.layout, std::to_string(l.split.layoutChunks.size()),
                                               std::to_string(l.pp), std::to_string(l.vpp), perRank}));
    auto stages = parsePipelineLayout(l.split.layout);
    if (stages.ok() && layoutMtpLayers(*stages) > 0)
        plan.notes.push_back(
            makeMessage(msg::kPlanPipelineLayoutMtp, {std::to_string(layoutMtpLayers(*stages))}));
}

// Where the pipeline's layers went when the engine or a layout string placed them unevenly.
void addPipelineNotes(Plan& plan, const Scenario& scenario) {
    const PipelineSplit& split = plan.layout.split;
    if (!split.layout.empty()) {
        addLayoutStringNotes(plan);
        return;
    }
    if (split.embeddingAsLayer && split.lossAsLayer && scenario.layout.split == PipelineSplit{}) {
        // The engine took the recipes' split (parallel/layout.cpp): say where the layers went.
        const Layout& l = plan.layout;
        const std::int64_t layers = scenario.model.layers;
        plan.notes.push_back(
            makeNestedMessage(msg::kPlanRecipeSplit,
                              {plainMessage(std::to_string(l.vpp)), plainMessage(std::to_string(layers)),
                               plainMessage(std::to_string(layers + 2)), plainMessage(std::to_string(l.pp)),
                               layerCount(layersOnStage(layers, l.pp, 0, split)),
                               layerCount(layersOnStage(layers, l.pp, l.pp - 1, split))}));
    } else if (plan.layout.pp > 1 && scenario.model.layers % plan.layout.pp != 0 &&
               split == PipelineSplit{}) {
        const std::int64_t extra = scenario.model.layers % plan.layout.pp;
        plan.notes.push_back(
            makeMessage(msg::kPlanUnevenPipeline,
                        {std::to_string(scenario.model.layers), std::to_string(plan.layout.pp),
                         std::to_string(extra), std::to_string(scenario.model.layers / plan.layout.pp + 1),
                         std::to_string(scenario.model.layers / plan.layout.pp)}));
    }
}

// Can the servers feed the GPUs? When not, the step waits for data and every rate
// derived from the step time follows the fed step. Then the run's real length: wall time,
// goodput and the GPU-hour budget that the cost uses.
void addFeedAndRunLength(Plan& plan, const RunRealities& realities) {
    const FeedInputs inputs = resolveFeedInputs(plan.scenario, realities);
    PerfEstimate& t = plan.perf;
    plan.feed = checkFeed(plan.scenario, inputs, t.stepSeconds);
    if (plan.feed.binds) {
        const double slower = plan.feed.stepSeconds / t.stepSeconds;
        t.dataWaitSeconds = plan.feed.waitSeconds;
        t.stepSeconds = plan.feed.stepSeconds;
        // The feed is a floor under the whole band.
        t.stepSecondsLow = std::max(t.stepSecondsLow, t.stepSeconds);
        t.stepSecondsHigh = std::max(t.stepSecondsHigh, t.stepSeconds);
        t.tokensPerSecond /= slower;
        t.tflopsPerGpu /= slower;
        t.mfu /= slower;
        t.hfu /= slower;
        t.trainDays *= slower;
        t.gpuHours *= slower;
    }
    plan.notes.insert(plan.notes.end(), plan.feed.notes.begin(), plan.feed.notes.end());
    plan.run = runLength(plan.scenario, plan.params, plan.trainable, inputs, realities, t.trainDays);
    plan.notes.insert(plan.notes.end(), plan.run.notes.begin(), plan.run.notes.end());
}

// The maximum power of one of the cluster's servers when the price book sells none (a rental
// alone): the scenario's cost.overrides.node_max_kw, else the cost model's own estimate for a server
// it has no price-list entry for (cost/node_power.h).
double rentedServerKw(const Plan& plan) {
    const auto& overrides = plan.scenario.cost.overrides;
    if (const auto it = overrides.find("node_max_kw"); it != overrides.end())
        return it->second;
    return cost::estimatedNodeMaxKw(plan.scenario.cluster.gpusPerNode, plan.gpu.tdpW);
}

// Rent vs buy for this cluster, with the training run's GPU-hour budget (wall time, run/run_length.h). A
// price book that cannot price this GPU is a note, not a failed plan.
void addCost(Plan& plan, const cost::PriceBooks& books) {
    const auto& c = plan.scenario.cluster;
    const cost::ClusterFacts facts{c.gpu, c.gpus(), c.nodes, c.gpusPerNode, plan.gpu.tdpW};
    auto report = cost::computeCost(plan.scenario.cost, books, facts, plan.run.budgetGpuHours,
                                    plan.scenario.training.tokensToTrain());
    if (report && report.value().notOffered) {
        cost::CostReport& half = report.value();
        half.notOffered->reason = cost::notOfferedReason(half.notOffered->half, half.priceBookName,
                                                         half.priceBookNameZh, plan.gpu.name);
        const bool rentMissing = half.notOffered->half == cost::CostHalf::Rent;
        if (!rentMissing)
            half.nodeMaxKw = rentedServerKw(plan);
        plan.costError = inputError(rentMissing ? "cost.rent_offer" : "cost.overrides.node_price",
                                    half.notOffered->reason);
        plan.notes.push_back(half.notOffered->reason);
        plan.costHalf = std::move(half);
    } else if (report) {
        plan.cost = std::move(report).value();
    } else {
        plan.costError = report.error();
        plan.notes.push_back(makeNestedMessage(msg::kPlanCostNotComputed, {errorLine(report.error())}));
    }
}

}  // namespace

double fedStepSeconds(const Scenario& s, const ClusterHardware& hardware, const Layout& layout,
                      const RunRealities& realities) {
    const double steady = estimateStep(perfInputs(hardware, s, layout), StepDetail::TimesOnly).stepSeconds;
    const FeedCheck feed = checkFeed(s, resolveFeedInputs(s, realities), steady);
    return feed.binds ? feed.stepSeconds : steady;
}

double budgetFactor(const Plan& plan) {
    double steady = plan.perf.gpuHours;
    if (plan.search && plan.search->best)
        steady = plan.search->ranked[*plan.search->best].perf.gpuHours;
    return steady > 0 ? plan.run.budgetGpuHours / steady : 1;
}

Result<Plan> planScenario(const Scenario& scenario, const ResolvedInputs& inputs,
                          const SearchOptions& options, const PlanParts& parts) {
    const ClusterHardware hardware = inputs.hardware();
    Plan plan;
    if (scenario.layout.open != 0) {
        // Keys left out of the scenario are searched; the plan describes the fastest layout that
        // fits (or, when none fits, the one closest to fitting) and keeps the whole ranking, those
        // that do not fit included: the window's layout explorer shows every one, and
        // at ~2 us per layout (bench_search) keeping them costs less than searching again.
        SearchResult search = searchLayouts(scenario, hardware, options);
        if (search.ranked.empty()) {
            // Name the fixed key that rules everything out, checked with defaults for the others.
            auto check =
                resolveLayout(scenario.layout, scenario.model, scenario.training, scenario.cluster.gpus());
            // A fixed key that breaks a rule by itself is named; otherwise (the batch, or the GPU count
            // with the open keys at their defaults) say why nothing splits and what would.
            const bool divisibility = check.ok() || check.error().where == "training.global_batch" ||
                                      (check.error().where == "layout.tp" && scenario.layout.isOpen(kTp));
            if (!divisibility)
                return check.error();
            return inputError("layout", noLayoutReason(scenario, nearestWorkingSetups(scenario)));
        }
        plan.layout = search.ranked[search.best.value_or(0)].layout;
        if (search.boundNote)
            plan.notes.push_back(*search.boundNote);
        plan.search = std::move(search);
    } else {
        auto layout =
            resolveLayout(scenario.layout, scenario.model, scenario.training, scenario.cluster.gpus());
        if (!layout)
            return layout.error();
        plan.layout = layout.value();
    }
    plan.scenario = scenario;
    plan.gpu = inputs.gpu;
    plan.params = countParams(scenario.model);
    plan.trainable = countTrainable(scenario.model, plan.params, scenario.training);
    plan.flops = trainingFlopsPerToken(scenario.model, scenario.training, plan.layout.recompute);
    plan.host = inputs.host;

    const double capacity = plan.gpu.visibleGib * kGiB;
    const double hostCapacity = hostCapacityPerGpu(plan.host, scenario.cluster);
    const MemoryInputs memory{scenario.model,     scenario.training, plan.layout,
                              scenario.overheads, capacity,          hostCapacity};
    plan.memory = peakMemory(memory);
    if (parts.comparisons)
        for (int stage = 0; stage <= 3; ++stage) {
            Layout l = plan.layout;
            l.zeroStage = stage;
            plan.zeroStages.push_back(peakMemory(
                {scenario.model, scenario.training, l, scenario.overheads, capacity, hostCapacity}));
        }
    plan.largestMicroBatch = largestFittingMicroBatch(memory);
    addMemoryNotes(plan);
    addPipelineNotes(plan, scenario);
    plan.perf = estimateStep(perfInputs(hardware, scenario, plan.layout));
    // Searched keys: the estimate assumes the team runs the recommended layout; the band reaches
    // to what the stack's default layout would give.
    if (plan.search && plan.search->frameworkDefault && plan.search->frameworkDefault->fits &&
        plan.search->frameworkDefault->perf.stepSeconds > plan.perf.stepSecondsHigh) {
        plan.perf.stepSecondsHigh = plan.search->frameworkDefault->perf.stepSeconds;
        plan.perf.notes.push_back(
            makeNestedMessage(msg::kBandDefaultLayout, {plan.search->defaultDescription}));
    }
    if (parts.comparisons && plan.layout.pp > 1) {
        // GPipe for comparison: no interleaving, every micro-batch's activations held at once.
        Layout gpipe = plan.layout;
        gpipe.vpp = 1;
        gpipe.gpipe = true;
        plan.gpipeMemory = peakMemory(
            {scenario.model, scenario.training, gpipe, scenario.overheads, capacity, hostCapacity});
        plan.gpipeStepSeconds = estimateStep(perfInputs(hardware, scenario, gpipe)).stepSeconds;
    }
    addFineTuningNotes(plan);
    addArticleRuleNotes(plan, scaleUpDomainGpus(inputs.intraNode, scenario.cluster.gpusPerNode));
    plan.notes.insert(plan.notes.end(), plan.perf.notes.begin(), plan.perf.notes.end());
    addFeedAndRunLength(plan, *inputs.realities);
    if (parts.cost)
        addCost(plan, *inputs.priceBooks);
    return plan;
}

}  // namespace clusterplan
