// The compute side of a Mixture-of-Experts layer: the routed experts' grouped GEMMs against
// DeepGEMM's kernel measurements, the router's and the permutation's memory-bound passes against the
// Megatron-Core GB200 guide's kernel counts and gains, and the load imbalance of learned dropless
// routing against the ModelZoo's dropless and forced-balance pairs; each named in the plan's text
// and JSON. And the host synchronisation of torchtitan's default token dispatch, against its code.
#include <cmath>
#include <string>

#include "core/io/scenario_json.h"
#include "core/memory/activation_model.h"
#include "core/perf/compute_model.h"
#include "core/perf/context_parallel.h"
#include "core/perf/expert_load_imbalance.h"
#include "core/perf/grouped_gemm_efficiency.h"
#include "core/perf/messages_perf.h"
#include "core/perf/moe_host_sync.h"
#include "core/perf/moe_router_permutation.h"
#include "core/report/plan_format.h"
#include "core/validation/validation.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

Scenario loadData(const std::string& file) {
    return test::scenarioFromFile(kData, file);
}

using test::planOf;

// DeepGEMM's FP8 GEMMs on H800 (deepseek-ai/DeepGEMM README.md at a6d97a1c): rows (M, per expert
// for the grouped ones), N, K and the TFLOP/s measured.
struct Measured {
    double rows, n, k, tflops;
};
constexpr Measured kDeepGemm[] = {
    // normal GEMMs, 4,096 rows
    {4096, 24576, 1536, 990},
    {4096, 32768, 512, 590},
    {4096, 7168, 16384, 1358},
    {4096, 4096, 7168, 1304},
    {4096, 7168, 2048, 1025},
    // grouped, contiguous layout: 4 experts of 8,192 rows, 8 of 4,096
    {8192, 4096, 7168, 1297},
    {8192, 7168, 2048, 1099},
    {4096, 4096, 7168, 1288},
    {4096, 7168, 2048, 1093},
    // grouped, masked layout: 1 expert of 1,024 rows, 2 of 512, 4 of 256
    {1024, 4096, 7168, 1233},
    {1024, 7168, 2048, 925},
    {512, 4096, 7168, 1040},
    {512, 7168, 2048, 916},
    {256, 4096, 7168, 932},
    {256, 7168, 2048, 815},
};

}  // namespace

TEST_CASE("grouped GEMMs slow down with few tokens per expert and a short reduction, as DeepGEMM measured",
          "[moe][perf][grouped_gemm]") {
    // H800 SXM: 1,979 TFLOP/s dense FP8, 3.35 TB/s HBM3 (NVIDIA H800 datasheet, as the H100 SXM);
    // a large GEMM's plateau at 72 % of peak.
    const double plateau = 0.72 * 1979e12, hbm = 3.35e12;
    double sum = 0, worst = 0;
    for (const Measured& m : kDeepGemm) {
        const ExpertGemm g{m.rows, m.n, m.k, 1, 1, 2};
        const double tflops = 2 * m.rows * m.n * m.k / expertGemmSeconds(g, plateau, hbm) / 1e12;
        const double error = std::fabs(tflops / m.tflops - 1);
        INFO(m.rows << " x " << m.n << " x " << m.k << ": " << tflops << " TFLOP/s, measured " << m.tflops);
        CHECK(error < 0.09);
        sum += error;
        worst = std::max(worst, error);
    }
    CHECK(sum / std::size(kDeepGemm) < 0.03);
    // Against the dense shape a profile is fitted on, DeepSeek-V3's experts (hidden 7,168, FFN
    // 2,048) at 256 rows: the forward up-projection loses to memory, the down-projection to its
    // reduction of 2,048; at 8,192 rows only the latter remains.
    const ExpertGemm up256{256, 2 * 2048, 7168, 1, 1, 2}, down256{256, 7168, 2048, 1, 1, 2};
    const ExpertGemm down8k{8192, 7168, 2048, 1, 1, 2};
    const double fewRows = expertGemmSpeed(up256, 4096, 7168, plateau, hbm).forward;
    CHECK_THAT(fewRows, WithinRel(932.0 / 1304, 0.08));
    CHECK_THAT(expertGemmSpeed(down256, 4096, 7168, plateau, hbm).forward, WithinRel(815.0 / 1304, 0.08));
    CHECK_THAT(expertGemmSpeed(down8k, 4096, 7168, plateau, hbm).forward, WithinRel(1099.0 / 1304, 0.05));
    // The dense shape itself runs at the profile's speed; its backward within 3 % (the weight
    // gradient writes its result where the forward reads weights).
    const ExpertGemm dense{4096, 7168, 7168, 1, 1, 2};
    CHECK_THAT(expertGemmSpeed(dense, 4096, 7168, plateau, hbm).forward, WithinAbs(1.0, 1e-12));
    CHECK_THAT(expertGemmSpeed(dense, 4096, 7168, plateau, hbm).backward, WithinRel(1.0, 0.03));
}

