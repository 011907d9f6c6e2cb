// The published fine-grained MoE runs (resources/calibration/moe-runs.json: Megatron-Core's MoE team
// on H100, GB200 and GB300; torchtitan with DeepEP on B200 and MXFP8 on GB200), none of them used
// for fitting, each predicted with its own layout and compared with the figure its source states.
// What they measure and where the engine stands on them is in docs/performance-model.md; the
// bounds below hold that standing so that a change which makes MoE planning worse fails here.
#include <cmath>
#include <set>
#include <utility>
#include <vector>

#include "core/model/param_count.h"
#include "core/validation/validation.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinRel;

namespace {

const ValidationReport& moeReport() {
    static const ValidationReport report = [] {
        auto r = runMoeValidation(test::catalog());
        REQUIRE(r.ok());
        return r.value();
    }();
    return report;
}

const ValidationRow& row(const std::string& id) {
    for (const auto& r : moeReport().rows)
        if (r.id == id)
            return r;
    FAIL("no MoE run " << id);
    throw;
}

}  // namespace

TEST_CASE("every MoE run is read, each with its lab as its source", "[moe][validation]") {
    const auto& report = moeReport();
    CHECK(report.rows.size() == 41);
    std::set<std::string> sources;
    for (const auto& r : report.rows) {
        INFO(r.id);
        sources.insert(r.source);
        if (r.use == "exclude")
            CHECK_FALSE(r.note.empty());
        else
            CHECK(r.use == "holdout");
    }
    // Three documents of NVIDIA's Megatron-Core MoE team (the ModelZoo, the MoE paper, the GB200
    // optimisation guide) share software and runs: one source. torchtitan's two are the other.
    CHECK(sources == std::set<std::string>{"megatron-core-moe", "torchtitan"});
    // Qwen3-Next's Gated DeltaNet layers are not modelled: left out, and it says so.
    CHECK(row("modelzoo_qwen3next80b_h100_128_deepep").use == "exclude");
    CHECK(row("modelzoo_qwen3next80b_h100_128_deepep").note.find("Gated DeltaNet") != std::string::npos);
    // The text says so too: no column of it is an in-sample figure.
    const std::string text = validationToText(report);
    CHECK(text.find("none of them fitted") != std::string::npos);
    CHECK(text.find("in-sample: they were fitted") == std::string::npos);
    // Not even in the summary's header: its first column is the shipped profiles' error on runs no
    // fit saw, and the CV column repeats it because no fold held these sources out.
    CHECK(text.find("in-sample") == std::string::npos);
    CHECK(text.find("never fitted (max)") != std::string::npos);
    for (const auto& r : report.rows)
        if (r.use != "exclude")
            CHECK(r.cvPredicted == r.predicted);
}

TEST_CASE("TFLOP/s in Megatron-LM's MoE convention: Qwen3-235B-A22B at 4,096 tokens", "[moe][validation]") {
    // The ModelZoo H100 table's first row gives all three of TFLOP/s, step time and batch: 245
    // TFLOP/s per GPU, 19.7 s per step of 2,048 sequences of 4,096 tokens on 256 GPUs, so Megatron
    // counted 245e12 · 19.7 · 256 / (2,048 · 4,096) = 1.473e11 FLOPs per token.
    const double published = 245e12 * 19.7 * 256 / (2048.0 * 4096.0);
    const ModelSpec* qwen = test::catalog().model("qwen3-235b-a22b");
    REQUIRE(qwen);
    TrainingSpec t;
    t.seqLen = 4096;
    // 245 and 19.7 are rounded to 0.2 % and 0.25 %.
    CHECK_THAT(megatronMoeFlopsPerToken(*qwen, t, 0), WithinRel(published, 0.006));
    // Not the PaLM count 6·N_active + attention: Megatron counts causal attention halved.
    CHECK(megatronMoeFlopsPerToken(*qwen, t, 0) <
          6 * countParams(*qwen).matmulActive + 12.0 * 94 * 8192 * 4096);
    // An MTP block adds its projection and one more pass of the logits.
    const ModelSpec* v3 = test::catalog().model("deepseek-v3");
    REQUIRE(v3);
    const double extra = megatronMoeFlopsPerToken(*v3, t, 1) - megatronMoeFlopsPerToken(*v3, t, 0);
    CHECK_THAT(extra, WithinRel(6.0 * (3 * 7168 + 2.0 * 7168 * 7168) + 6.0 * 7168 * 129280, 1e-9));
}

