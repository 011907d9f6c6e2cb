#pragma once
// The engine's fixed English terms (step-part names, enum names) in the window's language. The
// engine names them with constant ASCII strings (core/perf/step_time.cpp stepParts(),
// core/model/precision.cpp toString()); this table marks each for lupdate so the .ts holds it.
// A term the table lacks is shown as the engine wrote it (English).
#include <QString>

#include <string>

#include "core/scenario/fine_tuning_spec.h"
#include "core/scenario/moe_options.h"
#include "core/scenario/precision.h"

namespace clusterplan::ui {

// "pipeline bubble" → "流水线气泡" (both stepParts() names and short names).
[[nodiscard]] QString stepPartName(const char* engineName);
// "selective" → "选择性"
[[nodiscard]] QString recomputeName(Recompute recompute);
// "optimizer and parameters" (key "optimizer_and_params") → "优化器和参数", "none" → "不卸载"
[[nodiscard]] QString offloadName(Offload offload);
// The scenario file's enum values as a reader names them, in the window's language: "bf16" → "BF16",
// "adamw" → "AdamW", "adam8bit" → "8-bit Adam" ("8 位 Adam"), gradients "param" → "same as the
// weights" ("与参数相同").
[[nodiscard]] QString precisionName(Precision precision);
[[nodiscard]] QString optimizerName(Optimizer optimizer);
[[nodiscard]] QString gradDtypeName(GradDtype dtype);
// A performance profile's id ("megatron-ampere-bf16", "nemo-hopper-fp8+measured", "generic") as
// its stack, GPU generation and precision: "Megatron-LM, Ampere, BF16" (fitted: "…, fitted to the
// measured runs"). An id of another form is shown as it is.
[[nodiscard]] QString profileName(const std::string& id);
// The model's name as the scenario holds it, with the words the program wrote into it translated:
// "Custom model" (a scenario file's model without a name, io/scenario_json.cpp) and " (edited)"
// (ModelPanel, after a preset's field changed).
[[nodiscard]] QString modelName(const std::string& name);
// A catalog entry's name in the window's language: its Chinese name (`name_zh` of price books,
// offers and purchases) in the Chinese window, else its name.
[[nodiscard]] QString localName(const std::string& name, const std::string& nameZh);
// The fine-tuning method: "full" → "全参数" (not recompute's "full", 完全), "lora" → "LoRA".
[[nodiscard]] QString methodName(TrainingMethod method);
// MoE layout keys (scenario/moe_options.h) as the frameworks and papers name them: the dispatcher
// "all-to-all", "all-gather", "DeepEP", "HybridEP"; the EP overlap "none", "1F1B A2A overlap",
// "DualPipe"; the routing "forced balance", "dropless", "token drop" (in Chinese: 强制均衡 …).
[[nodiscard]] QString dispatcherName(MoeDispatcher dispatcher);
[[nodiscard]] QString epOverlapName(EpOverlap overlap);
[[nodiscard]] QString routingName(MoeRouting routing);

}  // namespace clusterplan::ui
