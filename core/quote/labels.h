#pragma once
// The quote's labels and sentences in Chinese (zh_CN) and English, so the CLI renders either
// language without Qt. They are the message catalog's "quote.*" ids (core/util/messages_quote.cpp,
// Chinese in resources/i18n/zh_CN.json), the one mechanism of all engine text. Keys are short
// ("line_items"); a missing key renders as "[[key]]", which the tests look for, so a typo cannot
// pass silently.
#include <initializer_list>
#include <string>
#include <string_view>

#include "core/util/language.h"

namespace clusterplan::quote {

using clusterplan::Lang;
using clusterplan::langCode;
using clusterplan::parseLang;

// A text in both languages (line descriptions, units).
struct Bilingual {
    std::string en;
    std::string zh;
    [[nodiscard]] const std::string& in(Lang lang) const { return lang == Lang::Zh ? zh : en; }
    bool operator==(const Bilingual&) const = default;
};

[[nodiscard]] std::string label(Lang lang, std::string_view key);
[[nodiscard]] Bilingual bilingual(std::string_view key);
// The label with %1, %2, ... replaced by the arguments, e.g. label(Zh, "year_n", {"2"}) == "第 2 年".
[[nodiscard]] std::string label(Lang lang, std::string_view key,
                                std::initializer_list<std::string_view> args);
[[nodiscard]] Bilingual bilingual(std::string_view key, std::initializer_list<std::string_view> args);

}  // namespace clusterplan::quote
