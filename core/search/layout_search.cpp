#include "search/layout_search.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "model/param_count.h"
#include "perf/cluster_hardware.h"
#include "search/search_explanation.h"
#include "util/units.h"

namespace clusterplan {

namespace {

using units::kGiB;

std::vector<std::int64_t> divisorsOf(std::int64_t n, std::int64_t limit) {
    std::vector<std::int64_t> out;
    for (std::int64_t d = 1; d <= std::min(n, limit); ++d)
        if (n % d == 0)
            out.push_back(d);
    return out;
}

struct Context {
    const Scenario& scenario;
    ClusterHardware hw;
    double capacity;
};

// Evaluates one resolved layout: peak memory and step time.
Candidate evaluateLayout(const Context& c, const Layout& l) {
    const Scenario& s = c.scenario;
    Candidate out;
    out.layout = l;
    out.capacityBytes = c.capacity;
    const MemoryBreakdown mem = peakMemory({s.model, s.training, l, s.overheads, c.capacity});
    out.memoryBytes = mem.total();
    out.fits = mem.fits();
    if (!out.fits)
        out.reason = "needs " + std::to_string(static_cast<long long>(std::ceil(mem.total() / kGiB))) +
                     " GiB > " + std::to_string(static_cast<long long>(c.capacity / kGiB)) +
                     " GiB usable (stage " + std::to_string(mem.stage) + ")";
    out.perf = estimateStep(perfInputs(c.hw, s, l));
    out.perf.notes.clear();
    return out;
}

// Candidate values of each key: the fixed value, or every value the rules allow.
struct Space {
    std::vector<std::int64_t> tp, cp, ep, vpp;
    std::vector<int> zero;
    std::vector<Recompute> recompute;
};

Space spaceFor(const Scenario& s, const SearchOptions& o) {
    const LayoutSpec& l = s.layout;
    const ModelSpec& m = s.model;
    const std::int64_t gpus = s.cluster.gpus();
    Space sp;
    const std::int64_t tpLimit = o.allowCrossNodeTp ? gpus : std::min(gpus, s.cluster.gpusPerNode);
    for (std::int64_t t : l.isOpen(kTp) ? divisorsOf(m.heads, tpLimit) : std::vector<std::int64_t>{l.tp})
        if (gpus % t == 0 && (m.mla || m.kvHeads % t == 0 || t % m.kvHeads == 0))
            sp.tp.push_back(t);
    // Context parallelism pays off for long sequences only; powers of two that divide s.
    sp.cp = {1};
    if (!l.isOpen(kCp))
        sp.cp = {l.cp};
    else if (s.training.seqLen >= 8192)
        for (std::int64_t c = 2; c <= 16; c *= 2)
            if (s.training.seqLen % (2 * c) == 0)
                sp.cp.push_back(c);
    sp.zero = l.isOpen(kZeroStage) ? std::vector<int>{0, 1, 2, 3} : std::vector<int>{l.zeroStage};
    // With FlashAttention nothing quadratic is stored, so selective recompute equals none.
    if (!l.isOpen(kRecompute))
        sp.recompute = {l.recompute};
    else if (s.training.flashAttention)
        sp.recompute = {Recompute::None, Recompute::Full};
    else
        sp.recompute = {Recompute::None, Recompute::Selective, Recompute::Full};
    return sp;
}

// Ranks fitting layouts by step time (ties: less memory), then the rest by memory; marks the
// Pareto front of (memory, step time) among the fitting ones.
void rank(std::vector<Candidate>& list) {
    std::sort(list.begin(), list.end(), [](const Candidate& a, const Candidate& b) {
        if (a.fits != b.fits)
            return a.fits;
        if (!a.fits)
            return a.memoryBytes < b.memoryBytes;
        if (a.perf.stepSeconds != b.perf.stepSeconds)
            return a.perf.stepSeconds < b.perf.stepSeconds;
        return a.memoryBytes < b.memoryBytes;
    });
    double smallest = INFINITY;
    for (auto& c : list) {
        if (!c.fits)
            break;
        if (c.memoryBytes < smallest) {
            c.pareto = true;
            smallest = c.memoryBytes;
        }
    }
}

}  // namespace

SearchResult searchLayouts(const Scenario& s, const Catalog& catalog, const SearchOptions& options) {
    SearchResult result;
    const Context c{s, clusterHardware(s, catalog), catalog.gpu(s.cluster.gpu)->visibleGib * kGiB};
    const LayoutSpec& fixed = s.layout;
    const Space space = spaceFor(s, options);
    const std::int64_t gpus = s.cluster.gpus();
    const ModelSpec& m = s.model;

    for (const std::int64_t tp : space.tp) {
        for (const std::int64_t cp : space.cp) {
            if (gpus % (tp * cp) != 0)
                continue;
            const std::int64_t rest = gpus / (tp * cp);
            const auto pps =
                fixed.isOpen(kPp) ? divisorsOf(rest, m.layers) : std::vector<std::int64_t>{fixed.pp};
            for (const std::int64_t pp : pps) {
                if (rest % pp != 0)
                    continue;
                const std::int64_t dp = rest / pp;
                if (!fixed.isOpen(kDp) && fixed.dp != 0 && fixed.dp != dp)
                    continue;
                if (s.training.globalBatch % dp != 0)
                    continue;
                std::vector<std::int64_t> eps{fixed.isOpen(kEp) ? 1 : fixed.ep};
                if (fixed.isOpen(kEp) && m.moe)
                    eps = divisorsOf(std::gcd(m.moe->experts, dp * cp), m.moe->experts);
                std::vector<std::int64_t> vpps{fixed.isOpen(kVpp) ? 1 : fixed.vpp};
                if (fixed.isOpen(kVpp) && pp > 1)
                    for (std::int64_t v = 2; v <= 8; ++v)
                        if (m.layers % (pp * v) == 0)
                            vpps.push_back(v);
                const std::int64_t perReplica = s.training.globalBatch / dp;
                const auto mbs = fixed.isOpen(kMicroBatch) ? divisorsOf(perReplica, options.maxMicroBatch)
                                                           : std::vector<std::int64_t>{fixed.microBatch};
                for (const std::int64_t ep : eps)
                    for (const std::int64_t vpp : vpps)
                        for (const std::int64_t mb : mbs)
                            for (const int zero : space.zero)
                                for (const Recompute r : space.recompute) {
                                    LayoutSpec spec{
                                        tp, pp,
                                        dp, cp,
                                        ep, vpp,
                                        mb, zero,
                                        r,  fixed.isOpen(kSequenceParallel) ? tp > 1 : fixed.sequenceParallel,
                                        0,  fixed.split};
                                    auto layout = resolveLayout(spec, m, s.training, gpus);
                                    if (!layout)
                                        continue;
                                    result.ranked.push_back(evaluateLayout(c, layout.value()));
                                }
            }
        }
    }
    result.evaluated = result.ranked.size();
    rank(result.ranked);
    if (!result.ranked.empty() && result.ranked.front().fits)
        result.best = 0;

    LayoutSpec defaults = frameworkDefaultLayout(s, catalog, result.defaultDescription);
    auto resolved = resolveLayout(defaults, m, s.training, gpus);
    if (resolved)
        result.frameworkDefault = evaluateLayout(c, resolved.value());
    else
        result.defaultDescription += " — not valid here: " + resolved.error().toString();
    explainSearch(s, c.hw.intraNode, result);
    return result;
}

}  // namespace clusterplan
