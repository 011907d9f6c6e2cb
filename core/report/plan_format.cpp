#include "core/report/plan_format.h"

#include <cmath>
#include <sstream>

#include "core/cost/cost_format.h"
#include "core/cost/cost_json.h"
#include "core/report/fine_tuning_format.h"
#include "core/util/json_write.h"
#include "core/util/number_format.h"
#include "core/util/text_columns.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

// The plan's "calibration" object: the fit to the scenario's measured runs.
void writeProfileFitJson(json::Writer& w, const ProfileFit& fit) {
    w.beginObject("calibration");
    w.value("prior_profile", fit.before.id).value("fitted_profile", fit.after.id);
    w.value("measured_runs", static_cast<std::int64_t>(fit.runs.size()));
    w.value("mean_abs_error_before", fit.meanAbsErrorBefore)
        .value("mean_abs_error_after", fit.meanAbsErrorAfter);
    w.value("band_low", fit.after.bandLow)
        .value("band_high", fit.after.bandHigh)
        .value("band_rule", fit.bandRule);
    w.beginArray("parameters");
    for (const auto& p : fit.parameters)
        w.beginObject()
            .value("key", p.key)
            .value("before", p.before)
            .value("after", p.after)
            .value("low", p.low)
            .value("high", p.high)
            .endObject();
    w.endArray().beginArray("runs");
    for (const auto& r : fit.runs) {
        w.beginObject().value("gpus", r.gpus).value("layout", r.layout);
        // The keys the run left out, as the search resolved them: write them into the run if it used others.
        w.beginArray("assumed");
        for (const AssumedKey& k : r.assumed)
            w.beginObject().value("key", k.key).value("value", k.value).endObject();
        w.endArray();
        w.value("measured_step_s", r.measuredStepSeconds)
            .value("measured_tokens_per_s", r.measuredTokensPerSecond);
        w.value("predicted_step_s_before", r.stepBefore).value("predicted_step_s_after", r.stepAfter);
        w.value("error_before", r.errorBefore).value("error_after", r.errorAfter);
        if (r.measuredPeakGib)
            w.value("measured_peak_memory_gib", *r.measuredPeakGib);
        w.value("predicted_peak_memory_gib", r.predictedPeakGib);
        if (!r.source.empty())  // the log and lines the run was read from (calibrate --log)
            w.value("source", r.source);
        w.endObject();
    }
    w.endArray().endObject();
}

using units::kGiB;

// Byte counts are reported as whole bytes.
double bytes(double b) {
    return std::round(b);
}

void writeMemory(json::Writer& w, const char* key, const MemoryBreakdown& m) {
    w.beginObject(key);
    w.value("stage", m.stage);
    w.value("weights", bytes(m.weights)).value("gradients", bytes(m.gradients));
    w.value("optimizer", bytes(m.optimizer)).value("activations", bytes(m.activations));
    w.value("other", bytes(m.other.total())).value("total", bytes(m.total()));
    w.value("capacity", bytes(m.capacity)).value("fits", m.fits());
    w.endObject();
}

void writeRunText(std::ostream& out, const Plan& p);

