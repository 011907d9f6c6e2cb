// Fine-tuning methods against published figures: LoRA trainable-parameter counts
// (Hu et al. 2021 formula, PEFT's printed counts), QLoRA's double-quantisation overhead and its
// 65B-on-one-48GB-GPU result (Dettmers et al. 2023), LoRA's GPT-3 175B memory reduction (Hu et al.
// 2021 §4.2), and a fine-tune step faster than a full step.
#include "core/calibration/evaluate.h"
#include "core/memory/quantized_weights.h"
#include "core/model/lora.h"
#include "core/model/method_flops.h"
#include "core/model/trainable_params.h"
#include "core/report/plan_format.h"
#include "test_support.h"

using namespace clusterplan;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

constexpr double kGB = 1e9;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

Plan plan(const Scenario& s) {
    auto p = evaluate(s, test::catalog());
    INFO((p.ok() ? std::string() : p.error().toString()));
    REQUIRE(p.ok());
    return p.value();
}

// One GPU, every layout key fixed: memory and time of the method alone.
Scenario singleGpu(const std::string& model, const std::string& gpu, TrainingMethod method) {
    Scenario s = test::scenarioWithModel(model);
    s.cluster.gpu = gpu;
    s.cluster.gpusPerNode = 1;
    s.training.method = method;
    s.training.globalBatch = 16;
    s.layout = LayoutSpec{1, 1, 1, 1, 1, 1, 1, 0, Recompute::Full, false};
    return s;
}

LoraSpec lora(std::int64_t rank, unsigned targets) {
    LoraSpec l;
    l.rank = rank;
    l.targets = targets;
    return l;
}

}  // namespace

TEST_CASE("LoRA trainable parameters equal r·(d_in + d_out) per adapted matrix", "[fine_tuning]") {
    // Llama 2 7B, r = 8 on q and v: 32 layers × 2 × 8·(4096 + 4096) = 4,194,304 — the count PEFT
    // prints for this configuration ("trainable params: 4,194,304").
    CHECK(loraModelParams(test::preset("llama-2-7b"), lora(8, kLoraQ | kLoraV)) == 4'194'304.0);
    // Llama 3.1 8B, r = 16 on all linear layers (GQA: k and v are 4096 → 1024; MLP 14336):
    // 32 × 16 × (2·8192 + 2·5120 + 3·18432) = 41,943,040.
    CHECK(loraModelParams(test::preset("llama-3.1-8b"), lora(16, kAllLoraTargets)) == 41'943'040.0);
    // GPT-3 175B, r = 4 on q and v (LoRA paper §4.2): 96 × 2 × 4·(12288 + 12288) = 18,874,368,
    // the "35MB" checkpoint of the paper in fp16 (37.7 MB).
    CHECK(loraModelParams(test::preset("gpt3-175b"), lora(4, kLoraQ | kLoraV)) == 18'874'368.0);
    // The plan reports the same count as model.trainable_params.
    Scenario s = singleGpu("llama-2-7b", "a100-sxm-80gb", TrainingMethod::Lora);
    s.training.lora = lora(8, kLoraQ | kLoraV);
    CHECK(plan(s).trainable.trainable == 4'194'304.0);
}

TEST_CASE("MoE adapters: every routed expert gets its own, tokens use top_k of them", "[fine_tuning]") {
    const ModelSpec& m = test::preset("mixtral-8x7b");
    const LoraSpec l = lora(8, kLoraGate | kLoraUp | kLoraDown);
    // 8 experts × 3 matrices × 8·(4096 + 14336) per layer, 32 layers.
    CHECK(loraModelParams(m, l) == 32.0 * 8 * 3 * 8 * (4096 + 14336));
    CHECK_THAT(loraActiveParams(m, l), WithinRel(loraModelParams(m, l) * 2 / 8, 1e-12));
}