TEST_CASE("a fine-grained expert's down-projection against the dense shape: Qwen3-30B-A3B",
          "[moe][perf][grouped_gemm]") {
    // Qwen3-30B-A3B's 128 experts of FFN 768 on hidden 2,048 against the same FLOPs in dense GEMMs:
    // the down-projection's reduction of 768 runs at 768 / (768 + 512) of the tile's rate, against
    // 2,048 / (2,048 + 512) for the dense shape.
    const double plateau = 0.7 * 2250e12, hbm = 8e12;
    const ExpertGemm down{16384, 2048, 768, 2, 2, 2};
    const double speed = expertGemmSpeed(down, 16384, 2048, plateau, hbm).forward;
    CHECK_THAT(speed, WithinRel((768.0 / 1280) / (2048.0 / 2560), 0.03));
}

TEST_CASE("the router and the permutation as memory-bound passes, by dispatcher", "[moe][perf][routing]") {
    // DeepSeek-V3 on GB200 (Megatron-LM's GB200 optimisation guide at 1d9edcf8): TP 1, MBS 1,
    // 4,096 tokens, 256 experts, top-8, hidden 7,168.
    const GpuSpec* gpu = test::catalog().gpu("gb200-nvl72-186gb");
    REQUIRE(gpu);
    const PerfProfile& profile =
        test::catalog().perfProfiles().find(Framework::Nemo, "blackwell", Precision::Fp8);
    const KernelTimer timer(*gpu, profile, Precision::Bf16);
    MoeTokenPasses x{4096, 7168, 256, 8, 32, MoeDispatcher::AllToAll, 2};
    const MoeRoutingTime a2a = moeRoutingSeconds(x, timer);
    x.dispatcher = MoeDispatcher::DeepEp;
    const MoeRoutingTime flex = moeRoutingSeconds(x, timer);
    // The router: 31 fused kernels with the all-to-all dispatcher, 17 with DeepEP's fused
    // preprocess; 4,096 × 256 fp32 scores are a few MB, so the launches dominate.
    const double overhead = profile.kernelOverheadUs * 1e-6;
    CHECK(a2a.router > 31 * overhead);
    CHECK(a2a.router < 32 * overhead);
    CHECK(flex.router < a2a.router * 18 / 31);
    // The all-to-all copies every routed row four times (global permute, local sort, their
    // reverses) and sums them back; DeepEP sends a token once per GPU that holds one of its experts
    // and permutes only on arrival.
    const double row = 7168 * 2.0, routed = 4096 * 8.0;
    const double bandwidth = timer.bandwidth();
    CHECK_THAT(
        a2a.permutation,
        WithinRel((2 + 4 + 1) * routed * row / bandwidth + 4096 * row / bandwidth + 4 * overhead, 1e-9));
    CHECK(flex.permutation < a2a.permutation * 0.6);
    // With EP 32 over 256 experts a token's 8 experts sit on 32 · (1 − C(248, 8) / C(256, 8)) = 7.27
    // GPUs on average.
    double none = 1;
    for (int i = 0; i < 8; ++i)
        none *= (248.0 - i) / (256.0 - i);
    CHECK_THAT(dispatchedRows(x) / 4096, WithinRel(32 * (1 - none), 1e-9));
    CHECK_THAT(dispatchedRows(x) / 4096, WithinAbs(7.27, 0.01));
}

