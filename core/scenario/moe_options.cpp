#include "core/scenario/moe_options.h"

#include "core/util/enum_names.h"
#include "core/util/json_write.h"

namespace clusterplan {

namespace {

// Megatron-Core's dispatcher and overlap choices as the scenario's layout keys write them.
constexpr auto kDispatcherNames = std::to_array<EnumName<MoeDispatcher>>({
    {MoeDispatcher::AllToAll, "all_to_all"},
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
    return s;
}

}  // namespace clusterplan
