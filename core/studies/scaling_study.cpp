#include "core/studies/scaling_study.h"

#include <algorithm>
#include <sstream>

#include "core/calibration/engine_session.h"
#include "core/catalog/catalog_lookup.h"
#include "core/search/messages_search.h"
#include "core/util/as_double.h"
#include "core/util/csv_write.h"
#include "core/util/json_write.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

// GPU counts tried: 1, 2, 4 inside one server, then whole servers doubling, then maxGpus.
std::vector<std::int64_t> countsUpTo(std::int64_t maxGpus, std::int64_t perNode) {
    std::vector<std::int64_t> counts;
    for (std::int64_t n = 1; n < perNode && n <= maxGpus; n *= 2)
        counts.push_back(n);
    for (std::int64_t n = perNode; n <= maxGpus; n *= 2)
        counts.push_back(n);
    if (counts.empty() || counts.back() != maxGpus)
        counts.push_back(maxGpus);
    return counts;
}

Scenario withCluster(Scenario s, std::int64_t gpus, std::int64_t perNode) {
    s.cluster.gpusPerNode = std::min(gpus, perNode);
    s.cluster.nodes = (gpus + s.cluster.gpusPerNode - 1) / s.cluster.gpusPerNode;
    s.layout.open = kAllLayoutKeys;  // the best layout at each count
    return s;
}

Candidate bestOf(const SearchResult& r) {
    return r.ranked.empty() ? Candidate{} : r.ranked[r.best.value_or(0)];
}

// How many searches the study runs: one per GPU count and one per comparison (addComparisons).
std::size_t searchCount(const Scenario& s, std::size_t counts) {
    return counts + 4 + (s.cluster.nodes > 1 ? 5 : 0);
}

// Every search of the study with its share of kScalingLayoutBudget; a bounded search is noted once.
// Each variant of the scenario is resolved by the session with the scenario's profile (fitted or
// built-in).
class StudySearch {
public:
    StudySearch(EngineSession& session, const PreparedScenario& prepared, std::size_t searches)
        : m_session(session)
        , m_prepared(prepared)
        , m_options{false, 64,
                    std::max<std::size_t>(500, kScalingLayoutBudget / std::max<std::size_t>(1, searches))} {}
    SearchResult operator()(const Scenario& s) {
        const ResolvedInputs inputs = m_session.resolveVariant(s, m_prepared);
        SearchResult r = searchLayouts(s, inputs.hardware(), m_options);
        if (r.boundNote)
            ++m_bounded;
        return r;
    }
    void addNote(ScalingReport& report) const {
        if (m_bounded > 0)
            report.notes.push_back(makeMessage(
                msg::kScalingBounded,
                {std::to_string(m_bounded), formatGrouped(static_cast<double>(m_options.maxLayouts), 0),
                 formatGrouped(static_cast<double>(kScalingLayoutBudget), 0)}));
    }

private:
    EngineSession& m_session;
    const PreparedScenario& m_prepared;
    SearchOptions m_options;
    std::size_t m_bounded = 0;
};

Comparison compare(Message label, const Scenario& s, StudySearch& search) {
    const SearchResult r = search(s);
    return {std::move(label), r.best.has_value(), bestOf(r)};
}

// With micro-batch, ZeRO stage, recompute and CPU offload: the scaling table compares whole
// recipes, and a layout that fits only with its optimizer states in host memory says so (as the
// plan's layout line does), since the same layout without offload does not fit.
std::string scalingLayoutText(const Layout& l) {
    return "TP" + std::to_string(l.tp) + " PP" + std::to_string(l.pp) + " DP" + std::to_string(l.dp) +
           (l.cp > 1 ? " CP" + std::to_string(l.cp) : "") + (l.ep > 1 ? " EP" + std::to_string(l.ep) : "") +
           " mb" + std::to_string(l.microBatch) + " ZeRO-" + std::to_string(l.zeroStage) + " recompute " +
           std::string(toString(l.recompute)) +
           (l.offload != Offload::None ? ", CPU offload " + std::string(toString(l.offload)) : "");
}

