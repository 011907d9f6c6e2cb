#include "core/catalog/fine_tuning_check.h"

#include "core/model/lora.h"
#include "core/scenario/input_limits.h"
#include "core/scenario/limits.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

std::string n(double v) {
    return formatNumber(v);
}

std::optional<Error> checkLora(const Scenario& s) {
    const TrainingSpec& t = s.training;
    if (t.lora.rank < 1 || t.lora.rank > std::min<std::int64_t>(kMaxLoraRank, s.model.hidden))
        return inputError("training.lora.rank", msg::kErrorTuneLoraRank,
                          {std::to_string(t.lora.rank),
                           std::to_string(std::min<std::int64_t>(kMaxLoraRank, s.model.hidden))});
    if (auto e = checkLimit("training.lora.alpha", t.lora.alpha))
        return e;
    if (!(t.lora.dropout >= 0 && t.lora.dropout < 1))  // NaN fails too
        return inputError("training.lora.dropout", msg::kErrorTuneLoraDropout, {n(t.lora.dropout)});
    if ((t.lora.targets & kAllLoraTargets) == 0 || loraModelParams(s.model, t.lora) <= 0)
        return inputError("training.lora.targets",
                          s.model.mlp == MlpKind::Gelu ? msg::kErrorTuneLoraTargetsGelu
                                                       : msg::kErrorTuneLoraTargets,
                          {loraTargetList(t.lora.targets)});
    if (t.method == TrainingMethod::Qlora && t.precision != Precision::Bf16 && t.precision != Precision::Fp16)
        return inputError("training.precision", msg::kErrorTuneQloraPrecision,
                          {std::string(toString(t.precision))});
    return std::nullopt;
}

}  // namespace

std::optional<Error> checkFineTuning(const Scenario& s) {
    const TrainingSpec& t = s.training;
    if (t.method != TrainingMethod::Full)
        if (auto e = checkLora(s))
            return e;
    if (t.frozenLayers < 0 || t.frozenLayers > s.model.layers)
        return inputError("training.frozen_layers", msg::kErrorTuneFrozenLayers,
                          {std::to_string(t.frozenLayers), std::to_string(s.model.layers)});
    if (t.frozenLayers > 0 && t.method != TrainingMethod::Full)
        return inputError("training.frozen_layers", msg::kErrorTuneFrozenLayersMethod,
                          {std::string(toString(t.method))});
    if (t.dataset) {
        if (auto e = checkLimit("training.dataset.samples", t.dataset->samples))
            return e;
        if (auto e = checkLimit("training.dataset.mean_tokens_per_sample", t.dataset->meanTokensPerSample))
            return e;
        if (auto e = checkLimit("training.dataset.epochs", t.dataset->epochs))
            return e;
    }
    return checkLimit("cluster.cpu_memory_gib", s.cluster.cpuMemoryGib);
}

}  // namespace clusterplan