TEST_CASE("router fusion on DeepSeek-V3, GB200: the guide's measured gain", "[moe][perf][routing]") {
    // The guide's roadmap on one layout (TP 1, PP 8, VPP 4, EP 32, MBS 1, GBS 2,048, 256 GB200,
    // --pipeline-model-parallel-layout Et|(tt|)*30L): router fusion, 72 → 31 kernels per MoE layer
    // and pass, took 529.55 to 540.00 TFLOP/s (+2.0 %). In Megatron's MoE FLOP convention
    // DeepSeek-V3 at 4,096 tokens is 2.607e11 FLOPs per token (the Megatron-Core MoE paper's Table 11,
    // TFLOP/s over tokens/s), so the step was 2,048 · 4,096 / 256 / (529.55e12 / 2.607e11) s.
    const double step = 2048.0 * 4096 / 256 / (529.55e12 / 2.607e11);
    // Each GPU holds 4 chunks of 2 layers, 8 of the 61, 58 of them MoE; 64 micro-batches per step.
    const double moeLayersPerGpu = 8.0 * 58 / 61, microBatches = 2048.0 / (256 / 8);
    const PerfProfile& profile =
        test::catalog().perfProfiles().find(Framework::Nemo, "blackwell", Precision::Fp8);
    const double saved =
        (72 - kRouterKernelsFused) * profile.kernelOverheadUs * 1e-6 * 2 * moeLayersPerGpu * microBatches;
    INFO("step " << step << " s, saved " << saved << " s");
    CHECK_THAT(saved / (step - saved), WithinAbs(540.00 / 529.55 - 1, 0.005));
}

TEST_CASE("learned dropless routing against forced balance: the ModelZoo's measured pairs",
          "[moe][perf][imbalance]") {
    // Qwen3-235B-A22B's shape: 128 experts, top-8, EP 8, balancing loss 1e-3 (the default).
    ExpertRouting qwen{MoeOptions{}, 128, 8, 8};
    CHECK(expertRankLoad(qwen) == 1);
    qwen.moe.routing = MoeRouting::TokenDrop;
    CHECK(expertRankLoad(qwen) == 1);
    qwen.moe.routing = MoeRouting::Dropless;
    CHECK(expertRankLoad(qwen) == kDroplessRankLoad);
    // Qwen3-235B-A22B on 256 H100, TP 4 × PP 8 × VPP 4 × EP 8 × CP (seq / 16 k), DeepEP:
    // dropless / forced balance 237/295 at 16 k, 277/335 at 32 k, 320/368 at 64 k, 357/389 at
    // 128 k (yanring/Megatron-MoE-ModelZoo best_practice/qwen3/readme.md, "Long Context"). The loss
    // shrinks as attention takes more of the step.
    struct Pair {
        std::int64_t seq, cp;
        double dropless, forced;
    };
    double previous = 0;
    for (const Pair& pair : {Pair{16384, 1, 237, 295}, Pair{32768, 2, 277, 335}, Pair{65536, 4, 320, 368},
                             Pair{131072, 8, 357, 389}}) {
        Scenario s = loadData("qwen3-235b-256xh100-ep32.json");
        s.training.seqLen = pair.seq;
        s.training.globalBatch = 256;
        s.layout.tp = 4, s.layout.cp = pair.cp, s.layout.ep = 8, s.layout.expertTp = 1;
        s.layout.split.layout.clear();
        s.layout.moe.dispatcher = MoeDispatcher::DeepEp;
        s.layout.moe.routing = MoeRouting::ForcedBalance;
        const Plan forced = planOf(s);
        s.layout.moe.routing = MoeRouting::Dropless;
        const Plan dropless = planOf(s);
        CHECK(forced.perf.moeImbalanceSeconds == 0);
        const double ratio = forced.perf.stepSeconds / dropless.perf.stepSeconds;
        INFO(pair.seq << " tokens: dropless / forced " << ratio << ", measured "
                      << pair.dropless / pair.forced);
        CHECK_THAT(ratio, WithinAbs(pair.dropless / pair.forced, 0.06));
        CHECK(ratio > previous);
        previous = ratio;
    }
}

