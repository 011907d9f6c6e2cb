// What each software stack's published recipes usually run, so a user can see the gap between
// "what people run" and the fastest layout (domain.md §10, lesson 1). Heuristics, documented:
// - Megatron-LM / NeMo (NeMo recipe tables, Megatron-LM examples): TP 1 below 10 B parameters,
//   otherwise the largest valid TP up to one server; PP the smallest power of two that brings the
//   16-byte/parameter model states under half the GPU; distributed optimizer (ZeRO-1); sequence
//   parallel with TP; selective recompute; micro-batch 1; no interleaving.
// - PyTorch FSDP (llm-foundry, torchtitan 1D): FULL_SHARD (ZeRO-3), activation checkpointing on,
//   micro-batch 1.
// - DeepSpeed: ZeRO-2, or ZeRO-3 when ZeRO-2's model states exceed half the GPU; full
//   checkpointing; micro-batch 1.
#include "model/param_count.h"
#include "search/layout_search.h"

namespace clusterplan {

LayoutSpec frameworkDefaultLayout(const Scenario& s, const Catalog& catalog, std::string& description) {
    const GpuSpec& gpu = *catalog.gpu(s.cluster.gpu);
    const double params = countParams(s.model).total;
    const double half = gpu.visibleGib * 1024.0 * 1024.0 * 1024.0 / 2;
    LayoutSpec l;
    l.microBatch = 1;
    switch (s.training.framework) {
    case Framework::Fsdp:
        l.zeroStage = 3;
        l.recompute = Recompute::Full;
        description = "PyTorch FSDP recipe: full shard (ZeRO-3), activation checkpointing, micro-batch 1";
        return l;
    case Framework::DeepSpeed:
        l.zeroStage = 16 * params / static_cast<double>(s.cluster.gpus()) + 2 * params > half ? 3 : 2;
        l.recompute = Recompute::Full;
        description =
            "DeepSpeed recipe: ZeRO-" + std::to_string(l.zeroStage) + ", full checkpointing, micro-batch 1";
        return l;
    case Framework::Megatron:
    case Framework::Nemo:
        break;
    }
    if (params >= 10e9)
        for (std::int64_t t = std::min<std::int64_t>(8, s.cluster.gpusPerNode); t >= 1; t /= 2)
            if (s.model.heads % t == 0 && s.cluster.gpus() % t == 0) {
                l.tp = t;
                break;
            }
    while (16 * params / static_cast<double>(l.tp * l.pp) > half && l.pp * 2 <= s.model.layers &&
           s.cluster.gpus() % (l.tp * l.pp * 2) == 0)
        l.pp *= 2;
    l.zeroStage = 1;
    l.sequenceParallel = l.tp > 1;
    l.recompute = Recompute::Selective;
    description = std::string(s.training.framework == Framework::Nemo ? "NeMo" : "Megatron-LM") +
                  " recipe: TP " + std::to_string(l.tp) + ", PP " + std::to_string(l.pp) +
                  ", distributed optimizer (ZeRO-1), selective recompute, micro-batch 1";
    return l;
}

}  // namespace clusterplan
