#include "core/scenario/model_spec.h"

#include "core/scenario/input_limits.h"
#include "core/util/messages_input_errors.h"
#include "core/util/result.h"

namespace clusterplan {

namespace {

std::optional<Error> atLeast(const char* key, std::int64_t value, std::int64_t min, std::int64_t max) {
    if (value < min || value > max)
        return inputError(std::string("model.") + key, msg::kErrorRange,
                          {std::to_string(value), std::to_string(min), std::to_string(max)});
    return std::nullopt;
}

// A field whose range is in the input limits table.
std::optional<Error> limited(const char* key, std::int64_t value) {
    return checkLimit(std::string("model.") + key, static_cast<double>(value));
}

}  // namespace

void applyAttentionDefaults(ModelSpec& m) {
    if (m.kvHeads == 0)
        m.kvHeads = m.heads;
    if (m.headDim == 0 && m.heads > 0 && m.hidden % m.heads == 0)
        m.headDim = m.hidden / m.heads;
}

std::optional<Error> validate(const ModelSpec& m) {
    if (m.headDim == 0 && m.heads > 0 && m.hidden > 0 && m.hidden % m.heads != 0)
        return inputError("model.head_dim", msg::kErrorModelHeadDim,
                          {std::to_string(m.hidden), std::to_string(m.heads)});
    for (const auto& check :
         {limited("layers", m.layers), limited("hidden", m.hidden), limited("heads", m.heads),
          limited("kv_heads", m.kvHeads), limited("head_dim", m.headDim), limited("vocab", m.vocab),
          limited("learned_positions", m.learnedPositions)}) {
        if (check)
            return check;
    }
    if (m.heads % m.kvHeads != 0)
        return inputError("model.kv_heads", msg::kErrorModelKvHeads,
                          {std::to_string(m.kvHeads), std::to_string(m.heads)});
    if (!m.moe || m.moe->denseLayers > 0) {
        // The table allows 0 for a model of MoE layers only; a dense layer needs an MLP.
        if (auto e = atLeast("ffn_hidden", m.ffnHidden, 1, inputLimit("model.ffn_hidden").maxInt()))
            return e;
    }
    if (m.moe) {
        const auto& e = *m.moe;
        if (auto err = limited("moe.experts", e.experts))
            return err;
        if (auto err = atLeast("moe.top_k", e.topK, 1, e.experts))
            return err;
        if (auto err = limited("moe.expert_ffn_hidden", e.expertFfnHidden))
            return err;
        if (auto err = limited("moe.shared_experts", e.sharedExperts))
            return err;
        if (e.sharedExperts > 0)
            if (auto err = atLeast("moe.shared_expert_ffn_hidden", e.sharedExpertFfnHidden, 1,
                                   inputLimit("model.moe.shared_expert_ffn_hidden").maxInt()))
                return err;
        if (auto err = atLeast("moe.dense_layers", e.denseLayers, 0, m.layers))
            return err;
        if (auto err = limited("moe.router_groups", e.routerGroups))
            return err;
        if (e.routerGroups > 0 && e.experts % e.routerGroups != 0)
            return inputError("model.moe.router_groups", msg::kErrorLayoutEpExperts,
                              {std::to_string(e.routerGroups), std::to_string(e.experts)});
        if (e.routerGroups > 0)
            if (auto err = atLeast("moe.router_group_topk", e.routerGroupTopK, 1, e.routerGroups))
                return err;
    }
    if (m.mla) {
        const auto& a = *m.mla;
        if (auto err = limited("mla.q_lora_rank", a.qLoraRank))
            return err;
        for (const auto& check :
             {limited("mla.kv_lora_rank", a.kvLoraRank), limited("mla.qk_nope_head_dim", a.qkNopeHeadDim),
              limited("mla.qk_rope_head_dim", a.qkRopeHeadDim), limited("mla.v_head_dim", a.vHeadDim)})
            if (check)
                return check;
    }
    return std::nullopt;
}

}  // namespace clusterplan
