#include "core/run/feed_check.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/run/messages_run.h"
#include "core/util/message_catalog.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

double orDefault(double value, double fallback) {
    return value > 0 ? value : fallback;
}

std::string rate(double samplesPerSecond) {
    return formatGrouped(samplesPerSecond, samplesPerSecond < 10 ? 2 : 0);
}

std::int64_t ceilInt(double x) {
    return static_cast<std::int64_t>(std::ceil(x - 1e-9));
}

// The pipeline by its name in the reader's language, not its id; a pipeline the catalog does not
// name (one from a user's file) by its id.
Message pipelineName(const std::string& id) {
    if (id == "pretokenized-text")
        return makeMessage(msg::kFeedPipelinePretokenizedText);
    if (id == "raw-text-tokenize")
        return makeMessage(msg::kFeedPipelineRawTextTokenize);
    if (id == "image-decode-augment")
        return makeMessage(msg::kFeedPipelineImageDecodeAugment);
    return plainMessage(id);
}

void addNotes(FeedCheck& f) {
    const FeedInputs& in = f.inputs;
    const Message pipeline = pipelineName(in.pipeline);
    const auto plain = [](std::string text) { return plainMessage(std::move(text)); };
    const Message needed = plain(rate(f.neededPerNode)),
                  workers = plain(formatFixed(f.usableWorkersPerNode, 0)), cpu = plain(rate(f.cpuPerNode)),
                  storage = plain(rate(f.storagePerNode));
    if (!f.binds) {
        // "3.2 times", "321,799 times": a tenth says nothing beside a six-digit margin.
        const std::string margin = f.margin >= 100 ? formatGrouped(f.margin, 0) : formatFixed(f.margin, 1);
        f.notes.push_back(makeNestedMessage(msg::kFeedSufficient,
                                            {pipeline, needed, workers, cpu, storage, plain(margin)}));
        return;
    }
    const Message bottleneck = plain(f.bottleneck), wait = plain(formatFixed(f.waitSeconds, 2)),
                  utilization = plain(formatFixed(100 * f.gpuUtilization, 0));
    // What would lift it: more loader workers and cores, a faster network file system, or drives.
    if (f.bottleneck == "cpu") {
        f.notes.push_back(makeNestedMessage(
            msg::kFeedBindsWorkers,
            {pipeline, needed, workers, cpu, storage, bottleneck, wait, utilization,
             plain(std::to_string(f.workersPerGpuNeeded)), plain(std::to_string(f.coresPerNodeNeeded)),
             plain(formatFixed(in.loaderWorkersPerGpu, 0)), plain(formatFixed(in.cpuCoresPerNode, 0))}));
    } else if (in.networkFsGBs > 0) {
        f.notes.push_back(makeNestedMessage(msg::kFeedBindsNetworkFs,
                                            {pipeline, needed, workers, cpu, storage, bottleneck, wait,
                                             utilization, plain(formatFixed(f.networkFsGBsNeeded, 1)),
                                             plain(formatFixed(in.networkFsGBs, 1))}));
    } else {
        f.notes.push_back(
            makeNestedMessage(msg::kFeedBindsNvme,
                              {pipeline, needed, workers, cpu, storage, bottleneck, wait, utilization,
                               plain(std::to_string(f.drivesNeeded)), plain(formatFixed(in.nvmeDrives, 0))}));
    }
}

}  // namespace

