#include "core/validation/validation.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>

#include "core/calibration/evaluate.h"
#include "core/catalog/catalog_lookup.h"
#include "core/catalog/cross_validation.h"
#include "core/model/param_count.h"
#include "core/util/csv_write.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"
#include "core/util/number_format.h"
#include "core/util/statistics.h"
#include "core/util/text_columns.h"

namespace clusterplan {

namespace embedded {
std::string_view calibrationRunsJson();
std::string_view calibrationModelsJson();
std::string_view moeRunsJson();
std::string_view moeRunModelsJson();
}  // namespace embedded

namespace {

namespace bj = boost::json;

// A run's use: "fit", "holdout", "exclude", or this: a run of a stack no profile is fitted on,
// predicted as an unseen stack and kept out of the fit and of the grouped figure.
constexpr std::string_view kUseUnseenStack = "unseen_stack";

double num(const bj::object& o, std::string_view key, double fallback) {
    const auto* v = o.if_contains(key);
    if (!v || v->is_null())
        return fallback;
    return v->is_double() ? v->get_double() : static_cast<double>(v->to_number<double>());
}

std::string str(const bj::object& o, std::string_view key) {
    const auto* v = o.if_contains(key);
    return v && v->is_string() ? std::string(v->get_string()) : std::string();
}

std::int64_t whole(const bj::object& o, std::string_view key, std::int64_t fallback) {
    return static_cast<std::int64_t>(std::llround(num(o, key, static_cast<double>(fallback))));
}

// The defaults each stack ran with where a record leaves them out.
// Megatron-LM 2021-22: fp32 main gradients, no distributed optimizer, unfused softmax attention,
// and the DP all-reduce after the pipeline flush (--DDP-impl local: train_step calls the
// optimizer's reduce_model_grads() once forward_backward returns; no overlap with the backward).
// NeMo 24.07-24.12: distributed optimizer, sequence parallel with TP, fused attention, TP
// communication overlap (the NeMo profile's stack default).
// llm-foundry and OLMo-core: FSDP full shard (ZeRO-3), FlashAttention.
// InternEvo: its hybrid ZeRO-1 (the record's zero_stage), FlashAttention (use_flash_attn=True in
// configs/7B_sft.py), gradients reduced during the backward (overlap_sync_grad=True, the stack
// default in resources/perf-profiles.json).
int zeroStageOf(Framework framework, const bj::object& run) {
    switch (framework) {
    case Framework::Nemo:
        return 1;
    case Framework::Fsdp:
    case Framework::OlmoCore:
    case Framework::Torchtitan:
        return 3;
    case Framework::Megatron:
    case Framework::DeepSpeed:
    case Framework::InternEvo:
    case Framework::MaxText:
    case Framework::ColossalAi:
    case Framework::MindSpeed:
    case Framework::Other:
        break;
    }
    return static_cast<int>(whole(run, "zero_stage", 0));
}

// The run's cluster: its GPU count, or the entry's "gpus" where the source's count contradicts its
// own layout (the entry's notes say why).
ClusterSpec clusterFor(const bj::object& run, const bj::object& entry) {
    ClusterSpec c;
    c.gpu = str(entry, "gpu");
    c.gpusPerNode = whole(entry, "gpus_per_node", 8);
    const std::int64_t gpus = whole(entry, "gpus", whole(run, "gpu_count", 8));
    c.nodes = std::max<std::int64_t>(1, gpus / c.gpusPerNode);
    if (gpus < c.gpusPerNode)
        c.gpusPerNode = gpus, c.nodes = 1;
    c.interNode = str(entry, "inter_node");
    c.nicsPerNode = whole(entry, "nics_per_node", 0);
    return c;
}

Scenario scenarioFor(const bj::object& run, const bj::object& entry, const ModelSpec& model) {
    Scenario s;
    s.modelPreset = model.id;
    s.model = model;
    // Proxy runs (dgxc-benchmarking's reduced-layer configs) run the model with fewer layers.
    s.model.layers = whole(entry, "layers", model.layers);
    const std::string framework = str(entry, "framework");
    s.training.framework = parseFramework(framework).value_or(Framework::Megatron);
    s.training.precision = parsePrecision(str(entry, "precision")).value_or(Precision::Bf16);
    s.training.seqLen = whole(run, "seq_len", 2048);
    s.training.globalBatch = whole(run, "global_batch_sequences", 1);
    s.training.flashAttention = s.training.framework != Framework::Megatron;
    s.training.gradDtype = s.training.framework == Framework::Megatron ? GradDtype::Fp32 : GradDtype::Param;
    // The dtype the gradients are reduced in where the run states it (OLMo-core's FSDP reduces in
    // fp32: twice the reduce-scatter bytes of a bf16 reduce).
    if (const auto grad = parseGradDtype(str(entry, "grad_dtype")))
        s.training.gradDtype = *grad;
    // Composer's amp_bf16 / amp_fp8 with FSDP mixed_precision DEFAULT (the MPT benchmark tables'
    // "MP Mode"): fp32 parameters under torch.autocast.
    if (const auto it = entry.find("autocast"); it != entry.end() && it->value().is_bool())
        s.training.autocast = it->value().as_bool();
    // The release of its stack the run used where the engine models kernels by release (the
    // attention kernels of Transformer Engine 1.x against 2.x, DeepSpeed's 2021 ZeRO-3 gathers):
    // the calibration runs keep the release the profiles were fitted on.
    s.training.stackRelease = str(entry, "stack_release");
    if (s.training.framework == Framework::Megatron)
        s.training.overlapGradReduce = false;
    s.cluster = clusterFor(run, entry);
    auto& l = s.layout;
    l.tp = whole(run, "tp", 1);
    l.pp = whole(run, "pp", 1);
    l.cp = whole(run, "cp", 1);
    l.ep = whole(run, "ep", 1);
    l.vpp = whole(run, "vp", 1);
    l.dp = 0;
    l.microBatch = whole(run, "micro_batch", 1);
    l.recompute = parseRecompute(str(entry, "recompute")).value_or(Recompute::None);
    const auto* sp = run.if_contains("sequence_parallel");
    l.sequenceParallel =
        sp && sp->is_bool() ? sp->get_bool() : s.training.framework == Framework::Nemo && l.tp > 1;
    l.zeroStage = zeroStageOf(s.training.framework, run);
    // Megatron-Core's --pipeline-model-parallel-layout where the run's script gives one.
    l.split.layout = str(entry, "pipeline_layout");
    // Megatron-Core's --expert-tensor-parallel-size where the run sets it (0: its default, tp).
    l.expertTp = whole(entry, "expert_tp", 0);
    // The MoE dispatcher and EP overlap the run's source names (scenario/moe_options.h).
    l.moe.dispatcher = parseMoeDispatcher(str(entry, "dispatcher")).value_or(MoeDispatcher::AllToAll);
    l.moe.epOverlap = parseEpOverlap(str(entry, "ep_overlap")).value_or(EpOverlap::None);
    // Forced balance, learned dropless routing or token drop, as the run's script sets it.
    l.moe.routing = parseMoeRouting(str(entry, "routing")).value_or(MoeRouting::ForcedBalance);
    // The router's balancing-loss coefficient where the run's model configuration states one.
    if (const auto* aux = entry.if_contains("router_aux_loss"); aux && aux->is_number())
        l.moe.routerAuxLoss = aux->to_number<double>();
    return s;
}

// Narayanan et al. 2021 Eq. 3: FLOPs per iteration counted with full recomputation.
double narayananEq3(const ModelSpec& m, const TrainingSpec& t) {
    const double B = static_cast<double>(t.globalBatch), s = static_cast<double>(t.seqLen);
    const double L = static_cast<double>(m.layers), h = static_cast<double>(m.hidden);
    const double V = static_cast<double>(m.vocab);
    return 96 * B * s * L * h * h * (1 + s / (6 * h) + V / (16 * L * h));
}

// NeMo's "Model TFLOP/s/GPU" (NeMo performance summary 24.07): per token 6·P_mm + 12·L·h·s, the
// matmul weights with the output head and attention scores counted non-causal, reproduces the
// published values within 0.1 % (resources/calibration/run-models.json notes). h is the attention
// width (heads × head_dim).
double nemoModelFlopsPerToken(const ModelSpec& m, const TrainingSpec& t) {
    const double width = static_cast<double>(m.headDim > 0 ? m.heads * m.headDim : m.hidden);
    return 6 * countParams(m).matmulActive +
           12 * static_cast<double>(m.layers) * width * static_cast<double>(t.seqLen);
}

double predictedMetric(const std::string& metric, const std::string& convention, const Plan& plan) {
    const double gpus = static_cast<double>(plan.layout.gpus());
    if (metric == "step_time_s")
        return plan.perf.stepSeconds;
    const double tokensPerGpu = plan.perf.tokensPerSecond / gpus;
    if (metric == "tokens_per_sec_per_gpu")
        return tokensPerGpu;
    if (convention == "nemo_model")
        return tokensPerGpu * nemoModelFlopsPerToken(plan.scenario.model, plan.scenario.training) / 1e12;
    if (convention == "megatron_moe")
        return tokensPerGpu * megatronMoeFlopsPerToken(plan.scenario.model, plan.scenario.training, 0) / 1e12;
    // tflops_per_gpu in Narayanan's Eq. 3 convention
    return narayananEq3(plan.scenario.model, plan.scenario.training) / plan.perf.stepSeconds / gpus / 1e12;
}

}  // namespace

// Megatron-LM's num_floating_point_operations per token (megatron/training/training.py, as in
// Megatron-Core 0.12-0.16, which the MoE team's --log-throughput TFLOP/s report): 3 GEMM passes ×
// 2 FLOPs per multiply-add over the MLPs (dense layers, routed experts × top-k, shared experts),
// the attention projections with causal attention halved (MLA: q and kv low-rank projections,
// up-projections, output), the MTP block's norms and projection, and the logits once per MTP depth
// plus one; recompute not counted. The MoE runs' tflops_per_gpu (resources/calibration/moe-runs.json)
// divided by their tokens/s per GPU gives 1.48e11 for Qwen3-235B-A22B at 4,096 tokens, as this does.
double megatronMoeFlopsPerToken(const ModelSpec& m, const TrainingSpec& t, std::int64_t mtpLayers) {
    const double h = static_cast<double>(m.hidden), s = static_cast<double>(t.seqLen);
    const double L = static_cast<double>(m.layers);
    const double gated = m.mlp == MlpKind::SwiGlu ? 1.5 : 1.0;
    const double moeLayers = static_cast<double>(m.moeLayers()), denseLayers = L - moeLayers;
    double mlp = static_cast<double>(m.ffnHidden) * gated * denseLayers;
    if (m.moe)
        mlp += moeLayers * gated *
               (static_cast<double>(m.moe->expertFfnHidden * m.moe->topK) +
                static_cast<double>(m.moe->sharedExperts * m.moe->sharedExpertFfnHidden));
    const double heads = static_cast<double>(m.heads);
    double attention = 0;
    if (m.mla) {
        const auto& a = *m.mla;
        const double qk = static_cast<double>(a.qkNopeHeadDim), rope = static_cast<double>(a.qkRopeHeadDim);
        const double v = static_cast<double>(a.vHeadDim);
        const double q = a.qLoraRank > 0 ? static_cast<double>(a.qLoraRank) * (h + heads * (qk + rope) + 1)
                                         : h * heads * (qk + rope);
        attention = q + static_cast<double>(a.kvLoraRank) * (h + heads * (qk + v) + 1) + h * rope +
                    heads * v * h + s * heads * (qk + rope) / 2 + s * heads * v / 2;
    } else {
        const double query = static_cast<double>(m.heads * m.headDim);
        const double kv = static_cast<double>(m.kvHeads * m.headDim);
        attention = h * (query + 2 * kv) + query * s + query * h;
    }
    const double mtp = static_cast<double>(mtpLayers);
    return 12 * h * mlp + 6 * L * attention + 6 * mtp * (3 * h + 2 * h * h) +
           6 * h * static_cast<double>(m.vocab) * (mtp + 1);
}

Result<ValidationReport> runValidation(const Catalog& catalog, ValidationScope scope) {
    return runValidation(catalog, embedded::calibrationRunsJson(), embedded::calibrationModelsJson(),
                         builtinCrossValidationJson(), scope);
}

Result<ValidationReport> runMoeValidation(const Catalog& catalog) {
    return runValidation(catalog, embedded::moeRunsJson(), embedded::moeRunModelsJson(),
                         builtinCrossValidationJson(), ValidationScope::CrossValidated,
                         UnfittedRuns::OnShippedProfiles);
}

Result<ValidationReport> runValidationWithFolds(const Catalog& catalog, std::string_view foldsJson) {
    return runValidation(catalog, embedded::calibrationRunsJson(), embedded::calibrationModelsJson(),
                         foldsJson);
}

namespace {

// The plan's step-time band in the metric's units: throughput metrics scale as 1 / step time.
std::pair<double, double> metricBand(const std::string& metric, const std::string& convention,
                                     const Plan& plan) {
    const double value = predictedMetric(metric, convention, plan);
    const auto& p = plan.perf;
    if (metric == "step_time_s")
        return {p.stepSecondsLow, p.stepSecondsHigh};
    return {value * p.stepSeconds / p.stepSecondsHigh, value * p.stepSeconds / p.stepSecondsLow};
}

double median(std::vector<double> values) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

TransferSummary transferOf(const std::vector<const ValidationRow*>& rows) {
    TransferSummary t;
    std::vector<double> errors, covered, widths;
    for (const ValidationRow* row : rows) {
        errors.push_back(std::fabs(row->groupCvError));
        covered.push_back(row->groupCvInBand ? 1 : 0);
        widths.push_back((row->groupBandHigh - row->groupBandLow) / 2 / row->groupCvPredicted);
    }
    t.runs = static_cast<int>(rows.size());
    t.meanAbsError = mean(errors);
    t.bandCoverage = mean(covered);
    t.medianBandHalfWidth = median(widths);
    return t;
}

// Buckets of a run's size: labelled by their upper bound, the last one open.
std::vector<std::pair<std::string, TransferSummary>>
transferByBucket(const std::vector<const ValidationRow*>& rows, std::int64_t ValidationRow::*field,
                 const std::vector<std::int64_t>& bounds) {
    std::vector<std::pair<std::string, TransferSummary>> out;
    std::int64_t lower = 0;
    for (std::size_t i = 0; i <= bounds.size(); ++i) {
        const bool last = i == bounds.size();
        std::vector<const ValidationRow*> in;
        for (const ValidationRow* row : rows)
            if (row->*field > lower && (last || row->*field <= bounds[i]))
                in.push_back(row);
        // "<= 64", then "65-1,024" (the bucket's own range, not everything up to its bound), "> 1,024".
        const std::string upper = formatGrouped(static_cast<double>(last ? lower : bounds[i]), 0);
        const std::string label = last ? "> " + upper
                                  : lower == 0
                                      ? "<= " + upper
                                      : formatGrouped(static_cast<double>(lower + 1), 0) + "-" + upper;
        if (!in.empty())
            out.emplace_back(label, transferOf(in));
        if (!last)
            lower = bounds[i];
    }
    return out;
}

void summariseTransfer(ValidationReport& report) {
    std::vector<const ValidationRow*> included;
    std::map<std::string, std::vector<const ValidationRow*>> byGroup, byClass;
    std::map<std::string, std::vector<const ValidationRow*>> unseen;
    for (const auto& row : report.rows)
        if (row.use == kUseUnseenStack) {
            unseen[row.group].push_back(&row);
        } else if (row.use != "exclude") {
            included.push_back(&row);
            byGroup[row.group].push_back(&row);
            byClass[row.modelClass].push_back(&row);
        }
    for (const auto& [group, rows] : unseen)
        report.unseenStackByGroup[group] = transferOf(rows);
    report.transfer = transferOf(included);
    for (const auto& [group, rows] : byGroup)
        report.transferByGroup[group] = transferOf(rows);
    for (const auto& [modelClass, rows] : byClass)
        report.transferByClass[modelClass] = transferOf(rows);
    report.transferByGpus = transferByBucket(included, &ValidationRow::gpus, {64, 1024});
    report.transferBySeqLen = transferByBucket(included, &ValidationRow::seqLen, {2048, 8192});
}

void summarise(ValidationReport& report) {
    std::map<std::string, std::vector<double>> errors, cvErrors, covered;
    std::vector<double> all, cvAll, coveredAll;
    for (const auto& row : report.rows) {
        if (row.use == "exclude" || row.use == kUseUnseenStack)
            continue;
        errors[row.source].push_back(std::fabs(row.error));
        cvErrors[row.source].push_back(std::fabs(row.cvError));
        covered[row.source].push_back(row.cvInBand ? 1 : 0);
        all.push_back(std::fabs(row.error));
        cvAll.push_back(std::fabs(row.cvError));
        coveredAll.push_back(row.cvInBand ? 1 : 0);
    }
    for (const auto& [source, list] : errors) {
        report.meanAbsErrorBySource[source] = mean(list);
        report.maxAbsErrorBySource[source] = *std::max_element(list.begin(), list.end());
        report.cvMeanAbsErrorBySource[source] = mean(cvErrors[source]);
        report.cvBandCoverageBySource[source] = mean(covered[source]);
    }
    report.meanAbsError = mean(all);
    report.cvMeanAbsError = mean(cvAll);
    report.cvBandCoverage = mean(coveredAll);
    summariseTransfer(report);
}

// A run of a stack no profile was fitted on, as a customer's stack the engine has never seen is
// predicted: the shipped profiles (the stack has no runs to leave out, so every fold would give
// the same), the nearest stack's profile and the widest band. Its group is named by the stack
// itself ("deepspeed-ampere-dense"), not by the profile that stands in for it.
Result<ValidationRow> unseenStackRow(ValidationRow row, const Scenario& scenario, const bj::object& run,
                                     const bj::object& entry, const Catalog& catalog, bool moe) {
    // A run of an older release of its stack runs as that release did (the entry's stack_release:
    // DeepSpeed's 2021 ZeRO-3 gathers, perf_profile.h useRelease()).
    Catalog released = catalog;
    if (const std::string release = str(entry, "stack_release");
        !release.empty() && !released.perfProfiles().useRelease(scenario.training.framework, release))
        return Error{"run-models.json: " + row.id, "stack_release '" + release + "' is not a release of " +
                                                       std::string(toString(scenario.training.framework)) +
                                                       " in resources/perf-profiles.json"};
    auto plan = evaluate(scenario, released);
    if (!plan)
        return Error{"calibration run " + row.id + ": " + plan.error().where, plan.error().message};
    row.profile = plan->perf.profileId;
    row.published = num(run, row.metric, 0);
    row.predicted = row.cvPredicted = row.groupCvPredicted =
        predictedMetric(row.metric, row.convention, *plan);
    row.error = row.cvError = row.groupCvError = (row.predicted - row.published) / row.published;
    std::tie(row.bandLow, row.bandHigh) = metricBand(row.metric, row.convention, *plan);
    row.groupBandLow = row.bandLow;
    row.groupBandHigh = row.bandHigh;
    row.cvInBand = row.groupCvInBand = row.published >= row.bandLow && row.published <= row.bandHigh;
    row.stackGroup = std::string(toString(scenario.training.framework)) + "-" + plan->gpu.architecture;
    row.modelClass = moe ? "moe" : "dense";
    row.group = row.stackGroup + "-" + row.modelClass;
    row.gpus = scenario.cluster.gpus();
    row.seqLen = scenario.training.seqLen;
    row.paramsB = countParams(scenario.model).total / 1e9;
    return row;
}

// The run through the profiles of the fold that holds out `key` (a source or a stack group).
Result<Plan> planOnFold(const Scenario& scenario, const Catalog& catalog,
                        const std::map<std::string, PerfProfiles>& folds, const std::string& kind,
                        const std::string& key, const std::string& runId, bool unfitted) {
    const auto fold = folds.find(key);
    if (fold == folds.end() && !unfitted)
        return Error{"perf-profiles-cv.json", "has no fold holding out " + kind + " '" + key + "'"};
    // A run no fit ever saw (`unfitted`) is held out of the shipped profiles already.
    Catalog held = catalog;
    if (fold != folds.end())
        held.perfProfiles() = fold->second;
    auto plan = EngineSession(held).evaluate(scenario, {}, PlanParts::stepTimeOnly());
    if (!plan)
        return Error{"calibration run " + runId + " (fold " + key + "): " + plan.error().where,
                     plan.error().message};
    return plan;
}

// True step over predicted step: throughput metrics are inverse to the step time.
double trueOverPredicted(const std::string& metric, double published, double predicted) {
    return metric == "step_time_s" ? published / predicted : predicted / published;
}

// The run timed with each other stack family's calibrated profile on its GPU generation (at its
// precision, else BF16), in the fold that holds out the run's group, so that no run of its own stack
// on this generation shaped the profile it borrows; the run keeps its own stack's features. What a
// stack with no profile of its own gets, measured on stacks that have one.
Result<bool> addCrossStack(ValidationReport& report, const ValidationRow& row, const Scenario& scenario,
                           const Catalog& catalog, const PerfProfiles& fold) {
    const auto byId = [&](const PerfProfiles& profiles) -> const PerfProfile* {
        for (const auto& p : profiles.all())
            if (p.id == row.profile)
                return &p;
        return nullptr;
    };
    const PerfProfile* own = byId(fold);
    if (!own)
        own = perfProfileById(catalog, row.profile);
    if (!own)
        return true;
    std::map<Framework, const PerfProfile*> standIns;
    for (const auto& p : fold.all()) {
        if (!p.calibrated || p.framework == scenario.training.framework ||
            p.architecture != own->architecture)
            continue;
        const PerfProfile*& chosen = standIns[p.framework];
        if (p.precision == scenario.training.precision ||
            (p.precision == Precision::Bf16 && (!chosen || chosen->precision != scenario.training.precision)))
            chosen = &p;
    }
    for (const auto& [framework, standIn] : standIns) {
        if (!standIn)
            continue;
        Catalog held = catalog;
        held.perfProfiles() = fold;
        held.perfProfiles().pin(*standIn);
        auto plan = EngineSession(held).evaluate(scenario, {}, PlanParts::stepTimeOnly());
        if (!plan)
            return Error{"calibration run " + row.id + " (timed with " + standIn->id +
                             "): " + plan.error().where,
                         plan.error().message};
        CrossStackRow x;
        x.id = row.id;
        x.group = row.group;
        x.standIn = standIn->id;
        x.published = row.published;
        x.predicted = predictedMetric(row.metric, row.convention, plan.value());
        x.error = (x.predicted - x.published) / x.published;
        x.ratio = trueOverPredicted(row.metric, x.published, x.predicted);
        x.inWidestBand = x.ratio >= standIn->unseenStackBandLow && x.ratio <= standIn->unseenStackBandHigh;
        report.crossStack.push_back(std::move(x));
    }
    return true;
}

}  // namespace

Result<ValidationReport> runValidation(const Catalog& base, std::string_view runsText,
                                       std::string_view modelsText, std::string_view foldsText,
                                       ValidationScope scope, UnfittedRuns unfittedRuns) {
    auto runs = json::parseText(runsText, "calibration-runs.json");
    if (!runs)
        return runs.error();
    auto models = json::parseText(modelsText, "run-models.json");
    if (!models)
        return models.error();
    Catalog catalog = base;
    bj::object modelList;
    modelList["models"] = models->as_object().at("models");
    if (auto merged = catalog.mergeJson(bj::serialize(modelList), "run-models.json"); !merged)
        return merged.error();
    auto folds = parseCrossValidationFolds(foldsText, "perf-profiles-cv.json", catalog);
    if (!folds)
        return folds.error();

    std::map<std::string, const bj::object*> records;
    for (const auto& r : runs->as_object().at("runs").as_array())
        records[std::string(r.as_object().at("id").as_string())] = &r.as_object();

    ValidationReport report;
    // Every run on the catalog's profiles, for its step time, band and memory (no cost model).
    EngineSession session(catalog);
    for (const auto& value : models->as_object().at("runs").as_array()) {
        const auto& entry = value.as_object();
        ValidationRow row;
        row.id = str(entry, "id");
        row.source = row.id.substr(0, row.id.find('_'));
        // Documents of one lab count as one source (the MoE runs: three NVIDIA documents, one team).
        if (const std::string family = str(entry, "source_family"); !family.empty())
            row.source = family;
        row.use = str(entry, "use");
        row.metric = str(entry, "metric");
        row.convention = str(entry, "flop_convention");
        row.note = str(entry, row.use == kUseUnseenStack ? "unseen_reason" : "exclude_reason");
        const auto it = records.find(row.id);
        if (row.use == "exclude" || it == records.end()) {
            row.use = "exclude";
            report.rows.push_back(row);
            continue;
        }
        const auto model = modelPreset(catalog, str(entry, "model"), "run-models.json: " + row.id);
        if (!model)
            return Error{"run-models.json: " + row.id, "unknown model '" + str(entry, "model") + "'"};
        const Scenario scenario = scenarioFor(*it->second, entry, *model);
        if (row.use == kUseUnseenStack) {
            auto unseen = unseenStackRow(row, scenario, *it->second, entry, catalog, model->moe.has_value());
            if (!unseen)
                return unseen.error();
            const ValidationRow& u = report.rows.emplace_back(std::move(unseen).value());
            report.crossStack.push_back(
                {u.id, u.group, u.profile, u.published, u.groupCvPredicted, u.groupCvError,
                 trueOverPredicted(u.metric, u.published, u.groupCvPredicted), true, u.groupCvInBand});
            continue;
        }
        auto plan = session.evaluate(scenario, {}, PlanParts::stepTimeOnly());
        if (!plan && unfittedRuns == UnfittedRuns::OnShippedProfiles) {
            // A published layout the engine refuses is a miss to report, not a broken file.
            row.use = "exclude";
            row.note = "refused: " + plan.error().where + ": " + plan.error().message;
            report.rows.push_back(row);
            continue;
        }
        if (!plan)
            return Error{"calibration run " + row.id + ": " + plan.error().where, plan.error().message};
        row.profile = plan->perf.profileId;
        // A value the record keeps under `derived` (its source gives no per-GPU figure of its own)
        // is named by the entry, with its reason in the entry's notes.
        row.published = num(entry, "published", num(*it->second, row.metric, 0));
        row.predicted = predictedMetric(row.metric, row.convention, plan.value());
        row.error = (row.predicted - row.published) / row.published;
        std::tie(row.bandLow, row.bandHigh) = metricBand(row.metric, row.convention, plan.value());
        row.stackGroup = stackGroupOf(row.profile);
        row.modelClass = model->moe ? "moe" : "dense";
        row.group = row.stackGroup + "-" + row.modelClass;
        row.gpus = scenario.cluster.gpus();
        row.seqLen = scenario.training.seqLen;
        row.paramsB = countParams(scenario.model).total / 1e9;
        if (scope == ValidationScope::InSampleOnly) {
            row.cvPredicted = row.groupCvPredicted = row.predicted;
            row.cvError = row.groupCvError = row.error;
            report.rows.push_back(row);
            continue;
        }
        // Cross-validated: the same run through the profiles fitted without its source.
        const bool unfitted = unfittedRuns == UnfittedRuns::OnShippedProfiles;
        auto cvPlan = planOnFold(scenario, catalog, folds->bySource, "source", row.source, row.id, unfitted);
        if (!cvPlan)
            return cvPlan.error();
        row.cvPredicted = predictedMetric(row.metric, row.convention, cvPlan.value());
        row.cvError = (row.cvPredicted - row.published) / row.published;
        const auto [low, high] = metricBand(row.metric, row.convention, cvPlan.value());
        row.cvInBand = row.published >= low && row.published <= high;
        // Leave one group out: no run of this stack on this GPU generation in the fit (of this model
        // class where the folds hold one out by class, else of either class: the stricter test).
        auto groupPlan =
            planOnFold(scenario, catalog, folds->byGroup, "group",
                       folds->byGroup.count(row.group) ? row.group : row.stackGroup, row.id, unfitted);
        if (!groupPlan)
            return groupPlan.error();
        row.groupCvPredicted = predictedMetric(row.metric, row.convention, groupPlan.value());
        row.groupCvError = (row.groupCvPredicted - row.published) / row.published;
        std::tie(row.groupBandLow, row.groupBandHigh) =
            metricBand(row.metric, row.convention, groupPlan.value());
        row.groupCvInBand = row.published >= row.groupBandLow && row.published <= row.groupBandHigh;
        if (!unfitted && !model->moe) {
            const auto fold =
                folds->byGroup.find(folds->byGroup.count(row.group) ? row.group : row.stackGroup);
            if (fold != folds->byGroup.end())
                if (auto added = addCrossStack(report, row, scenario, catalog, fold->second); !added)
                    return added.error();
        }
        report.rows.push_back(row);
    }
    summarise(report);
    return report;
}

namespace {

std::string value(double v) {
    return formatFixed(v, std::fabs(v) < 100 ? 2 : 0);
}

}  // namespace

double calibrationMetric(const std::string& metric, const std::string& convention, const Plan& plan) {
    return predictedMetric(metric, convention, plan);
}

Result<CalibrationCases> calibrationCases(const Catalog& base) {
    auto runs = json::parseText(embedded::calibrationRunsJson(), "calibration-runs.json");
    if (!runs)
        return runs.error();
    auto models = json::parseText(embedded::calibrationModelsJson(), "run-models.json");
    if (!models)
        return models.error();
    CalibrationCases out{base, {}};
    bj::object modelList;
    modelList["models"] = models->as_object().at("models");
    if (auto merged = out.catalog.mergeJson(bj::serialize(modelList), "run-models.json"); !merged)
        return merged.error();
    std::map<std::string, const bj::object*> records;
    for (const auto& r : runs->as_object().at("runs").as_array())
        records[std::string(r.as_object().at("id").as_string())] = &r.as_object();
    for (const auto& value : models->as_object().at("runs").as_array()) {
        const auto& entry = value.as_object();
        CalibrationCase c;
        c.id = str(entry, "id");
        c.source = c.id.substr(0, c.id.find('_'));
        c.use = str(entry, "use");
        c.metric = str(entry, "metric");
        c.convention = str(entry, "flop_convention");
        const auto it = records.find(c.id);
        if (c.use == "exclude" || c.use == kUseUnseenStack || it == records.end())
            continue;
        const auto model = modelPreset(out.catalog, str(entry, "model"), c.id);
        if (!model)
            continue;
        c.published = num(*it->second, c.metric, 0);
        c.scenario = scenarioFor(*it->second, entry, *model);
        out.cases.push_back(std::move(c));
    }
    return out;
}

GroupedAccuracy groupedAccuracyOf(const ValidationReport& r) {
    GroupedAccuracy g;
    g.runs = r.transfer.runs;
    g.groups = static_cast<int>(r.transferByGroup.size());
    g.meanAbsError = r.transfer.meanAbsError;
    g.bandCoverage = r.transfer.bandCoverage;
    g.medianBandHalfWidth = r.transfer.medianBandHalfWidth;
    g.inSampleMeanAbsError = r.meanAbsError;
    return g;
}

std::string validationToText(const ValidationReport& r) {
    std::ostringstream out;
    // The MoE runs (validate --moe) were fitted on none: both columns then predict runs never seen.
    const bool anyFitted =
        std::any_of(r.rows.begin(), r.rows.end(), [](const ValidationRow& row) { return row.use == "fit"; });
    if (anyFitted)
        out << "Each run as predicted by the shipped profiles (in-sample: they were fitted on these runs) "
               "and "
               "by\n"
               "the profiles fitted without the run's source (cross-validated, CV: what to expect on a run "
               "the\n"
               "engine has never seen). 'band' marks a published value inside the CV prediction's band.\n\n";
    else
        out << "Each run as predicted by the shipped profiles, none of them fitted on any of these runs. No "
               "fit used\n"
               "these runs' sources, so the CV columns (profiles fitted without the run's source) repeat "
               "that\n"
               "prediction with its band; the leave-one-group-out table below holds out the run's stack "
               "group.\n"
               "'band' marks a published value inside the CV prediction's band.\n\n";
    out << "run                               use      metric                  published   predicted    error"
           "   CV pred.  CV error  band\n";
    for (const auto& row : r.rows) {
        std::string id = row.id.substr(0, 33);
        const std::string use = row.use == kUseUnseenStack ? "unseen" : row.use;
        out << id << std::string(34 - id.size(), ' ') << use
            << std::string(9 - std::min<std::size_t>(8, use.size()), ' ');
        if (row.use == "exclude") {
            out << "excluded: " << row.note.substr(0, 90) << "\n";
            continue;
        }
        out << row.metric << std::string(24 - std::min<std::size_t>(23, row.metric.size()), ' ');
        out << padLeft(value(row.published), 9) << "   " << padLeft(value(row.predicted), 9)
            << padLeft(percent(row.error), 9) << padLeft(value(row.cvPredicted), 11)
            << padLeft(percent(row.cvError), 10) << "  " << (row.cvInBand ? "in" : "out") << "\n";
    }
    out << "\nMean absolute error per source   "
        << (anyFitted ? "in-sample (max)    " : "never fitted (max) ")
        << "   cross-validated   CV band coverage\n";
    for (const auto& [source, mae] : r.meanAbsErrorBySource)
        out << "  " << source << std::string(18 - std::min<std::size_t>(17, source.size()), ' ')
            << padLeft(formatFixed(100 * mae, 1), 13) << " %  (max "
            << formatFixed(100 * r.maxAbsErrorBySource.at(source), 1) << " %)"
            << padLeft(formatFixed(100 * r.cvMeanAbsErrorBySource.at(source), 1), 12) << " %"
            << padLeft(formatFixed(100 * r.cvBandCoverageBySource.at(source), 0), 15) << " %\n";
    out << "  all runs          " << padLeft(formatFixed(100 * r.meanAbsError, 1), 13) << " %"
        << std::string(15, ' ') << padLeft(formatFixed(100 * r.cvMeanAbsError, 1), 12) << " %"
        << padLeft(formatFixed(100 * r.cvBandCoverage, 0), 15) << " %\n";
    out << "\nLeave one group out: every run of a stack family on a GPU generation predicted by profiles\n"
           "fitted without any of them, with bands built from the other groups' residuals only (nested).\n"
           "Groups are stack x GPU generation x model class, MoE apart. Runs whose mechanisms shaped the\n"
           "engine: an optimistic figure beside the independent one (resources/accuracy.json).\n";
    const auto table = [&](const std::string& title,
                           const std::vector<std::pair<std::string, TransferSummary>>& rows) {
        out << "  " << title << std::string(26 - std::min<std::size_t>(25, title.size()), ' ')
            << "runs   mean |error|   band coverage   median band\n";
        for (const auto& [name, t] : rows)
            out << "    " << name << std::string(24 - std::min<std::size_t>(23, name.size()), ' ')
                << padLeft(std::to_string(t.runs), 4) << padLeft(formatFixed(100 * t.meanAbsError, 1), 13)
                << " %" << padLeft(formatFixed(100 * t.bandCoverage, 0), 14) << " %"
                << padLeft("±" + formatFixed(100 * t.medianBandHalfWidth, 0), 14) << " %\n";
    };
    table("group", {r.transferByGroup.begin(), r.transferByGroup.end()});
    table("model class", {r.transferByClass.begin(), r.transferByClass.end()});
    table("GPUs", r.transferByGpus);
    table("sequence length", r.transferBySeqLen);
    table("", {{"all runs", r.transfer}});
    if (!r.unseenStackByGroup.empty()) {
        out << "\nRuns of stacks no profile was fitted on (use \"unseen_stack\"), predicted as a customer's\n"
               "unseen stack is: the nearest stack's profile and the widest band. Not in the figures above\n"
               "(run-models.json says why each is kept apart). Their errors help set the widest band (the\n"
               "between-stack table below), so their coverage here is in-sample.\n";
        table("stack group", {r.unseenStackByGroup.begin(), r.unseenStackByGroup.end()});
    }
    if (!r.crossStack.empty()) {
        out << "\nEach stack timed with another stack's profile, as a stack with no profile of its own is\n"
               "(the fold without the run's group, the run's own stack features): the between-stack "
               "transfer\n"
               "errors that set the widest band, and how many of them it holds.\n"
               "  group <- profile it borrows                      runs   mean |error|   lowest  highest   "
               "in band\n";
        std::map<std::string, std::vector<const CrossStackRow*>> pairs;
        for (const auto& x : r.crossStack)
            pairs[x.group + " <- " + x.standIn].push_back(&x);
        for (const auto& [pair, rows] : pairs) {
            std::vector<double> abs, signed_, in;
            for (const CrossStackRow* x : rows) {
                abs.push_back(std::fabs(x->error));
                signed_.push_back(x->error);
                in.push_back(x->inWidestBand ? 1 : 0);
            }
            out << "    " << pair << std::string(48 - std::min<std::size_t>(47, pair.size()), ' ')
                << padLeft(std::to_string(rows.size()), 4) << padLeft(formatFixed(100 * mean(abs), 1), 13)
                << " %" << padLeft(percent(*std::min_element(signed_.begin(), signed_.end())), 9)
                << padLeft(percent(*std::max_element(signed_.begin(), signed_.end())), 9)
                << padLeft(formatFixed(100 * mean(in), 0), 9) << " %\n";
        }
    }
    return out.str();
}

std::string validationToCsv(const ValidationReport& r) {
    std::ostringstream out;
    out << "id,source,use,metric,profile,published,predicted,error,cv_predicted,cv_error,band_low,band_high,"
           "cv_in_band,group,gpus,seq_len,group_cv_predicted,group_cv_error,group_band_low,group_band_high,"
           "group_cv_in_band\n";
    for (const auto& row : r.rows) {
        out << csvField(row.id) << "," << csvField(row.source) << "," << csvField(row.use) << ","
            << csvField(row.metric) << "," << csvField(row.profile) << ",";
        if (row.use == "exclude")
            out << ",,,,,,,,,,,,,,,\n";
        else
            out << csvNumber(row.published, "published") << "," << csvNumber(row.predicted, "predicted")
                << "," << csvFixed(row.error, 4, "error") << "," << csvNumber(row.cvPredicted, "cv_predicted")
                << "," << csvFixed(row.cvError, 4, "cv_error") << "," << csvNumber(row.bandLow, "band_low")
                << "," << csvNumber(row.bandHigh, "band_high") << "," << (row.cvInBand ? 1 : 0) << ","
                << csvField(row.group) << "," << row.gpus << "," << row.seqLen << ","
                << csvNumber(row.groupCvPredicted, "group_cv_predicted") << ","
                << csvFixed(row.groupCvError, 4, "group_cv_error") << ","
                << csvNumber(row.groupBandLow, "group_band_low") << ","
                << csvNumber(row.groupBandHigh, "group_band_high") << "," << (row.groupCvInBand ? 1 : 0)
                << "\n";
    }
    return out.str();
}

std::string validationToJson(const ValidationReport& r) {
    json::Writer w;
    w.beginObject();
    w.value("mean_abs_error", r.meanAbsError).value("cv_mean_abs_error", r.cvMeanAbsError);
    w.value("band_coverage", r.cvBandCoverage);
    w.beginArray("sources");
    for (const auto& [source, mae] : r.meanAbsErrorBySource) {
        w.beginObject().value("source", source).value("mean_abs_error", mae);
        w.value("max_abs_error", r.maxAbsErrorBySource.at(source));
        w.value("cv_mean_abs_error", r.cvMeanAbsErrorBySource.at(source));
        w.value("band_coverage", r.cvBandCoverageBySource.at(source)).endObject();
    }
    w.endArray();
    const auto transfer = [&](const TransferSummary& t) {
        w.value("runs", t.runs)
            .value("mean_abs_error", t.meanAbsError)
            .value("band_coverage", t.bandCoverage);
        w.value("median_band_half_width", t.medianBandHalfWidth);
    };
    w.beginObject("leave_one_group_out");
    transfer(r.transfer);
    // Each summary table as an array of objects: its label under `labelKey`, then the figures.
    const auto summaries = [&](const char* key, const char* labelKey, const auto& table) {
        w.beginArray(key);
        for (const auto& [label, t] : table) {
            w.beginObject().value(labelKey, label);
            transfer(t);
            w.endObject();
        }
        w.endArray();
    };
    summaries("groups", "group", r.transferByGroup);
    summaries("by_model_class", "model_class", r.transferByClass);
    summaries("by_gpus", "bucket", r.transferByGpus);
    summaries("by_seq_len", "bucket", r.transferBySeqLen);
    summaries("unseen_stack_groups", "group", r.unseenStackByGroup);
    w.endObject();
    w.beginArray("cross_stack");
    for (const auto& x : r.crossStack) {
        w.beginObject().value("id", x.id).value("group", x.group).value("stand_in", x.standIn);
        w.value("published", x.published).value("predicted", x.predicted).value("error", x.error);
        w.value("true_over_predicted", x.ratio).value("unseen_stack", x.unseenStack);
        w.value("in_widest_band", x.inWidestBand).endObject();
    }
    w.endArray();
    w.beginArray("runs");
    for (const auto& row : r.rows) {
        w.beginObject().value("id", row.id).value("source", row.source).value("use", row.use);
        if (row.use == "exclude") {
            w.value("exclude_reason", row.note).endObject();
            continue;
        }
        w.value("metric", row.metric).value("profile", row.profile).value("published", row.published);
        w.value("predicted", row.predicted).value("error", row.error).value("cv_predicted", row.cvPredicted);
        w.value("cv_error", row.cvError).value("band_low", row.bandLow).value("band_high", row.bandHigh);
        w.value("cv_in_band", row.cvInBand).value("group", row.group).value("stack_group", row.stackGroup);
        w.value("model_class", row.modelClass).value("gpus", row.gpus);
        w.value("seq_len", row.seqLen).value("params_b", row.paramsB);
        w.value("group_cv_predicted", row.groupCvPredicted);
        w.value("group_cv_error", row.groupCvError).value("group_band_low", row.groupBandLow);
        w.value("group_band_high", row.groupBandHigh)
            .value("group_cv_in_band", row.groupCvInBand)
            .endObject();
    }
    w.endArray().endObject();
    return w.str();
}

}  // namespace clusterplan
