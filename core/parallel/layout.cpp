#include "core/parallel/layout.h"

#include <algorithm>
#include <string>

#include "core/parallel/pipeline_layout_string.h"
#include "core/scenario/input_limits.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan {

namespace {

std::string s(std::int64_t v) {
    return std::to_string(v);
}

// A layout key's range (scenario/input_limits.h). The text is built only for a value outside it:
// resolveLayout runs for every layout a search visits.
std::optional<Error> checkRange(const InputLimit& limit, std::int64_t v) {
    const double value = static_cast<double>(v);
    if (limit.contains(value))
        return std::nullopt;
    return limitError(std::string(limit.key), value, limit);
}

// The limits of the layout keys resolveLayout checks, looked up once.
struct LayoutLimits {
    const InputLimit &tp, &pp, &dp, &cp, &ep, &vpp, &microBatch, &zeroStage, &expertTp;
};
const LayoutLimits& layoutLimits() {
    static const LayoutLimits limits{
        inputLimit("layout.tp"),          inputLimit("layout.pp"),         inputLimit("layout.dp"),
        inputLimit("layout.cp"),          inputLimit("layout.ep"),         inputLimit("layout.vpp"),
        inputLimit("layout.micro_batch"), inputLimit("layout.zero_stage"), inputLimit("layout.expert_tp")};
    return limits;
}

// A layout string (pipeline_layout_string.h) places every layer itself: it holds pp × vpp stages
// and places the model's transformer layers (Megatron-Core PipelineParallelLayerLayout __init__ and
// validate_layer_layout). Megatron-Core's get_num_layers_to_build reads it before the first/last
// stage counts and the account-for flags; rather than ignore keys the user set, they are refused
// beside it. A rank left without a transformer layer is allowed, as there (a stage of its own for
// the loss).
std::optional<Error> checkLayoutString(const Layout& l, const ModelSpec& m, bool explain) {
    const PipelineSplit& sp = l.split;
    if (sp.firstStageLayers > 0 || sp.lastStageLayers > 0 || sp.embeddingAsLayer || sp.lossAsLayer)
        return explain ? inputError("layout.pipeline_layout", msg::kErrorLayoutPipelineLayoutExclusive)
                       : Error{};
    const std::int64_t stages = static_cast<std::int64_t>(sp.layoutChunks.size());
    if (stages != l.pp * l.vpp)
        return explain ? inputError("layout.pipeline_layout", msg::kErrorLayoutPipelineLayoutStages,
                                    {s(stages), s(l.pp), s(l.vpp), s(l.pp * l.vpp)})
                       : Error{};
    std::int64_t layers = 0;
    for (const std::int64_t n : sp.layoutChunks)
        layers += n;
    if (layers != m.layers)
        return explain ? inputError("layout.pipeline_layout", msg::kErrorLayoutPipelineLayoutLayers,
                                    {s(layers), s(m.layers)})
                       : Error{};
    return std::nullopt;
}

// `explain` false: only whether it fails (an empty Error), for resolveLayout's test of the recipe
// split, which drops the text; resolveLayout runs for every layout a search visits.
// Uneven stages (Megatron-Core TransformerConfig checks): the fixed first/last stages leave the
// middle stages at least one layer each and an even share; with interleaving every stage's layer
// slots (embedding and loss included when counted as layers) split into vpp equal chunks.
std::optional<Error> checkPipelineSplit(const Layout& l, const ModelSpec& m, bool explain = true) {
    const PipelineSplit& sp = l.split;
    if (!sp.layout.empty())
        return checkLayoutString(l, m, explain);
    const bool uneven = sp.firstStageLayers > 0 || sp.lastStageLayers > 0;
    if (uneven && l.pp < 2)
        return explain ? inputError("layout.first_stage_layers", msg::kErrorLayoutSplitNeedsPp) : Error{};
    const std::int64_t fixed = sp.firstStageLayers + sp.lastStageLayers;
    const std::int64_t middle = l.pp - (sp.firstStageLayers > 0 ? 1 : 0) - (sp.lastStageLayers > 0 ? 1 : 0);
    if (uneven &&
        (fixed > m.layers || (middle == 0 && fixed != m.layers) || (middle > 0 && m.layers - fixed < middle)))
        return explain ? inputError("layout.first_stage_layers", msg::kErrorLayoutSplitMiddle,
                                    {s(sp.firstStageLayers), s(sp.lastStageLayers), s(m.layers - fixed),
                                     s(m.layers), s(middle)})
                       : Error{};
    for (std::int64_t stage = 0; stage < l.pp && l.pp > 1; ++stage) {
        if (layersOnStage(m.layers, l.pp, stage, sp) < 1)
            return explain ? inputError("layout.pp", msg::kErrorLayoutEmptyStage, {s(l.pp), s(stage)})
                           : Error{};
        if (l.vpp == 1)
            continue;
        const std::int64_t slots = layersOnStage(m.layers, l.pp, stage, sp) +
                                   (stage == 0 && sp.embeddingAsLayer ? 1 : 0) +
                                   (stage == l.pp - 1 && sp.lossAsLayer ? 1 : 0);
        if (slots % l.vpp != 0 || slots / l.vpp < 1)
            return explain
                       ? inputError("layout.vpp", msg::kErrorLayoutVppChunks, {s(l.vpp), s(stage), s(slots)})
                       : Error{};
    }
    return std::nullopt;
}

// Divisibility rules of Megatron-LM and DeepSpeed. Heads divide by TP (each rank computes
// heads / TP query heads); KV heads either divide by TP or divide it: Megatron-Core's
// num_query_groups check (megatron/core/transformer/transformer_config.py lines 1461-1468 at
// d98e8a64ddf34856e74b24714e3bedb2f5a39553), where TP above the KV heads sub-shards them (each
// rank gathers its whole query group: parallel/query_groups.h).
std::optional<Error> checkModelSplit(const Layout& l, const ModelSpec& m, const TrainingSpec& t) {
    if (m.heads % l.tp != 0)
        return inputError("layout.tp", msg::kErrorLayoutTpHeads, {s(l.tp), s(m.heads)});
    if (!m.mla && m.kvHeads % l.tp != 0 && l.tp % m.kvHeads != 0)
        return inputError("layout.tp", msg::kErrorLayoutTpKvHeads, {s(l.tp), s(m.kvHeads)});
    if (l.pp > m.layers && l.split.layout.empty())
        return inputError("layout.pp", msg::kErrorLayoutPpLayers, {s(l.pp), s(m.layers)});
    if (auto e = checkPipelineSplit(l, m))
        return e;
    if (l.vpp > 1 && l.pp == 1)
        return inputError("layout.vpp", msg::kErrorLayoutVppNeedsPp, {s(l.vpp)});
    if (l.vpp > 1 && l.microBatches % l.pp != 0)
        return inputError("layout.vpp", msg::kErrorLayoutVppMicroBatches, {s(l.microBatches), s(l.pp)});
    if (t.seqLen % l.cp != 0)
        return inputError("layout.cp", msg::kErrorLayoutCpSeqLen, {s(l.cp), s(t.seqLen)});
    if (l.ep > 1 && !m.moe)
        return inputError("layout.ep", msg::kErrorLayoutEpNoExperts, {s(l.ep)});
    if (m.moe && m.moe->experts % l.ep != 0)
        return inputError("layout.ep", msg::kErrorLayoutEpExperts, {s(l.ep), s(m.moe->experts)});
    // Megatron-Core builds the expert grid over the same world as the attention's: world_size must
    // divide by expert_tp · ep · pp (parallel_state.py, initialize_model_parallel: "world_size is
    // not divisible by expert_tensor_model_pipeline_parallel size"), i.e. etp · ep divides tp·cp·dp.
    // With the default etp = tp that is ep dividing dp·cp, the error users of the default know.
    if (l.expertTp == 0 && (l.dp * l.cp) % l.ep != 0)
        return inputError("layout.ep", msg::kErrorLayoutEpDpCp, {s(l.ep), s(l.dp * l.cp)});
    if ((l.tp * l.cp * l.dp) % (l.etp() * l.ep) != 0)
        return inputError("layout.expert_tp", msg::kErrorLayoutExpertTpFold,
                          {s(l.etp()), s(l.ep), s(l.etp() * l.ep), s(l.tp * l.cp * l.dp)});
    return std::nullopt;
}

}  // namespace

