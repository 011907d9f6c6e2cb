#include "core/scenario/model_spec.h"

#include "core/util/result.h"

namespace clusterplan {

namespace {

std::optional<Error> atLeast(const char* key, std::int64_t value, std::int64_t min, std::int64_t max) {
    if (value < min || value > max)
        return inputError(std::string("model.") + key, "error.range",
                          {std::to_string(value), std::to_string(min), std::to_string(max)});
    return std::nullopt;
}

}  // namespace

void applyAttentionDefaults(ModelSpec& m) {
    if (m.kvHeads == 0)
        m.kvHeads = m.heads;
    if (m.headDim == 0 && m.heads > 0 && m.hidden % m.heads == 0)
        m.headDim = m.hidden / m.heads;
}

std::optional<Error> validate(const ModelSpec& m) {
    constexpr std::int64_t kBig = 1'000'000'000;
    if (m.headDim == 0 && m.heads > 0 && m.hidden > 0 && m.hidden % m.heads != 0)
        return inputError("model.head_dim", "error.model.head_dim",
                          {std::to_string(m.hidden), std::to_string(m.heads)});
    for (const auto& check :
         {atLeast("layers", m.layers, 1, 10'000), atLeast("hidden", m.hidden, 1, kBig),
          atLeast("heads", m.heads, 1, 100'000), atLeast("kv_heads", m.kvHeads, 1, 100'000),
          atLeast("head_dim", m.headDim, 1, 100'000), atLeast("vocab", m.vocab, 1, kBig),
          atLeast("learned_positions", m.learnedPositions, 0, kBig)}) {
        if (check)
            return check;
    }
    if (m.heads % m.kvHeads != 0)
        return inputError("model.kv_heads", "error.model.kv_heads",
                          {std::to_string(m.kvHeads), std::to_string(m.heads)});
    if (!m.moe || m.moe->denseLayers > 0) {
        if (auto e = atLeast("ffn_hidden", m.ffnHidden, 1, kBig))
            return e;
    }
    if (m.moe) {
        const auto& e = *m.moe;
        if (auto err = atLeast("moe.experts", e.experts, 1, 100'000))
            return err;
        if (auto err = atLeast("moe.top_k", e.topK, 1, e.experts))
            return err;
        if (auto err = atLeast("moe.expert_ffn_hidden", e.expertFfnHidden, 1, kBig))
            return err;
        if (auto err = atLeast("moe.shared_experts", e.sharedExperts, 0, 1'000))
            return err;
        if (e.sharedExperts > 0)
            if (auto err = atLeast("moe.shared_expert_ffn_hidden", e.sharedExpertFfnHidden, 1, kBig))
                return err;
        if (auto err = atLeast("moe.dense_layers", e.denseLayers, 0, m.layers))
            return err;
    }
    if (m.mla) {
        const auto& a = *m.mla;
        if (auto err = atLeast("mla.q_lora_rank", a.qLoraRank, 0, kBig))
            return err;
        for (const auto& check : {atLeast("mla.kv_lora_rank", a.kvLoraRank, 1, kBig),
                                  atLeast("mla.qk_nope_head_dim", a.qkNopeHeadDim, 1, kBig),
                                  atLeast("mla.qk_rope_head_dim", a.qkRopeHeadDim, 0, kBig),
                                  atLeast("mla.v_head_dim", a.vHeadDim, 1, kBig)})
            if (check)
                return check;
    }
    return std::nullopt;
}

}  // namespace clusterplan
