#include "core/search/layout_search.h"

#include "core/search/best_layout.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <numeric>
#include <thread>

#include "core/model/param_count.h"
#include "core/parallel/pipeline_layout_string.h"
#include "core/perf/cluster_hardware.h"
#include "core/perf/collective_cost.h"
#include "core/perf/moe_choice.h"
#include "core/search/messages_search.h"
#include "core/search/search_explanation.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

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
    double hostCapacity;  // per GPU, for CPU offload
};

// The peak memory of one resolved layout into `out`, and whether it fits.
void evaluateMemory(const Context& c, const Layout& l, Candidate& out) {
    const Scenario& s = c.scenario;
    out.layout = l;
    out.capacityBytes = c.capacity;
    const MemoryBreakdown mem = peakMemory({s.model, s.training, l, s.overheads, c.capacity, c.hostCapacity});
    out.memoryBytes = mem.total();
    out.memoryStage = mem.stage;
    out.hostBytes = mem.host.total();
    out.hostCapacityBytes = mem.host.capacity;
    out.fitsGpu = mem.fitsGpu();
    out.fits = mem.fits();
}

// Evaluates one resolved layout into `out` (a new element of the search's list: a Candidate is
// ~0.5 kB, not moved again): peak memory and step time.
void evaluateLayout(const Context& c, const Layout& l, Candidate& out) {
    evaluateMemory(c, l, out);
    out.perf = estimateStep(perfInputs(c.hw, c.scenario, l), StepDetail::TimesOnly);
}

// Candidate values of each key: the fixed value, or every value the rules allow.
struct Space {
    std::vector<std::int64_t> tp, cp, ep, vpp;
    std::vector<int> zero;
    std::vector<Recompute> recompute;
};

