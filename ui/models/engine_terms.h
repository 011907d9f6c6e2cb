#pragma once
// The engine's fixed English terms (step-part names, enum names) in the window's language. The
// engine names them with constant ASCII strings (core/perf/step_time.cpp stepParts(),
// core/model/precision.cpp toString()); this table marks each for lupdate so the .ts holds it.
// A term the table lacks is shown as the engine wrote it (English).
#include <QString>

#include <string>

#include "core/scenario/fine_tuning_spec.h"
#include "core/scenario/precision.h"

namespace clusterplan::ui {

// "pipeline bubble" → "流水线气泡" (both stepParts() names and short names).
[[nodiscard]] QString stepPartName(const char* engineName);
// "selective" → "选择性"
[[nodiscard]] QString recomputeName(Recompute recompute);
// "optimizer and parameters" (key "optimizer_and_params") → "优化器和参数", "none" → "无"
[[nodiscard]] QString offloadName(Offload offload);
// A catalog entry's name in the window's language: its Chinese name (`name_zh` of price books,
// offers and purchases) in the Chinese window, else its name.
[[nodiscard]] QString localName(const std::string& name, const std::string& nameZh);
// The fine-tuning method: "full" → "全参数" (not recompute's "full", 完全), "lora" → "LoRA".
[[nodiscard]] QString methodName(TrainingMethod method);

}  // namespace clusterplan::ui