TEST_CASE("MoE runs predicted without any of their runs: where the engine stands", "[moe][validation]") {
    const auto& report = moeReport();
    for (const auto& r : report.rows) {
        INFO(r.id << ": " << r.note);
        // Every published layout evaluates: DeepSeek-V3's PP 4 × VPP 4 on GB200 with the split its
        // recipe derives, Qwen3-235B's EP 32 folded over TP 2.
        CHECK(r.note.rfind("refused", 0) == std::string::npos);
    }
    INFO("MoE grouped mean error " << report.transfer.meanAbsError << ", coverage "
                                   << report.transfer.bandCoverage);
    // Megatron-Core on H100 (20 runs: Qwen3-235B-A22B with DeepEP and the 1F1B A2A overlap,
    // Mixtral 8x22B, DeepSeek-V3 on 1,024 H100), the stack and GPU the profiles know best: 6.6 % with
    // Transformer Engine 2.x's attention at the rate cuDNN's kernel measures (12.2 % at the rate
    // fitted on NeMo's 2024 containers; 10.2 % before the grouped-GEMM, router and permutation terms);
    // 5.4 % once the dropless imbalance follows the router's balancing loss (Mixtral 8x22B dropless
    // from -28.8 % to -1.3 %).
    CHECK(report.transferByGroup.at("nemo-hopper-moe").meanAbsError < 0.06);
    // The lab's runs on H100, GB200 and GB300 (32), the GB200 optimisation roadmap's early software
    // (494-663 TFLOP/s on the layout that later reached 970) included.
    // 17.6 % with NCCL's all-to-all counting the share bound for other servers once, DeepSeek-V3's
    // node-limited routing and DeepEP's NVLink ceiling (22 % before); 18.1 % with the MoE compute
    // terms beside them; 18.0 % with NCCL's all-to-all at what it reaches on an NVSwitch; 12.5 %
    // with the 2025 attention kernels on H100; 11.6 % with the imbalance set by the balancing loss.
    CHECK(report.cvMeanAbsErrorBySource.at("megatron-core-moe") < 0.125);
    // Every run, torchtitan's on B200 and GB200 (a stack no calibration run shows) included: 20.9 %
    // (32.2 % before the dispatch terms; torchtitan's DeepEP runs went from +60 % to about +20 %;
    // 21.2 % before NCCL's all-to-all ran below the NVSwitch's ring rate; 18.1 % with 88 % in band
    // once Transformer Engine 2.x's attention runs at its measured rate on H100, 20.9 % and 78 %
    // before; 17.5 % with 90 % in band with the imbalance set by the balancing loss).
    CHECK(report.transfer.meanAbsError < 0.18);
    CHECK(report.transfer.bandCoverage > 0.875);
    CHECK(report.transfer.runs == 40);
    // torchtitan's two documents (9 runs): 40.0 %, its default all-to-all row +113.8 % and Llama 4
    // Scout on GB200 +53 / +80 %. The default dispatch's host sync (moe_host_sync.h) costs about
    // 3 ms of that row's 3.3 s step, and NCCL's all-to-all at its measured NVSwitch rate 0.03 s
    // more: what is missing there is another mechanism, not these.
    CHECK(report.cvMeanAbsErrorBySource.at("torchtitan") < 0.405);
}

TEST_CASE("dropless routing costs what the router's balancing loss leaves: Mixtral 8x22B and Qwen3",
          "[moe][validation]") {
    // Mixtral 8x22B on 128 H100 with --moe-aux-loss-coeff 1e-2: 445 TFLOP/s dropless against 465
    // forced (yanring/Megatron-MoE-ModelZoo best_practice/mixtral/run_mixtral_8x22B.sh), predicted
    // from the imbalance measured on Qwen3-235B-A22B at 1e-3 and never fitted on Mixtral.
    const double mixtral = row("modelzoo_mixtral8x22b_h100_128_dropless").predicted /
                           row("modelzoo_mixtral8x22b_h100_128_forcedbal").predicted;
    CHECK_THAT(mixtral, WithinRel(445.0 / 465.0, 0.02));
    // Qwen3-235B-A22B at 16 k tokens keeps its 237 against 295.
    const double qwen = row("modelzoo_q235b_h100_256_s16k_cp1_dropless").predicted /
                        row("modelzoo_q235b_h100_256_s16k_cp1_forcedbal").predicted;
    CHECK_THAT(qwen, WithinRel(237.0 / 295.0, 0.02));
}