// `domainGpus`: the GPUs of one scale-up domain (a server, or the used GPUs of an NVL72 rack),
// which TP may span without allowCrossNodeTp.
Space spaceFor(const Scenario& s, const SearchOptions& o, std::int64_t domainGpus) {
    const LayoutSpec& l = s.layout;
    const ModelSpec& m = s.model;
    const std::int64_t gpus = s.cluster.gpus();
    Space sp;
    const std::int64_t tpLimit = o.allowCrossNodeTp ? gpus : std::min(gpus, domainGpus);
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

// The ranking's order: fitting layouts by step time (ties: less memory), then the rest by memory.
// The sort reads a compact key per candidate, not the candidates themselves: comparing two ~0.5 kB
// candidates at random places missed the cache at every step of the sort.
struct RankKey {
    double first, second;
    std::size_t index;  // the candidate's place in its run, the order of the visits
    bool fits;
};

RankKey rankKey(const Candidate& c, std::size_t index) {
    return {c.fits ? c.perf.stepSeconds : c.memoryBytes, c.memoryBytes, index, c.fits};
}

// Whether `a` ranks before `b` on the figures alone (false for two equal ones).
bool ranksBefore(const RankKey& a, const RankKey& b) {
    if (a.fits != b.fits)
        return a.fits;
    if (a.first != b.first)
        return a.first < b.first;
    return a.second < b.second;
}

// Consecutive visits, evaluated, and the order they rank in (keys sorted; equal ones keep the
// order of the visits: the same ranking on any machine). Each worker thread sorts its own run.
struct RankedRun {
    std::vector<Candidate> candidates;
    std::vector<RankKey> order;
};

void sortRun(RankedRun& run) {
    run.order.resize(run.candidates.size());
    for (std::size_t i = 0; i < run.candidates.size(); ++i)
        run.order[i] = rankKey(run.candidates[i], i);
    std::sort(run.order.begin(), run.order.end(), [](const RankKey& a, const RankKey& b) {
        return ranksBefore(a, b) || (!ranksBefore(b, a) && a.index < b.index);
    });
}

// The runs merged into one ranking (each candidate moved once, straight to its place): among equal
// figures the earlier run first, so runs of consecutive visits given in the order of the visits
// rank as one sort of all of them would. Marks the Pareto front of (memory, step time) among the
// fitting ones.
std::vector<Candidate> mergeRuns(std::vector<RankedRun>& runs) {
    std::size_t total = 0;
    for (const RankedRun& run : runs)
        total += run.order.size();
    std::vector<Candidate> ranked;
    ranked.reserve(total);
    std::vector<std::size_t> next(runs.size(), 0);
    for (std::size_t k = 0; k < total; ++k) {
        std::size_t from = runs.size();
        for (std::size_t r = 0; r < runs.size(); ++r)
            if (next[r] < runs[r].order.size() &&
                (from == runs.size() || ranksBefore(runs[r].order[next[r]], runs[from].order[next[from]])))
                from = r;
        ranked.push_back(std::move(runs[from].candidates[runs[from].order[next[from]++].index]));
    }
    double smallest = INFINITY;
    for (auto& c : ranked) {
        if (!c.fits)
            break;
        if (c.memoryBytes < smallest) {
            c.pareto = true;
            smallest = c.memoryBytes;
        }
    }
    return ranked;
}

// A ranking already made, as a run to merge with later visits (it is in order).
RankedRun rankedRun(std::vector<Candidate> ranked) {
    RankedRun run{std::move(ranked), {}};
    run.order.reserve(run.candidates.size());
    for (std::size_t i = 0; i < run.candidates.size(); ++i)
        run.order.push_back(rankKey(run.candidates[i], i));
    return run;
}

// One (TP, CP, PP, DP) combination and the values its inner keys may take.
struct Group {
    std::int64_t tp, cp, pp, dp;
    // Expert parallelism and expert TP (0: Megatron-Core's default, tp) together.
    std::vector<std::pair<std::int64_t, std::int64_t>> eps;
    std::vector<std::int64_t> vpps, mbs;
    [[nodiscard]] std::size_t size(const Space& sp) const {
        return eps.size() * vpps.size() * mbs.size() * sp.zero.size() * sp.recompute.size();
    }
};

// Adds `g`, its interleaved layouts apart: Megatron-LM runs an interleaved schedule only when the
// micro-batches split evenly over the stages (arguments.py: "number of microbatches is not
// divisible by pipeline-model-parallel-size when using interleaved schedule"; resolveLayout's
// error.layout.vpp_micro_batches), so those get only the micro-batches that do. Without this,
// 40 % of a 405B search's visits were refused layouts, each with its error text.
void addGroup(Group g, std::int64_t perReplica, std::vector<Group>& groups) {
    std::vector<std::int64_t> interleaved;
    for (const std::int64_t v : g.vpps)
        if (v > 1)
            interleaved.push_back(v);
    if (interleaved.empty()) {
        groups.push_back(std::move(g));
        return;
    }
    Group withInterleaving = g;
    withInterleaving.vpps = std::move(interleaved);
    std::erase_if(withInterleaving.mbs, [&](std::int64_t mb) { return (perReplica / mb) % g.pp != 0; });
    std::erase_if(g.vpps, [](std::int64_t v) { return v > 1; });
    if (!g.vpps.empty())
        groups.push_back(std::move(g));
    if (!withInterleaving.mbs.empty())
        groups.push_back(std::move(withInterleaving));
}

// The (EP, expert TP) pairs a (TP, CP·DP) combination may run. Megatron-Core folds the experts over
// the attention's TP × CP × DP GPUs (parallel_state.py, initialize_model_parallel: expert_tp · ep
// must divide them): with the default expert TP (= tp) EP divides dp·cp; with expert TP 1 EP may
// take the TP ranks too (Qwen3-235B-A22B's TP 2 × EP 32 on 16 DP ranks), each expert whole on its
// GPU. Other expert TP sizes are searched only when the scenario names one.
std::vector<std::pair<std::int64_t, std::int64_t>> expertSplits(const LayoutSpec& fixed, const ModelSpec& m,
                                                                std::int64_t tp, std::int64_t cpDp) {
    const std::int64_t named = fixed.expertTp == tp ? 0 : fixed.expertTp;
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    // A fixed EP as written, valid or not (resolveLayout says why not).
    if (!fixed.isOpen(kEp) || !m.moe)
        out.emplace_back(fixed.isOpen(kEp) ? 1 : fixed.ep, named);
    else
        for (const std::int64_t ep :
             divisorsOf(std::gcd(m.moe->experts, named > 0 ? tp * cpDp / named : cpDp), m.moe->experts))
            out.emplace_back(ep, named);
    // Folded: expert TP 1, EP over the TP ranks too.
    if (named == 0 && tp > 1 && m.moe) {
        const std::vector<std::int64_t> eps =
            fixed.isOpen(kEp) ? divisorsOf(std::gcd(m.moe->experts, tp * cpDp), m.moe->experts)
                              : std::vector<std::int64_t>{fixed.ep};
        for (const std::int64_t ep : eps)
            if (ep > 1 && (tp * cpDp) % ep == 0)
                out.emplace_back(ep, 1);
    }
    return out;
}

std::vector<Group> groupsFor(const Scenario& s, const Space& space, const SearchOptions& options) {
    const LayoutSpec& fixed = s.layout;
    const std::int64_t gpus = s.cluster.gpus();
    const ModelSpec& m = s.model;
    // A layout string fixes pp × vpp (its stage count): only those splits are searched.
    std::int64_t layoutStages = 0;
    if (!fixed.split.layout.empty())
        if (auto stages = parsePipelineLayout(fixed.split.layout); stages.ok())
            layoutStages = static_cast<std::int64_t>(stages->size());
    std::vector<Group> groups;
    for (const std::int64_t tp : space.tp) {
        for (const std::int64_t cp : space.cp) {
            if (gpus % (tp * cp) != 0)
                continue;
            const std::int64_t rest = gpus / (tp * cp);
            const auto pps =
                fixed.isOpen(kPp) ? divisorsOf(rest, m.layers) : std::vector<std::int64_t>{fixed.pp};
            for (const std::int64_t pp : pps) {
                if (rest % pp != 0 || (layoutStages > 0 && layoutStages % pp != 0))
                    continue;
                const std::int64_t dp = rest / pp;
                if (!fixed.isOpen(kDp) && fixed.dp != 0 && fixed.dp != dp)
                    continue;
                if (s.training.globalBatch % dp != 0)
                    continue;
                Group g{
                    tp, cp, pp, dp, expertSplits(fixed, m, tp, cp * dp), {fixed.isOpen(kVpp) ? 1 : fixed.vpp},
                    {}};
                // Interleaving: the layers split evenly into pp·vpp chunks, or do once the embedding
                // and the loss count as layers, as Megatron-Core's recipes split them
                // (resolveLayout takes that split: parallel/layout.cpp).
                if (fixed.isOpen(kVpp) && layoutStages > 0)
                    g.vpps = {layoutStages / pp};
                else if (fixed.isOpen(kVpp) && pp > 1)
                    for (std::int64_t v = 2; v <= 8; ++v)
                        if (m.layers % (pp * v) == 0 || (m.layers + 2) % (pp * v) == 0)
                            g.vpps.push_back(v);
                const std::int64_t perReplica = s.training.globalBatch / dp;
                g.mbs = fixed.isOpen(kMicroBatch) ? divisorsOf(perReplica, options.maxMicroBatch)
                                                  : std::vector<std::int64_t>{fixed.microBatch};
                addGroup(std::move(g), perReplica, groups);
            }
        }
    }
    return groups;
}

// The layout at position `index` inside a group, in the nesting order EP, VPP, micro-batch,
// ZeRO, recompute (recompute varies fastest), the order an exhaustive loop visits them.
LayoutSpec specAt(const Group& g, const Space& sp, const LayoutSpec& fixed, std::size_t index,
                  std::optional<Offload> offload) {
    const auto take = [&index](std::size_t n) {
        const std::size_t i = index % n;
        index /= n;
        return i;
    };
    const Recompute r = sp.recompute[take(sp.recompute.size())];
    const int zero = sp.zero[take(sp.zero.size())];
    const std::int64_t mb = g.mbs[take(g.mbs.size())];
    const std::int64_t vpp = g.vpps[take(g.vpps.size())];
    const auto [ep, expertTp] = g.eps[take(g.eps.size())];
    return {g.tp,        g.pp,
            g.dp,        g.cp,
            ep,          vpp,
            mb,          zero,
            r,           fixed.isOpen(kSequenceParallel) ? g.tp > 1 : fixed.sequenceParallel,
            offload,     0u,
            fixed.split, expertTp,
            fixed.moe};
}

// Threads for `count` candidates: one per hardware thread (or SearchOptions::threads), and none
// beyond one per kMinChunk candidates: starting a thread costs ~20 µs, a candidate ~2 µs.
unsigned searchThreads(const SearchOptions& o, std::size_t count) {
    constexpr std::size_t kMinChunk = 256;
    const unsigned wanted = o.threads != 0 ? o.threads : std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::clamp<std::size_t>(count / kMinChunk, 1, wanted));
}

