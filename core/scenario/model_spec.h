#pragma once
// ModelSpec: a decoder-only transformer as published in its config (Llama, Qwen, GPT, Mixtral,
// DeepSeek). Symbols: L layers, h hidden, a heads, g KV heads,
// d_h head dim, f FFN size, V vocabulary.
#include <cstdint>
#include <optional>
#include <string>

#include "core/util/result.h"

namespace clusterplan {

enum class MlpKind { Gelu, SwiGlu };
enum class NormKind { RmsNorm, LayerNorm };
// Which linear layers carry biases: none (Llama), q/k/v only (Qwen2), every linear (GPT-2/3).
enum class BiasKind { None, Qkv, All };

struct MoeSpec {
    std::int64_t experts = 0;                // routed experts E
    std::int64_t topK = 0;                   // experts per token k
    std::int64_t expertFfnHidden = 0;        // f_e
    std::int64_t sharedExperts = 0;          // E_s
    std::int64_t sharedExpertFfnHidden = 0;  // f_s
    std::int64_t denseLayers = 0;            // leading layers that keep a dense MLP
    bool routerBias = false;                 // DeepSeek-V3 e_score_correction_bias
    // Node-limited (group-limited) routing: the experts form `routerGroups` equal groups and a
    // token's k experts come from its best `routerGroupTopK` groups (DeepSeek-V3 n_group 8,
    // topk_group 4; Megatron-Core --moe-router-num-groups, --moe-router-group-topk). 0: unlimited.
    std::int64_t routerGroups = 0;
    std::int64_t routerGroupTopK = 0;
    bool operator==(const MoeSpec&) const = default;
};

// Multi-head latent attention (DeepSeek-V2/V3, arXiv:2405.04434 §2.1).
struct MlaSpec {
    std::int64_t qLoraRank = 0;   // r_q; 0 = queries projected directly from h
    std::int64_t kvLoraRank = 0;  // r_kv
    std::int64_t qkNopeHeadDim = 0;
    std::int64_t qkRopeHeadDim = 0;
    std::int64_t vHeadDim = 0;
    bool operator==(const MlaSpec&) const = default;
};

struct ModelSpec {
    std::string id;  // preset id or "custom"
    std::string name;
    std::int64_t layers = 0;
    std::int64_t hidden = 0;
    std::int64_t heads = 0;
    std::int64_t kvHeads = 0;
    std::int64_t headDim = 0;
    std::int64_t ffnHidden = 0;
    std::int64_t vocab = 0;
    MlpKind mlp = MlpKind::SwiGlu;
    NormKind norm = NormKind::RmsNorm;
    bool tiedEmbeddings = false;
    BiasKind bias = BiasKind::None;
    bool qkNorm = false;                // per-head RMSNorm on q and k (Qwen3)
    std::int64_t learnedPositions = 0;  // learned absolute position rows (GPT-3: 2048)
    std::int64_t maxSeqLen = 0;
    bool dropout = false;  // stores dropout masks (GPT-3 / Megatron GPT)
    std::optional<MoeSpec> moe;
    std::optional<MlaSpec> mla;
    // Provenance of a preset: where the numbers come from and the totals its authors state.
    std::string source;
    double publishedParams = 0;
    double publishedActiveParams = 0;
    bool operator==(const ModelSpec&) const = default;

    [[nodiscard]] bool isMoeLayer(std::int64_t layer) const {
        return moe.has_value() && layer >= moe->denseLayers;
    }
    [[nodiscard]] std::int64_t moeLayers() const { return moe ? layers - moe->denseLayers : 0; }
    [[nodiscard]] std::int64_t denseLayers() const { return layers - moeLayers(); }
};

// Defaults for a model given by its fields, as Hugging Face's LlamaConfig and Megatron-LM's
// --num-query-groups / --kv-channels have them: kv_heads = heads (plain multi-head attention) and
// head_dim = hidden / heads. Leaves head_dim at 0 when hidden is not a multiple of heads, for
// validate() to explain.
void applyAttentionDefaults(ModelSpec& spec);

// Structural check of a spec; returns the first violated field as "model.<key>" with the reason.
std::optional<Error> validate(const ModelSpec& spec);

}  // namespace clusterplan