// The same layout as a message, its recomputation and offload in the reader's language (the note
// that explains an efficiency above 100 % is read in Chinese too).
Message scalingLayoutMessage(const Layout& l) {
    const std::string grid = "TP" + std::to_string(l.tp) + " PP" + std::to_string(l.pp) + " DP" +
                             std::to_string(l.dp) + (l.cp > 1 ? " CP" + std::to_string(l.cp) : "") +
                             (l.ep > 1 ? " EP" + std::to_string(l.ep) : "");
    const MessageId<0>& recompute = l.recompute == Recompute::None        ? msg::kExplainRecomputeNone
                                    : l.recompute == Recompute::Selective ? msg::kExplainRecomputeSelective
                                                                          : msg::kExplainRecomputeFull;
    Message offload = plainMessage("");
    if (l.offload != Offload::None)
        offload =
            makeNestedMessage(msg::kScalingLayoutOffload,
                              {makeMessage(l.offload == Offload::Optimizer ? msg::kScalingOffloadOptimizer
                                                                           : msg::kScalingOffloadParams)});
    return makeNestedMessage(msg::kScalingLayout,
                             {plainMessage(grid), plainMessage(std::to_string(l.microBatch)),
                              plainMessage(std::to_string(l.zeroStage)), makeMessage(recompute),
                              std::move(offload)});
}

void addComparisons(const Scenario& s, const Catalog& catalog, const GpuSpec& gpu, StudySearch& search,
                    ScalingReport& r) {
    // One 8-GPU server vs two 4-GPU servers over the scenario's scale-out fabric.
    Scenario one = withCluster(s, 8, 8);
    Scenario two = withCluster(s, 8, 4);
    r.comparisons.push_back(
        compare(makeNestedMessage(msg::kScalingCompareOneServer, {fabricName(catalog, gpu.intraNodeFabric)}),
                one, search));
    r.comparisons.push_back(
        compare(makeNestedMessage(msg::kScalingCompareTwoServers, {fabricName(catalog, s.cluster.interNode)}),
                two, search));
    // Intra-node fabric at the scenario's size: NVLink vs PCIe.
    Scenario here = s;
    here.layout.open = kAllLayoutKeys;
    for (const char* fabric : {gpu.intraNodeFabric.c_str(), gpu.pcieGen >= 5 ? "pcie5-x16" : "pcie4-x16"}) {
        Scenario v = here;
        v.cluster.intraNode = fabric;
        r.comparisons.push_back(compare(
            makeNestedMessage(msg::kScalingCompareIntra,
                              {plainMessage(std::to_string(s.cluster.gpus())), fabricName(catalog, fabric)}),
            v, search));
    }
    // Scale-out fabric: InfiniBand vs RoCE vs Ethernet (only meaningful across servers), the
    // fabrics the catalog marks for it, fastest first.
    if (s.cluster.nodes > 1)
        for (const Fabric* fabric : scalingComparisonFabrics(catalog)) {
            Scenario v = here;
            v.cluster.interNode = fabric->id;
            r.comparisons.push_back(compare(
                makeNestedMessage(msg::kScalingCompareInter, {plainMessage(std::to_string(s.cluster.gpus())),
                                                              fabricName(catalog, fabric->id)}),
                v, search));
        }
}

// Efficiency above 100 % reads as an error unless it says why: the smallest count that fits needs
// a slower layout (deeper pipeline, recomputation, offload) than a larger one can use. Above
// 100.05 % only, the table's one decimal.
void addSuperlinearNote(ScalingReport& r) {
    const ScalePoint* base = nullptr;
    const ScalePoint* peak = nullptr;
    for (const ScalePoint& p : r.curve) {
        if (!p.fits)
            continue;
        if (!base)
            base = &p;
        if (!peak || p.efficiency > peak->efficiency)
            peak = &p;
    }
    if (!base || !peak || peak->efficiency <= 1.0005)
        return;
    r.notes.push_back(
        makeNestedMessage(msg::kScalingSuperlinear, {plainMessage(formatGrouped(asDouble(base->gpus), 0)),
                                                     plainMessage(formatFixed(100 * peak->efficiency, 1)),
                                                     plainMessage(formatGrouped(asDouble(peak->gpus), 0)),
                                                     scalingLayoutMessage(base->best.layout),
                                                     scalingLayoutMessage(peak->best.layout)}));
}

}  // namespace

