#include "core/scenario/moe_options.h"

#include "core/util/json_write.h"

namespace clusterplan {

std::string_view toString(MoeDispatcher d) {
    switch (d) {
    case MoeDispatcher::AllToAll:
        return "all_to_all";
    case MoeDispatcher::AllGather:
        return "allgather";
    case MoeDispatcher::DeepEp:
        return "deepep";
    case MoeDispatcher::HybridEp:
        return "hybridep";
    }
    return "all_to_all";
}

std::string_view toString(EpOverlap o) {
    switch (o) {
    case EpOverlap::None:
        return "none";
    case EpOverlap::OneFOneB:
        return "1f1b";
    case EpOverlap::DualPipe:
        return "dualpipe";
    }
    return "none";
}

std::optional<MoeDispatcher> parseMoeDispatcher(std::string_view s) {
    for (auto d :
         {MoeDispatcher::AllToAll, MoeDispatcher::AllGather, MoeDispatcher::DeepEp, MoeDispatcher::HybridEp})
        if (s == toString(d))
            return d;
    return std::nullopt;
}

std::optional<EpOverlap> parseEpOverlap(std::string_view s) {
    for (auto o : {EpOverlap::None, EpOverlap::OneFOneB, EpOverlap::DualPipe})
        if (s == toString(o))
            return o;
    return std::nullopt;
}

void writeMoeOptions(json::Writer& w, const MoeOptions& o) {
    const MoeOptions defaults;
    if (o.dispatcher != defaults.dispatcher)
        w.value("dispatcher", toString(o.dispatcher));
    if (o.epOverlap != defaults.epOverlap)
        w.value("ep_overlap", toString(o.epOverlap));
    if (o.recomputeNormUpProj)
        w.value("recompute_norm_up_proj", true);
    if (o.fp8Activations)
        w.value("fp8_activations", true);
}

std::string moeOptionsText(const MoeOptions& o) {
    std::string s;
    if (o.dispatcher == MoeDispatcher::AllGather)
        s += ", all-gather dispatch";
    else if (o.dispatcher == MoeDispatcher::DeepEp)
        s += ", DeepEP";
    else if (o.dispatcher == MoeDispatcher::HybridEp)
        s += ", HybridEP";
    if (o.epOverlap == EpOverlap::OneFOneB)
        s += ", 1F1B EP overlap";
    else if (o.epOverlap == EpOverlap::DualPipe)
        s += ", DualPipe";
    if (o.recomputeNormUpProj)
        s += ", norm and up-projections recomputed";
    if (o.fp8Activations)
        s += ", FP8 activations";
    return s;
}

}  // namespace clusterplan
