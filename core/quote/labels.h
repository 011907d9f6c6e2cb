#pragma once
// The quote's labels and sentences in Chinese (zh_CN) and English, so the CLI renders either
// language without Qt. They are the message catalog's "quote.*" ids, constants such as
// msg::kQuoteLineItems (core/quote/messages_quote.h; Chinese in resources/i18n/zh_CN.json), the one
// mechanism of all engine text: a misspelt label or a wrong number of arguments does not compile.
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "core/scenario/precision.h"
#include "core/util/language.h"
#include "core/util/message_id.h"

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

[[nodiscard]] std::string label(Lang lang, const MessageId<0>& id);
// The recomputation in words: "full activation recomputation"; short, for a table's cell: "full".
[[nodiscard]] const MessageId<0>& recomputeLabel(Recompute recompute);
[[nodiscard]] const MessageId<0>& recomputeShortLabel(Recompute recompute);
[[nodiscard]] Bilingual bilingual(const MessageId<0>& id);
// The label with %1, %2, ... replaced by exactly its arity's arguments, e.g.
// label(Zh, msg::kQuoteYearN, {"2"}) == "第 2 年".
[[nodiscard]] std::string filledLabel(Lang lang, const MessageTemplate& id,
                                      const std::vector<std::string_view>& args);
template <std::size_t N>
[[nodiscard]] std::string label(Lang lang, const MessageId<N>& id, std::string_view (&&args)[N]) {
    return filledLabel(lang, id, {std::begin(args), std::end(args)});
}
template <std::size_t N>
[[nodiscard]] Bilingual bilingual(const MessageId<N>& id, std::string_view (&&args)[N]) {
    const std::vector<std::string_view> all(std::begin(args), std::end(args));
    return {filledLabel(Lang::En, id, all), filledLabel(Lang::Zh, id, all)};
}

}  // namespace clusterplan::quote