TEST_CASE("a stronger balancing loss leaves less imbalance: Mixtral 8x22B's 1e-2 against Qwen3's 1e-3",
          "[moe][perf][imbalance]") {
    // Mixtral 8x22B: 8 experts, top-2, EP 8, --moe-aux-loss-coeff 1e-2 (Megatron-MoE-ModelZoo
    // model_configs/benchmarking/Mixtral-8x22B.yaml): ten times Qwen3's coefficient, a tenth of its
    // excess load.
    ExpertRouting mixtral{MoeOptions{}, 8, 2, 8};
    mixtral.moe.routing = MoeRouting::Dropless;
    mixtral.moe.routerAuxLoss = 1e-2;
    CHECK_THAT(expertRankLoad(mixtral), WithinAbs(1 + (kDroplessRankLoad - 1) / 10, 1e-12));
    // Weaker balancing: the excess grows, but no rank takes more than all of a token's copies it can
    // hold (one expert per rank, top-2: half of every token's copies, EP × 1 / 2 = 4).
    mixtral.moe.routerAuxLoss = kMinRouterAuxLoss;
    CHECK(expertRankLoad(mixtral) == 4);
    ExpertRouting qwen{MoeOptions{}, 128, 8, 8};
    qwen.moe.routing = MoeRouting::Dropless;
    qwen.moe.routerAuxLoss = 2e-3;
    CHECK_THAT(expertRankLoad(qwen), WithinAbs(1 + (kDroplessRankLoad - 1) / 2, 1e-12));
    CHECK(imbalanceSeconds(qwen, 2.0) == 2.0 * (expertRankLoad(qwen) - 1));
}

TEST_CASE("the routing key is read, written back and named, and the plan names the new step parts",
          "[moe][scenario]") {
    Scenario s = loadData("qwen3-235b-256xh100-ep32.json");
    CHECK(s.layout.moe.routing == MoeRouting::ForcedBalance);
    s.layout.moe.routing = MoeRouting::Dropless;
    const Plan p = planOf(s);
    CHECK(layoutText(p.layout).find("dropless routing") != std::string::npos);
    bool noted = false;
    for (const Message& note : p.notes)
        noted = noted || note.id == msg::kPerfMoeDroplessImbalance.id;
    CHECK(noted);
    const std::string json = planToJson(p);
    CHECK(json.find("\"moe_routing_s\"") != std::string::npos);
    CHECK(json.find("\"moe_imbalance_s\"") != std::string::npos);
    const std::string text = planToText(p);
    CHECK(text.find("MoE router and permutation") != std::string::npos);
    CHECK(text.find("expert load imbalance") != std::string::npos);
    // Written back only where it differs from the default, and read back the same.
    s.layout.moe.routing = MoeRouting::TokenDrop;
    const std::string written = scenarioToJson(s);
    CHECK(written.find("\"routing\": \"token_drop\"") != std::string::npos);
    auto back = parseScenario(written, test::catalog());
    REQUIRE(back.ok());
    CHECK(back.value().layout.moe.routing == MoeRouting::TokenDrop);
    // The balancing-loss coefficient likewise, and refused below DeepSeek-V3's 1e-4.
    s.layout.moe.routerAuxLoss = 1e-2;
    const std::string withAux = scenarioToJson(s);
    CHECK(withAux.find("\"router_aux_loss\": 0.01") != std::string::npos);
    auto aux = parseScenario(withAux, test::catalog());
    REQUIRE(aux.ok());
    CHECK(aux.value().layout.moe.routerAuxLoss == 1e-2);
    auto tooWeak = parseScenario(
        R"({"schema": "clusterplan.scenario/1", "model": {"preset": "qwen3-30b-a3b"}, "layout": {"router_aux_loss": 1e-5}})",
        test::catalog());
    REQUIRE_FALSE(tooWeak.ok());
    CHECK(tooWeak.error().where.find("router_aux_loss") != std::string::npos);
    auto refused = parseScenario(
        R"({"schema": "clusterplan.scenario/1", "model": {"preset": "qwen3-30b-a3b"}, "layout": {"routing": "random"}})",
        test::catalog());
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().where.find("routing") != std::string::npos);
}

