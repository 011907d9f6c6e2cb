#include "core/catalog/catalog_json.h"

#include "core/scenario/limited_read.h"
#include "core/util/json_write.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan::json {

namespace {

constexpr double kMaxTflops = 1e6;

std::string enumChoice(ObjectReader& r, std::string_view key, std::initializer_list<std::string_view> allowed,
                       bool required, std::string fallback) {
    if (!required && !r.has(key)) {
        r.ignore({key});
        return fallback;
    }
    return r.choice(key, allowed);
}

}  // namespace

GpuSpec readGpu(ObjectReader& r) {
    GpuSpec g;
    g.id = r.string("id");
    g.name = r.string("name");
    r.optString("name_zh", g.nameZh);
    g.vendor = r.string("vendor");
    r.optString("architecture", g.architecture);  // optional: unknown → the generic perf profile
    g.hbmGib = r.number("hbm_gib", 1, 1e5);
    g.visibleGib = r.number("visible_gib", 1, g.hbmGib);
    g.hbmBandwidthGBs = r.number("hbm_bandwidth_gb_s", 1, 1e6);
    if (auto t = r.optObject("tflops")) {
        g.tflopsFp32 = t->nullableNumber("fp32", 0.001, kMaxTflops);
        g.tflopsTf32 = t->nullableNumber("tf32", 0.001, kMaxTflops);
        g.tflopsBf16 = t->nullableNumber("bf16", 0.001, kMaxTflops);
        g.tflopsFp16 = t->nullableNumber("fp16", 0.001, kMaxTflops);
        g.tflopsFp8 = t->nullableNumber("fp8", 0.001, kMaxTflops);
        // FP4 is optional: only Blackwell and later have it (and no training precision uses it yet).
        if (t->has("fp4"))
            g.tflopsFp4 = t->nullableNumber("fp4", 0.001, kMaxTflops);
        t->finish();
    } else {
        fail(r.pathOf("tflops"), msg::kErrorJsonRequired);
    }
    g.nvlinkGBs = r.nullableNumber("nvlink_gb_s", 0.001, 1e6);
    g.pcieGen = static_cast<int>(r.integer("pcie_gen", 1, 7));
    if (auto h = r.optObject("host")) {
        HostServer host;
        host.memoryGib = h->number("memory_gib", 1, 1e6);
        host.memoryBandwidthGBs = h->number("memory_bandwidth_gb_s", 1, 1e5);
        host.source = h->string("source");
        h->optNumber("link_gb_s", host.linkGBs, 1, 1e5);
        h->finish();
        g.host = std::move(host);
    }
    g.tdpW = r.number("tdp_w", 1, 1e5);
    g.intraNodeFabric = r.string("intra_node_fabric");
    g.defaultGpusPerNode = static_cast<int>(r.integer("default_gpus_per_node", 1, 1024));
    if (r.has("comm_overlap_slowdown"))
        g.commOverlapSlowdown = r.number("comm_overlap_slowdown", 0, 1);
    r.optString("profile_from", g.profileFrom);
    g.source = r.string("source");
    g.asOf = r.string("as_of");
    r.optString("notes", g.notes);
    return g;
}

Fabric readFabric(ObjectReader& r) {
    Fabric f;
    f.id = r.string("id");
    f.name = r.string("name");
    r.optString("name_zh", f.nameZh);
    f.scope = r.choice("scope", {"intra", "inter"}) == "intra" ? FabricScope::Intra : FabricScope::Inter;
    f.bandwidthGBs = r.number("bandwidth_gb_s", 0.001, 1e6);
    f.latencyUs = r.number("latency_us", 0, 1e6);
    f.efficiency = r.number("efficiency", 0.01, 1);
    r.optBoolean("scaling_comparison", f.scalingComparison);
    // A rack-scale NVLink domain: at most 1,152 GPUs (NVIDIA's largest NVLink Switch system, the
    // GB200 NVL576 announced at GTC 2024, counts 576; twice that as headroom).
    r.optInteger("domain_gpus", f.domainGpus, 2, 1152);
    f.domainGpusUsed = f.domainGpus;
    r.optInteger("domain_gpus_used", f.domainGpusUsed, 1, f.domainGpus > 0 ? f.domainGpus : 1);
    f.source = r.string("source");
    f.asOf = r.string("as_of");
    r.optString("notes", f.notes);
    return f;
}