// The step-time breakdown: every part that is not zero, with its share of the step.
void writeTimeText(std::ostream& out, const Plan& p) {
    const auto& t = p.perf;
    out << "\nTime per step (profile " << t.profileId << ")\n";
    out << "  step                " << seconds(t.stepSeconds) << "  (" << seconds(t.stepSecondsLow) << " to "
        << seconds(t.stepSecondsHigh) << ")\n";
    for (const StepPart& part : stepParts(t)) {
        if (part.seconds <= 0)
            continue;
        const std::string name = part.name;
        out << "    " << name << std::string(name.size() < 18 ? 18 - name.size() : 1, ' ')
            << seconds(part.seconds) << "  (" << formatFixed(100 * part.seconds / t.stepSeconds, 1)
            << " %)\n";
    }
    out << "  stack features      DP overlap " << (t.overlapGradReduce ? "on" : "off") << ", TP overlap "
        << (t.tpCommOverlap ? "on" : "off") << "\n";
    if (t.tpCommHiddenSeconds > 0)
        out << "  TP traffic hidden   "
            << formatFixed(100 * t.tpCommHiddenSeconds / (t.tpCommSeconds + t.tpCommHiddenSeconds), 0)
            << " % of " << seconds(t.tpCommSeconds + t.tpCommHiddenSeconds) << "\n";
    if (t.dpCommTotalSeconds > 0)
        out << "  DP traffic hidden   " << formatFixed(100 * (1 - t.dpCommSeconds / t.dpCommTotalSeconds), 0)
            << " % of " << seconds(t.dpCommTotalSeconds) << "\n";
    out << "  throughput          " << formatFixed(t.tokensPerSecond, 0) << " tokens/s ("
        << formatFixed(t.tokensPerSecond / static_cast<double>(p.layout.gpus()), 0) << " per GPU)\n";
    out << "  per GPU             " << formatFixed(t.tflopsPerGpu, 1) << " TFLOP/s, MFU "
        << formatFixed(100 * t.mfu, 1) << " %, HFU " << formatFixed(100 * t.hfu, 1) << " %\n";
    if (p.gpipeMemory)
        out << "  GPipe, for comparison " << seconds(p.gpipeStepSeconds) << " per step, "
            << formatGib(p.gpipeMemory->total(), 1) << " per GPU (all " << p.layout.microBatches
            << " micro-batches in flight" << (p.gpipeMemory->fits() ? ")" : ", does not fit)") << "\n";
    out << "  training            " << formatNumber(p.scenario.training.tokensToTrain() / units::kBillion)
        << "B tokens in " << formatFixed(t.trainDays, 1) << " days, " << formatFixed(t.gpuHours, 0)
        << " GPU-hours\n";
    writeRunText(out, p);
}

// The run's real length, inside "time".
void writeRunLengthJson(json::Writer& w, const RunLength& r) {
    w.value("goodput", r.goodput).value("wall_days", r.wallDays).value("budget_gpu_hours", r.budgetGpuHours);
    w.beginObject("run_length").value("steady_days", r.steadyDays);
    w.value("interruptions", r.interruptions).value("interruptions_per_gpu_day", r.interruptionsPerGpuDay);
    w.value("mtbf_h", r.mtbfHours).value("checkpoint_bytes", bytes(r.checkpointBytes));
    w.value("checkpoint_write_s", r.checkpointWriteSeconds)
        .value("checkpoint_load_s", r.checkpointLoadSeconds);
    w.value("checkpoint_interval_h", r.checkpointIntervalHours).value("interval_optimal", r.intervalOptimal);
    w.value("checkpoint_h", r.checkpointHours).value("lost_work_h", r.lostWorkHours);
    w.value("restart_h", r.restartHours).value("evaluation_h", r.evaluationHours);
    w.value("start_h", r.startHours).value("progresses", r.progresses).endObject();
}

// Can the servers feed the GPUs.
void writeFeedJson(json::Writer& w, const FeedCheck& f) {
    const FeedInputs& in = f.inputs;
    w.beginObject("feed")
        .value("pipeline", in.pipeline)
        .value("binds", f.binds)
        .value("bottleneck", f.bottleneck);
    w.value("needed_samples_per_s_per_node", f.neededPerNode)
        .value("cpu_samples_per_s_per_node", f.cpuPerNode);
    w.value("storage_samples_per_s_per_node", f.storagePerNode).value("margin", f.margin);
    w.value("gpu_utilization", f.gpuUtilization).value("wait_s", f.waitSeconds);
    w.value("workers_per_gpu_needed", f.workersPerGpuNeeded)
        .value("cores_per_node_needed", f.coresPerNodeNeeded);
    w.value("drives_needed", f.drivesNeeded).value("network_fs_gb_s_needed", f.networkFsGBsNeeded);
    w.beginObject("inputs").value("cpu_cores_per_node", in.cpuCoresPerNode);
    w.value("loader_workers_per_gpu", in.loaderWorkersPerGpu)
        .value("usable_workers_per_node", f.usableWorkersPerNode);
    w.value("nvme_drives", in.nvmeDrives).value("nvme_read_gb_s", in.nvmeReadGBs);
    w.value("network_fs_gb_s", in.networkFsGBs).value("bytes_per_sample", in.bytesPerSample);
    w.value("cpu_ms_per_sample", in.cpuMsPerSample).endObject();
    w.endObject();
}

