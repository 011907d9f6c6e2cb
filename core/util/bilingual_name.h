#pragma once
// A name that has an English and a Chinese form (a price book's offer, a GPU's catalog name), as an
// argument of a sentence: makeNestedMessage(id, {bilingualName(en, zh), ...}) prints the English
// name in the English sentence (its text, the JSON, text and CSV outputs) and the Chinese one where
// messageText() writes the sentence in Chinese (the window, the Chinese quote and PDF).
#include <string>
#include <string_view>

#include "core/util/language.h"
#include "core/util/message.h"

namespace clusterplan {

// The id messageText() recognises: not a catalog template (a name is not translated, it is chosen).
inline constexpr std::string_view kBilingualNameId = "name.bilingual";

// args = {en, zh}; an empty `zh` names it in English in both languages.
[[nodiscard]] Message bilingualName(std::string en, std::string zh);

// `zh` in Chinese when there is one, else `en`.
[[nodiscard]] inline const std::string& nameIn(const std::string& en, const std::string& zh, Lang lang) {
    return lang == Lang::Zh && !zh.empty() ? zh : en;
}

}  // namespace clusterplan