namespace {

// `limitKey` names the row of the input limits table: the scenario's and the catalog's models
// share its ranges.
void readInt(ObjectReader& r, std::string_view key, std::int64_t& target, std::string_view limitKey,
             bool required) {
    if (required)
        target = limitedInteger(r, key, inputLimit(limitKey));
    else
        optLimited(r, key, target, limitKey);
}

void readBool(ObjectReader& r, std::string_view key, bool& target, bool required) {
    if (required)
        target = r.boolean(key);
    else
        r.optBoolean(key, target);
}

void readMoe(ObjectReader& r, ModelSpec& spec) {
    if (!r.has("moe")) {
        r.ignore({"moe"});
        return;
    }
    if (auto o = r.optObject("moe")) {
        MoeSpec m = spec.moe.value_or(MoeSpec{});
        const bool fresh = !spec.moe.has_value();
        readInt(*o, "experts", m.experts, "model.moe.experts", fresh);
        readInt(*o, "top_k", m.topK, "model.moe.top_k", fresh);
        readInt(*o, "expert_ffn_hidden", m.expertFfnHidden, "model.moe.expert_ffn_hidden", fresh);
        optLimited(*o, "shared_experts", m.sharedExperts, "model.moe.shared_experts");
        optLimited(*o, "shared_expert_ffn_hidden", m.sharedExpertFfnHidden,
                   "model.moe.shared_expert_ffn_hidden");
        if (m.sharedExperts > 0 && m.sharedExpertFfnHidden == 0)
            m.sharedExpertFfnHidden = m.expertFfnHidden;
        optLimited(*o, "dense_layers", m.denseLayers, "model.moe.dense_layers");
        o->optBoolean("router_bias", m.routerBias);
        optLimited(*o, "router_groups", m.routerGroups, "model.moe.router_groups");
        optLimited(*o, "router_group_topk", m.routerGroupTopK, "model.moe.router_group_topk");
        o->finish();
        spec.moe = m;
    }
}

void readMla(ObjectReader& r, ModelSpec& spec) {
    if (!r.has("mla")) {
        r.ignore({"mla"});
        return;
    }
    if (auto o = r.optObject("mla")) {
        MlaSpec m = spec.mla.value_or(MlaSpec{});
        const bool fresh = !spec.mla.has_value();
        readInt(*o, "q_lora_rank", m.qLoraRank, "model.mla.q_lora_rank", fresh);
        readInt(*o, "kv_lora_rank", m.kvLoraRank, "model.mla.kv_lora_rank", fresh);
        readInt(*o, "qk_nope_head_dim", m.qkNopeHeadDim, "model.mla.qk_nope_head_dim", fresh);
        readInt(*o, "qk_rope_head_dim", m.qkRopeHeadDim, "model.mla.qk_rope_head_dim", fresh);
        readInt(*o, "v_head_dim", m.vHeadDim, "model.mla.v_head_dim", fresh);
        o->finish();
        spec.mla = m;
    }
}

}  // namespace