namespace {

std::int64_t layersBefore(std::int64_t layers, std::int64_t pp, std::int64_t stage,
                          const PipelineSplit& split);

// The layer slots left to the stages that first/last do not fix, embedding and loss counted as one
// layer each when asked, spread evenly over those stages (Megatron-Core get_num_layers_to_build):
// the stage of index i (counted from the first unfixed stage) holds slots / stages, one more when
// i < slots % stages.
struct EvenSplit {
    std::int64_t fixedFirst, slots, stages;
};

EvenSplit evenSplit(std::int64_t layers, std::int64_t pp, const PipelineSplit& split) {
    const std::int64_t fixedFirst = split.firstStageLayers > 0 ? 1 : 0;
    const std::int64_t fixedLast = split.lastStageLayers > 0 ? 1 : 0;
    return {fixedFirst,
            layers - split.firstStageLayers - split.lastStageLayers +
                (split.embeddingAsLayer && !fixedFirst ? 1 : 0) + (split.lossAsLayer && !fixedLast ? 1 : 0),
            pp - fixedFirst - fixedLast};
}

}  // namespace

StageLayers stageLayers(const ModelSpec& m, const Layout& l, std::int64_t stage) {
    return stageLayersAt(m, l, stage, layersBefore(m.layers, l.pp, stage, l.split));
}