TEST_CASE("torchtitan's default expert parallelism waits on the host at every MoE dispatch",
          "[moe][perf][host_sync]") {
    // The stack data: torchtitan's ExpertParallel._token_dispatch copies the split sizes to the CPU
    // and waits; Megatron-Core's and NeMo's stacks are not described by it.
    const auto& profiles = test::catalog().perfProfiles();
    const MoeHostSync& sync = profiles.stackDefaults(Framework::Torchtitan).moeDispatchHostSync;
    CHECK(sync.enabled);
    CHECK(sync.kernelsExposed == 2);
    CHECK(sync.countBytesPerExpert == 8);
    CHECK(sync.source.find("this would incur a device-to-host sync") != std::string::npos);
    CHECK_FALSE(profiles.stackDefaults(Framework::Megatron).moeDispatchHostSync.enabled);
    CHECK_FALSE(profiles.stackDefaults(Framework::Nemo).moeDispatchHostSync.enabled);

    // Qwen3-30B-A3B on 8 B200 with EP 8 and full activation checkpointing, as torchtitan's DeepEP
    // README compares it with the default all-to-all: 48 MoE layers, each forward twice (the
    // recomputed one syncs again). One sync: the 128 int64 counts all-to-all over NVLink 5 (7
    // peers, each one ring step of latency, then 7/8 of the bytes at 0.88 of the link's ring
    // rate, what NCCL's all-to-all reaches on an NVSwitch), then two launch latencies of the
    // profile.
    const Fabric* nvlink = test::catalog().fabric("nvlink5-nvswitch");
    const Fabric* ib = test::catalog().fabric("ib-ndr-400");
    REQUIRE(nvlink);
    REQUIRE(ib);
    const NetworkTiers net = makeTiers(*nvlink, *ib, 8, 8, 8);
    const double overhead =
        profiles.find(Framework::Torchtitan, "blackwell", Precision::Bf16).kernelOverheadUs * 1e-6;
    const double bandwidth = 900e9 * 0.8 * 0.88, latency = 1.9e-6;
    const double counts = 7 * latency + 128.0 * 8 * 7 / 8 / bandwidth;
    const MoeSyncLayers layers{48, 2, 128, 8, 1, MoeDispatcher::AllToAll};
    const double seconds = moeHostSyncSeconds(sync, layers, net, overhead);
    CHECK_THAT(seconds, WithinRel(48 * 2 * (counts + 2 * overhead), 1e-9));
    // About 3 ms of a step of 3.3 s (9,930 tokens/s per GPU at 32,768 tokens per GPU): the
    // mechanism is real but small at this size, since the following all-to-all and grouped GEMMs
    // keep the GPU busy long enough for the host to run ahead again.
    CHECK(seconds < 0.005);
    // No sync without expert parallelism, through another dispatcher, or in a stack that does not.
    MoeSyncLayers other = layers;
    other.ep = 1;
    CHECK(moeHostSyncSeconds(sync, other, net, overhead) == 0);
    other = layers;
    other.dispatcher = MoeDispatcher::DeepEp;
    CHECK(moeHostSyncSeconds(sync, other, net, overhead) == 0);
    CHECK(moeHostSyncSeconds(MoeHostSync{}, layers, net, overhead) == 0);
    // Without recompute a layer syncs once per micro-batch.
    other = layers;
    other.forwards = 1;
    CHECK_THAT(moeHostSyncSeconds(sync, other, net, overhead), WithinRel(seconds / 2, 1e-12));

    // In the step: the plan's exposed EP time holds the syncs; the same layout under PyTorch
    // FSDP's stack (no expert-parallel dispatch of its own) times the same all-to-all without them.
    const auto scenario = [](const std::string& framework) {
        auto s = parseScenario(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "qwen3-30b-a3b"},
            "training": {"seq_len": 4096, "global_batch": 64, "tokens": 1e12, "precision": "bf16",
                         "optimizer": "adamw", "flash_attention": true, "framework": ")" +
                                   framework + R"("},
            "cluster": {"gpu": "b200-sxm-180gb", "gpus_per_node": 8, "nodes": 1,
                        "intra_node": "nvlink5-nvswitch", "inter_node": "ib-ndr-400"},
            "layout": {"tp": 1, "pp": 1, "cp": 1, "dp": 8, "ep": 8, "micro_batch": 8, "zero_stage": 3,
                       "recompute": "full", "dispatcher": "all_to_all", "routing": "forced_balance"}})",
                               test::catalog());
        REQUIRE(s.ok());
        return s.value();
    };
    const Plan titan = planOf(scenario("torchtitan"));
    const Plan fsdp = planOf(scenario("fsdp"));
    REQUIRE(titan.perf.profileId == fsdp.perf.profileId);
    CHECK_THAT(titan.perf.epCommSeconds - fsdp.perf.epCommSeconds, WithinRel(seconds, 1e-6));
}