ScalingReport scalingStudy(const Scenario& s, const Catalog& catalog, std::int64_t maxGpus,
                           double deadlineDays) {
    EngineSession session(catalog);
    return scalingStudy(s, session, maxGpus, deadlineDays);
}

ScalingReport scalingStudy(const Scenario& s, EngineSession& session, std::int64_t maxGpus,
                           double deadlineDays) {
    // Runs that cannot be fitted, or a cost the engine refuses, leave the built-in profile (the
    // study reads no price); the scenario's ids must exist, as for any search.
    auto prepared = session.prepare(s);
    if (!prepared)
        prepared = PreparedScenario{resolveInputs(s, session.sharedCatalog()), std::nullopt};
    ScalingReport r;
    r.deadlineDays = deadlineDays;
    double basePerGpu = 0;
    const auto counts = countsUpTo(maxGpus, s.cluster.gpusPerNode);
    StudySearch study(session, prepared.value(), searchCount(s, counts.size()));
    for (const std::int64_t n : counts) {
        const Scenario v = withCluster(s, n, s.cluster.gpusPerNode);
        const SearchResult search = study(v);
        ScalePoint p;
        p.gpus = n;
        p.nodes = v.cluster.nodes;
        p.gpusPerNode = v.cluster.gpusPerNode;
        p.fits = search.best.has_value();
        p.best = bestOf(search);
        if (p.fits) {
            const double perGpu = p.best.perf.tokensPerSecond / static_cast<double>(n);
            if (basePerGpu == 0)
                basePerGpu = perGpu;
            p.efficiency = perGpu / basePerGpu;
            p.trainDays = p.best.perf.trainDays;
            if (!r.minimumGpus)
                r.minimumGpus = n;
            if (!r.gpusForDeadline && deadlineDays > 0 && p.trainDays <= deadlineDays)
                r.gpusForDeadline = n;
        }
        r.curve.push_back(p);
    }
    addComparisons(s, session.catalog(), prepared->inputs.gpu, study, r);
    study.addNote(r);
    addSuperlinearNote(r);
    return r;
}

std::string scalingToText(const ScalingReport& r) {
    std::ostringstream out;
    out << "Scaling (best layout at each GPU count, global batch fixed)\n";
    out << "   GPUs  nodes   tokens/s   per GPU  scaling eff.   days   best layout\n";
    for (const auto& p : r.curve) {
        out << std::string(7 - std::min<std::size_t>(6, std::to_string(p.gpus).size()), ' ') << p.gpus
            << std::string(7 - std::min<std::size_t>(6, std::to_string(p.nodes).size()), ' ') << p.nodes
            << "  ";
        if (!p.fits) {
            out << "  does not fit"
                << (notFitReason(p.best).text.empty() ? "" : ": " + notFitReason(p.best).text) << "\n";
            continue;
        }
        const double tps = p.best.perf.tokensPerSecond;
        out << std::string(9 - std::min<std::size_t>(8, formatFixed(tps, 0).size()), ' ')
            << formatFixed(tps, 0)
            << std::string(
                   10 - std::min<std::size_t>(9, formatFixed(tps / static_cast<double>(p.gpus), 0).size()),
                   ' ')
            << formatFixed(tps / static_cast<double>(p.gpus), 0) << "        "
            << formatFixed(100 * p.efficiency, 1) << " %   " << formatFixed(p.trainDays, 1) << "   "
            << scalingLayoutText(p.best.layout) << "\n";
    }
    out << "\nMinimum GPUs on which the model trains at all (counts tried): "
        << (r.minimumGpus ? std::to_string(*r.minimumGpus)
                          : std::string("none up to the largest count tried"))
        << "\n";
    if (r.deadlineDays > 0)
        out << "GPUs that finish the training tokens within " << formatNumber(r.deadlineDays) << " days: "
            << (r.gpusForDeadline ? std::to_string(*r.gpusForDeadline)
                                  : std::string("none of the counts tried"))
            << "\n";
    out << "\nComparisons (best layout each)\n";
    for (const auto& c : r.comparisons)
        out << "  " << c.label.text << ": "
            << (c.fits
                    ? formatFixed(c.best.perf.tokensPerSecond, 0) + " tokens/s, step " +
                          formatFixed(c.best.perf.stepSeconds, 3) + " s, " + scalingLayoutText(c.best.layout)
                    : std::string("does not fit"))
            << "\n";
    for (const auto& note : r.notes)
        out << "\nNote: " << note << "\n";
    return out.str();
}

