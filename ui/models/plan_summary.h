#pragma once
// Text formatting of Plan numbers for the window. Display only: every number comes from the Plan;
// the UI converts units (bytes to GiB, counts to billions) but computes no physics.
#include <QString>

#include "core/report/plan.h"
#include "core/util/units.h"

namespace clusterplan::ui {

inline constexpr double kBytesPerGib = clusterplan::units::kGiB;

[[nodiscard]] inline double toGib(double bytes) {
    return bytes / kBytesPerGib;
}

// "79.25 GiB": core's formatting, with the text report's two decimals (one decimal would round the
// A100's 79.25 GiB tie to even, "79.2").
[[nodiscard]] QString formatGib(double bytes, int decimals = 2);
// "8.03 B" for 8.03e9
[[nodiscard]] QString formatBillions(double count);
// "48.2 GFLOP" style with SI prefixes up to P.
[[nodiscard]] QString formatFlops(double flops);
// "TP×PP×DP" degrees, with ×CP×EP added when either is used: "2×4×8 (TP×PP×DP)".
[[nodiscard]] QString formatLayoutDegrees(const Layout& layout);
// The degrees, and the CPU offload when the layout has one: "1×1×8 (TP×PP×DP) + CPU offload
// optimizer" (a label for one layout among others, some offloaded, some not).
[[nodiscard]] QString formatLayoutWithOffload(const Layout& layout);
// "fits (62.49 GiB of 79.25 GiB)" or "does NOT fit (needs 93.10 GiB of 79.25 GiB)".
[[nodiscard]] QString formatFit(const MemoryBreakdown& memory);
// "1 node", "16,384 nodes".
[[nodiscard]] QString formatNodes(std::int64_t nodes);
// Rich text for the summary panel: model, parameters, FLOPs, layout, memory, notes.
[[nodiscard]] QString planSummaryHtml(const Plan& plan);

}  // namespace clusterplan::ui