TEST_CASE("causal attention under context parallelism is executed once, as Megatron-LM counts it",
          "[moe][perf]") {
    // Qwen3-235B-A22B's long-context rows (Megatron-MoE-ModelZoo best_practice/qwen3/readme.md,
    // 'Long Context': 16 K-128 K tokens, CP 1-8 on 256 H100) state TFLOP/s in Megatron-LM's count,
    // which halves causal attention since NVIDIA/Megatron-LM commit 8873b55d ("Fixes in number of
    // floating-point operation estimates for MoE and attention layer", 2025-03-06; in core_v0.12.0,
    // before the table of 2025-05-27). The engine's forward executes exactly that count on each
    // rank's share of the sequence (load-balanced chunks: every query sees half the keys on
    // average), so the residual of those rows is the rate attention runs at, not its work.
    const ModelSpec& qwen = test::preset("qwen3-235b-a22b");
    const GpuSpec* h100 = test::catalog().gpu("h100-sxm-80gb");
    REQUIRE(h100);
    const PerfProfile profile;
    const KernelTimer timer(*h100, profile, Precision::Bf16);
    const double layers = 94, hidden = 4096, experts = 128, query = 64 * 128;
    for (const auto& [seq, cp] :
         {std::pair<std::int64_t, std::int64_t>{16384, 1}, {32768, 2}, {65536, 4}, {131072, 8}}) {
        INFO("sequence " << seq << ", CP " << cp);
        TrainingSpec t;
        t.seqLen = seq;
        t.precision = Precision::Bf16;
        t.flashAttention = true;
        Layout l;
        l.cp = cp;
        l.ep = 8;
        const ModelCompute mc = modelCompute(qwen, t, l, timer);
        const double tokens = static_cast<double>(seq) / static_cast<double>(cp);
        const double forward = (layers * mc.moeLayer.forward.flops + mc.head.forward.flops) / tokens;
        // The router's GEMM (2·h·E per token and layer, 0.1 % at 16 K) is the one forward GEMM
        // Megatron does not count.
        const double router = 2 * hidden * experts * layers;
        CHECK_THAT(forward - router, WithinRel(megatronMoeFlopsPerToken(qwen, t, 0) / 3, 1e-9));
        // QKᵀ and A·V over half the keys: 2·q·s per token and layer, 59 % of the forward at 128 K.
        const double attention = 2 * query * static_cast<double>(seq) * layers;
        // Backward: twice the GEMMs' forward (input and weight gradients), and FlashAttention's
        // backward 2.5 times its forward (five matmuls against two, arXiv:2307.08691 §3), where
        // Megatron counts 2 times: the engine executes more attention work than the count.
        const double backward = (layers * mc.moeLayer.backward.flops + mc.head.backward.flops) / tokens;
        CHECK_THAT(backward, WithinRel(2 * forward + 0.5 * attention, 1e-9));
    }
}

TEST_CASE("Llama 4 Scout at micro-batch 10 without checkpointing: the stored tensors, not an overcount",
          "[moe][memory]") {
    // torchtitan's MXFP8 MoE post trains Llama 4 Scout on GB200 (186 GB) with local batch 10 of
    // 8,192 tokens, activation checkpointing 'none', FSDP 256 and EP 16 (the runs
    // torchtitanmx_llama4scout_gb200_256_* of resources/calibration/moe-runs.json). Scout's text
    // model (meta-llama/Llama-4-Scout-17B-16E config.json): 48 layers, hidden 5120, 40 heads of 128,
    // 8 KV heads, 16 routed experts top-1 and one shared expert, both SwiGLU of 8192.
    ModelSpec scout;
    scout.layers = 48;
    scout.hidden = 5120;
    scout.heads = 40;
    scout.kvHeads = 8;
    scout.headDim = 128;
    scout.ffnHidden = 8192;
    scout.vocab = 202048;
    scout.mlp = MlpKind::SwiGlu;
    scout.moe = MoeSpec{16, 1, 8192, 1, 8192};
    TrainingSpec t;
    t.seqLen = 8192;
    t.precision = Precision::Bf16;
    t.flashAttention = true;
    Layout l;
    l.dp = 256;
    l.ep = 16;
    l.microBatch = 10;
    l.zeroStage = 3;
    l.recompute = Recompute::None;
    const double perLayer = layerActivationBytes(scout, true, t, l);
    const double tokens = 8192.0 * 10;
    // The least any backward must keep: every GEMM's input, for its weight gradient (dW = Xᵀ·dY):
    // the QKV projection's (h), the output projection's (40·128), the router's and the shared
    // expert's up-projection's (the norm output, h, once), the dispatched copy's up-projection (h)
    // and both down-projections' (8192 each); in BF16.
    const double gemmInputs = 2 * tokens * (5120 + 5120 + 5120 + 5120 + 8192 + 8192);
    // 270 GiB over 48 layers: the published micro-batch cannot have kept even these on 186 GB.
    CHECK(48 * gemmInputs > 186e9);
    CHECK(perLayer > gemmInputs);
    // What autograd keeps beside them (Korthikanti et al. 2022, arXiv:2205.05198 §4.1), bytes per
    // token: attention 45,216 (norm input, QKV input, Q/K/V 2·(5120 + 2·1024), output, 160 of
    // FlashAttention row statistics), MoE MLP 129,088 (norm input and output, 64 of fp32 router
    // probabilities, the dispatched copy, and per expert gate and up outputs and their SiLU
    // product, 6·8192): 2.4x the GEMM inputs, 638 GiB over the 48 layers, no tensor twice.
    CHECK_THAT(perLayer, WithinRel(tokens * (45216.0 + 129088.0), 1e-9));
    CHECK(perLayer < 2.5 * gemmInputs);
    // Balanced routing gives each expert-parallel rank its own token count back (k copies each):
    // EP does not multiply the stored expert tensors.
    Layout noEp = l;
    noEp.ep = 1;
    CHECK(layerActivationBytes(scout, true, t, noEp) == perLayer);
}

