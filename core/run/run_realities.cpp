#include "core/run/run_realities.h"

#include <cstdio>
#include <cstdlib>

#include "core/util/json_read.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan {

namespace embedded {
std::string_view runRealitiesJson();
}

namespace {

using json::ObjectReader;

ServerDefaults readServer(ObjectReader& r) {
    ServerDefaults s;
    s.cpuCoresPerNode = r.number("cpu_cores_per_node", 1, 1e5);
    s.loaderWorkersPerGpu = r.number("loader_workers_per_gpu", 0, 1024);
    s.nvmeDrives = r.number("nvme_drives", 0, 1024);
    s.nvmeReadGBs = r.number("nvme_read_gb_s", 0.001, 1e4);
    s.nvmeWriteGBs = r.number("nvme_write_gb_s", 0.001, 1e4);
    s.source = r.string("source");
    r.ignore({"as_of", "grade"});
    return s;
}

PipelinePreset readPipeline(ObjectReader& r) {
    PipelinePreset p;
    p.id = r.string("id");
    p.name = r.string("name");
    p.bytesPerToken = r.number("bytes_per_token", 0, 1e9);
    p.cpuUsPerToken = r.number("cpu_us_per_token", 0, 1e9);
    p.cpuMsPerSample = r.number("cpu_ms_per_sample", 0, 1e9);
    p.source = r.string("source");
    r.ignore({"as_of", "grade"});
    return p;
}

RunRealities readRealities(const boost::json::value& root) {
    ObjectReader top(root, "");
    top.ignore({"schema", "notes"});
    RunRealities out;
    if (auto r = top.optObject("server")) {
        out.server = readServer(*r);
        r->finish();
    } else {
        json::fail("server", msg::kErrorJsonRequired);
    }
    if (const auto* list = top.optArray("pipelines")) {
        for (std::size_t i = 0; i < list->size(); ++i) {
            ObjectReader r((*list)[i], json::indexPath("pipelines", i));
            out.pipelines.push_back(readPipeline(r));
            r.finish();
        }
    }
    if (auto r = top.optObject("reliability")) {
        out.reliability = {r->number("interruptions_per_gpu_day", 0, 10),
                           r->number("restart_minutes", 0, 1e4), r->string("source")};
        r->ignore({"as_of", "grade"});
        r->finish();
    } else {
        json::fail("reliability", msg::kErrorJsonRequired);
    }
    if (auto r = top.optObject("evaluation")) {
        out.evaluation = {r->number("eval_interval_steps", 1, 1e9), r->number("eval_iters", 0, 1e9),
                          r->number("forward_share_of_step", 0, 1), r->string("source")};
        r->ignore({"as_of", "grade"});
        r->finish();
    } else {
        json::fail("evaluation", msg::kErrorJsonRequired);
    }
    if (auto r = top.optObject("checkpoint")) {
        out.checkpointSource = r->string("source");
        r->ignore({"as_of", "grade"});
        r->finish();
    }
    top.finish();
    return out;
}

}  // namespace

Result<RunRealities> RunRealities::parse(std::string_view text, const std::string& label) {
    auto parsed = json::parseText(text, label);
    if (!parsed)
        return parsed.error();
    try {
        return readRealities(parsed.value());
    } catch (const json::InputError& e) {
        return relocated(label + ": " + e.error.where, e.error);
    }
}

const RunRealities& RunRealities::builtin() {
    // Immutable after the first call (thread-safe initialisation of a function-local static).
    static const RunRealities realities = [] {
        auto r = parse(embedded::runRealitiesJson(), "resources/run-realities.json");
        if (!r) {
            std::fprintf(stderr, "clusterplan: built-in run realities are broken: %s\n",
                         r.error().toString().c_str());
            std::abort();
        }
        return std::move(r).value();
    }();
    return realities;
}

const PipelinePreset* RunRealities::pipeline(std::string_view id) const {
    for (const auto& p : pipelines)
        if (p.id == id)
            return &p;
    return nullptr;
}

std::vector<std::string> RunRealities::pipelineIds() const {
    std::vector<std::string> ids;
    for (const auto& p : pipelines)
        ids.push_back(p.id);
    return ids;
}

}  // namespace clusterplan
