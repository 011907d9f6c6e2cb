#include "core/scenario/moe_options.h"

#include "core/util/json_write.h"

namespace clusterplan {

std::string_view toString(MoeDispatcher d) {
    switch (d) {
    case MoeDispatcher::AllToAll:
        return "all_to_all";
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
    for (auto d : {MoeDispatcher::AllToAll, MoeDispatcher::DeepEp, MoeDispatcher::HybridEp})
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

std::string_view toString(MoeRouting r) {
    switch (r) {
    case MoeRouting::Dropless:
        return "dropless";
    case MoeRouting::ForcedBalance:
        return "forced_balance";
    case MoeRouting::TokenDrop:
        return "token_drop";
    }
    return "dropless";
}

std::optional<MoeRouting> parseMoeRouting(std::string_view s) {
    for (auto r : {MoeRouting::Dropless, MoeRouting::ForcedBalance, MoeRouting::TokenDrop})
        if (s == toString(r))
            return r;
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
    if (o.routing != defaults.routing)
        w.value("routing", toString(o.routing));
}

std::string moeOptionsText(const MoeOptions& o) {
    std::string s;
    if (o.dispatcher == MoeDispatcher::DeepEp)
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
    if (o.routing == MoeRouting::Dropless)
        s += ", dropless routing";
    else if (o.routing == MoeRouting::TokenDrop)
        s += ", token drop";
    return s;
}

}  // namespace clusterplan