FeedInputs resolveFeedInputs(const Scenario& s, const RunRealities& realities) {
    const HostIoSpec& io = s.cluster.io;
    const ServerDefaults& d = realities.server;
    FeedInputs in;
    in.cpuCoresPerNode = io.cpuCoresPerNode > 0 ? static_cast<double>(io.cpuCoresPerNode) : d.cpuCoresPerNode;
    in.loaderWorkersPerGpu =
        io.loaderWorkersPerGpu >= 0 ? static_cast<double>(io.loaderWorkersPerGpu) : d.loaderWorkersPerGpu;
    in.nvmeDrives = io.nvmeDrives > 0 ? static_cast<double>(io.nvmeDrives) : d.nvmeDrives;
    in.nvmeReadGBs = orDefault(io.nvmeReadGBs, d.nvmeReadGBs);
    in.nvmeWriteGBs = d.nvmeWriteGBs;
    in.networkFsGBs = io.networkFsGBs;
    in.serverSource = d.source;
    const DataPipelineSpec& p = s.training.dataPipeline;
    const PipelinePreset* preset = realities.pipeline(p.preset);
    const double seq = static_cast<double>(s.training.seqLen);
    if (preset) {
        in.pipeline = preset->id;
        in.pipelineSource = preset->source;
        in.bytesPerSample = preset->bytesPerToken * seq;
        in.cpuMsPerSample = preset->cpuUsPerToken * seq / 1000.0 + preset->cpuMsPerSample;
    }
    if (p.bytesPerSample > 0)
        in.bytesPerSample = p.bytesPerSample;
    if (p.cpuMsPerSample > 0)
        in.cpuMsPerSample = p.cpuMsPerSample;
    return in;
}

FeedCheck checkFeed(const Scenario& s, const FeedInputs& in, double steadyStep) {
    const ClusterSpec& c = s.cluster;
    const double nodes = static_cast<double>(c.nodes);
    const double gpn = static_cast<double>(c.gpusPerNode);
    const double samplesPerNodePerStep = static_cast<double>(s.training.globalBatch) / nodes;
    FeedCheck f;
    f.inputs = in;
    f.neededPerNode = samplesPerNodePerStep / steadyStep;
    const double msPerSample = std::max(in.cpuMsPerSample, 1e-9);
    const double bytes = std::max(in.bytesPerSample, 1.0);
    // One core per GPU for its training process; workers share what is left (each worker is a
    // process that keeps one core busy: PyTorch DataLoader multiprocessing).
    const double spareCores = std::max(0.0, in.cpuCoresPerNode - gpn);
    f.usableWorkersPerNode = std::min(in.loaderWorkersPerGpu * gpn, spareCores);
    const double storageGBs = in.networkFsGBs > 0 ? in.networkFsGBs / nodes : in.nvmeDrives * in.nvmeReadGBs;
    f.storagePerNode = storageGBs * units::kGB / bytes;
    f.stepSeconds = steadyStep;
    if (f.usableWorkersPerNode <= 0) {
        // num_workers=0 (or no core left for a worker): each training process prepares its samples
        // itself, between steps.
        f.cpuPerNode = gpn * 1000.0 / msPerSample;
        const double prepare = samplesPerNodePerStep / gpn * msPerSample / 1000.0;
        f.stepSeconds = steadyStep + prepare;
    } else {
        f.cpuPerNode = f.usableWorkersPerNode * 1000.0 / msPerSample;
    }
    const double feed = std::min(f.cpuPerNode, f.storagePerNode);
    f.bottleneck = f.cpuPerNode <= f.storagePerNode ? "cpu" : "storage";
    f.margin = feed / f.neededPerNode;
    if (feed > 0)
        f.stepSeconds = std::max(f.stepSeconds, samplesPerNodePerStep / feed);
    else
        f.stepSeconds = std::numeric_limits<double>::infinity();
    f.binds = f.stepSeconds > steadyStep * (1 + 1e-9);
    f.waitSeconds = f.stepSeconds - steadyStep;
    f.gpuUtilization = std::isfinite(f.stepSeconds) ? steadyStep / f.stepSeconds : 0;
    if (f.binds) {
        const double workers = f.neededPerNode * msPerSample / 1000.0;
        f.workersPerGpuNeeded = std::max<std::int64_t>(1, ceilInt(workers / gpn));
        f.coresPerNodeNeeded = static_cast<std::int64_t>(gpn) * (f.workersPerGpuNeeded + 1);
        const double gbs = f.neededPerNode * bytes / units::kGB;
        f.drivesNeeded = ceilInt(gbs / in.nvmeReadGBs);
        f.networkFsGBsNeeded = gbs * nodes;
    }
    addNotes(f);
    return f;
}

}  // namespace clusterplan
