#pragma once
// The figures behind the feed check and the run's real length (feed_check.h, run_length.h), read from
// resources/run-realities.json: the seed's server (cores, NVMe), data-pipeline presets with their
// benchmark sources, the interruption rate at scale (Llama 3), evaluation defaults. Built in,
// immutable; every figure keeps its source for the plan's notes.
#include <string>
#include <string_view>
#include <vector>

#include "core/util/result.h"

namespace clusterplan {

struct ServerDefaults {
    double cpuCoresPerNode = 0;
    double loaderWorkersPerGpu = 0;
    double nvmeDrives = 0;
    double nvmeReadGBs = 0;   // per drive
    double nvmeWriteGBs = 0;  // per drive
    std::string source;
};

struct PipelinePreset {
    std::string id;
    std::string name;
    double bytesPerToken = 0;
    double cpuUsPerToken = 0;
    double cpuMsPerSample = 0;  // fixed per-sample overhead
    std::string source;
};

struct Reliability {
    double interruptionsPerGpuDay = 0;
    double restartMinutes = 0;
    std::string source;
};

struct EvaluationDefaults {
    double intervalSteps = 0;
    double iters = 0;
    double forwardShareOfStep = 0;
    std::string source;
};

struct RunRealities {
    ServerDefaults server;
    std::vector<PipelinePreset> pipelines;
    Reliability reliability;
    EvaluationDefaults evaluation;
    std::string checkpointSource;

    // The shipped file, parsed once (tests guarantee it parses). The plan reads the copy the catalog
    // holds (catalog/catalog.h), beside the GPUs, the profiles and the price books.
    static const RunRealities& builtin();
    static Result<RunRealities> parse(std::string_view json, const std::string& label);

    [[nodiscard]] const PipelinePreset* pipeline(std::string_view id) const;
    [[nodiscard]] std::vector<std::string> pipelineIds() const;
};

}  // namespace clusterplan
