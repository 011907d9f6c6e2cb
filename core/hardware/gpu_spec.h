#pragma once
// One accelerator from resources/catalog.json. Units: GiB (2^30 B) for capacities, GB/s (1e9 B/s)
// for bandwidths, TFLOP/s (1e12) dense peaks without 2:4 sparsity (datasheets headline sparse ones, 2×).
#include <optional>
#include <string>

#include "core/scenario/precision.h"
#include "core/util/language.h"

namespace clusterplan {

// Host side of the GPU's reference server (DGX / HGX datasheets): what CPU offload uses when the
// scenario and the price book do not say.
struct HostServer {
    double memoryGib = 0;           // DDR per server
    double memoryBandwidthGBs = 0;  // peak DDR bandwidth of all sockets
    std::string source;
    // Host link per GPU and direction when it is not PCIe (GB200/GB300: NVLink-C2C to the Grace
    // CPU, shared by the superchip's GPUs); 0: the GPU's PCIe generation.
    double linkGBs = 0;
    bool operator==(const HostServer&) const = default;
};

struct GpuSpec {
    std::string id;
    std::string name;
    // The name a Chinese reader sees: product names kept, descriptive words translated
    // ("Blackwell GPU" → "Blackwell 架构 GPU"). Empty: the name reads the same in both languages.
    std::string nameZh;
    std::string vendor;
    std::string architecture;  // "ampere", "hopper", ...: selects the performance profile
    double hbmGib = 0;         // capacity reported by the driver
    double visibleGib = 0;     // capacity visible to PyTorch's allocator ("total capacity")
    double hbmBandwidthGBs = 0;
    std::optional<double> tflopsFp32, tflopsTf32, tflopsBf16, tflopsFp16, tflopsFp8, tflopsFp4;
    std::optional<double> nvlinkGBs;  // per-direction scale-up bandwidth per GPU
    int pcieGen = 0;
    std::optional<HostServer> host;
    double tdpW = 0;
    std::string intraNodeFabric;  // default fabric id inside a server
    int defaultGpusPerNode = 8;
    // Share of the communication time hidden behind compute that the compute still loses, on this
    // GPU (step_time.cpp's contention). Hopper and Blackwell run their GEMMs as persistent kernels,
    // one CTA per SM (CUTLASS 3 / cuBLAS sm90 and sm100 warp-specialized kernels): the SMs an
    // NCCL kernel holds push the GEMM's last tiles into a second wave; they take the top of the
    // 18.9-40 % compute slowdown Lee et al. 2025 (arXiv:2507.03114) measure beside collectives,
    // 1 - 1/1.40 of the overlapped time (catalog.json's notes). Unset: the perf profile's
    // comm_compute_slowdown (Calculon's few per cent for SM and HBM sharing).
    std::optional<double> commOverlapSlowdown;
    // The architecture whose calibrated performance profile times this GPU when its own
    // architecture has none for the stack and precision (a new generation borrows the nearest
    // measured one, and the plan says so). Empty: the uncalibrated default profile.
    std::string profileFrom;
    std::string source;
    std::string asOf;
    std::string notes;

    // Dense peak for a training precision, or nullopt when the GPU lacks that format.
    [[nodiscard]] std::optional<double> peakTflops(Precision p) const;
    // The name in the reader's language (the English name where no Chinese one is given).
    [[nodiscard]] const std::string& displayName(Lang lang) const {
        return lang == Lang::Zh && !nameZh.empty() ? nameZh : name;
    }
};

}  // namespace clusterplan