TEST_CASE("NF4 with double quantisation stores 4.127 bits per weight (QLoRA §3)", "[fine_tuning]") {
    // "8/64 + 32/(64·256) = 0.127 bits" with double quantisation, "32/64 = 0.5 bits" without.
    CHECK_THAT(nf4ConstantBitsPerParam(), WithinAbs(0.127, 0.0005));
    CHECK(nf4ConstantBitsPerParam(false) == 0.5);
    CHECK_THAT(nf4BytesPerParam() * 8, WithinAbs(4.127, 0.0005));
}

TEST_CASE("QLoRA fine-tunes a 65B model on one 48 GB GPU (Dettmers et al. 2023)", "[fine_tuning]") {
    // QLoRA abstract: "finetune a 65B parameter model on a single 48GB GPU"; setup of its Figure 6
    // memory breakdown: LLaMA 65B, LoRA r = 64 on all linear layers, batch 1, 512 tokens, gradient
    // checkpointing. The 48 GB GPU here is the L40S (48 GB, 48 GiB taken as usable).
    Scenario s = singleGpu("llama-65b", "l40s-48gb", TrainingMethod::Qlora);
    s.training.seqLen = 512;
    const Plan q = plan(s);
    CHECK(q.memory.fits());
    CHECK(q.memory.total() < 48 * kGiB);  // a 48 GB card holds 49,140 MiB
    // The NF4 base: 4.127 bits × 64.7B linear weights = 33.4 GB, plus the 16-bit embedding and
    // head (1.0 GB) and the 16-bit adapters (0.8B parameters, 1.6 GB).
    CHECK_THAT(q.trainable.quantized * nf4BytesPerParam(), WithinRel(33.4 * kGB, 0.01));
    CHECK_THAT(q.memory.weights, WithinRel((33.4 + 1.05 + 1.6) * kGB, 0.02));
    // The same fine-tune with a 16-bit base (LoRA) needs about 130 GB of weights: no fit.
    s.training.method = TrainingMethod::Lora;
    CHECK_FALSE(plan(s).memory.fits());
}

TEST_CASE("LoRA cuts GPT-3 175B training memory from 1.2 TB to 350 GB (Hu et al. 2021 §4.2)",
          "[fine_tuning]") {
    // "On GPT-3 175B, we reduce the VRAM consumption during training from 1.2TB to 350GB" with r = 4
    // on q and v. The model states of one replica: LoRA keeps the fp16 base (175B × 2 B = 350 GB)
    // plus adapters; full training with mixed-precision Adam keeps 16 B per parameter. The paper
    // does not break its 1.2 TB down; ClusterPlan's full figure (2.8 TB) is the ZeRO paper's 16Ψ,
    // so the check is that full needs at least the paper's 1.2 TB and LoRA the paper's 350 GB.
    Scenario s = singleGpu("gpt3-175b", "h200-sxm-141gb", TrainingMethod::Lora);
    s.training.precision = Precision::Fp16;
    s.training.seqLen = 2048;
    s.training.lora = lora(4, kLoraQ | kLoraV);
    const double loraStates = plan(s).memory.modelStates();
    CHECK_THAT(loraStates, WithinRel(350 * kGB, 0.02));
    s.training.method = TrainingMethod::Full;
    const double fullStates = plan(s).memory.modelStates();
    CHECK(fullStates >= 1.2e12);
    CHECK(loraStates / fullStates < 350.0 / 1200.0);
}