StageLayers stageLayersAt(const ModelSpec& m, const Layout& l, std::int64_t stage, std::int64_t first) {
    StageLayers out;
    out.first = first;
    out.count = layersOnStage(m.layers, l.pp, stage, l.split);
    if (m.moe && !l.split.layoutChunks.empty()) {
        // A rank's chunks are apart in layer order (chunk k holds the layers after chunks 0 … k-1):
        // its MoE layers are those of each chunk past the dense ones.
        std::int64_t offset = 0;
        const auto& chunks = l.split.layoutChunks;
        for (std::size_t k = 0; k < chunks.size(); ++k) {
            if (static_cast<std::int64_t>(k) % l.pp == stage)
                out.moe +=
                    std::max<std::int64_t>(0, offset + chunks[k] - std::max(offset, m.moe->denseLayers));
            offset += chunks[k];
        }
    } else if (m.moe) {
        const std::int64_t start = std::max(out.first, m.moe->denseLayers);
        out.moe = std::max<std::int64_t>(0, out.first + out.count - start);
    }
    return out;
}

std::int64_t layersOnStage(std::int64_t layers, std::int64_t pp, std::int64_t stage,
                           const PipelineSplit& split) {
    if (!split.layoutChunks.empty()) {
        // Layout string: the rank's chunks, virtual stages stage, stage + pp, … (Megatron-Core
        // PipelineParallelLayerLayout: layout[vpp_rank * pp + pp_rank]).
        std::int64_t n = 0;
        for (std::size_t k = static_cast<std::size_t>(stage); k < split.layoutChunks.size();
             k += static_cast<std::size_t>(pp))
            n += split.layoutChunks[k];
        return n;
    }
    if (pp == 1)
        return layers;
    const bool first = stage == 0, last = stage == pp - 1;
    if (first && split.firstStageLayers > 0)
        return split.firstStageLayers;
    if (last && split.lastStageLayers > 0)
        return split.lastStageLayers;
    const EvenSplit even = evenSplit(layers, pp, split);
    const std::int64_t index = stage - even.fixedFirst;
    const std::int64_t share = even.slots / even.stages + (index < even.slots % even.stages ? 1 : 0);
    return share - (first && split.embeddingAsLayer ? 1 : 0) - (last && split.lossAsLayer ? 1 : 0);
}

