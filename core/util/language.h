#pragma once
// The languages the engine writes people's text in: the plan's notes, errors, quotes and workbooks,
// from the CLI as from the window. English is the source language of every template.
#include <string_view>

namespace clusterplan {

enum class Lang { En, Zh };

// "en" (also "en_US", "en_GB") or "zh_CN" (also "zh"); false for anything else.
[[nodiscard]] bool parseLang(std::string_view text, Lang& out);
[[nodiscard]] const char* langCode(Lang lang);  // "en", "zh_CN"

}  // namespace clusterplan
