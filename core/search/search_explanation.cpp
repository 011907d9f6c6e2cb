#include "search/search_explanation.h"

#include "model/param_count.h"
#include "perf/collective_cost.h"
#include "search/layout_alternatives.h"
#include "search/layout_search.h"
#include "util/number_format.h"
#include "util/units.h"

namespace clusterplan {

namespace {

std::string pct(double fraction) {
    return formatFixed(100 * fraction, 1) + " %";
}
std::string ms(double seconds) {
    return formatFixed(1000 * seconds, seconds < 0.01 ? 2 : 1) + " ms";
}

// Seed article (分布式训练，选数据并行还是模型并行？): under 10 B parameters data parallelism (DDP);
// 10-100 B data + pipeline parallelism; above 100 B 3D parallelism.
std::string seedRule(double params, std::string& category) {
    if (params < 10e9) {
        category = "DDP";
        return "under 10 B parameters: data parallelism (DDP)";
    }
    if (params <= 100e9) {
        category = "DP+PP";
        return "10-100 B parameters: data + pipeline parallelism";
    }
    category = "3D";
    return "over 100 B parameters: 3D parallelism (data + tensor + pipeline)";
}

std::string categoryOf(const Layout& l) {
    if (l.tp == 1 && l.pp == 1)
        return "DDP";
    if (l.tp == 1)
        return "DP+PP";
    if (l.pp > 1 && l.dp > 1)
        return "3D";
    return l.pp > 1 ? "TP+PP" : "TP+DP";
}

}  // namespace

void explainSearch(const Scenario& s, const Fabric& intra, SearchResult& r) {
    std::string category;
    r.ruleOfThumb = "Seed article rule of thumb for " + formatFixed(countParams(s.model).total / 1e9, 1) +
                    " B parameters: " + seedRule(countParams(s.model).total, category) + ".";
    if (!r.best) {
        r.explanation = r.ranked.empty() ? "No layout: " + explainNoLayout(s, nearestWorkingSetups(s))
                                         : "No layout fits in memory on this cluster; the smallest needs " +
                                               formatFixed(r.ranked.front().memoryBytes / units::kGiB, 1) +
                                               " GiB per GPU. Add GPUs, or use a GPU with more memory.";
        r.ruleOfThumb += " No layout fits, so there is nothing to compare.";
        return;
    }
    const Candidate& b = r.ranked[*r.best];
    const Layout& l = b.layout;
    const PerfEstimate& t = b.perf;
    std::vector<std::string> parts;
    if (l.tp > 1) {
        const double perLayer = t.tpCommSeconds / static_cast<double>(l.microBatches) /
                                static_cast<double>(s.model.layers / l.pp);
        const bool crosses = crossesNodes(l.tp, 1, s.cluster.gpusPerNode);
        parts.push_back(
            "TP=" + std::to_string(l.tp) + (crosses ? " crosses servers, " : " keeps every all-reduce on ") +
            (crosses ? "" : intra.name + " ") + "(" + ms(perLayer) + " exposed per layer and micro-batch)");
    }
    if (l.pp > 1)
        parts.push_back("PP=" + std::to_string(l.pp) +
                        (l.vpp > 1 ? " (interleaved ×" + std::to_string(l.vpp) + ")" : "") + " costs a " +
                        pct(t.bubbleSeconds / t.stepSeconds) + " bubble with " +
                        std::to_string(l.microBatches) + " micro-batches");
    if (l.dp * l.cp > 1 && t.dpCommTotalSeconds > 0)
        parts.push_back("DP traffic is " + pct(1 - t.dpCommSeconds / t.dpCommTotalSeconds) +
                        " hidden behind backward" +
                        (l.zeroStage == 3 ? " (ZeRO-3 gathers every micro-batch)" : ""));
    parts.push_back("compute is " + pct((t.computeSeconds + t.recomputeSeconds) / t.stepSeconds) +
                    " of the " + formatFixed(t.stepSeconds, 2) + " s step; MFU " + pct(t.mfu));
    parts.push_back("memory " + formatFixed(b.memoryBytes / units::kGiB, 1) + " of " +
                    formatFixed(b.capacityBytes / units::kGiB, 1) + " GiB with micro-batch " +
                    std::to_string(l.microBatch) + ", ZeRO-" + std::to_string(l.zeroStage) + ", recompute " +
                    std::string(toString(l.recompute)));
    r.explanation.clear();
    for (std::size_t i = 0; i < parts.size(); ++i)
        r.explanation += (i ? "; " : "") + parts[i];
    r.explanation += ".";
    r.ruleAgrees = categoryOf(l) == category;
    r.ruleOfThumb += r.ruleAgrees ? " The computed optimum agrees (" + categoryOf(l) + ")."
                                  : " The computed optimum differs: " + categoryOf(l) + " is faster here.";
}

}  // namespace clusterplan
