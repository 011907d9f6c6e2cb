#include "core/io/measured_runs_json.h"

#include "core/io/layout_json.h"
#include "core/scenario/limited_read.h"
#include "core/util/json_read.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan {

namespace {

MeasuredRun readMeasuredRun(json::ObjectReader& r) {
    MeasuredRun run;
    if (auto layout = r.optObject("layout"))
        readLayout(*layout, run.layout);
    else
        run.layout.open = kAllLayoutKeys;  // every key resolved by the search (calibration/measured_runs.h)
    // A run's cluster and batch take the ranges of the scenario's own.
    run.nodes = json::limitedInteger(r, "nodes", inputLimit("cluster.nodes"));
    json::optLimited(r, "global_batch", run.globalBatch, "training.global_batch");
    // One throughput figure: a whole-job tokens/s as logged, or the step time it came from.
    const bool tokens = r.has("tokens_per_s"), step = r.has("step_s");
    if (tokens && step)
        json::fail(r.pathOf("step_s"), msg::kErrorMeasuredBothRates);
    if (!tokens && !step)
        json::fail(r.pathOf("tokens_per_s"), msg::kErrorMeasuredNoRate);
    if (tokens)
        run.tokensPerSecond = r.number("tokens_per_s", 1e-3, kMaxMeasuredTokensPerSecond);
    else
        run.stepSeconds = r.number("step_s", 1e-6, kMaxMeasuredStepSeconds);
    if (r.has("peak_memory_gib"))
        run.peakMemoryGib = r.number("peak_memory_gib", 1e-3, kMaxMeasuredPeakMemoryGib);
    r.optString("source", run.source);  // where the run was read from (a log's file and lines); text only
    r.finish();
    return run;
}

}  // namespace

void readMeasuredRuns(const boost::json::array& list, std::vector<MeasuredRun>& runs) {
    if (list.size() > kMaxMeasuredRuns)
        json::fail("measured", msg::kErrorMeasuredTooMany,
                   {std::to_string(list.size()), std::to_string(kMaxMeasuredRuns)});
    runs.clear();
    for (std::size_t i = 0; i < list.size(); ++i) {
        json::ObjectReader r(list[i], json::indexPath("measured", i));
        runs.push_back(readMeasuredRun(r));
    }
}

void writeMeasuredRuns(json::Writer& w, const std::vector<MeasuredRun>& runs) {
    if (runs.empty())
        return;
    w.beginArray("measured");
    for (const auto& run : runs) {
        w.beginObject();
        writeLayout(w, run.layout);
        w.value("nodes", run.nodes);
        if (run.globalBatch > 0)
            w.value("global_batch", run.globalBatch);
        if (run.stepSeconds > 0)
            w.value("step_s", run.stepSeconds);
        else
            w.value("tokens_per_s", run.tokensPerSecond);
        if (run.peakMemoryGib)
            w.value("peak_memory_gib", *run.peakMemoryGib);
        if (!run.source.empty())
            w.value("source", run.source);
        w.endObject();
    }
    w.endArray();
}

}  // namespace clusterplan
