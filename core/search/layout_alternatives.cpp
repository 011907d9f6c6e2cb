#include "core/search/layout_alternatives.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/parallel/layout.h"
#include "core/util/messages_file_errors.h"

namespace clusterplan {

namespace {

// How far to look for a working node count on either side (probes stay cheap: each one tries
// the (tp, pp) pairs of one cluster size).
constexpr std::int64_t kNodeProbes = 4096;

std::vector<std::int64_t> candidates(bool open, std::int64_t fixed, std::int64_t limit) {
    if (!open)
        return {fixed};
    std::vector<std::int64_t> out;
    for (std::int64_t v = 1; v <= limit; ++v)
        out.push_back(v);
    return out;
}

// Every (tp, pp, cp) the scenario allows that divides `gpus`, as a layout spec with dp = "rest".
std::vector<LayoutSpec> modelSplits(const Scenario& s, std::int64_t gpus) {
    const LayoutSpec& fixed = s.layout;
    std::vector<LayoutSpec> out;
    for (std::int64_t tp : candidates(fixed.isOpen(kTp), fixed.tp, std::min(gpus, s.cluster.gpusPerNode)))
        for (std::int64_t pp : candidates(fixed.isOpen(kPp), fixed.pp, std::min(gpus, s.model.layers))) {
            const std::int64_t cp = fixed.isOpen(kCp) ? 1 : fixed.cp;
            if (gpus % (tp * pp * cp) != 0)
                continue;
            LayoutSpec l = fixed;
            l.tp = tp, l.pp = pp, l.cp = cp, l.dp = fixed.isOpen(kDp) ? 0 : fixed.dp;
            if (fixed.isOpen(kEp))
                l.ep = 1;
            if (fixed.isOpen(kVpp))
                l.vpp = 1;
            if (fixed.isOpen(kMicroBatch))
                l.microBatch = 1;
            out.push_back(l);
        }
    return out;
}

std::string joinCounts(const std::vector<std::int64_t>& values, const std::string& unit) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i == 0 ? "" : " or ") + std::to_string(values[i]) + unit;
    return out;
}

std::string s(std::int64_t v) {
    return std::to_string(v);
}

// "4 nodes or 6 nodes": the nearest values below and above; `one` or `two` with the values first
// and `more` after them. Any other count is written in English as it is.
Message nearest(const MessageId<2>& one, const MessageId<3>& two, const std::vector<std::int64_t>& values,
                std::string more, std::string english) {
    if (values.size() == 1)
        return makeMessage(one, {s(values[0]), std::move(more)});
    if (values.size() == 2)
        return makeMessage(two, {s(values[0]), s(values[1]), std::move(more)});
    return plainMessage(std::move(english));
}

}  // namespace

bool anyLayoutResolves(const Scenario& s, std::int64_t gpus, std::int64_t globalBatch) {
    TrainingSpec t = s.training;
    t.globalBatch = globalBatch;
    for (const LayoutSpec& l : modelSplits(s, gpus))
        if (resolveLayout(l, s.model, t, gpus))
            return true;
    return false;
}

LayoutAlternatives nearestWorkingSetups(const Scenario& s) {
    LayoutAlternatives out;
    const std::int64_t perNode = s.cluster.gpusPerNode, nodes = s.cluster.nodes;
    for (std::int64_t k = nodes - 1; k >= std::max<std::int64_t>(1, nodes - kNodeProbes); --k)
        if (anyLayoutResolves(s, k * perNode, s.training.globalBatch)) {
            out.nodes.push_back(k);
            break;
        }
    for (std::int64_t k = nodes + 1; k <= nodes + kNodeProbes; ++k)
        if (anyLayoutResolves(s, k * perNode, s.training.globalBatch)) {
            out.nodes.push_back(k);
            break;
        }
    // Global batch: the nearest multiples of dp·micro_batch of every split of this cluster.
    const std::int64_t gpus = s.cluster.gpus(), batch = s.training.globalBatch;
    std::int64_t below = 0, above = 0;
    for (const LayoutSpec& l : modelSplits(s, gpus)) {
        const std::int64_t dp = l.dp > 0 ? l.dp : gpus / (l.tp * l.pp * l.cp);
        const std::int64_t step = dp * l.microBatch;
        for (std::int64_t b : {batch / step * step, (batch / step + 1) * step}) {
            TrainingSpec t = s.training;
            t.globalBatch = b;
            if (b <= 0 || b == batch || !resolveLayout(l, s.model, t, gpus))
                continue;
            if (b < batch)
                below = std::max(below, b);
            else if (above == 0 || b < above)
                above = b;
        }
    }
    for (std::int64_t b : {below, above})
        if (b > 0)
            out.globalBatches.push_back(b);
    return out;
}

Message noLayoutReason(const Scenario& sc, const LayoutAlternatives& a) {
    const std::int64_t gpus = sc.cluster.gpus();
    const bool fixed = !sc.layout.isOpen(kTp) || !sc.layout.isOpen(kPp) || !sc.layout.isOpen(kCp);
    std::vector<Message> sentences{makeMessage(fixed ? msg::kErrorNoLayoutFixed : msg::kErrorNoLayout,
                                               {s(gpus), s(sc.training.globalBatch), s(sc.model.layers)})};
    if (!a.nodes.empty())
        sentences.push_back(nearest(msg::kErrorNoLayoutNodesOne, msg::kErrorNoLayoutNodesTwo, a.nodes,
                                    s(sc.cluster.gpusPerNode),
                                    "Nearest cluster sizes that work: " + joinCounts(a.nodes, " nodes") +
                                        " (" + s(sc.cluster.gpusPerNode) + " GPUs each)."));
    if (!a.globalBatches.empty())
        sentences.push_back(nearest(msg::kErrorNoLayoutBatchesOne, msg::kErrorNoLayoutBatchesTwo,
                                    a.globalBatches, s(gpus),
                                    "Nearest global batches that work on " + s(gpus) +
                                        " GPUs: " + joinCounts(a.globalBatches, " sequences") + "."));
    if (a.nodes.empty() && a.globalBatches.empty())
        sentences.push_back(makeMessage(msg::kErrorNoLayoutNeither));
    if (sentences.size() == 1)
        return sentences.front();
    if (sentences.size() == 2)
        return makeNestedMessage(msg::kErrorSentencesTwo, {std::move(sentences[0]), std::move(sentences[1])});
    return makeNestedMessage(msg::kErrorSentencesThree,
                             {std::move(sentences[0]), std::move(sentences[1]), std::move(sentences[2])});
}

}  // namespace clusterplan