TEST_CASE("long context under context parallelism: attention at the 2025 kernels' measured rate",
          "[moe][validation]") {
    // Qwen3-235B-A22B at 16 K-128 K tokens on 256 H100 (Megatron-MoE-ModelZoo 'Long Context'
    // table, TP 4, PP 8, VPP 4, EP 8, CP 1-8, forced balance): 295, 335, 368, 389 TFLOP/s in
    // Megatron-LM's count, which halves causal attention (test_moe_compute.cpp checks that the
    // engine executes that count). Split each step into the counted attention work A = 6·q·s per
    // token and layer and the rest N (the MLPs, projections and logits, the same at every length);
    // the four rows fit time ∝ A / r_a + N / r_n for one attention rate r_a and one rate r_n of the
    // rest. Published and predicted fitted alike say where the engine stands.
    const ModelSpec& qwen = test::preset("qwen3-235b-a22b");
    const char* ids[] = {
        "modelzoo_q235b_h100_256_s16k_cp1_forcedbal", "modelzoo_q235b_h100_256_s32k_cp2_forcedbal",
        "modelzoo_q235b_h100_256_s64k_cp4_forcedbal", "modelzoo_q235b_h100_256_s128k_cp8_forcedbal"};
    std::vector<double> attention, rest, published, predicted;
    for (const char* id : ids) {
        const ValidationRow& r = row(id);
        INFO(id << " error " << r.error);
        TrainingSpec t;
        t.seqLen = r.seqLen;
        const double all = megatronMoeFlopsPerToken(qwen, t, 0);
        const double a = 6.0 * 94 * 8192 * static_cast<double>(r.seqLen);
        attention.push_back(a);
        rest.push_back(all - a);
        published.push_back(r.published);
        predicted.push_back(r.predicted);  // by the shipped profiles (none fitted on these runs)
        // Each row within 8 % and inside the band of the profiles fitted without Megatron-Core's
        // H100 runs (17-31 % too slow, all outside it, with the attention rate NeMo's 2024
        // containers were fitted at).
        CHECK(std::abs(r.error) < 0.08);
        CHECK(r.groupCvInBand);
    }
    // The longest: 128 K tokens over CP 8, where attention is most of the step.
    CHECK_THAT(row("modelzoo_q235b_h100_256_s128k_cp8_forcedbal").predicted, WithinRel(389.0, 0.05));
    // Least squares of time per token (FLOPs / rate) on the two work terms: the two rates.
    const auto rates = [&](const std::vector<double>& tflops) {
        double aa = 0, an = 0, nn = 0, at = 0, nt = 0;
        for (std::size_t i = 0; i < tflops.size(); ++i) {
            const double time = (attention[i] + rest[i]) / tflops[i];
            aa += attention[i] * attention[i], an += attention[i] * rest[i], nn += rest[i] * rest[i];
            at += attention[i] * time, nt += rest[i] * time;
        }
        const double det = aa * nn - an * an;
        return std::pair{det / (at * nn - an * nt), det / (aa * nt - an * at)};
    };
    const auto [publishedAttention, publishedRest] = rates(published);
    const auto [predictedAttention, predictedRest] = rates(predicted);
    INFO("attention " << publishedAttention << " published, " << predictedAttention << " predicted; rest "
                      << publishedRest << " published, " << predictedRest << " predicted");
    // Published: about 440 TFLOP/s of counted attention (513 executed with the backward's 2.5x, 52 %
    // of the H100's 989). Transformer Engine 2.x's attention runs at cuDNN's measured 522 TFLOP/s
    // executed (arXiv:2407.08608, Figures 5 and 6; resources/perf-profiles.json), where the rate
    // fitted on NeMo's 2024 containers gave 278 counted, 1.6 times too slow. The rest runs within
    // 10 % of the published rate, as the 4 K rows do.
    CHECK(publishedAttention / predictedAttention < 1.1);
    CHECK(publishedAttention / predictedAttention > 0.9);
    CHECK(publishedRest / predictedRest < 1.15);
    CHECK(publishedRest / predictedRest > 0.9);
}