TEST_CASE("a fine-tune step is faster than a full step of the same model and batch", "[fine_tuning]") {
    Scenario s = test::scenarioWithModel("llama-3.1-8b");
    s.training.globalBatch = 64;
    s.layout = LayoutSpec{1, 1, 0, 1, 1, 1, 1, 3, Recompute::Full, false};
    const double full = plan(s).perf.stepSeconds;
    s.training.method = TrainingMethod::Lora;
    const Plan l = plan(s);
    s.training.method = TrainingMethod::Qlora;
    const Plan q = plan(s);
    CHECK(l.perf.stepSeconds < full);
    CHECK(q.perf.stepSeconds < full);
    // QLoRA pays the dequantisation of every matrix on top of LoRA.
    CHECK(q.perf.stepSeconds > l.perf.stepSeconds);
    // Without weight gradients of the base the GEMM backward halves: a full step is 1 forward +
    // 2 backward + 1 recompute GEMM units, LoRA 1 + 1 + 1 (0.75); attention and memory-bound
    // kernels do not shrink, so the step lands between 0.75 and 0.9 of the full one.
    CHECK(l.perf.stepSeconds / full > 0.7);
    CHECK(l.perf.stepSeconds / full < 0.9);
    // Under ZeRO-1 data-parallel traffic carries only the adapters' gradients (under ZeRO-3 the
    // frozen weights are still gathered every micro-batch).
    s.layout.zeroStage = 1;
    const double lora = plan(s).perf.dpCommTotalSeconds;
    s.training.method = TrainingMethod::Full;
    CHECK(lora < 0.05 * plan(s).perf.dpCommTotalSeconds);
}

TEST_CASE("fine-tune FLOPs per token: forward, input gradients, adapter GEMMs", "[fine_tuning]") {
    const ModelSpec& m = test::preset("llama-2-7b");
    TrainingSpec t;
    t.seqLen = 4096;
    const FlopsPerToken full = trainingFlopsPerToken(m, t, Recompute::None);
    CHECK(full.model == flopsPerToken(m, t.seqLen, Recompute::None).model);
    t.method = TrainingMethod::Lora;
    const FlopsPerToken l = trainingFlopsPerToken(m, t, Recompute::None);
    const ParamCounts p = countParams(m);
    const double head = 32000.0 * 4096;
    CHECK_THAT(l.model,
               WithinRel(full.model - 2 * (p.matmulActive - head) - 2 * head + 6 * loraModelParams(m, t.lora),
                         1e-12));
}

TEST_CASE("frozen layers: no gradients, no optimizer states, forward only", "[fine_tuning]") {
    Scenario s = singleGpu("llama-2-7b", "h200-sxm-141gb", TrainingMethod::Full);
    const Plan all = plan(s);
    s.training.frozenLayers = 16;
    const Plan half = plan(s);
    const ParamCounts& c = all.params;
    // 16 layers and the embedding stop training.
    CHECK_THAT(half.trainable.trainable, WithinRel(c.total - 16 * c.denseLayer.total() - c.embedding, 1e-12));
    CHECK(half.memory.optimizer < all.memory.optimizer * 0.55);
    CHECK(half.memory.activations < all.memory.activations);
    CHECK(half.perf.stepSeconds < all.perf.stepSeconds);
    CHECK(half.flops.model < all.flops.model);
}

