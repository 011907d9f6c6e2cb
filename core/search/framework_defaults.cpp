// What each software stack's published recipes usually run, so a user can see the gap between
// "what people run" and the fastest layout (docs/user-guide.md, 'Finding the layout: search and
// scaling'). Heuristics, documented:
// - Megatron-LM / NeMo (NeMo recipe tables, Megatron-LM examples): TP 1 below 10 B parameters,
//   otherwise the largest valid TP up to one server (up to 8 inside a rack-scale NVLink domain); PP the
//   smallest power of two that brings the 16-byte/parameter model states under half the GPU; distributed
//   optimizer (ZeRO-1); sequence parallel with TP; selective recompute; micro-batch 1; no interleaving.
// - MoE models under Megatron-LM / NeMo (NeMo-Framework-Launcher examples/training/mixtral/h100/
//   mixtral_8x7b_bf16.sh: TP 1, PP 4, EP 8;
//   DeepSeek-V3 tech report §3.2, EP 64 over 8 nodes): expert parallelism over the GPUs of one
//   server (all-to-all on NVLink), the largest divisor of the experts up to gpus_per_node (up to
//   the GPUs of a rack-scale NVLink domain, NVL72: 64) that divides the data-parallel size; TP from the
//   non-expert parameters only (routed experts are split by EP, not TP), PP sized with the experts divided by
//   EP.
// - PyTorch FSDP (llm-foundry, torchtitan 1D): FULL_SHARD (ZeRO-3), activation checkpointing on,
//   micro-batch 1.
// - DeepSpeed: ZeRO-2, or ZeRO-3 when ZeRO-2's model states exceed half the GPU; full
//   checkpointing; micro-batch 1.
// - OLMo-core (allenai/OLMo-core src/scripts/train/OLMo-7B.py and siblings, 2024-11): FSDP full
//   shard (ZeRO-3), no activation checkpointing configured, micro-batch 1.
// - InternEvo (InternLM/InternEvo configs/7B_sft.py): ZeRO-1 ("zero1"), TP and PP sized as for
//   Megatron-LM (its "tensor"/"pipeline" groups), no sequence parallel, checkpoint=False.
// - torchtitan (pytorch/torchtitan train_configs/llama3_70b.toml): FSDP2 full shard (ZeRO-3),
//   activation_checkpoint.mode "full", micro-batch 1.
// - JAX/XLA as MaxText runs it (AI-Hypercomputer/maxtext configs/base.yml): ici_fsdp_parallelism -1,
//   i.e. fully sharded (ZeRO-3), remat_policy "full".
// - Colossal-AI (hpcaitech/ColossalAI examples/language/llama/benchmark.py): the "gemini" plugin
//   (chunked ZeRO-3) with gradient checkpointing.
// - MindSpeed (Megatron-LM for Ascend) and a stack the user names none of these: Megatron-LM's.
#include "core/model/param_count.h"
#include "core/perf/cluster_hardware.h"
#include "core/perf/collective_cost.h"
#include "core/search/layout_search.h"
#include "core/search/messages_search.h"
#include "core/util/units.h"

namespace clusterplan {

LayoutSpec frameworkDefaultLayout(const Scenario& s, const ClusterHardware& hw, Message& description) {
    const GpuSpec& gpu = hw.gpu;
    const std::int64_t domain = scaleUpDomainGpus(hw.intraNode, s.cluster.gpusPerNode);
    const double params = countParams(s.model).total;
    const double half = gpu.visibleGib * units::kGiB / 2;
    LayoutSpec l;
    l.microBatch = 1;
    switch (s.training.framework) {
    case Framework::Fsdp:
    case Framework::Torchtitan:
    case Framework::MaxText:
    case Framework::ColossalAi:
        // Fully sharded with activation recomputation, each stack's recipe named.
        l.zeroStage = 3;
        l.recompute = Recompute::Full;
        description = makeMessage(s.training.framework == Framework::Torchtitan   ? msg::kRecipeTorchtitan
                                  : s.training.framework == Framework::MaxText    ? msg::kRecipeMaxText
                                  : s.training.framework == Framework::ColossalAi ? msg::kRecipeColossalAi
                                                                                  : msg::kRecipeFsdp);
        return l;
    case Framework::DeepSpeed:
        l.zeroStage = 16 * params / static_cast<double>(s.cluster.gpus()) + 2 * params > half ? 3 : 2;
        l.recompute = Recompute::Full;
        description = makeMessage(msg::kRecipeDeepspeed, {std::to_string(l.zeroStage)});
        return l;
    case Framework::OlmoCore:
        l.zeroStage = 3;
        l.recompute = Recompute::None;
        description = makeMessage(msg::kRecipeOlmoCore);
        return l;
    case Framework::Megatron:
    case Framework::Nemo:
    case Framework::InternEvo:
    case Framework::MindSpeed:
    case Framework::Other:
        break;
    }
    // Routed-expert parameters: sharded by EP, so they neither set TP nor weigh fully on PP.
    const double experts = s.model.moe ? expertParams(s.model) * static_cast<double>(s.model.moe->experts) *
                                             static_cast<double>(s.model.moeLayers())
                                       : 0.0;
    const double dense = params - experts;
    if (dense >= 10e9)
        for (std::int64_t t = std::min<std::int64_t>(8, domain); t >= 1; t /= 2)
            if (s.model.heads % t == 0 && s.cluster.gpus() % t == 0) {
                l.tp = t;
                break;
            }
    if (s.model.moe)
        for (l.ep = std::min(s.model.moe->experts, domain); l.ep > 1; --l.ep)
            if (s.model.moe->experts % l.ep == 0 && (s.cluster.gpus() / l.tp) % l.ep == 0)
                break;
    const auto states = [&](std::int64_t pp) {
        return 16 * (dense + experts / static_cast<double>(l.ep)) / static_cast<double>(l.tp * pp);
    };
    while (states(l.pp) > half && l.pp * 2 <= s.model.layers && s.cluster.gpus() % (l.tp * l.pp * 2) == 0 &&
           (s.cluster.gpus() / (l.tp * l.pp * 2)) % l.ep == 0)
        l.pp *= 2;
    l.zeroStage = 1;
    if (s.training.framework == Framework::InternEvo) {
        l.recompute = Recompute::None;
        description = makeMessage(msg::kRecipeInternevo, {std::to_string(l.tp), std::to_string(l.pp)});
        return l;
    }
    l.sequenceParallel = l.tp > 1;
    l.recompute = Recompute::Selective;
    // Another stack has no recipe of its own: Megatron-LM's is named as what stands in.
    const std::string stack(
        displayName(s.training.framework == Framework::Other ? Framework::Megatron : s.training.framework));
    description =
        l.ep > 1 ? makeMessage(msg::kRecipeMegatronEp,
                               {stack, std::to_string(l.tp), std::to_string(l.pp), std::to_string(l.ep)})
                 : makeMessage(msg::kRecipeMegatron, {stack, std::to_string(l.tp), std::to_string(l.pp)});
    return l;
}

}  // namespace clusterplan