TEST_CASE("context parallelism passes MLA's per-head K and V around its ring, as Megatron-Core runs it",
          "[moe][perf]") {
    // Megatron-Core up-projects MLA's latent before core attention and hands Transformer Engine's
    // ring per-head key [s, b, heads, 128 + 64] and value [s, b, heads, 128]
    // (multi_latent_attention.py at core_v0.13.0): DeepSeek-V3 at 32 K tokens on CP 8, 4,096 tokens
    // per rank, passes 4,096 · 128 · 320 values of 2 bytes per step, 336 MB, 71 times its latent.
    const ModelSpec& v3 = test::preset("deepseek-v3");
    TrainingSpec t;
    t.seqLen = 32768;
    t.precision = Precision::Bf16;
    Layout l;
    l.cp = 8;
    CHECK_THAT(cpRingBlockBytes(v3, t, l), WithinRel(4096.0 * 128 * 320 * 2, 1e-12));
    l.tp = 8;  // each TP rank passes its 16 heads
    CHECK_THAT(cpRingBlockBytes(v3, t, l), WithinRel(4096.0 * 16 * 320 * 2, 1e-12));
    // Grouped-query attention passes its KV heads: Qwen3-235B-A22B's 4 of 128, K and V, one per
    // rank at TP 4.
    l.tp = 4;
    CHECK_THAT(cpRingBlockBytes(test::preset("qwen3-235b-a22b"), t, l),
               WithinRel(4096.0 * 2 * 128 * 2, 1e-12));

    // In the step: with TP 8 inside each server the ring's neighbours are in other servers, and
    // DeepSeek-V3's per-head K and V (42 MB a step per GPU over 400 Gb/s InfiniBand, 0.8 ms)
    // outlast its attention kernels on 4,096 tokens: the exchange is exposed, where the 576-wide
    // latent's 1.2 MB hid entirely.
    auto scenario = parseScenario(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "deepseek-v3"},
        "training": {"seq_len": 32768, "global_batch": 64, "tokens": 1e12, "precision": "bf16",
                     "optimizer": "adamw", "flash_attention": true, "framework": "megatron"},
        "cluster": {"gpu": "h100-sxm-80gb", "gpus_per_node": 8, "nodes": 64, "inter_node": "ib-ndr-400"},
        "layout": {"tp": 8, "pp": 8, "cp": 8, "dp": 1, "ep": 8, "micro_batch": 1, "zero_stage": 1,
                   "recompute": "full", "sequence_parallel": true}})",
                                  test::catalog());
    REQUIRE(scenario.ok());
    const Plan plan = planOf(scenario.value());
    CHECK(plan.perf.cpCommSeconds > 0.2 * plan.perf.stepSeconds);
    // Inside one server (TP 1, CP 8 over NVLink) the same exchange hides behind the kernels.
    auto nvlink = scenario.value();
    nvlink.layout.tp = 1;
    nvlink.layout.dp = 8;
    nvlink.layout.sequenceParallel = false;
    CHECK(planOf(nvlink).perf.cpCommSeconds == 0);
}
