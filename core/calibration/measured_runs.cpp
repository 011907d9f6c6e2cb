#include "core/calibration/measured_runs.h"

#include "core/scenario/layout_key_names.h"
#include "core/search/layout_search.h"

namespace clusterplan {

Scenario measuredRunScenario(const Scenario& scenario, const MeasuredRun& run, const ClusterHardware& prior) {
    Scenario s = scenario;
    s.measured.clear();
    s.cluster.nodes = run.nodes;
    if (run.globalBatch > 0)
        s.training.globalBatch = run.globalBatch;
    LayoutSpec& l = s.layout;
    l = run.layout;
    if ((l.open & ~static_cast<unsigned>(kDp)) != 0) {
        // The keys the run left out, as the plan's search would choose them: the hardware here is
        // the one the fit starts from, its profile the built-in one.
        const SearchResult searched = searchLayouts(s, prior);
        if (searched.best) {
            LayoutSpec resolved = fixedSpec(searched.ranked[*searched.best].layout);
            resolved.open = 0;
            l = resolved;
            return s;
        }
    }
    Message description;
    const LayoutSpec stack = frameworkDefaultLayout(s, prior, description);
    const auto fill = [&](LayoutKey key, auto LayoutSpec::*field) {
        if (l.isOpen(key))
            l.*field = stack.*field;
    };
    fill(kTp, &LayoutSpec::tp);
    fill(kPp, &LayoutSpec::pp);
    fill(kDp, &LayoutSpec::dp);
    fill(kCp, &LayoutSpec::cp);
    fill(kEp, &LayoutSpec::ep);
    fill(kVpp, &LayoutSpec::vpp);
    fill(kMicroBatch, &LayoutSpec::microBatch);
    fill(kZeroStage, &LayoutSpec::zeroStage);
    fill(kRecompute, &LayoutSpec::recompute);
    // Megatron-LM and NeMo recipes turn sequence parallelism on with TP, whatever TP the run used.
    if (l.isOpen(kSequenceParallel))
        l.sequenceParallel = l.tp > 1 && (s.training.framework == Framework::Megatron ||
                                          s.training.framework == Framework::Nemo);
    l.open = 0;
    return s;
}

std::vector<AssumedKey> assumedKeys(const MeasuredRun& run, const LayoutSpec& l) {
    std::vector<AssumedKey> out;
    const auto add = [&](LayoutKey key, std::string value) {
        if (run.layout.isOpen(key))
            out.push_back({std::string(layoutKeyName(key)), std::move(value)});
    };
    add(kTp, std::to_string(l.tp));
    add(kPp, std::to_string(l.pp));
    add(kCp, std::to_string(l.cp));
    add(kEp, std::to_string(l.ep));
    add(kVpp, std::to_string(l.vpp));
    add(kMicroBatch, std::to_string(l.microBatch));
    add(kZeroStage, std::to_string(l.zeroStage));
    add(kRecompute, std::string(toString(l.recompute)));
    add(kSequenceParallel, l.sequenceParallel ? "true" : "false");
    return out;
}

std::string assumedKeysText(const std::vector<AssumedKey>& keys) {
    std::string out;
    for (const AssumedKey& k : keys) {
        std::string text;
        const std::optional<LayoutKey> key = parseLayoutKey(k.key);
        if (key == kMicroBatch)
            text = "micro-batch " + k.value;
        else if (key == kZeroStage)
            text = "ZeRO-" + k.value;
        else if (key == kRecompute)
            text = "recompute " + k.value;
        else if (key == kSequenceParallel)
            text = std::string("sequence parallel ") + (k.value == "true" ? "on" : "off");
        else  // tp, pp, cp, ep, vpp: "TP 8"
            for (const char c : k.key + " " + k.value)
                text += c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
        out += (out.empty() ? "" : ", ") + text;
    }
    return out;
}

double measuredStepSeconds(const Scenario& runScenario, const MeasuredRun& run) {
    if (run.stepSeconds > 0)
        return run.stepSeconds;
    const double tokensPerStep = static_cast<double>(runScenario.training.globalBatch) *
                                 static_cast<double>(runScenario.training.seqLen);
    return tokensPerStep / run.tokensPerSecond;
}

std::string describeLayout(const Layout& l) {
    std::string text = "TP " + std::to_string(l.tp) + ", PP " + std::to_string(l.pp);
    if (l.vpp > 1)
        text += " (VPP " + std::to_string(l.vpp) + ")";
    if (l.cp > 1)
        text += ", CP " + std::to_string(l.cp);
    if (l.ep > 1)
        text += ", EP " + std::to_string(l.ep);
    text += ", DP " + std::to_string(l.dp);
    text += ", micro-batch " + std::to_string(l.microBatch);
    if (l.zeroStage > 0)
        text += ", ZeRO-" + std::to_string(l.zeroStage);
    return text;
}

}  // namespace clusterplan
