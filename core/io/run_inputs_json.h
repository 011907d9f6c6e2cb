#pragma once
// The scenario keys of the data feed and the run's length, read and written next to the others:
// cluster.{cpu_cores_per_node, loader_workers_per_gpu, nvme_drives, nvme_read_gb_s, network_fs_gb_s},
// training.data_pipeline {preset bytes_per_sample cpu_ms_per_sample},
// training.run {checkpoint_interval_hours interruptions_per_1000_gpu_days}.
// Keys left at their defaults are not written, so older scenarios round-trip unchanged.
#include "core/scenario/scenario.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"

namespace clusterplan {

// Read from the `cluster` / `training` object (the caller finishes the reader).
void readHostIo(json::ObjectReader& cluster, HostIoSpec& io);
void readRunInputs(json::ObjectReader& training, TrainingSpec& t);
void writeHostIo(json::Writer& w, const HostIoSpec& io);
void writeRunInputs(json::Writer& w, const TrainingSpec& t);

}  // namespace clusterplan
