#include "report/no_layout_reason.h"

#include <string>
#include <utility>
#include <vector>

namespace clusterplan {

namespace {

std::string s(std::int64_t v) {
    return std::to_string(v);
}

// "4 nodes or 6 nodes": the nearest values below and above; `id` + ".one" or ".two" with the
// values first and `more` after them. Any other count is written in English as it is.
Message nearest(const std::string& id, const std::vector<std::int64_t>& values, std::vector<std::string> more,
                std::string english) {
    if (values.size() != 1 && values.size() != 2)
        return plainMessage(std::move(english));
    std::vector<std::string> args;
    for (std::int64_t v : values)
        args.push_back(s(v));
    args.insert(args.end(), more.begin(), more.end());
    return makeMessage(id + (values.size() == 1 ? ".one" : ".two"), std::move(args));
}

std::string joinCounts(const std::vector<std::int64_t>& values, const std::string& unit) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i == 0 ? "" : " or ") + s(values[i]) + unit;
    return out;
}

}  // namespace

Message noLayoutReason(const Scenario& sc, const LayoutAlternatives& a) {
    const std::int64_t gpus = sc.cluster.gpus();
    const bool fixed = !sc.layout.isOpen(kTp) || !sc.layout.isOpen(kPp) || !sc.layout.isOpen(kCp);
    std::vector<Message> sentences{makeMessage(fixed ? "error.no_layout.fixed" : "error.no_layout",
                                               {s(gpus), s(sc.training.globalBatch), s(sc.model.layers)})};
    if (!a.nodes.empty())
        sentences.push_back(nearest("error.no_layout.nodes", a.nodes, {s(sc.cluster.gpusPerNode)},
                                    "Nearest cluster sizes that work: " + joinCounts(a.nodes, " nodes") +
                                        " (" + s(sc.cluster.gpusPerNode) + " GPUs each)."));
    if (!a.globalBatches.empty())
        sentences.push_back(nearest("error.no_layout.batches", a.globalBatches, {s(gpus)},
                                    "Nearest global batches that work on " + s(gpus) +
                                        " GPUs: " + joinCounts(a.globalBatches, " sequences") + "."));
    if (a.nodes.empty() && a.globalBatches.empty())
        sentences.push_back(makeMessage("error.no_layout.neither"));
    if (sentences.size() == 1)
        return sentences.front();
    const char* joined = sentences.size() == 2 ? "error.sentences.two" : "error.sentences.three";
    return makeNestedMessage(joined, std::move(sentences));
}

}  // namespace clusterplan