std::string scalingToCsv(const ScalingReport& r) {
    std::ostringstream out;
    out << "gpus,nodes,gpus_per_node,fits,tokens_per_s,tokens_per_s_per_gpu,scaling_efficiency,train_days,tp,"
           "pp,dp,cp,ep,"
           "micro_batch,zero_stage,recompute,offload\n";
    for (const auto& p : r.curve) {
        const Layout& l = p.best.layout;
        const double tps = p.fits ? p.best.perf.tokensPerSecond : 0;
        out << p.gpus << "," << p.nodes << "," << p.gpusPerNode << "," << (p.fits ? "true" : "false") << ","
            << csvFixed(tps, 1, "tokens_per_s") << ","
            << csvFixed(tps / static_cast<double>(p.gpus), 1, "tokens_per_s_per_gpu") << ","
            << csvFixed(p.efficiency, 4, "scaling_efficiency") << ","
            << csvFixed(p.trainDays, 2, "train_days") << "," << l.tp << "," << l.pp << "," << l.dp << ","
            << l.cp << "," << l.ep << "," << l.microBatch << "," << l.zeroStage << ","
            << toString(l.recompute) << "," << toString(l.offload) << "\n";
    }
    return out.str();
}

std::string scalingToJson(const ScalingReport& r) {
    json::Writer w;
    w.beginObject().value("schema", "clusterplan.scaling/1");
    if (r.minimumGpus)
        w.value("minimum_gpus", *r.minimumGpus);
    else
        w.null("minimum_gpus");
    w.value("deadline_days", r.deadlineDays);
    if (r.gpusForDeadline)
        w.value("gpus_for_deadline", *r.gpusForDeadline);
    else
        w.null("gpus_for_deadline");
    w.beginArray("curve");
    for (const auto& p : r.curve) {
        w.beginObject().value("gpus", p.gpus).value("nodes", p.nodes).value("fits", p.fits);
        w.value("tokens_per_s", p.fits ? p.best.perf.tokensPerSecond : 0.0)
            .value("scaling_efficiency", p.efficiency);
        w.value("train_days", p.trainDays).value("layout", scalingLayoutText(p.best.layout));
        w.value("offload", toString(p.best.layout.offload)).endObject();
    }
    w.endArray().beginArray("comparisons");
    for (const auto& c : r.comparisons) {
        w.beginObject().value("label", c.label.text).value("fits", c.fits);
        w.value("tokens_per_s", c.fits ? c.best.perf.tokensPerSecond : 0.0)
            .value("layout", scalingLayoutText(c.best.layout))
            .value("offload", toString(c.best.layout.offload));
        w.endObject();
    }
    w.endArray().beginArray("notes");
    for (const auto& note : r.notes)
        w.value("", note.text);
    w.endArray().endObject();
    return w.str();
}

}  // namespace clusterplan
