#include "core/io/run_inputs_json.h"

#include "core/run/run_realities.h"
#include "core/scenario/limited_read.h"
#include "core/util/closest_id.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan {

void readHostIo(json::ObjectReader& r, HostIoSpec& io) {
    json::optLimited(r, "cpu_cores_per_node", io.cpuCoresPerNode, "cluster.cpu_cores_per_node");
    json::optLimited(r, "loader_workers_per_gpu", io.loaderWorkersPerGpu, "cluster.loader_workers_per_gpu");
    json::optLimited(r, "nvme_drives", io.nvmeDrives, "cluster.nvme_drives");
    json::optLimited(r, "nvme_read_gb_s", io.nvmeReadGBs, "cluster.nvme_read_gb_s");
    json::optLimited(r, "network_fs_gb_s", io.networkFsGBs, "cluster.network_fs_gb_s");
}

void readRunInputs(json::ObjectReader& r, TrainingSpec& t) {
    if (auto p = r.optObject("data_pipeline")) {
        p->optString("preset", t.dataPipeline.preset);
        const RunRealities& realities = RunRealities::builtin();
        if (!realities.pipeline(t.dataPipeline.preset))
            json::fail(inputError(p->pathOf("preset"),
                                  unknownIdReason(msg::kErrorUnknownDataPipelineClosest,
                                                  msg::kErrorUnknownDataPipelineList, t.dataPipeline.preset,
                                                  realities.pipelineIds())));
        json::optLimited(*p, "bytes_per_sample", t.dataPipeline.bytesPerSample,
                         "training.data_pipeline.bytes_per_sample");
        json::optLimited(*p, "cpu_ms_per_sample", t.dataPipeline.cpuMsPerSample,
                         "training.data_pipeline.cpu_ms_per_sample");
        p->finish();
    }
    if (auto run = r.optObject("run")) {
        json::optLimited(*run, "checkpoint_interval_hours", t.run.checkpointIntervalHours,
                         "training.run.checkpoint_interval_hours");
        json::optLimited(*run, "interruptions_per_1000_gpu_days", t.run.interruptionsPer1000GpuDays,
                         "training.run.interruptions_per_1000_gpu_days");
        run->finish();
    }
}

void writeHostIo(json::Writer& w, const HostIoSpec& io) {
    if (io.cpuCoresPerNode > 0)
        w.value("cpu_cores_per_node", io.cpuCoresPerNode);
    if (io.loaderWorkersPerGpu >= 0)
        w.value("loader_workers_per_gpu", io.loaderWorkersPerGpu);
    if (io.nvmeDrives > 0)
        w.value("nvme_drives", io.nvmeDrives);
    if (io.nvmeReadGBs > 0)
        w.value("nvme_read_gb_s", io.nvmeReadGBs);
    if (io.networkFsGBs > 0)
        w.value("network_fs_gb_s", io.networkFsGBs);
}

void writeRunInputs(json::Writer& w, const TrainingSpec& t) {
    const DataPipelineSpec& p = t.dataPipeline;
    if (p != DataPipelineSpec{}) {
        w.beginObject("data_pipeline").value("preset", p.preset);
        if (p.bytesPerSample > 0)
            w.value("bytes_per_sample", p.bytesPerSample);
        if (p.cpuMsPerSample > 0)
            w.value("cpu_ms_per_sample", p.cpuMsPerSample);
        w.endObject();
    }
    if (t.run != RunSpec{}) {
        w.beginObject("run");
        if (t.run.checkpointIntervalHours > 0)
            w.value("checkpoint_interval_hours", t.run.checkpointIntervalHours);
        if (t.run.interruptionsPer1000GpuDays > 0)
            w.value("interruptions_per_1000_gpu_days", t.run.interruptionsPer1000GpuDays);
        w.endObject();
    }
}

}  // namespace clusterplan
