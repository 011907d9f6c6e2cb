#pragma once
// Scenario inputs: a server's CPUs and storage (can they feed the GPUs?),
// the training data pipeline, and what the run's real length depends on. Zero means "the
// default" (resources/run-realities.json), so that older scenarios read and write unchanged.
#include <cstdint>
#include <string>

namespace clusterplan {

// cluster.*: CPUs and storage of each server.
struct HostIoSpec {
    std::int64_t cpuCoresPerNode = 0;       // cluster.cpu_cores_per_node; 0 = the seed's server
    std::int64_t loaderWorkersPerGpu = -1;  // cluster.loader_workers_per_gpu; -1 = default, 0 = main process
    std::int64_t nvmeDrives = 0;            // cluster.nvme_drives; 0 = the seed's server
    double nvmeReadGBs = 0;                 // cluster.nvme_read_gb_s, per drive
    double networkFsGBs = 0;  // cluster.network_fs_gb_s, whole cluster; > 0 replaces local drives
    bool operator==(const HostIoSpec&) const = default;
};

// training.data_pipeline.*: what one sample costs to read and prepare.
struct DataPipelineSpec {
    std::string preset = "pretokenized-text";  // id in run-realities.json "pipelines"
    double bytesPerSample = 0;                 // 0 = preset's bytes per token × seq_len
    double cpuMsPerSample = 0;                 // 0 = preset's figures × seq_len
    bool operator==(const DataPipelineSpec&) const = default;
};

// training.run.*: failures, checkpoints.
struct RunSpec {
    double checkpointIntervalHours = 0;      // 0 = Young/Daly optimum
    double interruptionsPer1000GpuDays = 0;  // 0 = the Llama 3 figure
    bool operator==(const RunSpec&) const = default;
};

}  // namespace clusterplan
