#pragma once
// Activation bytes per transformer layer, computed per stored tensor. For the GPT-3
// block (MHA, GeLU f = 4h, LayerNorm, dropout, no FlashAttention) the sums reduce exactly to
// Korthikanti et al. 2022 Table 2; GQA, SwiGLU, MoE, MLA and FlashAttention change the list.
#include <array>
#include <cstddef>
#include <string_view>

#include "core/parallel/layout.h"
#include "core/scenario/model_spec.h"
#include "core/scenario/scenario.h"

namespace clusterplan {

// One tensor saved for backward, in bytes per token of one layer.
struct StoredTensor {
    std::string_view block;  // the MLP it belongs to ("MLP", "routed-expert", "shared-expert"), else empty
    std::string_view name;
    double bytesPerToken = 0;
    bool tpSharded = false;  // divided by t even without sequence parallelism
    bool quadratic = false;  // scales with s (attention scores): bytesPerToken is per s
};

// A layer's list, held in place: the search computes it for every stage of ~10^4 layouts, and a
// layer keeps at most 19 (MLA attention without FlashAttention, dropout, routed and shared experts).
class StoredTensors {
public:
    static constexpr std::size_t kCapacity = 24;
    void add(const StoredTensor& tensor);  // throws std::logic_error beyond kCapacity
    [[nodiscard]] const StoredTensor* begin() const { return m_items.data(); }
    [[nodiscard]] const StoredTensor* end() const { return m_items.data() + m_count; }
    [[nodiscard]] std::size_t size() const { return m_count; }

private:
    std::array<StoredTensor, kCapacity> m_items{};
    std::size_t m_count = 0;
};

// The tensors one layer keeps for backward without recomputation, under the layout's MoE memory
// measures (scenario/moe_options.h; none by default), before the division by `tp` (TP-sharded
// tensors) — `tp` matters only where it exceeds the KV heads (parallel/query_groups.h).
StoredTensors storedTensors(const ModelSpec& model, bool moeLayer, const TrainingSpec& training,
                            const MoeOptions& measures = {}, std::int64_t tp = 1);

// Bytes one layer holds per micro-batch between its forward and its backward on one GPU, for the
// layout's TP, SP, CP, micro-batch and recompute policy.
double layerActivationBytes(const ModelSpec& model, bool moeLayer, const TrainingSpec& training,
                            const Layout& layout);

// Extra bytes during the backward of one layer under full recompute: the layer's whole working
// set is rebuilt for one micro-batch at a time.
double recomputeWorkingSetBytes(const ModelSpec& model, bool moeLayer, const TrainingSpec& training,
                                const Layout& layout);

}  // namespace clusterplan
