#include "core/search/search_format.h"

#include <sstream>

#include "core/scenario/moe_options.h"
#include "core/util/csv_write.h"
#include "core/util/json_write.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

using units::kGiB;

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width)
        s.insert(0, width - s.size(), ' ');
    return s;
}

std::string row(const Candidate& c, std::size_t rank) {
    const Layout& l = c.layout;
    std::ostringstream out;
    out << pad(std::to_string(rank), 4) << pad(std::to_string(l.tp), 4) << pad(std::to_string(l.pp), 4)
        << pad(std::to_string(l.dp), 6) << pad(std::to_string(l.cp), 4) << pad(std::to_string(l.ep), 4)
        << pad(std::to_string(l.vpp), 4) << pad(std::to_string(l.microBatch), 4)
        << pad(std::to_string(l.zeroStage), 5) << pad(std::string(toString(l.recompute)), 10)
        << pad(l.sequenceParallel ? "yes" : "no", 4) << pad(formatFixed(c.perf.stepSeconds, 3), 10)
        << pad(formatFixed(c.perf.tokensPerSecond, 0), 12) << pad(formatFixed(100 * c.perf.mfu, 1), 7)
        << pad(formatFixed(100 * c.perf.bubbleSeconds / c.perf.stepSeconds, 1), 8)
        << pad(formatFixed(c.memoryBytes / kGiB, 1), 9) << "  "
        << (c.fits ? (c.pareto ? "fits, Pareto" : "fits") : notFitReason(c).text)
        << (l.offload != Offload::None ? ", CPU offload " + std::string(toString(l.offload)) : "")
        << (l.expertTp > 0 ? ", expert TP " + std::to_string(l.expertTp) : "") << moeOptionsText(l.moe);
    return out.str();
}

void writeCandidate(json::Writer& w, std::string_view key, const Candidate& c) {
    const Layout& l = c.layout;
    w.beginObject(key);
    w.value("tp", l.tp)
        .value("pp", l.pp)
        .value("dp", l.dp)
        .value("cp", l.cp)
        .value("ep", l.ep)
        .value("vpp", l.vpp);
    if (l.expertTp > 0)  // Megatron-Core's default (tp) left out
        w.value("expert_tp", l.expertTp);
    writeMoeOptions(w, l.moe);  // the dispatcher and EP overlap the search chose, where not the defaults
    w.value("micro_batch", l.microBatch)
        .value("micro_batches", l.microBatches)
        .value("zero_stage", l.zeroStage);
    w.value("recompute", toString(l.recompute)).value("sequence_parallel", l.sequenceParallel);
    w.value("offload", toString(l.offload));
    w.value("step_s", c.perf.stepSeconds)
        .value("tokens_per_s", c.perf.tokensPerSecond)
        .value("mfu", c.perf.mfu);
    w.value("compute_s", c.perf.computeSeconds).value("recompute_s", c.perf.recomputeSeconds);
    w.value("tp_comm_s", c.perf.tpCommSeconds).value("pp_comm_s", c.perf.ppCommSeconds);
    w.value("dp_comm_s", c.perf.dpCommSeconds).value("bubble_s", c.perf.bubbleSeconds);
    w.value("memory", c.memoryBytes).value("fits", c.fits).value("pareto", c.pareto);
    if (!c.fits)
        w.value("reason", notFitReason(c).text);
    w.endObject();
}

}  // namespace

std::string searchToText(const SearchResult& r, std::size_t top) {
    std::ostringstream out;
    out << "Evaluated " << r.evaluated << " layouts.\n";
    if (r.boundNote)
        out << "Note: " << r.boundNote->text << "\n";
    out << "\n";
    out << "   #  TP  PP    DP  CP  EP VPP  mb ZeRO recompute  SP    step s    tokens/s   MFU% bubble%  mem "
           "GiB\n";
    for (std::size_t i = 0; i < r.ranked.size() && i < top; ++i)
        out << row(r.ranked[i], i + 1) << "\n";
    if (r.best) {
        out << "\nRecommended: rank 1. " << r.explanation.text() << "\n";
    } else {
        out << "\n" << r.explanation.text() << "\n";
    }
    out << r.ruleOfThumb.text() << "\n";
    out << "\nFramework default (" << r.defaultDescription.text << ")";
    if (r.frameworkDefault) {
        out << ":\n" << row(*r.frameworkDefault, 0) << "\n";
        if (r.best && r.frameworkDefault->fits)
            out << "The recommended layout is "
                << formatFixed(r.frameworkDefault->perf.stepSeconds / r.ranked[*r.best].perf.stepSeconds, 2)
                << "x faster than the default.\n";
    } else {
        out << "\n";
    }
    return out.str();
}

std::string searchToCsv(const SearchResult& r, std::size_t top) {
    std::ostringstream out;
    out << "rank,tp,pp,dp,cp,ep,vpp,micro_batch,zero_stage,recompute,sequence_parallel,offload,step_s,"
           "tokens_per_s,mfu,bubble_s,memory_gib,fits,pareto,reason,expert_tp,dispatcher,ep_overlap\n";
    for (std::size_t i = 0; i < r.ranked.size() && i < top; ++i) {
        const Candidate& c = r.ranked[i];
        const Layout& l = c.layout;
        out << i + 1 << "," << l.tp << "," << l.pp << "," << l.dp << "," << l.cp << "," << l.ep << ","
            << l.vpp << "," << l.microBatch << "," << l.zeroStage << "," << csvField(toString(l.recompute))
            << "," << (l.sequenceParallel ? "true" : "false") << "," << csvField(toString(l.offload)) << ","
            << csvNumber(c.perf.stepSeconds, "step_s") << ","
            << csvFixed(c.perf.tokensPerSecond, 1, "tokens_per_s") << "," << csvFixed(c.perf.mfu, 4, "mfu")
            << "," << csvNumber(c.perf.bubbleSeconds, "bubble_s") << ","
            << csvFixed(c.memoryBytes / kGiB, 2, "memory_gib") << "," << (c.fits ? "true" : "false") << ","
            << (c.pareto ? "true" : "false") << "," << csvField(notFitReason(c).text) << "," << l.etp() << ","
            << csvField(toString(l.moe.dispatcher)) << "," << csvField(toString(l.moe.epOverlap)) << "\n";
    }
    return out.str();
}

std::string searchToJson(const SearchResult& r, std::size_t top) {
    json::Writer w;
    w.beginObject()
        .value("schema", "clusterplan.search/1")
        .value("evaluated", static_cast<double>(r.evaluated))
        .value("space_size", static_cast<double>(r.spaceSize));
    if (r.boundNote)
        w.value("bound_note", r.boundNote->text);
    w.value("explanation", r.explanation.text())
        .value("rule_of_thumb", r.ruleOfThumb.text())
        .value("rule_agrees", r.ruleAgrees);
    if (r.best)
        w.value("best_rank", static_cast<double>(*r.best + 1));
    else
        w.null("best_rank");
    w.beginArray("layouts");
    for (std::size_t i = 0; i < r.ranked.size() && i < top; ++i)
        writeCandidate(w, "", r.ranked[i]);
    w.endArray();
    w.value("framework_default_description", r.defaultDescription.text);
    if (r.frameworkDefault) {
        writeCandidate(w, "framework_default", *r.frameworkDefault);
        if (r.best && r.frameworkDefault->fits)
            w.value("default_slowdown",
                    r.frameworkDefault->perf.stepSeconds / r.ranked[*r.best].perf.stepSeconds);
    }
    w.endObject();
    return w.str();
}

}  // namespace clusterplan