// The data feed and the run's real length, after the steady-state training line.
void writeRunText(std::ostream& out, const Plan& p) {
    const FeedCheck& f = p.feed;
    const RunLength& r = p.run;
    out << "  data feed           "
        << (f.binds ? "binds (" + f.bottleneck + "), GPUs at " + formatFixed(100 * f.gpuUtilization, 0) + " %"
                    : "keeps up, " + formatFixed(f.margin, 1) + "x the need")
        << " (per server: need " << formatFixed(f.neededPerNode, 1) << ", CPU "
        << formatFixed(f.cpuPerNode, 1) << ", storage " << formatFixed(f.storagePerNode, 0)
        << " samples/s)\n";
    out << "  real length         " << formatFixed(r.wallDays, 1) << " days wall, goodput "
        << formatFixed(100 * r.goodput, 1) << " %, budget " << formatFixed(r.budgetGpuHours, 0)
        << " GPU-hours (" << formatFixed(r.interruptions, 1) << " interruptions, checkpoint every "
        << formatFixed(r.checkpointIntervalHours, 2) << " h)\n";
}

std::string billions(double n) {
    return formatFixed(n / units::kBillion, 2) + " B";
}

}  // namespace

std::string layoutText(const Layout& l) {
    std::string s =
        "TP " + std::to_string(l.tp) + " x PP " + std::to_string(l.pp) + " x DP " + std::to_string(l.dp);
    if (l.cp > 1)
        s += " x CP " + std::to_string(l.cp);
    if (l.ep > 1)
        s += ", EP " + std::to_string(l.ep);
    if (l.expertTp > 0)
        s += ", expert TP " + std::to_string(l.expertTp);
    if (l.vpp > 1)
        s += ", VPP " + std::to_string(l.vpp);
    return s + moeOptionsText(l.moe);
}

std::string formatGib(double b, int decimals) {
    return formatFixed(b / kGiB, decimals) + " GiB";
}

