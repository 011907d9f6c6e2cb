#include "scenario/fine_tuning_check.h"

#include "model/lora.h"
#include "scenario/fine_tuning_json.h"
#include "util/number_format.h"

namespace clusterplan {

namespace {

std::string n(double v) {
    return formatNumber(v);
}

std::optional<Error> outside(const char* key, double v, double min, double max) {
    if (v >= min && v <= max)  // NaN fails both
        return std::nullopt;
    return Error{key, "is " + n(v) + ", allowed range " + n(min) + " to " + n(max)};
}

std::optional<Error> checkLora(const Scenario& s) {
    const TrainingSpec& t = s.training;
    if (t.lora.rank < 1 || t.lora.rank > std::min<std::int64_t>(kMaxLoraRank, s.model.hidden))
        return Error{"training.lora.rank",
                     "is " + std::to_string(t.lora.rank) + ", allowed range 1 to " +
                         std::to_string(std::min<std::int64_t>(kMaxLoraRank, s.model.hidden)) +
                         " (the hidden size)"};
    if (auto e = outside("training.lora.alpha", t.lora.alpha, 1e-6, 1e6))
        return e;
    if (!(t.lora.dropout >= 0 && t.lora.dropout < 1))  // NaN fails too
        return Error{"training.lora.dropout", "is " + n(t.lora.dropout) + ", " + kLoraDropoutRange};
    if ((t.lora.targets & kAllLoraTargets) == 0 || loraModelParams(s.model, t.lora) <= 0)
        return Error{"training.lora.targets",
                     "adapts no layer of this model (" + loraTargetList(t.lora.targets) +
                         "); choose among q, k, v, o, gate, up, down" +
                         (s.model.mlp == MlpKind::Gelu ? " (a GeLU MLP has no gate)" : "")};
    if (t.method == TrainingMethod::Qlora && t.precision != Precision::Bf16 && t.precision != Precision::Fp16)
        return Error{"training.precision", std::string(toString(t.precision)) +
                                               " with qlora: QLoRA computes in 16 bits; allowed: bf16, fp16"};
    return std::nullopt;
}

}  // namespace

std::optional<Error> checkFineTuning(const Scenario& s) {
    const TrainingSpec& t = s.training;
    if (t.method != TrainingMethod::Full)
        if (auto e = checkLora(s))
            return e;
    if (t.frozenLayers < 0 || t.frozenLayers > s.model.layers)
        return Error{"training.frozen_layers", "is " + std::to_string(t.frozenLayers) +
                                                   ", allowed range 0 to " + std::to_string(s.model.layers) +
                                                   " (the model's layers)"};
    if (t.frozenLayers > 0 && t.method != TrainingMethod::Full)
        return Error{"training.frozen_layers", "applies to method 'full' only; " +
                                                   std::string(toString(t.method)) +
                                                   " freezes the whole base model"};
    if (t.dataset) {
        if (auto e = outside("training.dataset.samples", t.dataset->samples, 1, kMaxDatasetSamples))
            return e;
        if (auto e = outside("training.dataset.mean_tokens_per_sample", t.dataset->meanTokensPerSample, 1,
                             kMaxTokensPerSample))
            return e;
        if (auto e = outside("training.dataset.epochs", t.dataset->epochs, kMinEpochs, kMaxEpochs))
            return e;
    }
    return outside("cluster.cpu_memory_gib", s.cluster.cpuMemoryGib, 0, kMaxCpuMemoryGib);
}

}  // namespace clusterplan
