#include "core/io/scenario_json.h"

#include <cstdio>
#include <cstdlib>

#include "core/catalog/catalog_json.h"
#include "core/catalog/catalog_lookup.h"
#include "core/catalog/phase_check.h"
#include "core/catalog/scenario_check.h"
#include "core/cost/cost_json.h"
#include "core/io/claim_json.h"
#include "core/io/fine_tuning_json.h"
#include "core/io/layout_json.h"
#include "core/io/measured_runs_json.h"
#include "core/io/phase_json.h"
#include "core/io/run_inputs_json.h"
#include "core/io/scenario_schema.h"
#include "core/parallel/pipeline_layout_string.h"
#include "core/quote/quote_json.h"
#include "core/scenario/layout_key_names.h"
#include "core/scenario/limited_read.h"
#include "core/util/atomic_file.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/non_finite.h"

namespace clusterplan {

namespace embedded {
std::string_view defaultScenarioJson();
}

namespace {

using json::ObjectReader;

template <typename E>
E readEnum(ObjectReader& r, std::string_view key, E current, std::optional<E> (*parse)(std::string_view),
           std::initializer_list<std::string_view> allowed) {
    if (!r.has(key)) {
        r.ignore({key});
        return current;
    }
    return *parse(r.choice(key, allowed));
}

void readModel(ObjectReader& r, Scenario& s, const Catalog& catalog) {
    r.optString("preset", s.modelPreset);
    if (!s.modelPreset.empty()) {
        auto preset = modelPreset(catalog, s.modelPreset, "model.preset");
        if (!preset)
            json::fail(preset.error());
        s.model = std::move(preset).value();
    } else {
        s.model = ModelSpec{};
        s.model.id = "custom";
        s.model.name = "Custom model";
    }
    json::readModelFields(r, s.model, false);
    applyAttentionDefaults(s.model);
    r.finish();
}

void readTraining(ObjectReader& r, TrainingSpec& t) {
    json::optLimited(r, "seq_len", t.seqLen, "training.seq_len");
    json::optLimited(r, "global_batch", t.globalBatch, "training.global_batch");
    json::optLimited(r, "tokens", t.tokens, "training.tokens");
    t.precision = readEnum(r, "precision", t.precision, parsePrecision, {"fp32", "bf16", "fp16", "fp8"});
    t.optimizer = readEnum(r, "optimizer", t.optimizer, parseOptimizer, {"adamw", "adam8bit", "sgd"});
    t.gradDtype = readEnum(r, "grad_dtype", t.gradDtype, parseGradDtype, {"param", "fp32"});
    r.optBoolean("flash_attention", t.flashAttention);
    t.framework = readEnum(r, "framework", t.framework, parseFramework,
                           {"megatron", "nemo", "fsdp", "deepspeed", "internevo", "olmo-core", "torchtitan",
                            "maxtext", "colossalai", "mindspeed", "other"});
    r.optBoolean("overlap_grad_reduce", t.overlapGradReduce);
    r.optBoolean("tp_comm_overlap", t.tpCommOverlap);
    r.optBoolean("autocast", t.autocast);
    r.optString("stack_release", t.stackRelease);
    readFineTuning(r, t);
    readRunInputs(r, t);
    r.finish();
}

void readCluster(ObjectReader& r, ClusterSpec& c) {
    r.optString("gpu", c.gpu);
    json::optLimited(r, "gpus_per_node", c.gpusPerNode, "cluster.gpus_per_node");
    json::optLimited(r, "nodes", c.nodes, "cluster.nodes");
    r.optString("intra_node", c.intraNode);
    r.optString("inter_node", c.interNode);
    json::optLimited(r, "nics_per_node", c.nicsPerNode, "cluster.nics_per_node");
    json::optLimited(r, "cpu_memory_gib", c.cpuMemoryGib, "cluster.cpu_memory_gib");
    readHostIo(r, c.io);
    r.finish();
}

}  // namespace

void readLayout(ObjectReader& r, LayoutSpec& l) {
    // A key left out is searched (every name from the one table, layout_key_names.h); the search
    // chooses how EP moves tokens only when it chooses EP itself.
    l.open = 0;
    const bool epGiven = r.has(layoutKeyName(kEp));
    for (const auto& [key, name] : kLayoutKeyNames)
        if (!r.has(name) && !((key & kLayoutKeysOpenWithEp) != 0 && epGiven))
            l.open |= key;
    json::optLimited(r, "tp", l.tp, "layout.tp");
    json::optLimited(r, "pp", l.pp, "layout.pp");
    json::optLimited(r, "dp", l.dp, "layout.dp");
    json::optLimited(r, "cp", l.cp, "layout.cp");
    json::optLimited(r, "ep", l.ep, "layout.ep");
    json::optLimited(r, "expert_tp", l.expertTp, "layout.expert_tp");
    l.moe.dispatcher = readEnum(r, "dispatcher", l.moe.dispatcher, parseMoeDispatcher,
                                {"all_to_all", "allgather", "deepep", "hybridep"});
    l.moe.epOverlap =
        readEnum(r, "ep_overlap", l.moe.epOverlap, parseEpOverlap, {"none", "1f1b", "dualpipe"});
    r.optBoolean("recompute_norm_up_proj", l.moe.recomputeNormUpProj);
    r.optBoolean("fp8_activations", l.moe.fp8Activations);
    l.moe.routing =
        readEnum(r, "routing", l.moe.routing, parseMoeRouting, {"dropless", "forced_balance", "token_drop"});
    json::optLimited(r, "router_aux_loss", l.moe.routerAuxLoss, "layout.router_aux_loss");
    json::optLimited(r, "vpp", l.vpp, "layout.vpp");
    json::optLimited(r, "micro_batch", l.microBatch, "layout.micro_batch");
    json::optLimited(r, "zero_stage", l.zeroStage, "layout.zero_stage");
    l.recompute = readEnum(r, "recompute", l.recompute, parseRecompute, {"none", "selective", "full"});
    r.optBoolean("sequence_parallel", l.sequenceParallel);
    json::optLimited(r, "first_stage_layers", l.split.firstStageLayers, "layout.first_stage_layers");
    json::optLimited(r, "last_stage_layers", l.split.lastStageLayers, "layout.last_stage_layers");
    r.optBoolean("embedding_as_layer", l.split.embeddingAsLayer);
    r.optBoolean("loss_as_layer", l.split.lossAsLayer);
    // The grammar is checked on reading, so that a typing slip names its character at once; the
    // placement (pp × vpp stages, the model's layers) is checked where the degrees are known.
    r.optString("pipeline_layout", l.split.layout);
    if (!l.split.layout.empty())
        if (auto stages = parsePipelineLayout(l.split.layout); !stages.ok())
            json::fail(relocated(r.pathOf("pipeline_layout"), stages.error()));
    if (r.has("offload"))
        l.offload = parseOffload(r.choice("offload", {"none", "optimizer", "optimizer_and_params"}));
    else
        r.ignore({"offload"});
    r.finish();
}

// Writes the keys the user fixed; open keys stay out so that they are searched again on reading.
void writeLayout(json::Writer& w, const LayoutSpec& l) {
    w.beginObject("layout");
    const auto put = [&](LayoutKey k, auto value) {
        if (!l.isOpen(k))
            w.value(layoutKeyName(k), value);
    };
    put(kTp, l.tp);
    put(kPp, l.pp);
    put(kDp, l.dp);
    put(kCp, l.cp);
    put(kEp, l.ep);
    if (l.expertTp > 0)
        w.value("expert_tp", l.expertTp);
    writeMoeOptions(w, l.moe);
    put(kVpp, l.vpp);
    put(kMicroBatch, l.microBatch);
    put(kZeroStage, l.zeroStage);
    put(kRecompute, toString(l.recompute));
    put(kSequenceParallel, l.sequenceParallel);
    if (l.split.firstStageLayers > 0)
        w.value("first_stage_layers", l.split.firstStageLayers);
    if (l.split.lastStageLayers > 0)
        w.value("last_stage_layers", l.split.lastStageLayers);
    if (l.split.embeddingAsLayer)
        w.value("embedding_as_layer", true);
    if (l.split.lossAsLayer)
        w.value("loss_as_layer", true);
    if (!l.split.layout.empty())
        w.value("pipeline_layout", l.split.layout);
    if (l.offload)
        w.value("offload", toString(*l.offload));
    w.endObject();
}

namespace {

void readOverheads(ObjectReader& r, MemoryOverheads& o) {
    json::optLimited(r, "cuda_context_gib", o.cudaContextGib, "overheads.cuda_context_gib");
    json::optLimited(r, "comm_buffer_mib_per_group", o.commBufferMibPerGroup,
                     "overheads.comm_buffer_mib_per_group");
    json::optLimited(r, "workspace_mib", o.workspaceMib, "overheads.workspace_mib");
    json::optLimited(r, "fragmentation_pct", o.fragmentationPct, "overheads.fragmentation_pct");
    json::optLimited(r, "logits_bytes", o.logitsBytes, "overheads.logits_bytes");
    r.finish();
}

Scenario readScenario(const boost::json::value& root, const Catalog& catalog) {
    ObjectReader top(root, "");
    const std::string schema = top.string("schema");
    if (schema != kScenarioSchema)
        json::fail("schema", msg::kErrorSchemaExpected, {schema, std::string(kScenarioSchema)});
    Scenario s;
    top.ignore({"name"});
    readDescription(top, root, s.description);
    if (auto r = top.optObject("model"))
        readModel(*r, s, catalog);
    else
        json::fail("model", msg::kErrorScenarioModelRequired);
    if (auto r = top.optObject("training"))
        readTraining(*r, s.training);
    if (auto r = top.optObject("cluster"))
        readCluster(*r, s.cluster);
    if (auto r = top.optObject("layout"))
        readLayout(*r, s.layout);
    else
        s.layout.open = kAllLayoutKeys;  // no layout at all: search every key
    if (auto r = top.optObject("overheads"))
        readOverheads(*r, s.overheads);
    if (auto r = top.optObject("cost")) {
        cost::readCostInputs(*r, s.cost);
        r->finish();
    }
    if (auto r = top.optObject("quote"))
        quote::readQuote(*r, s.quote.emplace());
    if (const auto* list = top.optArray("measured"))
        readMeasuredRuns(*list, s.measured);
    readPhases(top, s, catalog);
    if (auto r = top.optObject("claim"))
        readClaim(*r, s.claim.emplace());
    top.finish();
    return s;
}

}  // namespace

Result<Scenario> parseScenario(std::string_view text, const Catalog& catalog, const std::string& fileLabel,
                               std::vector<std::string>* migrationNotes) {
    auto parsed = json::parseText(text, fileLabel);
    if (!parsed)
        return parsed.error();
    // The schema first: a newer file is refused before anything is read from it.
    const auto version = scenarioSchemaVersion(parsed.value());
    if (!version)
        return version.error();
    std::vector<std::string> notes;
    migrateScenario(parsed.value(), version.value(), notes);
    if (migrationNotes)
        *migrationNotes = std::move(notes);
    try {
        Scenario s = readScenario(parsed.value(), catalog);
        if (auto e = checkScenario(s, catalog))
            return *e;
        if (auto e = checkPhases(s, catalog))
            return *e;
        return s;
    } catch (const json::InputError& e) {
        return e.error;
    }
}

Result<Scenario> loadScenarioFile(const std::string& path, const Catalog& catalog) {
    auto text = readTextFile(path, kMaxScenarioBytes);
    if (!text)
        return text.error();
    auto s = parseScenario(text.value(), catalog, path);
    if (!s && s.error().where.rfind(path, 0) != 0)
        return relocated(path + ": " + s.error().where, s.error());
    return s;
}

std::string scenarioToJson(const Scenario& s) {
    json::Writer w;
    w.beginObject().value("schema", kScenarioSchema);
    writeDescription(w, s.description);
    w.beginObject("model");
    if (!s.modelPreset.empty())
        w.value("preset", s.modelPreset);
    json::writeModelFields(w, s.model);
    w.endObject();
    const auto& t = s.training;
    w.beginObject("training").value("seq_len", t.seqLen).value("global_batch", t.globalBatch);
    w.value("tokens", t.tokens)
        .value("precision", toString(t.precision))
        .value("optimizer", toString(t.optimizer));
    w.value("grad_dtype", toString(t.gradDtype)).value("flash_attention", t.flashAttention);
    w.value("framework", toString(t.framework));
    // Stack features are written only when the user chose them: left out, they follow the stack.
    if (t.overlapGradReduce)
        w.value("overlap_grad_reduce", *t.overlapGradReduce);
    if (t.tpCommOverlap)
        w.value("tp_comm_overlap", *t.tpCommOverlap);
    if (t.autocast)
        w.value("autocast", true);
    if (!t.stackRelease.empty())
        w.value("stack_release", t.stackRelease);
    writeFineTuning(w, t);
    writeRunInputs(w, t);
    w.endObject();
    writeClusterObject(w, s.cluster);
    writeLayout(w, s.layout);
    const auto& o = s.overheads;
    w.beginObject("overheads").value("cuda_context_gib", o.cudaContextGib);
    w.value("comm_buffer_mib_per_group", o.commBufferMibPerGroup).value("workspace_mib", o.workspaceMib);
    w.value("fragmentation_pct", o.fragmentationPct).value("logits_bytes", o.logitsBytes).endObject();
    w.beginObject("cost");
    cost::writeCostInputs(w, s.cost);
    w.endObject();
    if (s.quote) {
        w.beginObject("quote");
        quote::writeQuote(w, *s.quote);
        w.endObject();
    }
    writeMeasuredRuns(w, s.measured);
    writePhases(w, s.phases);
    if (s.claim)
        writeClaim(w, *s.claim);
    w.endObject();
    return w.str();
}

Result<bool> saveScenarioFile(const Scenario& scenario, const std::string& path) {
    std::string text;
    try {
        text = scenarioToJson(scenario);
    } catch (const NonFiniteValue& e) {
        // Every value was range-checked when it was entered; this is a bug, but the user's file
        // must not be overwritten with a broken one.
        return inputError(path, msg::kErrorFileInternal, {e.what()});
    }
    return writeFileAtomically(path, text);
}

// The cluster and model readers, shared with a phase's "cluster" and "model" (phases/phase_json.cpp).
void readClusterObject(json::ObjectReader& r, ClusterSpec& cluster) {
    readCluster(r, cluster);
}

// The one writer of a "cluster" object, the scenario's and a phase's: both read every key back.
void writeClusterObject(json::Writer& w, const ClusterSpec& c) {
    w.beginObject("cluster")
        .value("gpu", c.gpu)
        .value("gpus_per_node", c.gpusPerNode)
        .value("nodes", c.nodes);
    if (!c.intraNode.empty())
        w.value("intra_node", c.intraNode);
    w.value("inter_node", c.interNode).value("nics_per_node", c.nicsPerNode);
    if (c.cpuMemoryGib > 0)
        w.value("cpu_memory_gib", c.cpuMemoryGib);
    writeHostIo(w, c.io);
    w.endObject();
}

void readModelObject(json::ObjectReader& r, std::string& preset, ModelSpec& model, const Catalog& catalog) {
    Scenario s;
    readModel(r, s, catalog);
    preset = s.modelPreset;
    model = s.model;
}

Scenario defaultScenario(const Catalog& catalog) {
    auto s = parseScenario(embedded::defaultScenarioJson(), catalog, "resources/scenarios/default.json");
    if (!s) {
        // Covered by tests/core/test_scenario.cpp; reaching this is a packaging bug.
        std::fprintf(stderr, "clusterplan: built-in default scenario is broken: %s\n",
                     s.error().toString().c_str());
        std::abort();
    }
    return s.value();
}

}  // namespace clusterplan
