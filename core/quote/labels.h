#pragma once
// Report text in Chinese (zh_CN) and English, so the CLI renders either language without Qt's
// tr(). Keys are short ids ("line_items"); a missing key renders as "[[key]]", which the tests
// look for, so a typo cannot pass silently.
#include <initializer_list>
#include <string>
#include <string_view>

namespace clusterplan::quote {

enum class Lang { En, Zh };

// "en" or "zh_CN" (also "zh"); false for anything else.
[[nodiscard]] bool parseLang(std::string_view text, Lang& out);
[[nodiscard]] const char* langCode(Lang lang);  // "en", "zh_CN"

// A text in both languages (line descriptions, units).
struct Bilingual {
    std::string en;
    std::string zh;
    [[nodiscard]] const std::string& in(Lang lang) const { return lang == Lang::Zh ? zh : en; }
    bool operator==(const Bilingual&) const = default;
};

[[nodiscard]] std::string label(Lang lang, std::string_view key);
[[nodiscard]] Bilingual bilingual(std::string_view key);
// The label with each "{}" replaced by the next argument, e.g. label(Zh, "year_n", {"2"}) == "第 2 年".
[[nodiscard]] std::string label(Lang lang, std::string_view key,
                                std::initializer_list<std::string_view> args);
[[nodiscard]] Bilingual bilingual(std::string_view key, std::initializer_list<std::string_view> args);

}  // namespace clusterplan::quote