namespace {

// The layers of the stages before `stage`: the sum of layersOnStage() over them. The memory model
// asks for every stage's first layer, so a loop over the stages before it would
// make each plan quadratic in PP (a tenth of the layout search's time at PP 16 and more).
std::int64_t layersBefore(std::int64_t layers, std::int64_t pp, std::int64_t stage,
                          const PipelineSplit& split) {
    if (!split.layoutChunks.empty() || pp == 1 || stage <= 1 || stage >= pp) {
        std::int64_t first = 0;
        for (std::int64_t s = 0; s < stage; ++s)
            first += layersOnStage(layers, pp, s, split);
        return first;
    }
    // Stages 1 .. stage - 1 are neither the first nor the last (stage <= pp - 1): each holds its
    // even share, no embedding or loss taken off.
    const EvenSplit even = evenSplit(layers, pp, split);
    const std::int64_t from = 1 - even.fixedFirst, to = stage - even.fixedFirst;  // their indices, [from, to)
    const std::int64_t shares = (to - from) * (even.slots / even.stages);
    const std::int64_t extra = std::max<std::int64_t>(0, std::min(to, even.slots % even.stages) - from);
    return layersOnStage(layers, pp, 0, split) + shares + extra;
}

}  // namespace

Result<Layout> resolveLayout(const LayoutSpec& spec, const ModelSpec& model, const TrainingSpec& training,
                             std::int64_t gpus) {
    const LayoutLimits& limits = layoutLimits();
    for (const auto& e :
         {checkRange(limits.tp, spec.tp), checkRange(limits.pp, spec.pp), checkRange(limits.dp, spec.dp),
          checkRange(limits.cp, spec.cp), checkRange(limits.ep, spec.ep), checkRange(limits.vpp, spec.vpp),
          checkRange(limits.microBatch, spec.microBatch), checkRange(limits.zeroStage, spec.zeroStage),
          checkRange(limits.expertTp, spec.expertTp)})
        if (e)
            return *e;

    Layout l;
    l.tp = spec.tp;
    l.pp = spec.pp;
    l.cp = spec.cp;
    l.ep = spec.ep;
    // Stored as written, the default (tp) as 0: a layout that names expert_tp = tp is the default one.
    l.expertTp = spec.expertTp == spec.tp ? 0 : spec.expertTp;
    l.moe = spec.moe;
    l.vpp = spec.vpp;
    l.microBatch = spec.microBatch;
    l.zeroStage = spec.zeroStage;
    l.recompute = spec.recompute;
    l.sequenceParallel = spec.sequenceParallel && spec.tp > 1;
    l.split = spec.split;
    l.split.layoutChunks.clear();
    if (!spec.split.layout.empty()) {
        auto stages = parsePipelineLayout(spec.split.layout);
        if (!stages.ok())
            return stages.error();
        for (const LayoutStage& st : *stages)
            l.split.layoutChunks.push_back(st.layers);
    }
    l.offload = spec.offload.value_or(Offload::None);
    // DeepSpeed config docs ("ZeRO optimizations"): offload_optimizer is valid for ZeRO stages
    // 1-3, offload_param only with stage 3.
    if (l.offload == Offload::Optimizer && l.zeroStage < 1)
        return inputError("layout.offload", msg::kErrorLayoutOffloadOptimizer);
    if (l.offload == Offload::OptimizerAndParams && l.zeroStage < 3)
        return inputError("layout.offload", msg::kErrorLayoutOffloadParams);

    const std::int64_t modelParallel = l.tp * l.pp * l.cp;
    if (spec.dp == 0) {
        if (gpus % modelParallel != 0)
            return inputError("layout.tp", msg::kErrorLayoutModelParallelGpus, {s(modelParallel), s(gpus)});
        l.dp = gpus / modelParallel;
    } else {
        l.dp = spec.dp;
        if (l.dp * modelParallel != gpus)
            return inputError("layout.dp", msg::kErrorLayoutDpGpus, {s(l.dp * modelParallel), s(gpus)});
    }
    const std::int64_t perStep = l.dp * l.microBatch;
    if (training.globalBatch % perStep != 0) {
        // The nearest batches that work with this layout: the multiples either side.
        const std::int64_t below = training.globalBatch / perStep * perStep;
        if (below == 0)
            return inputError(
                "training.global_batch", msg::kErrorLayoutGlobalBatchOne,
                {s(training.globalBatch), s(l.dp), s(l.microBatch), s(perStep), s(below + perStep)});
        return inputError(
            "training.global_batch", msg::kErrorLayoutGlobalBatchTwo,
            {s(training.globalBatch), s(l.dp), s(l.microBatch), s(perStep), s(below + perStep), s(below)});
    }
    l.microBatches = training.globalBatch / perStep;
    // Megatron-Core's recipes run interleaved layouts whose transformer layers do not split into
    // pp·vpp equal chunks by counting the embedding and the loss as one layer each
    // (--account-for-embedding-in-pipeline-split, --account-for-loss-in-pipeline-split; Megatron-
    // Bridge's llama31_405b recipe: 126 layers on PP 16, VPP 8). Without a split of the user's own,
    // that is the split taken when the even one cannot interleave; the plan says so.
    if (l.vpp > 1 && spec.split == PipelineSplit{} && checkPipelineSplit(l, model, false)) {
        Layout recipe = l;
        recipe.split.embeddingAsLayer = true;
        recipe.split.lossAsLayer = true;
        if (!checkPipelineSplit(recipe, model, false))
            l.split = recipe.split;
    }
    // DeepSeek-V3's 61 layers split by its recipe when nothing else splits them (the plan's layout
    // then shows the string).
    if (spec.split == PipelineSplit{} && checkPipelineSplit(l, model, false)) {
        if (const std::string recipe = recipeLayoutString(model, l.pp * l.vpp); !recipe.empty()) {
            auto stages = parsePipelineLayout(recipe);
            if (stages.ok()) {
                Layout placed = l;
                placed.split.layout = recipe;
                for (const LayoutStage& st : *stages)
                    placed.split.layoutChunks.push_back(st.layers);
                if (!checkModelSplit(placed, model, training))
                    l.split = placed.split;
            }
        }
    }
    if (auto e = checkModelSplit(l, model, training))
        return *e;
    return l;
}

