#include "core/studies/fit_suggestions.h"

#include <limits>

#include "core/calibration/evaluate.h"
#include "core/report/plan_format.h"
#include "core/search/layout_search.h"
#include "core/search/messages_search.h"
#include "core/studies/options_study.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"

namespace clusterplan {

namespace {

// How many of the scenario's fixed layout keys `l` changes (open keys change nothing).
int changedKeys(const LayoutSpec& spec, const Layout& l) {
    int n = 0;
    const auto differs = [&](LayoutKey key, bool changed) { n += !spec.isOpen(key) && changed ? 1 : 0; };
    differs(kTp, spec.tp != l.tp);
    differs(kPp, spec.pp != l.pp);
    differs(kDp, spec.dp != 0 && spec.dp != l.dp);
    differs(kCp, spec.cp != l.cp);
    differs(kEp, spec.ep != l.ep);
    differs(kVpp, spec.vpp != l.vpp);
    differs(kMicroBatch, spec.microBatch != l.microBatch);
    differs(kZeroStage, spec.zeroStage != l.zeroStage);
    differs(kRecompute, spec.recompute != l.recompute);
    differs(kSequenceParallel, spec.sequenceParallel != l.sequenceParallel);
    n += spec.offload.value_or(Offload::None) != l.offload ? 1 : 0;
    return n;
}

// The suggestion if `s` evaluates and fits: its text names the cluster, the layout and the days.
std::optional<FitSuggestion> suggestion(Scenario s, const Catalog& catalog, const MessageId<4>& id) {
    auto plan = evaluate(s, catalog);
    if (!plan || !plan->memory.fits())
        return std::nullopt;
    Message text = makeNestedMessage(
        id, {perLanguageMessage(plan->gpu.name + " × " + std::to_string(s.cluster.gpus()),
                                plan->gpu.displayName(Lang::Zh) + " × " + std::to_string(s.cluster.gpus())),
             plainMessage(optionRecipeText(plan->layout)), plainMessage(formatFixed(plan->run.wallDays, 1)),
             plainMessage(plan->cost ? cost::formatMoney(*plan->cost->runCostRent, plan->cost->currency)
                                     : std::string("-"))});
    return FitSuggestion{std::move(s), std::move(text)};
}

}  // namespace

FitSuggestions whatWouldFit(const Scenario& s, const Catalog& catalog, std::int64_t maxGpus,
                            const std::atomic<bool>* cancel) {
    FitSuggestions out;
    // The nearest layout on this cluster.
    Scenario open = s;
    open.layout.open = kAllLayoutKeys;
    SearchOptions unbounded;
    unbounded.maxLayouts = std::numeric_limits<std::size_t>::max();
    const SearchResult search = searchLayouts(open, catalog, unbounded);
    const Candidate* nearest = nullptr;
    int fewest = std::numeric_limits<int>::max();
    for (const Candidate& c : search.ranked)  // fastest first among those that fit
        if (c.fits && changedKeys(s.layout, c.layout) < fewest) {
            fewest = changedKeys(s.layout, c.layout);
            nearest = &c;
        }
    if (nearest) {
        Scenario here = s;
        here.layout = fixedSpec(nearest->layout);
        out.nearestLayout = suggestion(here, catalog, msg::kFitNearestLayout);
    }
    // The smallest cluster of this GPU, and the cheapest option of every priced GPU type.
    OptionsTarget target;
    target.maxGpus = maxGpus;
    target.cancel = cancel;
    target.gpuTypes = {s.cluster.gpu};
    if (auto own = optionsStudy(s, catalog, target);
        own && !own->gpus.empty() && own->gpus.front().smallestFitGpus) {
        const GpuOptions& g = own->gpus.front();
        Scenario smallest = optionScenario(s, catalog, s.cluster.gpu, *g.smallestFitGpus, g.gpusPerNode);
        const OptionProbe best = probeOption(smallest, catalog, std::numeric_limits<std::size_t>::max());
        smallest.layout = fixedSpec(best.layout);
        smallest.cost = s.cost;
        out.smallestCluster = suggestion(smallest, catalog, msg::kFitSmallestCluster);
    }
    target.gpuTypes.clear();
    if (auto all = optionsStudy(s, catalog, target); all && all->recommended) {
        const OptionRow& r = all->rows[*all->recommended];
        out.cheapestOption = FitSuggestion{
            r.scenario,
            makeNestedMessage(
                msg::kFitCheapestOption,
                {perLanguageMessage(r.gpuName + " x " + std::to_string(r.gpus),
                                    gpuDisplayName(r, Lang::Zh) + " x " + std::to_string(r.gpus)),
                 perLanguageMessage(r.offerName, r.offerNameZh.empty() ? r.offerName : r.offerNameZh),
                 plainMessage(r.layoutText), plainMessage(formatFixed(r.days, 1)),
                 plainMessage(cost::formatMoney(r.cost, all->currency))})};
    }
    return out;
}

}  // namespace clusterplan
