#pragma once
// Text whose wording differs by language beyond what one template with the same arguments can say:
// a count is read in millions in English and in 万 / 亿 in Chinese ("207.09 million", "2.07 亿"),
// so the number itself differs. Such an argument is a Message carrying both texts; messageText()
// picks the reader's, and its English text is what JSON, text and CSV outputs print.
#include <string>
#include <string_view>

#include "core/util/language.h"
#include "core/util/message.h"

namespace clusterplan {

// The id messageText() recognises; it is not in the catalog (nothing to translate).
inline constexpr std::string_view kPerLanguageMessageId = "text.per_language";

[[nodiscard]] Message perLanguageMessage(std::string english, std::string chinese);

// A count as a customer reads it, to two decimals without trailing zeros: "207.09 million" /
// "2.07 亿", "3.4 billion" / "34 亿", "5.23 万" (10^4 to 10^8 in Chinese), "100 billion" /
// "1,000 亿"; below a million (English) or ten thousand (Chinese) the count itself, grouped ("8,192").
[[nodiscard]] std::string formatLargeCount(double count, Lang lang);
// The same count in both languages, as a message argument.
[[nodiscard]] Message largeCountMessage(double count);

}  // namespace clusterplan