// Runs work(from, to, out) over `threads` contiguous chunks of [0, count), the first on this
// thread; returns the chunks' outputs in order.
template <typename Work>
std::vector<RankedRun> inParallel(std::size_t count, unsigned threads, const Work& work) {
    std::vector<RankedRun> chunks(threads);
    std::vector<std::exception_ptr> failures(threads);
    const auto bounds = [&](unsigned t) { return count * t / threads; };
    const auto run = [&](unsigned t) {
        try {
            work(bounds(t), bounds(t + 1), chunks[t]);
        } catch (...) {  // rethrown on the caller's thread, not std::terminate
            failures[t] = std::current_exception();
        }
    };
    {
        std::vector<std::jthread> workers;
        workers.reserve(threads - 1);
        for (unsigned t = 1; t < threads; ++t)
            workers.emplace_back(run, t);
        run(0);
    }  // joins
    for (const auto& failure : failures)
        if (failure)
            std::rethrow_exception(failure);
    return chunks;
}

Message boundNote(std::size_t space, std::size_t bound) {
    return makeMessage(msg::kSearchBounded, {formatGrouped(static_cast<double>(space), 0),
                                             formatGrouped(static_cast<double>(bound), 0)});
}

// What one search visits: the space of the open keys in groups, and the bound on the visits.
struct Visits {
    Context c;
    Space space;
    std::vector<Group> groups;
    std::size_t spaceSize = 0;
    std::size_t bound = 1;
    // Every candidate when the space is within the bound; otherwise `bound` evenly spaced ones,
    // decoded from their index without visiting the others (so time stays bounded too).
    std::size_t visits = 0;
    bool moeOpen = false;