std::string planToJson(const Plan& p) {
    json::Writer w;
    w.beginObject().value("schema", kPlanSchema);
    const auto& model = p.scenario.model;
    w.beginObject("model").value("id", p.scenario.modelPreset.empty() ? "custom" : p.scenario.modelPreset);
    w.value("name", model.name).value("params", p.params.total).value("active_params", p.params.active);
    w.value("flops_per_token", p.flops.model).value("hardware_flops_per_token", p.flops.hardware);
    w.value("flops_convention", flopsConvention(p));
    writeMethodJson(w, p);
    w.endObject();
    const auto& c = p.scenario.cluster;
    w.beginObject("cluster").value("gpu", c.gpu).value("gpu_name", p.gpu.name).value("gpus", c.gpus());
    w.value("gpus_per_node", c.gpusPerNode).value("nodes", c.nodes).endObject();
    const auto& l = p.layout;
    w.beginObject("layout").value("tp", l.tp).value("pp", l.pp).value("dp", l.dp).value("cp", l.cp);
    w.value("ep", l.ep).value("vpp", l.vpp);
    if (l.expertTp > 0)  // Megatron-Core's default (tp) left out
        w.value("expert_tp", l.expertTp);
    writeMoeOptions(w, l.moe);
    w.value("micro_batch", l.microBatch).value("micro_batches", l.microBatches);
    w.value("zero_stage", l.zeroStage).value("recompute", toString(l.recompute));
    w.value("sequence_parallel", l.sequenceParallel).value("offload", toString(l.offload)).endObject();

    const auto& m = p.memory;
    w.beginObject("memory").value("stage", m.stage);
    w.value("weights", bytes(m.weights)).value("gradients", bytes(m.gradients));
    w.value("optimizer", bytes(m.optimizer)).value("activations", bytes(m.activations));
    w.value("other", bytes(m.other.total())).value("total", bytes(m.total()));
    w.value("capacity", bytes(m.capacity)).value("fits", m.fits());
    w.value("largest_micro_batch", p.largestMicroBatch);
    w.value("params_on_gpu", bytes(m.params)).value("logits", bytes(m.logits));
    w.value("in_flight_micro_batches", m.inFlightMicroBatches);
    w.beginObject("other_detail").value("cuda_context", bytes(m.other.cudaContext));
    w.value("comm_buffers", bytes(m.other.commBuffers)).value("workspace", bytes(m.other.workspace));
    w.value("param_gather", bytes(m.other.paramGather)).value("fragmentation", bytes(m.other.fragmentation));
    w.value("dequant_workspace", bytes(m.other.dequantWorkspace));
    w.endObject();
    writeHostJson(w, p);
    w.beginArray("zero_stages");
    for (const auto& z : p.zeroStages)
        writeMemory(w, "", z);
    w.endArray();
    w.endObject();

    const auto& t = p.perf;
    w.beginObject("time").value("step_s", t.stepSeconds).value("step_s_low", t.stepSecondsLow);
    w.value("step_s_high", t.stepSecondsHigh).value("compute_s", t.computeSeconds);
    w.value("recompute_s", t.recomputeSeconds).value("tp_comm_s", t.tpCommSeconds);
    w.value("moe_routing_s", t.moeRoutingSeconds).value("moe_imbalance_s", t.moeImbalanceSeconds);
    w.value("tp_comm_hidden_s", t.tpCommHiddenSeconds);
    w.value("cp_comm_s", t.cpCommSeconds)
        .value("ep_comm_s", t.epCommSeconds)
        .value("pp_comm_s", t.ppCommSeconds);
    w.value("dp_comm_s", t.dpCommSeconds).value("dp_comm_total_s", t.dpCommTotalSeconds);
    w.value("bubble_s", t.bubbleSeconds).value("optimizer_s", t.optimizerSeconds);
    w.value("contention_s", t.contentionSeconds).value("synchronisation_s", t.synchronisationSeconds);
    w.value("offload_s", t.offloadSeconds).value("data_wait_s", t.dataWaitSeconds);
    // Only where the host bounds the step (perf/host_launch.h), so plans the GPU bounds read as before.
    if (t.hostLaunchSeconds > 0)
        w.value("host_launch_s", t.hostLaunchSeconds);
    w.value("tokens_per_s", t.tokensPerSecond).value("tflops_per_gpu", t.tflopsPerGpu);
    w.value("mfu", t.mfu).value("hfu", t.hfu).value("train_days", t.trainDays).value("gpu_hours", t.gpuHours);
    if (p.gpipeMemory) {
        w.value("gpipe_step_s", p.gpipeStepSeconds);
        w.value("gpipe_memory", bytes(p.gpipeMemory->total())).value("gpipe_fits", p.gpipeMemory->fits());
    }
    w.value("slowest_stage", t.slowestStage).value("profile", t.profileId);
    w.value("overlap_grad_reduce", t.overlapGradReduce).value("tp_comm_overlap", t.tpCommOverlap);
    writeRunLengthJson(w, p.run);
    if (p.calibration)
        w.value("profile_calibrated_on_measured", static_cast<std::int64_t>(p.calibration->runs.size()));
    w.endObject();
    writeFeedJson(w, p.feed);
    if (p.calibration)
        writeProfileFitJson(w, *p.calibration);

    if (p.search) {
        w.beginObject("search").value("evaluated", static_cast<double>(p.search->evaluated));
        w.value("layout_fits", p.search->best.has_value()).value("explanation", p.search->explanation.text());
        w.value("rule_of_thumb", p.search->ruleOfThumb.text()).value("rule_agrees", p.search->ruleAgrees);
        w.value("framework_default", p.search->defaultDescription.text);
        if (p.search->frameworkDefault) {
            w.value("framework_default_step_s", p.search->frameworkDefault->perf.stepSeconds);
            w.value("framework_default_fits", p.search->frameworkDefault->fits);
        }
        w.endObject();
    }
    if (p.cost) {
        w.beginObject("cost");
        cost::writeCostJson(w, *p.cost);
        w.endObject();
    }

    w.beginArray("notes");
    for (const auto& n : p.notes)
        w.value("", n.text);
    w.endArray();
    w.endObject();
    return w.str();
}

