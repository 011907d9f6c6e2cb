#pragma once
// The options study as clusterplan-cli options prints it: text (the target, one line per option,
// the GPU types with their sizes or why they have none, the recommendation and the notes), JSON
// ("clusterplan.options/1") and CSV (one row per option), in English or Chinese.
#include <string>

#include "core/studies/options_study.h"
#include "core/util/language.h"

namespace clusterplan {

inline constexpr std::string_view kOptionsSchema = "clusterplan.options/1";

std::string optionsToText(const OptionsStudy& study, Lang lang);
std::string optionsToJson(const OptionsStudy& study, Lang lang);
std::string optionsToCsv(const OptionsStudy& study, Lang lang);

// "rent" / "buy" and "smallest that fits" / "meets the deadline", in `lang`.
std::string acquireText(Acquire acquire, Lang lang);
std::string optionSizeText(OptionSize size, Lang lang);

}  // namespace clusterplan