    Visits(const Scenario& s, const ClusterHardware& hw, const SearchOptions& options)
        : c{s, hw, hw.gpu.visibleGib * kGiB, hostCapacityPerGpu(hw.host, s.cluster)}
        , space(spaceFor(s, options, scaleUpDomainGpus(hw.intraNode, s.cluster.gpusPerNode)))
        , groups(groupsFor(s, space, options))
        , bound(std::max<std::size_t>(1, options.maxLayouts))
        , moeOpen(s.model.moe.has_value() && (s.layout.open & (kDispatcher | kEpOverlap)) != 0) {
        for (const auto& g : groups)
            spaceSize += g.size(space);
        visits = std::min(spaceSize, bound);
    }

    // Calls fn(layout) for the visits [from, to) of `count` evenly spaced candidates (all of them
    // when count = spaceSize), in order, each layout that resolves (with the dispatcher and EP
    // overlap left open: the stack's fastest for it, then DualPipe beside it where the stack runs
    // it). fn returns false to stop; so does forEach then.
    template <typename Fn>
    bool forEach(std::optional<Offload> offload, std::size_t count, std::size_t from, std::size_t to,
                 const Fn& fn) const {
        const Scenario& s = c.scenario;
        std::size_t group = 0;
        std::size_t groupStart = 0;
        for (std::size_t k = from; k < to; ++k) {
            const std::size_t index = spaceSize > count
                                          ? static_cast<std::size_t>(std::uint64_t{k} * spaceSize / count)
                                          : k;  // spaceSize < 10^10 and bound ~ 10^4: no overflow
            while (index >= groupStart + groups[group].size(space))
                groupStart += groups[group++].size(space);
            auto layout = resolveLayout(specAt(groups[group], space, s.layout, index - groupStart, offload),
                                        s.model, s.training, s.cluster.gpus());
            if (!layout)
                continue;
            if (!moeOpen) {
                if (!fn(layout.value()))
                    return false;
                continue;
            }
            // The dispatcher and EP overlap left open: the stack's fastest for this layout, and
            // DualPipe (twice the parameters, one more micro-batch in flight) beside it.
            Layout l = std::move(layout).value();
            l.moe = searchedMoeOptions(perfInputs(c.hw, s, l), s.layout.open);
            if (!fn(l))
                return false;
            if (s.layout.isOpen(kEpOverlap) && l.ep > 1 &&
                stackRunsEpOverlap(s.training.framework, EpOverlap::DualPipe, l)) {
                l.moe.epOverlap = EpOverlap::DualPipe;
                if (!fn(l))
                    return false;
            }
        }
        return true;
    }