TEST_CASE("dataset × epochs gives the tokens to train", "[fine_tuning]") {
    Scenario s = singleGpu("llama-2-7b", "a100-sxm-80gb", TrainingMethod::Lora);
    s.training.dataset = DatasetSpec{52'002, 300, 3};  // an Alpaca-sized set, 3 epochs
    const Plan p = plan(s);
    CHECK(s.training.tokensToTrain() == 52'002.0 * 300 * 3);
    CHECK_THAT(p.perf.trainDays * 86400 * p.perf.tokensPerSecond, WithinRel(52'002.0 * 300 * 3, 1e-9));
}

TEST_CASE("LoRA dropout keeps a mask and a dropped input per adapter, nothing at p = 0", "[fine_tuning]") {
    // PEFT (peft/tuners/lora/layer.py, lora.Linear.forward): result + lora_B(lora_A(dropout(x))) ·
    // scaling, with lora_dropout = nn.Dropout(p) for p > 0 and nn.Identity() for p = 0 (LoraConfig's
    // default lora_dropout = 0.0). For p > 0 autograd saves what backward needs: PyTorch's dropout
    // (aten native_dropout) saves its bool mask, 1 byte per element, and lora_A, an nn.Linear,
    // saves its input dropout(x) for its weight gradient, 2 bytes per element in bf16.
    // Llama 2 7B, every linear layer adapted: in_features 4096 for q k v o gate up, 11008 for down.
    const double inFeatures = 6 * 4096 + 11008;            // 35,584 elements per token and layer
    const double perTokenAndLayer = inFeatures * (2 + 1);  // 106,752 B
    const ModelSpec& m = test::preset("llama-2-7b");
    LoraSpec l = lora(16, kAllLoraTargets);
    CHECK(loraDropoutBytesPerToken(m, false, l, 2, 1, false) == 0);  // nn.Identity: x is already saved
    l.dropout = 0.1;  // QLoRA's value for 7B and 13B (Dettmers et al. 2023, App. B.2)
    CHECK(loraDropoutBytesPerToken(m, false, l, 2, 1, false) == perTokenAndLayer);
    // TP = 2: the inputs of the row-parallel o and down are split, the replicated input of the
    // column-parallel q k v gate up is not; with sequence parallelism every input is split.
    CHECK(loraDropoutBytesPerToken(m, false, l, 2, 2, false) == (5 * 4096 + (4096 + 11008) / 2.0) * 3);
    CHECK(loraDropoutBytesPerToken(m, false, l, 2, 2, true) == perTokenAndLayer / 2);

    // In the plan: one GPU, micro-batch 1 of 2,048 tokens, selective recomputation, all 32 layers.
    Scenario s = singleGpu("llama-2-7b", "h200-sxm-141gb", TrainingMethod::Lora);
    s.training.seqLen = 2048;
    s.training.lora = lora(16, kAllLoraTargets);
    s.layout.recompute = Recompute::Selective;
    const Plan without = plan(s);
    s.training.lora.dropout = 0.1;
    const Plan with = plan(s);
    CHECK(planToText(with).find("targets q,k,v,o,gate,up,down, dropout 0.1\n") != std::string::npos);
    CHECK(planToJson(with).find("\"lora_dropout\": 0.1") != std::string::npos);
    const double expected = 32 * 2048 * perTokenAndLayer;  // 6,996,099,072 B = 6.52 GiB
    CHECK_THAT(with.memory.activations - without.memory.activations, WithinRel(expected, 1e-12));
    CHECK(with.memory.weights == without.memory.weights);
    // p = 0 adds exactly nothing over a plan that never heard of dropout.
    s.training.lora.dropout = 0;
    CHECK(plan(s).memory.activations == without.memory.activations);
    // Full recomputation keeps only each layer's input: the dropout tensors are rebuilt with it.
    s.layout.recompute = Recompute::Full;
    const double fullWithout = plan(s).memory.activations;
    s.training.lora.dropout = 0.1;
    CHECK(plan(s).memory.activations == fullWithout);
}

namespace {

Result<Scenario> parse(const std::string& training, const std::string& layout = "") {
    const std::string text = R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-2-7b"},
        "training": {)" + training +
                             R"(}, "layout": {"tp": 1)" + layout + "}}";
    return parseScenario(text, test::catalog(), "s.json");
}

}  // namespace

TEST_CASE("fine-tuning keys read, round-trip and name the key path when wrong", "[fine_tuning]") {
    auto ok = parse(R"("method": "qlora", "lora": {"rank": 16, "alpha": 32, "targets": ["q", "v"]},
        "dataset": {"samples": 1000, "mean_tokens_per_sample": 256, "epochs": 2})",
                    R"(, "zero_stage": 3, "offload": "optimizer_and_params")");
    REQUIRE(ok.ok());
    const Scenario& s = ok.value();
    CHECK(s.training.method == TrainingMethod::Qlora);
    CHECK(s.training.lora.targets == (kLoraQ | kLoraV));
    CHECK(s.training.tokensToTrain() == 1000.0 * 256 * 2);
    CHECK(s.layout.offload == Offload::OptimizerAndParams);
    auto again = parseScenario(scenarioToJson(s), test::catalog());
    REQUIRE(again.ok());
    CHECK(again.value() == s);

    const auto where = [](const Result<Scenario>& r) { return r.ok() ? std::string("ok") : r.error().where; };
    CHECK(where(parse(R"("method": "dora")")) == "training.method");
    // lora.dropout: a probability below 1, written back when above PEFT's default 0.
    auto dropped = parse(R"("method": "lora", "lora": {"rank": 8, "dropout": 0.05})");
    REQUIRE(dropped.ok());
    CHECK(dropped.value().training.lora.dropout == 0.05);
    CHECK(scenarioToJson(dropped.value()).find("\"dropout\": 0.05") != std::string::npos);
    auto droppedAgain = parseScenario(scenarioToJson(dropped.value()), test::catalog());
    REQUIRE(droppedAgain.ok());
    CHECK(droppedAgain.value() == dropped.value());
    // At 0 the key is left out ("dropout" elsewhere is the model's own dropout flag).
    const auto dropoutKeys = [](const std::string& text) {
        std::size_t n = 0;
        for (auto at = text.find("\"dropout\""); at != std::string::npos;
             at = text.find("\"dropout\"", at + 1))
            ++n;
        return n;
    };
    Scenario noDropout = dropped.value();
    noDropout.training.lora.dropout = 0;
    CHECK(dropoutKeys(scenarioToJson(noDropout)) + 1 == dropoutKeys(scenarioToJson(dropped.value())));
    for (const char* bad : {"1", "1.5", "-0.1"}) {
        const auto r = parse(std::string(R"("method": "lora", "lora": {"dropout": )") + bad + "}");
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().where == "training.lora.dropout");
        CHECK(r.error().message.find("0 <= p < 1") != std::string::npos);
    }
    Scenario inCode = s;  // a scenario built in code (the window) is checked too
    inCode.training.lora.dropout = 1;
    const auto refused = evaluate(inCode, test::catalog());
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().where == "training.lora.dropout");
    CHECK(where(parse(R"("method": "lora", "lora": {"targets": ["q", "qkv"]})")) ==
          "training.lora.targets[1]");
    CHECK(where(parse(R"("method": "lora", "lora": {"rank": 0})")) == "training.lora.rank");
    CHECK(where(parse(R"("method": "lora", "lora": {"rank": 8192})")) == "training.lora.rank");  // > hidden
    CHECK(where(parse(R"("frozen_layers": 33)")) == "training.frozen_layers");
    CHECK(where(parse(R"("method": "lora", "frozen_layers": 4)")) == "training.frozen_layers");
    CHECK(where(parse(R"("method": "qlora", "precision": "fp32")")) == "training.precision");
    CHECK(where(parse(R"("dataset": {"samples": 10})")) == "training.dataset.mean_tokens_per_sample");
    CHECK(where(parse(R"("dataset": {"samples": 10, "mean_tokens_per_sample": 5, "epochs": 0})")) ==
          "training.dataset.epochs");
    // ZeRO stage rules of DeepSpeed's offload are layout rules, checked when the plan is made.
    const auto evaluated = [](const std::string& layout) {
        auto r = parse("", layout);
        REQUIRE(r.ok());
        auto p = evaluate(r.value(), test::catalog());
        return p.ok() ? std::string("ok") : p.error().where;
    };
    CHECK(evaluated(R"(, "zero_stage": 0, "offload": "optimizer")") == "layout.offload");
    CHECK(evaluated(R"(, "zero_stage": 2, "offload": "optimizer_and_params")") == "layout.offload");
    CHECK(where(parse("", R"(, "offload": "nvme")")) == "layout.offload");
}
