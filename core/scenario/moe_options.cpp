#include "core/scenario/moe_options.h"

#include "core/scenario/scenario_enum_names.h"
#include "core/util/enum_names.h"
#include "core/util/json_write.h"

namespace clusterplan {

namespace {

// Megatron-Core's dispatcher and overlap choices as the scenario's layout keys write them.
constexpr std::string_view dispatcherName(MoeDispatcher m) {
    switch (m) {
    case MoeDispatcher::AllToAll:
        return "all_to_all";
    case MoeDispatcher::AllGather:
        return "allgather";
    case MoeDispatcher::DeepEp:
        return "deepep";
    case MoeDispatcher::HybridEp:
        return "hybridep";
    }
    return {};
}
constexpr auto kDispatcherNames = enumNames<MoeDispatcher, dispatcherName>();

constexpr std::string_view epOverlapName(EpOverlap e) {
    switch (e) {
    case EpOverlap::None:
        return "none";
    case EpOverlap::OneFOneB:
        return "1f1b";
    case EpOverlap::DualPipe:
        return "dualpipe";
    }
    return {};
}
constexpr auto kEpOverlapNames = enumNames<EpOverlap, epOverlapName>();

// How the router spreads tokens over the experts (expert_load_imbalance.h says what each costs).
constexpr std::string_view routingName(MoeRouting m) {
    switch (m) {
    case MoeRouting::Dropless:
        return "dropless";
    case MoeRouting::ForcedBalance:
        return "forced_balance";
    case MoeRouting::TokenDrop:
        return "token_drop";
    }
    return {};
}
constexpr auto kRoutingNames = enumNames<MoeRouting, routingName>();

}  // namespace

std::string_view toString(MoeDispatcher d) {
    return enumName(kDispatcherNames, d, "all_to_all");
}

std::string_view toString(EpOverlap o) {
    return enumName(kEpOverlapNames, o, "none");
}

std::optional<MoeDispatcher> parseMoeDispatcher(std::string_view s) {
    return enumFromName(kDispatcherNames, s);
}

std::optional<EpOverlap> parseEpOverlap(std::string_view s) {
    return enumFromName(kEpOverlapNames, s);
}

std::string_view toString(MoeRouting r) {
    return enumName(kRoutingNames, r, "dropless");
}

std::optional<MoeRouting> parseMoeRouting(std::string_view s) {
    return enumFromName(kRoutingNames, s);
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
    if (o.routerAuxLoss != defaults.routerAuxLoss)
        w.value("router_aux_loss", o.routerAuxLoss);
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
    if (o.routing == MoeRouting::Dropless)
        s += ", dropless routing";
    else if (o.routing == MoeRouting::TokenDrop)
        s += ", token drop";
    return s;
}

std::span<const EnumName<MoeDispatcher>> enumNameTable(std::type_identity<MoeDispatcher>) {
    return kDispatcherNames;
}
std::span<const EnumName<EpOverlap>> enumNameTable(std::type_identity<EpOverlap>) {
    return kEpOverlapNames;
}
std::span<const EnumName<MoeRouting>> enumNameTable(std::type_identity<MoeRouting>) {
    return kRoutingNames;
}

}  // namespace clusterplan