std::string recipeLayoutString(const ModelSpec& model, std::int64_t virtualStages) {
    // Megatron-Bridge's DeepSeek-V3 recipe (megatron/bridge/recipes/deepseek/deepseek_v3.py,
    // set_deepseek_v3_pipeline_model_parallel_layout; its Kimi-K2 recipe has the same map): for pp·vpp
    // = 4, 8 or 16 virtual stages, 64/(pp·vpp) decoder layers in each, the embedding with the first,
    // 3 fewer on the last followed by the MTP block and the loss (PP 16: "E" + 4 layers, 14 × 4, then
    // 1 + MTP + loss). For 32 the Megatron-MoE-ModelZoo's DeepSeek-V3 H100 script passes
    // --pipeline-model-parallel-layout "Et|(tt|)*30mL".
    if (model.layers != 61 || !model.moe || !model.mla)
        return {};
    if (virtualStages == 32)
        return "Et|(tt|)*30mL";
    if (virtualStages != 4 && virtualStages != 8 && virtualStages != 16)
        return {};
    const std::int64_t per = 64 / virtualStages;
    const std::string layers(static_cast<std::size_t>(per), 't');
    return "E" + layers + "|(" + layers + "|)*" + std::to_string(virtualStages - 2) +
           std::string(static_cast<std::size_t>(per - 3), 't') + "mL";
}

LayoutSpec fixedSpec(const Layout& l) {
    LayoutSpec spec;
    spec.tp = l.tp;
    spec.pp = l.pp;
    spec.dp = l.dp;
    spec.cp = l.cp;
    spec.ep = l.ep;
    spec.expertTp = l.expertTp;
    spec.moe = l.moe;
    spec.vpp = l.vpp;
    spec.microBatch = l.microBatch;
    spec.zeroStage = l.zeroStage;
    spec.recompute = l.recompute;
    spec.sequenceParallel = l.sequenceParallel;
    spec.offload = l.offload;
    spec.open = 0;
    spec.split = l.split;
    return spec;
}

}  // namespace clusterplan
