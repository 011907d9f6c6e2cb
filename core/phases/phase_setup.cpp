// Phases with what they inherit filled in (see phase_setup.h).
#include "core/phases/phase_setup.h"

#include "core/catalog/phase_check.h"

namespace clusterplan {

std::vector<PhaseSetup> phaseSetups(const Scenario& s) {
    std::vector<PhaseSetup> out;
    const auto clusters = resolvedPhaseClusters(s);
    std::string preset = s.modelPreset;
    ModelSpec model = s.model;
    int start = 0;
    for (std::size_t i = 0; i < s.phases.size(); ++i) {
        const PhaseSpec& p = s.phases[i];
        if (p.model) {
            preset = p.modelPreset;
            model = *p.model;
        }
        PhaseSetup setup;
        setup.index = i;
        setup.name = p.name;
        setup.start = start;
        setup.months = static_cast<int>(p.months);
        setup.cluster = clusters[i];
        setup.slice = p.slice;
        if (p.slice) {
            setup.cluster.gpu = p.slice->gpu;
            setup.cluster.gpusPerNode = 1;
            setup.cluster.nodes = 1;
        }
        setup.acquire = p.acquire;
        setup.offer = p.offer;
        setup.term = p.term;
        setup.contract = p.contract;
        setup.modelPreset = preset;
        setup.model = model;
        setup.tokens = p.tokens;
        start += setup.months;
        out.push_back(std::move(setup));
    }
    return out;
}

}  // namespace clusterplan