    // The visits of the CPU offload mode `o` after `evaluated` candidates: tried only when nothing
    // fits without it and the scenario leaves layout.offload out, within what is left of the bound
    // (half for each mode).
    [[nodiscard]] std::size_t offloadVisits(Offload o, std::size_t evaluated) const {
        const std::size_t left = bound > evaluated ? bound - evaluated : 0;
        return std::min(visits, o == Offload::Optimizer ? left / 2 : left);
    }
};

}  // namespace

Message notFitReason(const Candidate& c) {
    if (c.fits || !(c.capacityBytes > 0))  // fits, or never evaluated (an empty search's placeholder)
        return {};
    if (c.fitsGpu)
        return makeMessage(msg::kSearchReasonHost, {formatFixed(std::ceil(c.hostBytes / kGiB), 0),
                                                    formatFixed(std::floor(c.hostCapacityBytes / kGiB), 0)});
    return makeMessage(msg::kSearchReasonMemory,
                       {formatFixed(std::ceil(c.memoryBytes / kGiB), 0),
                        formatFixed(std::floor(c.capacityBytes / kGiB), 0), std::to_string(c.memoryStage)});
}

SearchResult searchLayouts(const Scenario& s, const ClusterHardware& hw, const SearchOptions& options) {
    SearchResult result;
    const Visits v(s, hw, options);
    const Context& c = v.c;
    const std::int64_t gpus = s.cluster.gpus();
    const ModelSpec& m = s.model;
    result.spaceSize = v.spaceSize;
    const std::size_t bound = v.bound;
    const std::size_t visits = v.visits;
    if (result.spaceSize > bound)
        result.boundNote = boundNote(result.spaceSize, bound);
    // Visits `count` evenly spaced candidates (all of them when count = spaceSize) in parallel
    // chunks of consecutive indices, each chunk evaluated and sorted on its thread, and merges them
    // with the ranking so far in index order, so the result does not depend on the thread count.
    const auto enumerate = [&](std::optional<Offload> offload, std::size_t count) {
        const auto visit = [&](std::size_t from, std::size_t to, RankedRun& out) {
            out.candidates.reserve(to - from);
            v.forEach(offload, count, from, to, [&](const Layout& l) {
                evaluateLayout(c, l, out.candidates.emplace_back());
                return true;
            });
            sortRun(out);
        };
        std::vector<RankedRun> runs = inParallel(count, searchThreads(options, count), visit);
        if (!result.ranked.empty())
            runs.insert(runs.begin(), rankedRun(std::move(result.ranked)));
        result.ranked = mergeRuns(runs);
    };
    enumerate(s.layout.offload, visits);
    const auto fits = [&] { return !result.ranked.empty() && result.ranked.front().fits; };
    // CPU offload trades step time for memory: tried only when nothing fits without it and the
    // scenario leaves layout.offload out, within what is left of the bound (half for each mode).
    for (const Offload o : {Offload::Optimizer, Offload::OptimizerAndParams}) {
        if (fits() || s.layout.offload)
            break;
        enumerate(o, v.offloadVisits(o, result.ranked.size()));
        result.offloadChosen = fits();
    }
    result.evaluated = result.ranked.size();
    if (fits())
        result.best = 0;

    LayoutSpec defaults = frameworkDefaultLayout(s, hw, result.defaultDescription);
    auto resolved = resolveLayout(defaults, m, s.training, gpus);
    if (resolved)
        evaluateLayout(c, resolved.value(), result.frameworkDefault.emplace());
    else
        result.defaultDescription =
            makeNestedMessage(msg::kRecipeInvalid, {result.defaultDescription, errorLine(resolved.error())});
    explainSearch(s, c.hw.intraNode, result);
    if (result.offloadChosen)
        result.explanation.sentences.insert(
            result.explanation.sentences.begin(),
            makeMessage(msg::kExplainOffload, {std::string(toString(result.ranked.front().layout.offload))}));
    return result;
}

