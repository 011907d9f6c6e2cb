#pragma once
// Questions users ask of a model before they buy or rent: on how few GPUs does it train at all,
// how many finish `training.tokens` within a deadline, and where adding GPUs stops paying
// (throughput and scaling efficiency for 1…N GPUs, best layout at each count), plus the seed
// article's comparisons: one 8-GPU server vs two 4-GPU servers, NVLink vs PCIe, InfiniBand vs
// RoCE vs Ethernet. Each point is a full layout search.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/search/layout_search.h"

namespace clusterplan {

class EngineSession;  // calibration/engine_session.h

struct ScalePoint {
    std::int64_t gpus = 0;
    std::int64_t nodes = 0;
    std::int64_t gpusPerNode = 0;
    bool fits = false;
    Candidate best;         // fastest layout that fits (or closest to fitting)
    double efficiency = 0;  // per-GPU throughput relative to the smallest count that fits
    double trainDays = 0;
};

struct Comparison {
    Message label;  // "8 GPUs: 1 server x 8 (nvlink3-nvswitch)"
    bool fits = false;
    Candidate best;
};

struct ScalingReport {
    std::vector<ScalePoint> curve;
    std::optional<std::int64_t> minimumGpus;  // smallest count tried on which a layout fits
    double deadlineDays = 0;
    std::optional<std::int64_t> gpusForDeadline;  // smallest count tried that meets the deadline
    std::vector<Comparison> comparisons;
    std::vector<Message> notes;  // e.g. the searches were bounded (see kScalingLayoutBudget)
};

// Layouts evaluated over the whole study (every GPU count and comparison is a search): shared out
// evenly, so `scale` on a million GPUs stays within seconds like one search does.
inline constexpr std::size_t kScalingLayoutBudget = 60'000;

// A scenario with measured runs is studied with the profile fitted to them (the session's fit, as
// its evaluate() plans it): every prediction on that cluster uses the fit. Runs that cannot be
// fitted leave the built-in profile; evaluate() reports why.
ScalingReport scalingStudy(const Scenario& scenario, EngineSession& session, std::int64_t maxGpus,
                           double deadlineDays);
// The same on a session opened for the study.
ScalingReport scalingStudy(const Scenario& scenario, const Catalog& catalog, std::int64_t maxGpus,
                           double deadlineDays);

std::string scalingToText(const ScalingReport& report);
std::string scalingToCsv(const ScalingReport& report);
std::string scalingToJson(const ScalingReport& report);

}  // namespace clusterplan
