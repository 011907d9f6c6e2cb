#include "core/search/search_explanation.h"

#include "core/model/param_count.h"
#include "core/perf/collective_cost.h"
#include "core/search/layout_alternatives.h"
#include "core/search/layout_search.h"
#include "core/search/messages_search.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

const MessageId<0>& recomputeName(Recompute r) {
    switch (r) {
    case Recompute::None:
        return msg::kExplainRecomputeNone;
    case Recompute::Selective:
        return msg::kExplainRecomputeSelective;
    case Recompute::Full:
        break;
    }
    return msg::kExplainRecomputeFull;
}

std::string pct(double fraction) {
    return formatFixed(100 * fraction, 1) + " %";
}
std::string ms(double seconds) {
    return formatFixed(1000 * seconds, seconds < 0.01 ? 2 : 1) + " ms";
}

// Seed article (分布式训练，选数据并行还是模型并行？): under 10 B parameters data parallelism (DDP);
// 10-100 B data + pipeline parallelism; above 100 B 3D parallelism.
Message seedRule(double params, std::string& category) {
    const std::string billions = formatFixed(params / units::kBillion, 1);
    if (params < 10e9) {
        category = "DDP";
        return makeMessage(msg::kRuleDdp, {billions});
    }
    if (params <= 100e9) {
        category = "DP+PP";
        return makeMessage(msg::kRuleDpPp, {billions});
    }
    category = "3D";
    return makeMessage(msg::kRule3d, {billions});
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
    r.ruleOfThumb = Paragraph{{seedRule(countParams(s.model).total, category)}, {}};
    r.explanation = Paragraph{};
    if (!r.best) {
        r.explanation.sentences.push_back(
            r.ranked.empty()
                ? makeNestedMessage(msg::kExplainNoLayout, {noLayoutReason(s, nearestWorkingSetups(s))})
                : makeMessage(msg::kExplainNoneFits,
                              {formatFixed(r.ranked.front().memoryBytes / units::kGiB, 1)}));
        r.ruleOfThumb.sentences.push_back(makeMessage(msg::kRuleNothingToCompare));
        return;
    }
    const Candidate& b = r.ranked[*r.best];
    const Layout& l = b.layout;
    const PerfEstimate& t = b.perf;
    std::vector<Message>& parts = r.explanation.clauses;
    if (l.tp > 1) {
        const double perLayer = t.tpCommSeconds / static_cast<double>(l.microBatches) /
                                static_cast<double>(s.model.layers / l.pp);
        const std::string tp = std::to_string(l.tp);
        parts.push_back(crossesNodes(l.tp, 1, scaleUpDomainGpus(intra, s.cluster.gpusPerNode))
                            ? makeMessage(msg::kExplainTpAcrossServers, {tp, ms(perLayer)})
                            : makeNestedMessage(msg::kExplainTpInServer,
                                                {plainMessage(tp),
                                                 perLanguageMessage(intra.name, intra.displayName(Lang::Zh)),
                                                 plainMessage(ms(perLayer))}));
    }
    if (l.pp > 1) {
        const std::string bubble = pct(t.bubbleSeconds / t.stepSeconds);
        const std::string microBatches = std::to_string(l.microBatches);
        parts.push_back(l.vpp > 1
                            ? makeMessage(msg::kExplainPpInterleaved,
                                          {std::to_string(l.pp), std::to_string(l.vpp), bubble, microBatches})
                            : makeMessage(msg::kExplainPp, {std::to_string(l.pp), bubble, microBatches}));
    }
    if (l.dp * l.cp > 1 && t.dpCommTotalSeconds > 0)
        parts.push_back(makeMessage(l.zeroStage == 3 ? msg::kExplainDpZero3 : msg::kExplainDp,
                                    {pct(1 - t.dpCommSeconds / t.dpCommTotalSeconds)}));
    parts.push_back(
        makeMessage(msg::kExplainCompute, {pct((t.computeSeconds + t.recomputeSeconds) / t.stepSeconds),
                                           formatFixed(t.stepSeconds, 2), pct(t.mfu)}));
    parts.push_back(
        makeNestedMessage(msg::kExplainMemory, {plainMessage(formatFixed(b.memoryBytes / units::kGiB, 1)),
                                                plainMessage(formatFixed(b.capacityBytes / units::kGiB, 1)),
                                                plainMessage(std::to_string(l.microBatch)),
                                                plainMessage(std::to_string(l.zeroStage)),
                                                makeMessage(recomputeName(l.recompute))}));
    r.ruleAgrees = categoryOf(l) == category;
    r.ruleOfThumb.sentences.push_back(r.ruleAgrees ? makeMessage(msg::kRuleAgrees, {categoryOf(l)})
                                                   : makeMessage(msg::kRuleDiffers, {categoryOf(l)}));
}

}  // namespace clusterplan