BestLayout bestLayout(const Scenario& s, const ClusterHardware& hw, const SearchOptions& options) {
    const Visits v(s, hw, options);
    BestLayout out;
    out.bounded = v.spaceSize > v.bound;
    // the ranking's order without the sort: the fitting layouts by step time, then memory, then the
    // order of the visits (a later one replaces the best only when strictly ahead); the rest by
    // memory, then the order of the visits (the offload modes' visits come after the first's).
    const auto pass = [&](std::optional<Offload> offload, std::size_t count) {
        v.forEach(offload, count, 0, count, [&](const Layout& l) {
            ++out.evaluated;
            Candidate c;
            evaluateMemory(v.c, l, c);
            if (!c.fits) {
                if (!out.best && (!out.closest || c.memoryBytes < out.closest->memoryBytes))
                    out.closest = std::move(c);
                return true;
            }
            c.perf = estimateStep(perfInputs(v.c.hw, s, l), StepDetail::TimesOnly);
            if (!out.best || c.perf.stepSeconds < out.best->perf.stepSeconds ||
                (c.perf.stepSeconds == out.best->perf.stepSeconds && c.memoryBytes < out.best->memoryBytes))
                out.best = std::move(c);
            return true;
        });
    };
    pass(s.layout.offload, v.visits);
    for (const Offload o : {Offload::Optimizer, Offload::OptimizerAndParams}) {
        if (out.best || s.layout.offload)
            break;
        pass(o, v.offloadVisits(o, out.evaluated));
        out.offloadChosen = out.best.has_value();
    }
    if (out.best)
        out.closest.reset();
    return out;
}

bool anyLayoutFits(const Scenario& s, const ClusterHardware& hw, const SearchOptions& options) {
    const Visits v(s, hw, options);
    std::size_t evaluated = 0;
    const auto fitsIn = [&](std::optional<Offload> offload, std::size_t count) {
        return !v.forEach(offload, count, 0, count, [&](const Layout& l) {
            ++evaluated;
            Candidate c;
            evaluateMemory(v.c, l, c);
            return !c.fits;  // the first that fits ends the visits
        });
    };
    if (fitsIn(s.layout.offload, v.visits))
        return true;
    if (s.layout.offload)
        return false;
    // Nothing fit without offload: every visit was made, so `evaluated` is searchLayouts' count.
    for (const Offload o : {Offload::Optimizer, Offload::OptimizerAndParams})
        if (fitsIn(o, v.offloadVisits(o, evaluated)))
            return true;
    return false;
}

}  // namespace clusterplan