std::string planToText(const Plan& p) {
    std::ostringstream out;
    const auto& model = p.scenario.model;
    const auto& c = p.scenario.cluster;
    const auto& m = p.memory;
    out << "ClusterPlan — " << model.name << " on " << c.gpus() << " x " << p.gpu.name << " (" << c.nodes
        << (c.nodes == 1 ? " node" : " nodes") << " x " << c.gpusPerNode << ")\n\n";
    out << "Model\n";
    out << "  parameters          " << billions(p.params.total);
    if (model.moe)
        out << " total, " << billions(p.params.active) << " active per token";
    out << "\n  FLOPs per token     " << formatFixed(p.flops.model / units::kBillion, 2) << " GFLOP ("
        << (p.scenario.training.method == TrainingMethod::Full ? "PaLM model" : "fine-tune")
        << " FLOPs at seq " << p.scenario.training.seqLen << ")\n";
    writeMethodText(out, p);
    out << "\n";
    out << "Layout                " << layoutText(p.layout) << ", micro-batch " << p.layout.microBatch
        << " x " << p.layout.microBatches << " per step, ZeRO-" << p.layout.zeroStage << ", recompute "
        << toString(p.layout.recompute) << (p.layout.sequenceParallel ? ", sequence parallel" : "")
        << (p.layout.offload != Offload::None ? ", CPU offload " + std::string(toString(p.layout.offload))
                                              : "")
        << "\n\n";
    // Stages counted from 1 for people, as the window does; one stage needs no number.
    if (p.layout.pp > 1)
        out << "Memory per GPU (most loaded: pipeline stage " << m.stage + 1 << " of " << p.layout.pp
            << ")\n";
    else
        out << "Memory per GPU\n";
    const auto row = [&](const char* name, double b) { out << "  " << name << formatGib(b, 2) << "\n"; };
    row("weights             ", m.weights);
    row("gradients           ", m.gradients);
    row("optimizer states    ", m.optimizer);
    row("activations         ", m.activations);
    row("other               ", m.other.total());
    out << "    cuda context " << formatGib(m.other.cudaContext, 2) << ", comm buffers "
        << formatGib(m.other.commBuffers, 2) << ", workspace " << formatGib(m.other.workspace, 2);
    // Only a sharded-parameter layout (ZeRO-3 / FSDP) holds a gather buffer: a "ZeRO-3 gather 0.00
    // GiB" under ZeRO-1 would read as if that layout gathered parameters.
    if (m.other.paramGather > 0)
        out << ", ZeRO-3 gather " << formatGib(m.other.paramGather, 2);
    out << ", fragmentation " << formatGib(m.other.fragmentation, 2) << "\n";
    row("total               ", m.total());
    row("capacity            ", m.capacity);
    writeHostText(out, p);
    out << "  fits                " << (m.fits() ? "yes" : "NO") << "\n";
    out << "  largest micro-batch " << p.largestMicroBatch << (p.largestMicroBatch == 0 ? " (none fits)" : "")
        << "\n\nZeRO comparison (total per GPU)\n";
    for (std::size_t i = 0; i < p.zeroStages.size(); ++i)
        out << "  ZeRO-" << i << "  " << formatGib(p.zeroStages[i].total(), 2)
            << (p.zeroStages[i].fits() ? "  fits" : "  does not fit") << "\n";
    writeTimeText(out, p);
    if (p.search) {
        out << "\nLayout search (" << p.search->evaluated << " layouts evaluated)\n  "
            << p.search->explanation << "\n  " << p.search->ruleOfThumb
            << "\n  Framework default: " << p.search->defaultDescription.text;
        if (p.search->frameworkDefault)
            out << " — " << formatFixed(p.search->frameworkDefault->perf.stepSeconds, 3) << " s per step"
                << (p.search->frameworkDefault->fits ? "" : ", does not fit");
        out << "\n";
    }
    if (p.cost)
        out << "\n" << cost::costToText(*p.cost);
    if (!p.notes.empty()) {
        out << "\nNotes\n";
        for (const auto& n : p.notes)
            out << "  - " << n << "\n";
    }
    return out.str();
}

}  // namespace clusterplan
