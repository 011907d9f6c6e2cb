#pragma once
// A resolved, validated parallel layout: every degree known, products consistent with the
// cluster, divisibility rules of Megatron-LM / DeepSpeed checked.
#include <cstdint>

#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

struct Layout {
    std::int64_t tp = 1, pp = 1, dp = 1, cp = 1, ep = 1, vpp = 1;
    std::int64_t microBatch = 1;
    std::int64_t microBatches = 1;  // m = global_batch / (dp · micro_batch), per pipeline per step
    int zeroStage = 0;
    Recompute recompute = Recompute::None;
    bool sequenceParallel = false;
    Offload offload = Offload::None;  // model states in host memory (fine_tuning_spec.h)
    // GPipe (Huang et al. 2019) runs all forwards, then all backwards: same bubble as 1F1B, but
    // every stage holds all m micro-batches. Shown for comparison; the layouts ClusterPlan
    // recommends use 1F1B (vpp = 1) or interleaved 1F1B (vpp > 1).
    bool gpipe = false;
    PipelineSplit split;  // uneven stages (Megatron-Core first/last-stage layer counts)
    // Expert tensor parallel size (--expert-tensor-parallel-size); 0: Megatron-Core's default, tp.
    std::int64_t expertTp = 0;
    MoeOptions moe{};  // as the scenario gives them (scenario/moe_options.h)
    [[nodiscard]] std::int64_t etp() const { return expertTp > 0 ? expertTp : tp; }
    // Megatron-Core folds the expert layers over the attention's TP × CP × DP GPUs with their own
    // grid, expert TP × EP × expert DP (parallel_state.py initialize_model_parallel,
    // expert_decoder_rank_generator, rank order tp-ep-dp-pp): expert DP = tp·cp·dp / (etp·ep), the
    // GPUs holding the same expert shard. With the default etp = tp it is dp·cp/ep.
    [[nodiscard]] std::int64_t expertDp() const { return tp * dp * cp / (etp() * ep); }
    [[nodiscard]] std::int64_t gpus() const { return tp * pp * dp * cp; }
    // Every field, the pipeline split, the schedule and the micro-batch count included: two
    // layouts that differ in any of them run differently.
    bool operator==(const Layout&) const = default;
};

// The scenario input that fixes `layout` (every key pinned, none left to the search, the split as
// the plan ran it, CPU offload as the search chose it): what "use this layout" writes, and how a
// layout picked from a ranking is evaluated on its own. GPipe is no scenario input: it exists only
// as the pipeline comparison's schedule.
[[nodiscard]] LayoutSpec fixedSpec(const Layout& layout);

// Checks the layout against the model and cluster; the Error names the layout key and the rule.
Result<Layout> resolveLayout(const LayoutSpec& spec, const ModelSpec& model, const TrainingSpec& training,
                             std::int64_t gpus);

// The --pipeline-model-parallel-layout a published recipe derives for the model's layers over
// `virtualStages` = pp·vpp when the scenario gives none and no even or embedding/loss-counted split
// works (DeepSeek-V3's 61 layers); empty where no recipe gives one.
std::string recipeLayoutString(const ModelSpec& model, std::int64_t virtualStages);

// The layers of one pipeline stage: first index, count, and how many of them are MoE layers.
struct StageLayers {
    std::int64_t first = 0;
    std::int64_t count = 0;
    std::int64_t moe = 0;
};
StageLayers stageLayers(const ModelSpec& model, const Layout& layout, std::int64_t stage);
// The same when the layers before the stage (`first`) are known: a walk over the stages in order
// is then linear in pp, not quadratic.
StageLayers stageLayersAt(const ModelSpec& model, const Layout& layout, std::int64_t stage,
                          std::int64_t first);

// Transformer layers held by pipeline stage `stage` (0-based) under the layout's split. Even
// split: floor(L/p), the first L mod p stages one more.
std::int64_t layersOnStage(std::int64_t layers, std::int64_t pp, std::int64_t stage,
                           const PipelineSplit& split = {});

}  // namespace clusterplan
