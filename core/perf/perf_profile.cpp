#include "core/perf/perf_profile.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "core/util/json_read.h"

namespace clusterplan {

namespace embedded {
std::string_view perfProfilesJson();
}

namespace {

PerfProfile readProfile(json::ObjectReader& r) {
    PerfProfile p;
    p.id = r.string("id");
    p.framework = *parseFramework(
        r.choice("framework", {"megatron", "nemo", "fsdp", "deepspeed", "internevo", "olmo-core",
                               "torchtitan", "maxtext", "colossalai", "mindspeed", "other"}));
    p.architecture = r.string("architecture");
    p.precision = *parsePrecision(r.choice("precision", {"fp32", "bf16", "fp16", "fp8"}));
    p.gemmEfficiency = r.number("gemm_efficiency", 0.01, 1);
    p.gemmHalfGflop = r.number("gemm_half_gflop", 0, 1e6);
    p.attentionEfficiency = r.number("attention_efficiency", 0.01, 1);
    p.memoryEfficiency = r.number("memory_efficiency", 0.01, 1);
    p.kernelOverheadUs = r.number("kernel_overhead_us", 0, 1e4);
    p.tpOverlap = r.number("tp_overlap", 0, 1);
    p.dpOverlap = r.number("dp_overlap", 0, 1);
    p.commComputeSlowdown = r.number("comm_compute_slowdown", 0, 1);
    p.bandLow = r.number("band_low", 0.1, 1);
    p.bandHigh = r.number("band_high", 1, 10);
    p.transferBandLow = r.number("transfer_band_low", 0.1, 1);
    p.transferBandHigh = r.number("transfer_band_high", 1, 10);
    p.unseenStackBandLow = p.unseenGenerationBandLow = p.unseenClassBandLow = p.transferBandLow;
    p.unseenStackBandHigh = p.unseenGenerationBandHigh = p.unseenClassBandHigh = p.transferBandHigh;
    r.optNumber("unseen_stack_band_low", p.unseenStackBandLow, 0.05, 1);
    r.optNumber("unseen_stack_band_high", p.unseenStackBandHigh, 1, 20);
    r.optNumber("unseen_generation_band_low", p.unseenGenerationBandLow, 0.05, 1);
    r.optNumber("unseen_generation_band_high", p.unseenGenerationBandHigh, 1, 20);
    r.optNumber("unseen_class_band_low", p.unseenClassBandLow, 0.05, 1);
    r.optNumber("unseen_class_band_high", p.unseenClassBandHigh, 1, 20);
    r.optNumber("max_calibrated_gpus", p.maxCalibratedGpus, 0, 1e7);
    r.optNumber("max_calibrated_seq_len", p.maxCalibratedSeqLen, 0, 1e8);
    r.optNumber("max_calibrated_params_b", p.maxCalibratedParamsB, 0, 1e6);
    r.optNumber("size_widening_per_doubling", p.sizeWideningPerDoubling, 0, 1);
    r.optBoolean("moe_calibrated", p.moeCalibrated);
    p.calibrated = r.boolean("calibrated");
    p.source = r.string("source");
    r.ignore({"fitted_on", "notes"});
    return p;
}

StackDefaults readStackDefaults(json::ObjectReader& r) {
    StackDefaults d;
    d.overlapGradReduce = r.boolean("overlap_grad_reduce");
    d.overlapGradReduceZero3 = d.overlapGradReduce;
    r.optBoolean("overlap_grad_reduce_zero3", d.overlapGradReduceZero3);
    d.tpCommOverlap = r.boolean("tp_comm_overlap");
    r.optBoolean("fp8_weight_cache", d.fp8WeightCache);
    std::string buffers = "none";
    r.optString("sharded_buffers", buffers);
    if (buffers == "flat_parameter")
        d.shardedBuffers = StackDefaults::ShardedBuffers::FlatParameter;
    else if (buffers == "per_parameter")
        d.shardedBuffers = StackDefaults::ShardedBuffers::PerParameter;
    else if (buffers != "none")
        json::fail("sharded_buffers",
                   "is \"none\", \"flat_parameter\" or \"per_parameter\", not \"" + buffers + "\"");
    std::string attention = "native";
    r.optString("attention_kernels", attention);
    if (attention == "ampere")
        d.attentionKernels = StackDefaults::AttentionKernels::Ampere;
    else if (attention != "native")
        json::fail("attention_kernels", "is \"native\" or \"ampere\", not \"" + attention + "\"");
    if (const auto* runs = r.optArray("unfitted_runs_on"))
        for (std::size_t i = 0; i < runs->size(); ++i) {
            if (!(*runs)[i].is_string())
                json::fail(json::indexPath("unfitted_runs_on", i), "is a GPU architecture such as \"volta\"");
            d.unfittedRunsOn.emplace_back((*runs)[i].get_string());
        }
    const auto schedule = [](json::ObjectReader& z, bool ofRelease) {
        Zero3GatherSchedule g;
        if (ofRelease)
            g.release = z.string("release");
        z.optNumber("calls_per_layer", g.callsPerLayer, 1, 1000);
        double hostMicroseconds = 0;
        z.optNumber("host_us_per_call", hostMicroseconds, 0, 100000);
        g.hostSecondsPerCall = hostMicroseconds * 1e-6;
        z.optNumber("overlap", g.overlap, 0, 1);
        z.optBoolean("recompute_regathers", g.recomputeRegathers);
        g.source = z.string("source");
        z.finish();
        return g;
    };
    if (auto z = r.optObject("zero3_gather"))
        d.zero3Gather = schedule(*z, false);
    if (const auto* releases = r.optArray("zero3_gather_by_release"))
        for (std::size_t i = 0; i < releases->size(); ++i) {
            json::ObjectReader z((*releases)[i], json::indexPath("zero3_gather_by_release", i));
            d.zero3GatherReleases.push_back(schedule(z, true));
        }
    if (const auto* releases = r.optArray("attention_kernels_by_release"))
        for (std::size_t i = 0; i < releases->size(); ++i) {
            const std::string path = json::indexPath("attention_kernels_by_release", i);
            json::ObjectReader a((*releases)[i], path);
            StackDefaults::AttentionRelease entry;
            entry.release = a.string("release");
            if (auto eff = a.optObject("attention_efficiency")) {
                for (const auto* arch : {"ampere", "hopper", "blackwell"}) {
                    double value = 0;
                    eff->optNumber(arch, value, 0.01, 1);
                    if (value > 0)
                        entry.efficiencyByArchitecture[arch] = value;
                }
                eff->finish();
            }
            entry.source = a.string("source");
            a.finish();
            d.attentionReleases.push_back(std::move(entry));
        }
    r.optString("attention_kernels_release", d.currentAttentionRelease);
    if (!d.currentAttentionRelease.empty() && !d.attentionRelease(d.currentAttentionRelease))
        json::fail("attention_kernels_release",
                   "names no entry of attention_kernels_by_release: \"" + d.currentAttentionRelease + "\"");
    if (auto z = r.optObject("moe_dispatch_host_sync")) {
        MoeHostSync& h = d.moeDispatchHostSync;
        h.enabled = true;
        z->optNumber("kernels_exposed", h.kernelsExposed, 0, 1000);
        z->optNumber("count_bytes_per_expert", h.countBytesPerExpert, 0, 64);
        h.source = z->string("source");
        z->finish();
    }
    if (auto z = r.optObject("host_launch")) {
        HostLaunch& h = d.hostLaunch;
        h.enabled = true;
        h.moduleUs = z->number("module_us", 0, 10000);
        h.opUs = z->number("op_us", 0, 10000);
        h.graceFactor = z->number("grace_factor", 0.1, 10);
        h.attentionModules = z->number("attention_modules", 0, 1000);
        h.attentionModulesMla = z->number("attention_modules_mla", 0, 1000);
        h.attentionOps = z->number("attention_ops", 0, 10000);
        h.mlpModules = z->number("mlp_modules", 0, 1000);
        h.mlpOps = z->number("mlp_ops", 0, 10000);
        h.moeModules = z->number("moe_modules", 0, 1000);
        h.routerOps = z->number("router_ops", 0, 10000);
        h.routerOpsFused = z->number("router_ops_fused", 0, 10000);
        h.dispatchOps = z->number("dispatch_ops", 0, 10000);
        h.opsPerLocalExpert = z->number("ops_per_local_expert", 0, 1000);
        h.backwardFactor = z->number("backward_factor", 0, 10);
        const std::string graphs = z->choice("cuda_graphs", {"none", "partial", "full"});
        h.cudaGraphs = graphs == "full"      ? CudaGraphs::Full
                       : graphs == "partial" ? CudaGraphs::Partial
                                             : CudaGraphs::None;
        h.source = z->string("source");
        z->finish();
    }
    d.source = r.string("source");
    return d;
}

}  // namespace

Framework nearestStack(Framework f) {
    switch (f) {
    // NeMo is built on Megatron-Core: each stands in for the other before any other stack does.
    case Framework::Nemo:
        return Framework::Megatron;
    case Framework::Megatron:
        return Framework::Nemo;
    // OLMo-core and torchtitan shard with PyTorch FSDP2 (allenai/OLMo-core,
    // olmo_core/distributed/parallel; pytorch/torchtitan, torchtitan/parallelisms: fully_shard).
    // Colossal-AI's ZeRO and Gemini plugins shard PyTorch modules running PyTorch's eager kernels
    // (hpcaitech/ColossalAI, colossalai/booster/plugin), as FSDP does.
    case Framework::OlmoCore:
    case Framework::Torchtitan:
    case Framework::ColossalAi:
        return Framework::Fsdp;
    // MindSpeed is Megatron-LM patched for Ascend NPUs (Ascend/MindSpeed: "MindSpeed-Core is built
    // on Megatron-LM").
    case Framework::MindSpeed:
        return Framework::Megatron;
    // XLA compiles fused kernels for the chip it runs on, as Transformer Engine's are written for
    // it: NeMo's profile is the nearest (and Megatron's after it, through the fallbacks below).
    case Framework::MaxText:
        return Framework::Nemo;
    // A stack the user names none of the others: Megatron-Core's family, the base of NeMo,
    // MindSpeed and Megatron-DeepSpeed, stands in.
    case Framework::Other:
        return Framework::Megatron;
    case Framework::Fsdp:
    case Framework::DeepSpeed:
    case Framework::InternEvo:
        break;
    }
    return f;
}

PerfProfiles PerfProfiles::builtin() {
    PerfProfiles p;
    auto merged = p.mergeJson(embedded::perfProfilesJson(), "resources/perf-profiles.json");
    if (!merged) {
        std::fprintf(stderr, "clusterplan: built-in perf profiles are broken: %s\n",
                     merged.error().toString().c_str());
        std::abort();
    }
    return p;
}

Result<bool> PerfProfiles::mergeJson(std::string_view text, const std::string& file) {
    auto parsed = json::parseText(text, file);
    if (!parsed)
        return parsed.error();
    try {
        json::ObjectReader top(parsed.value(), "");
        top.ignore({"schema", "notes"});
        if (auto d = top.optObject("default")) {
            m_default = readProfile(*d);
            d->finish();
        }
        if (auto stacks = top.optObject("stack_defaults")) {
            for (auto f : kAllFrameworks)
                if (auto d = stacks->optObject(toString(f))) {
                    m_stackDefaults[f] = readStackDefaults(*d);
                    d->finish();
                }
            stacks->finish();
        }
        if (const auto* list = top.optArray("profiles")) {
            for (std::size_t i = 0; i < list->size(); ++i) {
                json::ObjectReader r((*list)[i], json::indexPath("profiles", i));
                PerfProfile p = readProfile(r);
                r.finish();
                std::erase_if(m_profiles, [&](const PerfProfile& q) { return q.id == p.id; });
                m_profiles.push_back(std::move(p));
            }
        }
        top.finish();
    } catch (const json::InputError& e) {
        return relocated(file + ": " + e.error.where, e.error);
    }
    noteCalibratedArchitectures();
    return true;
}

void PerfProfiles::noteCalibratedArchitectures() {
    for (const auto f : kAllFrameworks) {
        StackDefaults& d = m_stackDefaults[f];  // a stack the file does not list: Megatron-Core's behaviour
        d.calibratedArchitectures.clear();
        for (const auto& p : m_profiles)
            if (p.framework == f && p.calibrated &&
                std::find(d.calibratedArchitectures.begin(), d.calibratedArchitectures.end(),
                          p.architecture) == d.calibratedArchitectures.end())
                d.calibratedArchitectures.push_back(p.architecture);
    }
}

PerfProfiles PerfProfiles::defaultOnly() const {
    PerfProfiles p;
    p.m_default = m_default;
    p.m_stackDefaults = m_stackDefaults;
    p.noteCalibratedArchitectures();
    return p;
}

bool PerfProfiles::useRelease(Framework f, std::string_view release) {
    StackDefaults& d = m_stackDefaults[f];
    for (const auto& g : d.zero3GatherReleases)
        if (g.release == release) {
            d.zero3Gather = g;
            return true;
        }
    return false;
}

const StackDefaults::AttentionRelease* StackDefaults::attentionRelease(std::string_view release) const {
    const std::string_view wanted = release.empty() ? std::string_view(currentAttentionRelease) : release;
    for (const auto& a : attentionReleases)
        if (a.release == wanted)
            return &a;
    return nullptr;
}

const Zero3GatherSchedule& StackDefaults::zero3GatherFor(std::string_view release) const {
    for (const auto& g : zero3GatherReleases)
        if (!release.empty() && g.release == release)
            return g;
    return zero3Gather;
}

bool StackDefaults::knowsRelease(std::string_view release) const {
    return attentionRelease(release) != nullptr ||
           std::any_of(zero3GatherReleases.begin(), zero3GatherReleases.end(),
                       [&](const Zero3GatherSchedule& g) { return g.release == release; });
}

std::string StackDefaults::releaseNames() const {
    std::vector<std::string> seen;
    std::string names;
    const auto add = [&](const std::string& r) {
        if (std::find(seen.begin(), seen.end(), r) != seen.end())
            return;
        seen.push_back(r);
        names += (names.empty() ? "" : ", ") + r;
    };
    for (const auto& a : attentionReleases)
        add(a.release);
    for (const auto& g : zero3GatherReleases)
        add(g.release);
    return names;
}

const StackDefaults& PerfProfiles::stackDefaults(Framework f) const {
    static const StackDefaults kNone{};  // before any file is merged: Megatron-Core's behaviour
    const auto it = m_stackDefaults.find(f);
    return it == m_stackDefaults.end() ? kNone : it->second;
}

const PerfProfile& PerfProfiles::find(Framework f, std::string_view arch, Precision p) const {
    if (m_pinned)
        return *m_pinned;
    const auto match = [&](Framework fw, Precision pr) -> const PerfProfile* {
        for (const auto& q : m_profiles)
            if (q.framework == fw && q.architecture == arch && q.precision == pr)
                return &q;
        return nullptr;
    };
    // FP8 falls back to another stack's FP8 profile before any 16-bit one: a 16-bit profile times
    // GEMMs at the 16-bit peak (no FP8 gain assumed), which the caller reports.
    const PerfProfile* anyFp8 = nullptr;
    if (p == Precision::Fp8)
        for (auto fw : {Framework::Nemo, Framework::Megatron, Framework::Fsdp, Framework::DeepSpeed,
                        Framework::InternEvo, Framework::OlmoCore})
            if (!anyFp8)
                anyFp8 = match(fw, Precision::Fp8);
    // The nearest stack's own nearest (MindSpeed -> Megatron-LM -> NeMo) before the general fallbacks.
    const Framework sibling = nearestStack(f);
    const Framework second = nearestStack(sibling);
    for (const PerfProfile* q :
         {match(f, p), match(sibling, p), match(second, p), anyFp8, match(f, Precision::Bf16),
          match(f, Precision::Fp16), match(sibling, Precision::Bf16), match(sibling, Precision::Fp16),
          match(second, Precision::Bf16), match(second, Precision::Fp16),
          match(Framework::Megatron, Precision::Bf16), match(Framework::Megatron, Precision::Fp16)})
        if (q)
            return *q;
    return m_default;
}

}  // namespace clusterplan