void readModelFields(ObjectReader& r, ModelSpec& spec, bool requireAll) {
    if (requireAll) {
        spec.id = r.string("id");
        spec.name = r.string("name");
        spec.source = r.string("source");
        r.ignore({"as_of"});
        spec.publishedParams = r.number("published_params", 1, 1e15);
        r.optNumber("published_active_params", spec.publishedActiveParams, 1, 1e15);
    } else {
        r.optString("name", spec.name);
    }
    readInt(r, "layers", spec.layers, "model.layers", requireAll);
    readInt(r, "hidden", spec.hidden, "model.hidden", requireAll);
    readInt(r, "heads", spec.heads, "model.heads", requireAll);
    // kv_heads and head_dim may be left out: applyAttentionDefaults() derives them.
    readInt(r, "kv_heads", spec.kvHeads, "model.kv_heads", false);
    readInt(r, "head_dim", spec.headDim, "model.head_dim", false);
    readInt(r, "ffn_hidden", spec.ffnHidden, "model.ffn_hidden", requireAll);
    readInt(r, "vocab", spec.vocab, "model.vocab", requireAll);
    const std::string mlp =
        enumChoice(r, "mlp", {"gelu", "swiglu"}, requireAll, spec.mlp == MlpKind::Gelu ? "gelu" : "swiglu");
    spec.mlp = mlp == "gelu" ? MlpKind::Gelu : MlpKind::SwiGlu;
    const std::string norm = enumChoice(r, "norm", {"rmsnorm", "layernorm"}, requireAll,
                                        spec.norm == NormKind::LayerNorm ? "layernorm" : "rmsnorm");
    spec.norm = norm == "layernorm" ? NormKind::LayerNorm : NormKind::RmsNorm;
    readBool(r, "tied_embeddings", spec.tiedEmbeddings, requireAll);
    const char* biasNow = spec.bias == BiasKind::All ? "all" : spec.bias == BiasKind::Qkv ? "qkv" : "none";
    const std::string bias = enumChoice(r, "bias", {"none", "qkv", "all"}, requireAll, biasNow);
    spec.bias = bias == "all" ? BiasKind::All : bias == "qkv" ? BiasKind::Qkv : BiasKind::None;
    readBool(r, "qk_norm", spec.qkNorm, requireAll);
    readInt(r, "learned_positions", spec.learnedPositions, "model.learned_positions", requireAll);
    readInt(r, "max_seq_len", spec.maxSeqLen, "model.max_seq_len", requireAll);
    readBool(r, "dropout", spec.dropout, requireAll);
    readMoe(r, spec);
    readMla(r, spec);
}

void writeModelFields(Writer& w, const ModelSpec& m) {
    w.value("name", m.name);
    w.value("layers", m.layers).value("hidden", m.hidden).value("heads", m.heads);
    w.value("kv_heads", m.kvHeads).value("head_dim", m.headDim).value("ffn_hidden", m.ffnHidden);
    w.value("vocab", m.vocab);
    w.value("mlp", m.mlp == MlpKind::Gelu ? "gelu" : "swiglu");
    w.value("norm", m.norm == NormKind::LayerNorm ? "layernorm" : "rmsnorm");
    w.value("tied_embeddings", m.tiedEmbeddings);
    w.value("bias", m.bias == BiasKind::All ? "all" : m.bias == BiasKind::Qkv ? "qkv" : "none");
    w.value("qk_norm", m.qkNorm).value("learned_positions", m.learnedPositions);
    w.value("max_seq_len", m.maxSeqLen).value("dropout", m.dropout);
    if (m.moe) {
        w.beginObject("moe");
        w.value("experts", m.moe->experts).value("top_k", m.moe->topK);
        w.value("expert_ffn_hidden", m.moe->expertFfnHidden).value("shared_experts", m.moe->sharedExperts);
        w.value("shared_expert_ffn_hidden", m.moe->sharedExpertFfnHidden);
        w.value("dense_layers", m.moe->denseLayers).value("router_bias", m.moe->routerBias);
        if (m.moe->routerGroups > 0)  // written only when set: other models' files stay as they were
            w.value("router_groups", m.moe->routerGroups).value("router_group_topk", m.moe->routerGroupTopK);
        w.endObject();
    }
    if (m.mla) {
        w.beginObject("mla");
        w.value("q_lora_rank", m.mla->qLoraRank).value("kv_lora_rank", m.mla->kvLoraRank);
        w.value("qk_nope_head_dim", m.mla->qkNopeHeadDim).value("qk_rope_head_dim", m.mla->qkRopeHeadDim);
        w.value("v_head_dim", m.mla->vHeadDim);
        w.endObject();
    }
}

}  // namespace clusterplan::json
