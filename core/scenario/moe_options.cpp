#include "core/scenario/moe_options.h"

#include "core/util/enum_names.h"
#include "core/util/json_write.h"

namespace clusterplan {

namespace {

// Megatron-Core's dispatcher and overlap choices as the scenario's layout keys write them.
constexpr auto kDispatcherNames = std::to_array<EnumName<MoeDispatcher>>({
    {MoeDispatcher::AllToAll, "all_to_all"},
    {MoeDispatcher::AllGather, "allgather"},
    {MoeDispatcher::DeepEp, "deepep"},
    {MoeDispatcher::HybridEp, "hybridep"},
});
static_assert(listsEveryValueInOrder(kDispatcherNames));

constexpr auto kEpOverlapNames = std::to_array<EnumName<EpOverlap>>({
    {EpOverlap::None, "none"},
    {EpOverlap::OneFOneB, "1f1b"},
    {EpOverlap::DualPipe, "dualpipe"},
});
static_assert(listsEveryValueInOrder(kEpOverlapNames));

// How the router spreads tokens over the experts (expert_load_imbalance.h says what each costs).
constexpr auto kRoutingNames = std::to_array<EnumName<MoeRouting>>({
    {MoeRouting::Dropless, "dropless"},
    {MoeRouting::ForcedBalance, "forced_balance"},
    {MoeRouting::TokenDrop, "token_drop"},
});
static_assert(listsEveryValueInOrder(kRoutingNames));

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

}  // namespace clusterplan
